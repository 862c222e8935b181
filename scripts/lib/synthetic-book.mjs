// A synthetic book, deterministic from a seed: N committed chapters with
// their summaries, evaluations, crossrefs and chapter logs; a state of C
// characters built by a changelog of N lines (its replay reproduces the
// state); F foreshadowing items; a chapter-memory ledger; the fingerprint of
// every book file; the next chapter outlined; optionally (judged: true) that
// chapter drafted, summarized, refined and judged by the built CLI's demo
// executor, ready to commit. Used by the benchmark and tests.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const pad = (n) => String(n).padStart(3, '0');
const json = (v) => `${JSON.stringify(v, null, 2)}\n`;

function mulberry(seed) {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PLACES = ['青岚山门', '外门演武场', '藏经阁', '后山剑冢', '山下集镇', '黑风谷', '丹房药园', '试炼谷'];
const PHRASES = [
  '山风卷过青石阶，檐角的铜铃叮当作响。',
  '林青岚握紧残剑，心中默念剑诀。',
  '远处传来钟声，夜色渐深。',
  '他停下脚步，把每一处细节重新想了一遍。',
  '灯火在窗纸上摇晃，像一只不安的眼睛。',
];

/**
 * Writes the book into `dir` (created from the fixture project). `lastByNovel`:
 * as authors have it, the last of the `chapters` is written and committed by
 * novel itself (the demo executor), so that its commit left what a commit
 * leaves (logs/.cache/commit.json: the next commit may splice the files it
 * serialised); the chapters before it are written here directly. `judged`:
 * the next chapter staged and judged, its commit next.
 */
export function writeSyntheticBook(dir, { chapters = 3000, lastByNovel = false, judged = false, ...options } = {}) {
  writeChapters(dir, { ...options, chapters: lastByNovel ? chapters - 1 : chapters });
  if (!lastByNovel && !judged) return dir;
  const cli = join(repo, 'dist/cli.js');
  const novel = (args) => {
    const r = spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0)
      throw new Error(`synthetic book: novel ${args.join(' ')} exited ${r.status}: ${r.stdout}${r.stderr}`);
  };
  // As authors have it: a mutating command recorded the fingerprint in its current form (segments), so
  // the commit measured later does not first convert the single-file one written here.
  rmSync(join(dir, '.novel'), { recursive: true, force: true });
  novel(['state', 'verify', '--accept']);
  if (lastByNovel) {
    novel(['run', '--executor', 'demo', '--pause-after', 'judge']);
    novel(['commit', '--chapter', String(chapters)]);
  }
  // The next chapter staged and judged, as `novel run` leaves it before the commit.
  if (judged) novel(['run', '--executor', 'demo', '--pause-after', 'judge']);
  return dir;
}

function writeChapters(dir, { chapters, characters = 5000, foreshadowing = 1000, seed = 1, chaptersPerVolume = 30 }) {
  const random = mulberry(seed);
  cpSync(join(repo, 'fixtures/project'), dir, { recursive: true });
  const write = (rel, content) => {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), content);
  };
  // The state, op by op, as a changelog whose replay gives it.
  const state = { schema_version: 1, state_version: 0, last_updated_chapter: 0, characters: {}, world_state: {} };
  const changelog = [];
  const perLine = Math.ceil(characters / chapters);
  let next = 0;
  for (let c = 1; c <= chapters; c++) {
    const ops = [];
    for (let k = 0; k < perLine && next < characters; k++, next++) {
      const id = `c-${next}`;
      ops.push({ op: 'set', path: `characters.${id}.location`, value: PLACES[next % PLACES.length] });
      ops.push({
        op: 'set',
        path: `characters.${id}.notes`,
        value: `${PHRASES[next % PHRASES.length]}第${c}章登场。`.repeat(4),
      });
      state.characters[id] = {
        location: PLACES[next % PLACES.length],
        notes: `${PHRASES[next % PHRASES.length]}第${c}章登场。`.repeat(4),
      };
    }
    ops.push({ op: 'set', path: `world_state.day.count`, value: c });
    state.world_state.day = { count: c };
    changelog.push(
      JSON.stringify({
        chapter: c,
        base_state_version: c - 1,
        state_version: c,
        storyline_id: 'main-sword',
        ops,
        dropped: [],
      }),
    );
  }
  state.state_version = chapters;
  state.last_updated_chapter = chapters;
  write('state/current-state.json', json(state));
  write('state/changelog.jsonl', `${changelog.join('\n')}\n`);
  const items = Array.from({ length: foreshadowing }, (_, i) => ({
    id: `f-${String(i + 1).padStart(4, '0')}`,
    description: `伏笔${i + 1}`,
    scope: ['short', 'medium', 'long'][i % 3],
    status: 'planted',
    planted_chapter: 1 + (i % chapters),
    planted_storyline: 'main-sword',
    target_resolve_range: [1 + (i % chapters), chapters + 30],
    last_updated_chapter: 1 + (i % chapters),
    history: [{ chapter: 1 + (i % chapters), action: 'planted', detail: '埋下' }],
  }));
  write('foreshadowing/global.json', json({ foreshadowing: items }));
  const ledger = [];
  const totals = { chapters: 0, zishu: 0, input_tokens: 0, output_tokens: 0, cost_usd: 0, cost_unknown: 0 };
  for (let c = 1; c <= chapters; c++) {
    const nnn = pad(c);
    const paras = Array.from({ length: 12 }, () =>
      Array.from({ length: 4 }, () => PHRASES[Math.floor(random() * PHRASES.length)]).join(''),
    );
    const text = `# 第${c}章 卷中第${c}章\n\n${paras.join('\n\n')}\n`;
    write(`chapters/chapter-${nnn}.md`, text);
    write(`summaries/chapter-${nnn}-summary.md`, `# 第${c}章摘要\n\n${paras[0]}\n`);
    write(
      `evaluations/chapter-${nnn}-eval.json`,
      json({
        chapter: c,
        overall: 4.2,
        recommendation: 'pass',
        contract_verification: { l1_checks: [], l2_checks: [], l3_checks: [], ls_checks: [] },
        scores: { plot: { score: 4.2, reason: '清晰' } },
      }),
    );
    write(
      `state/chapter-${nnn}-crossref.json`,
      json({ storyline_id: 'main-sword', cross_references: [], leak_risk: 'none' }),
    );
    const han = (text.match(/[\u4e00-\u9fff]/g) ?? []).length;
    write(
      `logs/chapter-${nnn}-log.json`,
      json({
        chapter: c,
        storyline_id: 'main-sword',
        committed_at: new Date(Date.UTC(2026, 0, 1) + c * 3600_000).toISOString(),
        gate: { decision: 'pass', overall_final: 4.2 },
        revisions: c % 7 === 0 ? 1 : 0,
        force_passed: false,
        state_version: c,
        title: `第${c}章 卷中第${c}章`,
        zishu: han + 60,
        han,
        overall: 4.2,
        stages: [
          {
            name: 'draft',
            executor: 'demo',
            model: 'demo',
            attempts: 1,
            duration_ms: 1000,
            input_tokens: 1000,
            output_tokens: 2000,
            cost_usd: 0.01,
          },
        ],
      }),
    );
    totals.chapters += 1;
    totals.zishu += han + 60;
    totals.input_tokens += 1000;
    totals.output_tokens += 2000;
    totals.cost_usd = Math.round((totals.cost_usd + 0.01) * 1e6) / 1e6;
    ledger.push({
      chapter: c,
      time_anchor: `第${c}日`,
      location: PLACES[c % PLACES.length],
      events: ['事件'],
      character_states: {},
      open_threads: [],
    });
  }
  write('state/chapter-memory.json', json(ledger));
  // The book's totals, as each commit leaves them (src/core/chapter-log.ts).
  write('logs/book-ledger.json', json({ last_completed_chapter: chapters, ...totals }));
  // The volume being written: the next chapter is outlined.
  const volume = Math.floor(chapters / chaptersPerVolume) + 1;
  const vv = String(volume).padStart(2, '0');
  const blocks = [];
  for (let c = chapters + 1; c <= volume * chaptersPerVolume; c++)
    blocks.push(
      `### 第 ${c} 章: 新章${c}\n- **Storyline**: main-sword\n- **POV**: 林青岚\n- ` +
        `**Location**: 藏经阁\n- **Conflict**: 冲突\n- **Arc**: 成长\n- ` +
        `**Foreshadowing**: 无\n- **StateChanges**: 无\n- **TransitionHint**: 承上启下\n`,
    );
  write(`volumes/vol-${vv}/outline.md`, `# 第${volume}卷\n\n${blocks.join('\n')}`);
  const config = JSON.parse(readFileSync(join(dir, 'novel.config.json'), 'utf8'));
  write('novel.config.json', json({ ...config, chapters_per_volume: chaptersPerVolume }));
  write(
    '.checkpoint.json',
    json({
      last_completed_chapter: chapters,
      current_volume: volume,
      orchestrator_state: 'WRITING',
      pipeline_stage: 'committed',
      inflight_chapter: null,
      revision_count: 0,
      last_checkpoint_time: '2026-11-01T00:00:00.000Z',
    }),
  );
  // The fingerprint of every book file.
  const files = {};
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (!name.startsWith('.') && !name.endsWith('~'))
        files[relative(dir, p)] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  for (const tree of ['chapters', 'summaries', 'evaluations', 'state', 'storylines', 'foreshadowing', 'volumes'])
    walk(join(dir, tree));
  const sorted = Object.fromEntries(
    Object.keys(files)
      .sort()
      .map((k) => [k, files[k]]),
  );
  write('.novel/fingerprint.json', json({ files: sorted }));
  return dir;
}
