/**
 * Instruction packets (PROTOCOL §9), src/core/packet.ts, on small in-memory
 * projects: which steps get a packet at all (not_instructable), the errors of
 * a missing outline block or draft, each chapter stage's agent, mode, named
 * files (only those that exist), write scope and next-action wording, the
 * volume plan's range and limits, `--embed`, and manifestPath. The e2e
 * goldens in test/golden pin whole packets; this file pins the decisions.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { buildPacket, manifestPath, type PacketInput } from '../../src/core/packet.js';
import { DEFAULT_SETTINGS, resolveSettings, type Settings } from '../../src/core/settings.js';
import { NovelError } from '../../src/core/errors.js';
import type { NextDecision } from '../../src/core/next.js';
import type { StepId } from '../../src/core/step-id.js';
import type { Checkpoint } from '../../src/schemas/checkpoint.js';
import { PacketSchema } from '../../src/schemas/packet.js';
import type { GateRecord } from '../../machines/pipeline.states.js';
import { memoryView } from '../helpers/memory-view.js';

const OUTLINE =
  '# 第一卷\n\n### 第 3 章: 月下剑鸣\n- **Storyline**: main-sword\n- **POV**: 林青岚\n- ' +
  '**Foreshadowing**: 无\n\n### 第 4 章: 藏经阁\n- **Storyline**: main-sword\n';
const DRAFT = 'staging/chapters/chapter-003.md';
const BASE: Record<string, string> = {
  'volumes/vol-01/outline.md': OUTLINE,
  [DRAFT]: '# 第3章 月下\n\n正文。\n',
  'state/chapter-memory.json': '[]',
};

function nextOf(o: Partial<NextDecision> = {}): NextDecision {
  return {
    step: 'chapter:003:draft',
    action: 'execute',
    reason: '',
    chapter: 3,
    stage: null,
    revision_count: 0,
    mode: 'draft',
    state: 'draft',
    volume: 1,
    evidence: {},
    diagnostics: [],
    command: 'novel instructions chapter:003:draft',
    ...o,
  } as NextDecision;
}

interface Opts {
  files?: Record<string, string>;
  next?: Partial<NextDecision>;
  checkpoint?: Partial<Checkpoint>;
  settings?: Settings;
  embed?: PacketInput['embed'];
}

function build(step: StepId, o: Opts = {}) {
  const result = buildPacket({
    view: memoryView(o.files ?? BASE),
    checkpoint: { last_completed_chapter: 2, current_volume: 1, ...o.checkpoint } as Checkpoint,
    settings: o.settings ?? DEFAULT_SETTINGS,
    step,
    next: nextOf(o.next),
    ...(o.embed ? { embed: o.embed } : {}),
  });
  const parsed = v.safeParse(PacketSchema, result.packet);
  expect(parsed.success, JSON.stringify(parsed.issues?.map((i) => i.message))).toBe(true);
  return result;
}

const chapter = (stage: Extract<StepId, { kind: 'chapter' }>['stage'], n = 3): StepId => ({
  kind: 'chapter',
  chapter: n,
  stage,
});

function thrown(f: () => unknown): NovelError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(NovelError);
    return e as NovelError;
  }
  throw new Error('expected a NovelError');
}

const gate = {
  decision: 'revise',
  verdict: 'revise',
  overall_final: 3.2,
  high_violation: false,
  high_confidence_violations: [{ rule_id: 'W-1' }],
  warnings: [],
  reason: '3.2 < 3.5',
  lint: [{ rule: 'x' }],
} as unknown as GateRecord;

describe('manifestPath', () => {
  it('names the manifest of each kind of step', () => {
    expect(manifestPath({ kind: 'chapter', chapter: 7, stage: 'title-fix' })).toBe(
      'staging/manifests/chapter-007-title-fix.json',
    );
    expect(manifestPath({ kind: 'volume', volume: 3, stage: 'plan' })).toBe('staging/manifests/volume-03-plan.json');
    expect(manifestPath({ kind: 'setup', stage: 'characters' })).toBe('staging/manifests/book-characters.json');
    expect(manifestPath({ kind: 'import', chapter: 12, stage: 'summarize' })).toBe(
      'staging/manifests/import-012-summarize.json',
    );
  });
});

describe('which steps get a packet', () => {
  it('a chapter step: the next chapter or the inflight one, no other', () => {
    expect(build(chapter('draft')).packet.step).toBe('chapter:003:draft');
    const e = thrown(() => build(chapter('draft', 4)));
    expect(e.code).toBe('not_instructable');
    expect(e.message).toBe(
      'chapter:004:draft: packets are built for the next or inflight chapter (3); chapter 4 is neither',
    );
    expect(e.hint).toBe('the pipeline expects chapter:003:draft');
    // The inflight chapter is allowed besides the next one.
    expect(build(chapter('commit', 2), { checkpoint: { inflight_chapter: 2 } }).packet.step).toBe('chapter:002:commit');
    // Without next.chapter, the chapter after the last completed one.
    expect(build(chapter('commit', 3), { next: { chapter: null } }).packet.step).toBe('chapter:003:commit');
    expect(thrown(() => build(chapter('commit', 2), { next: { chapter: null } })).code).toBe('not_instructable');
  });

  it('a setup step: only the one next names; an import step: only its summarize', () => {
    const e = thrown(() =>
      build({ kind: 'setup', stage: 'style' }, { next: { step: 'book:world', action: 'execute' } }),
    );
    expect(e.code).toBe('not_instructable');
    expect(e.message).toBe('book:style: no packet; the pipeline expects book:world (execute)');
    expect(e.hint).toBe('run `novel next`; novel instructions chapter:003:draft');
    expect(build({ kind: 'setup', stage: 'world' }, { next: { step: 'book:world' } }).packet.step).toBe('book:world');
    expect(
      thrown(() => build({ kind: 'import', chapter: 2, stage: 'commit' }, { next: { step: 'import:002:commit' } }))
        .code,
    ).toBe('not_instructable');
    expect(
      thrown(() =>
        build({ kind: 'import', chapter: 2, stage: 'summarize' }, { next: { step: 'import:003:summarize' } }),
      ).code,
    ).toBe('not_instructable');
  });

  it('a volume step: only the plan of the volume being planned', () => {
    const planning = { step: 'volume:02:plan', mode: 'plan', volume: 2, chapter: null } as const;
    expect(build({ kind: 'volume', volume: 2, stage: 'plan' }, { next: planning }).packet.step).toBe('volume:02:plan');
    const other = thrown(() => build({ kind: 'volume', volume: 3, stage: 'plan' }, { next: planning }));
    expect(other.message).toBe('volume:03:plan: no packet; volume 2 is being planned (volume:02:plan)');
    expect(other.hint).toBe('the pipeline expects volume:02:plan');
    expect(thrown(() => build({ kind: 'volume', volume: 2, stage: 'commit' }, { next: planning })).code).toBe(
      'not_instructable',
    );
    expect(thrown(() => build({ kind: 'volume', volume: 1, stage: 'plan' })).message).toBe(
      'volume:01:plan: no packet; no volume is being planned',
    );
  });
});

describe('setup and import through buildPacket', () => {
  it('book:style measures the sample files of samples/ only; no text: sample_metrics null', () => {
    const files = {
      'samples/a.txt': '“你来了。”他说。她点头，转身走进雨里。',
      'samples/notes.json': '{}',
      'samples/sub/b.txt': 'x',
    };
    const p = build({ kind: 'setup', stage: 'style' }, { files, next: { step: 'book:style' } }).packet;
    expect(p.manifest.paths.samples).toEqual(['samples/a.txt']);
    const metrics = p.manifest.inline.sample_metrics as { zishu: number };
    expect(metrics.zishu).toBeGreaterThan(0);
    const empty = build(
      { kind: 'setup', stage: 'style' },
      { files: { 'samples/a.txt': '' }, next: { step: 'book:style' } },
    ).packet;
    expect(empty.manifest.inline.sample_metrics).toBeNull();
  });

  it('import:NNN:summarize names the imported count of the checkpoint, else the chapter', () => {
    const next = { step: 'import:002:summarize' };
    expect(
      build({ kind: 'import', chapter: 2, stage: 'summarize' }, { next, checkpoint: { imported_chapters: 9 } }).packet
        .manifest.inline.imported_chapters,
    ).toBe(9);
    expect(
      build({ kind: 'import', chapter: 2, stage: 'summarize' }, { next }).packet.manifest.inline.imported_chapters,
    ).toBe(2);
  });
});

describe('draft', () => {
  it('the chapter-writer drafts from the outline block; novel advance then summarizes', () => {
    const { packet, warnings } = build(chapter('draft'));
    expect(packet.agent).toEqual({ kind: 'subagent', name: 'chapter-writer' });
    expect(packet.mode).toBe('draft');
    expect(packet.manifest.inline.chapter).toBe(3);
    expect(packet.manifest.inline.volume).toBe(1);
    expect(packet.manifest.inline.storyline_id).toBe('main-sword');
    expect(packet.manifest.inline.chapter_outline_block).toBe(
      '### 第 3 章: 月下剑鸣\n- **Storyline**: main-sword\n- **POV**: 林青岚\n- **Foreshadowing**: 无',
    );
    expect(packet.manifest.inline.recent_memory).toEqual([]);
    expect(packet.manifest.inline.hook_required).toBe(false);
    expect(packet.manifest.paths).toEqual({ volume_outline: 'volumes/vol-01/outline.md' });
    expect(packet.expected_outputs).toEqual([
      { path: DRAFT, required: true, note: 'first non-empty line a "# " title' },
    ]);
    expect(packet.write_scope).toEqual(['staging/chapters/']);
    expect(packet.next_actions).toEqual([
      { command: 'novel validate chapter:003:draft', note: 'check every output at once' },
      { command: 'novel advance chapter:003:draft', note: 'sends DRAFTED; then chapter:003:summarize' },
    ]);
    expect(warnings).toEqual([]);
  });

  it('without a contract file the contract is derived from the block and carried inline; with one it is named', () => {
    const derived = build(chapter('draft')).packet.manifest.inline.chapter_contract as Record<string, unknown>;
    expect(derived.derived).toBe(true);
    expect(derived.chapter).toBe(3);
    const contract = JSON.stringify({
      chapter: 3,
      storyline_id: 'other-line',
      storyline_context: {
        last_chapter_summary: '前情',
        chapters_since_last: 2,
        line_arc_progress: 'x',
        concurrent_state: { a: 'b' },
      },
      transition_hint: '转',
    });
    const p = build(chapter('draft'), {
      files: { ...BASE, 'volumes/vol-01/chapter-contracts/chapter-003.json': contract },
    }).packet;
    expect(p.manifest.paths.chapter_contract).toBe('volumes/vol-01/chapter-contracts/chapter-003.json');
    expect(p.manifest.inline.chapter_contract).toBeUndefined();
    // The contract's storyline wins over the block's.
    expect(p.manifest.inline.storyline_id).toBe('other-line');
    expect(p.manifest.inline.storyline_context).toEqual({
      last_chapter_summary: '前情',
      chapters_since_last: 2,
      line_arc_progress: 'x',
    });
    expect(p.manifest.inline.concurrent_state).toEqual({ a: 'b' });
    expect(p.manifest.inline.transition_hint).toBe('转');
  });

  it('names the files that exist, in order, and up to three latest summaries', () => {
    const files = {
      ...BASE,
      'style-profile.json': '{}',
      'state/current-state.json': '{}',
      'world/rules.json': '{"rules": []}',
      'brief.md': 'b',
      'storylines/main-sword/memory.md': 'm',
      'summaries/chapter-001-summary.md': '1',
      'summaries/chapter-002-summary.md': '2',
    };
    const p = build(chapter('draft'), { files }).packet;
    expect(p.manifest.paths).toEqual({
      style_profile: 'style-profile.json',
      volume_outline: 'volumes/vol-01/outline.md',
      current_state: 'state/current-state.json',
      world_rules: 'world/rules.json',
      recent_summaries: ['summaries/chapter-002-summary.md', 'summaries/chapter-001-summary.md'],
      storyline_memory: 'storylines/main-sword/memory.md',
      project_brief: 'brief.md',
    });
    expect(Object.keys(p.manifest.paths)).toEqual([
      'style_profile',
      'volume_outline',
      'current_state',
      'world_rules',
      'recent_summaries',
      'storyline_memory',
      'project_brief',
    ]);
  });

  it('carries the chapter length, the platform targets and the author note when set', () => {
    const settings = resolveSettings({
      chapter_length: { min: 2000, max: 3000 },
      quality: { platform: 'qidian' },
    }).settings;
    const inline = build(chapter('draft'), { settings, checkpoint: { author_note: '多写对话' } as Partial<Checkpoint> })
      .packet.manifest.inline;
    expect(inline.chapter_length).toEqual({ min: 2000, max: 3000 });
    expect(inline.platform).toBe('qidian');
    expect(inline.zishu_target).toEqual(settings.quality.zishu.target);
    expect(inline.author_note).toBe('多写对话');
    const plain = build(chapter('draft')).packet.manifest.inline;
    for (const key of [
      'chapter_length',
      'platform',
      'author_note',
      'foreshadow_light_touch',
      'style_drift',
      'required_fixes',
    ])
      expect(plain, key).not.toHaveProperty(key);
  });

  it(
    'a revision (the awaited step in revision mode) names the ' +
      "draft and the round's evaluation and carries the fixes",
    () => {
      const evalPath = 'staging/revisions/chapter-003/round-1/evaluations/chapter-003-eval.json';
      const files = {
        ...BASE,
        [evalPath]: JSON.stringify({ required_fixes: [{ target: '第二段', instruction: '补足代价' }] }),
      };
      const p = build(chapter('draft'), { files, next: { mode: 'revision', revision_count: 1, gate } }).packet;
      expect(p.mode).toBe('revision');
      expect(p.manifest.paths.chapter_draft).toBe(DRAFT);
      expect(p.manifest.paths.chapter_eval).toBe(evalPath);
      expect(p.manifest.inline.required_fixes).toEqual([{ target: '第二段', instruction: '补足代价' }]);
      expect(p.manifest.inline.high_confidence_violations).toEqual([{ rule_id: 'W-1' }]);
      expect(p.manifest.inline.lint_findings).toEqual([{ rule: 'x' }]);
      expect(p.expected_outputs[0]?.note).toBe(
        'the revised chapter, replacing the draft; first non-empty line a "# " title',
      );
      expect(p.next_actions[1]?.note).toBe('sends DRAFTED; then chapter:003:summarize');
    },
  );

  it('a revision without a gate record: no hard violations, no lint findings', () => {
    const inline = build(chapter('draft'), { next: { mode: 'revision', revision_count: 1 } }).packet.manifest.inline;
    expect(inline.high_confidence_violations).toEqual([]);
    expect(inline.required_fixes).toEqual([]);
    expect(inline).not.toHaveProperty('lint_findings');
  });

  it('another step than the awaited one infers revision from the revision count', () => {
    expect(
      build(chapter('draft'), { next: { step: 'chapter:003:judge', mode: 'normal', revision_count: 1 } }).packet.mode,
    ).toBe('revision');
    expect(
      build(chapter('draft'), { next: { step: 'chapter:003:judge', mode: 'normal', revision_count: 0 } }).packet.mode,
    ).toBe('draft');
    // The awaited step follows the machine's mode even with a revision count.
    expect(build(chapter('draft'), { next: { mode: 'draft', revision_count: 2 } }).packet.mode).toBe('draft');
  });

  it('no outline: outline_block_missing telling to plan the volume first', () => {
    const e = thrown(() => build(chapter('draft'), { files: {} }));
    expect(e.code).toBe('outline_block_missing');
    expect(e.message).toBe(
      "volumes/vol-01/outline.md: file not found; chapter:003:draft needs the chapter's " +
        'outline block, a heading like "### 第 3 章: 章名" followed by its key lines',
    );
    expect(e.hint).toBe('plan the volume first (`novel next` → volume:01:plan)');
    expect(e.details).toEqual({ file: 'volumes/vol-01/outline.md', expected_heading: '### 第 3 章: 章名' });
  });

  it('an outline without the block: the near miss, when a line names the chapter', () => {
    const files = { 'volumes/vol-01/outline.md': '# 卷\n\n## 第3章 月下\n' };
    const e = thrown(() => build(chapter('draft'), { files }));
    expect(e.message).toBe(
      'volumes/vol-01/outline.md: no block for chapter 3; chapter:003:draft needs ' +
        'the chapter\'s outline block, a heading like "### 第 3 章: 章名" followed ' +
        'by its key lines; line 3 is close but is not a heading: "## 第3章 月下"',
    );
    expect(e.hint).toBe(
      'make line 3 of volumes/vol-01/outline.md a heading: "### 第 3 章: 章名" (three #, a space, 第 N 章)',
    );
    expect(e.details).toEqual({
      file: 'volumes/vol-01/outline.md',
      expected_heading: '### 第 3 章: 章名',
      near_miss: { line: 3, text: '## 第3章 月下' },
    });
    const far = thrown(() => build(chapter('draft'), { files: { 'volumes/vol-01/outline.md': '# 卷\n' } }));
    expect(far.message.endsWith('followed by its key lines')).toBe(true);
  });

  it('reads the outline of the current volume (volume 0 counts as 1)', () => {
    const files = { 'volumes/vol-02/outline.md': OUTLINE };
    expect(
      build(chapter('draft'), { files, checkpoint: { current_volume: 2 } }).packet.manifest.paths.volume_outline,
    ).toBe('volumes/vol-02/outline.md');
    expect(build(chapter('draft'), { checkpoint: { current_volume: 0 } }).packet.manifest.inline.volume).toBe(1);
  });

  it('a missing chapter memory ledger is normal before chapter 1 is committed, a warning after', () => {
    const files = { 'volumes/vol-01/outline.md': `${OUTLINE}\n### 第 1 章: 起\n` };
    expect(
      build(chapter('draft', 1), {
        files,
        checkpoint: { last_completed_chapter: 0 },
        next: { chapter: 1, step: 'chapter:001:draft' },
      }).warnings,
    ).toEqual([]);
    const late = build(chapter('draft'), { files }).warnings;
    expect(late.map((w) => [w.code, w.severity, w.file, w.found])).toEqual([
      ['ledger_unavailable', 'warning', 'state/chapter-memory.json', 'no file'],
    ]);
    const broken = build(chapter('draft', 1), {
      files: { ...files, 'state/chapter-memory.json': '{' },
      checkpoint: { last_completed_chapter: 0 },
      next: { chapter: 1 },
    }).warnings;
    expect(broken.map((w) => w.found)).toEqual(['an unreadable file']);
  });
});

describe('summarize, refine, judge', () => {
  it('need the staged draft: input_missing naming the draft step', () => {
    for (const stage of ['summarize', 'refine', 'judge', 'title-fix', 'hook-fix'] as const) {
      const e = thrown(() =>
        build(chapter(stage), { files: { 'volumes/vol-01/outline.md': OUTLINE, 'state/chapter-memory.json': '[]' } }),
      );
      expect(e.code).toBe('input_missing');
      expect(e.message).toBe(`chapter:003:${stage} needs ${DRAFT} (chapter_draft), which does not exist`);
      expect(e.hint).toBe('run chapter:003:draft first (the chapter-writer writes it)');
      expect(e.details).toEqual({ missing: [DRAFT], produced_by: 'chapter:003:draft' });
    }
  });

  it('summarize: the summarizer writes the five outputs of its storyline; then audit', () => {
    const p = build(chapter('summarize')).packet;
    expect(p.agent).toEqual({ kind: 'subagent', name: 'summarizer' });
    expect(p.mode).toBe('normal');
    expect(p.manifest.inline).toMatchObject({ chapter: 3, volume: 1, storyline_id: 'main-sword', entity_id_map: {} });
    expect(p.expected_outputs.map((o) => o.path)).toEqual([
      'staging/summaries/chapter-003-summary.md',
      'staging/state/chapter-003-delta.json',
      'staging/state/chapter-003-crossref.json',
      'staging/storylines/main-sword/memory.md',
      'staging/state/chapter-003-memory.json',
    ]);
    expect(p.write_scope).toEqual(['staging/summaries/', 'staging/state/', 'staging/storylines/']);
    expect(p.next_actions[1]).toEqual({
      command: 'novel advance chapter:003:summarize',
      note: 'sends SUMMARIZED; then chapter:003:audit',
    });
  });

  it('summarize without a storyline names the memory by placeholder', () => {
    const files = { ...BASE, 'volumes/vol-01/outline.md': '### 第 3 章: 无线\n- **POV**: 甲\n' };
    const p = build(chapter('summarize'), { files }).packet;
    expect(p.manifest.inline.storyline_id).toBeNull();
    expect(p.expected_outputs[3]?.path).toBe('staging/storylines/{storyline_id}/memory.md');
  });

  it(
    'refine: a normal pass, then title-fix or judge; a polish ' +
      'names the previous change log, then title-fix or commit',
    () => {
      const files = {
        ...BASE,
        'ai-blacklist.json': '{"words": []}',
        'staging/logs/style-refiner-chapter-003-changes.json': '[]',
      };
      const normal = build(chapter('refine'), { files, next: { step: 'chapter:003:refine', mode: 'normal' } }).packet;
      expect(normal.agent).toEqual({ kind: 'subagent', name: 'style-refiner' });
      expect(normal.mode).toBe('normal');
      expect(normal.manifest.paths).toEqual({ chapter_draft: DRAFT, ai_blacklist: 'ai-blacklist.json' });
      expect(normal.manifest.inline).toEqual({ chapter: 3 });
      expect(normal.expected_outputs.map((o) => [o.path, o.required])).toEqual([
        [DRAFT, true],
        ['staging/logs/style-refiner-chapter-003-changes.json', false],
      ]);
      expect(normal.write_scope).toEqual(['staging/chapters/', 'staging/logs/']);
      expect(normal.next_actions[1]?.note).toBe('sends REFINED; then chapter:003:title-fix | chapter:003:judge');
      const polish = build(chapter('refine'), { files, next: { step: 'chapter:003:refine', mode: 'polish' } }).packet;
      expect(polish.mode).toBe('polish');
      expect(polish.manifest.paths.previous_change_log).toBe('staging/logs/style-refiner-chapter-003-changes.json');
      expect(polish.next_actions[1]?.note).toBe('sends REFINED; then chapter:003:title-fix | chapter:003:commit');
    },
  );

  it('refine as a non-awaited step is a polish when the gate decided polish', () => {
    const next = { step: 'chapter:003:commit', mode: 'commit' as const };
    expect(
      build(chapter('refine'), { next: { ...next, gate: { ...gate, decision: 'polish' } as GateRecord } }).packet.mode,
    ).toBe('polish');
    expect(build(chapter('refine'), { next: { ...next, gate } }).packet.mode).toBe('normal');
    expect(build(chapter('refine'), { next }).packet.mode).toBe('normal');
  });

  it('the refiner and judge carry the lint of the staged text when the word lists are given', () => {
    const input = (stage: 'refine' | 'judge') =>
      buildPacket({
        view: memoryView(BASE),
        checkpoint: { last_completed_chapter: 2, current_volume: 1 } as Checkpoint,
        settings: DEFAULT_SETTINGS,
        step: chapter(stage),
        next: nextOf(),
        lintLists: () => ({ blacklist: [], whitelist: [], cliche: {} }),
      });
    expect((input('refine').packet.manifest.inline.lint as { chapter: number }).chapter).toBe(3);
    expect((input('judge').packet.manifest.inline.lint as { chapter: number }).chapter).toBe(3);
    expect(build(chapter('judge')).packet.manifest.inline).not.toHaveProperty('lint');
  });

  it('judge: the eight dimensions, or nine with a required hook; a key chapter requires the second judgement', () => {
    const p = build(chapter('judge')).packet;
    expect(p.agent).toEqual({ kind: 'subagent', name: 'quality-judge' });
    expect(p.manifest.inline.score_dimensions).toEqual([
      'plot_logic',
      'character',
      'immersion',
      'foreshadowing',
      'pacing',
      'style_naturalness',
      'emotional_impact',
      'storyline_coherence',
    ]);
    expect(p.manifest.inline.hook_required).toBe(false);
    expect(p.write_scope).toEqual(['staging/evaluations/']);
    // The gate fans out: every state JUDGED can lead to, a revision or polish named as such.
    expect(p.next_actions).toEqual([
      { command: 'novel validate chapter:003:judge', note: 'check every output at once' },
      {
        command: 'novel advance chapter:003:judge',
        note:
          'sends JUDGED; then chapter:003:commit | chapter:003:review | chapter:003:draft ' +
          '(revision) | chapter:003:hook-fix | chapter:003:refine (polish)',
      },
    ]);
    expect(p.expected_outputs.map((o) => [o.path, o.required])).toEqual([
      ['staging/evaluations/chapter-003-eval.json', true],
      ['staging/evaluations/chapter-003-eval-secondary.json', true],
    ]);
    expect(p.expected_outputs[1]?.note).toContain('a key chapter');
    // Chapter 3 is the first outlined chapter of the volume: a key chapter.
  });

  it('judge: names every file the judge reads that exists, in order', () => {
    const files = {
      ...BASE,
      'style-profile.json': '{}',
      'ai-blacklist.json': '{"words": []}',
      'volumes/vol-01/chapter-contracts/chapter-003.json': JSON.stringify({
        chapter: 3,
        storyline_id: 'main-sword',
        preconditions: { character_states: { 林青岚: {} } },
      }),
      'world/rules.json': '{"rules": []}',
      'summaries/chapter-002-summary.md': 's',
      'characters/active/lin.json': JSON.stringify({ display_name: '林青岚' }),
      'characters/active/lin.md': '# 林青岚',
      'storylines/storyline-spec.json': '{}',
      'volumes/vol-01/storyline-schedule.json': '{}',
      'staging/state/chapter-003-crossref.json': '{}',
    };
    const p = build(chapter('judge'), { files }).packet;
    expect(p.manifest.paths).toEqual({
      chapter_draft: DRAFT,
      style_profile: 'style-profile.json',
      ai_blacklist: 'ai-blacklist.json',
      chapter_contract: 'volumes/vol-01/chapter-contracts/chapter-003.json',
      world_rules: 'world/rules.json',
      prev_summary: 'summaries/chapter-002-summary.md',
      character_profiles: ['characters/active/lin.md'],
      character_contracts: ['characters/active/lin.json'],
      storyline_spec: 'storylines/storyline-spec.json',
      storyline_schedule: 'volumes/vol-01/storyline-schedule.json',
      cross_references: 'staging/state/chapter-003-crossref.json',
    });
    expect(Object.keys(p.manifest.paths)).toEqual([
      'chapter_draft',
      'style_profile',
      'ai_blacklist',
      'chapter_contract',
      'world_rules',
      'prev_summary',
      'character_profiles',
      'character_contracts',
      'storyline_spec',
      'storyline_schedule',
      'cross_references',
    ]);
    expect(p.manifest.inline).not.toHaveProperty('chapter_contract');
    const draft = build(chapter('draft'), { files }).packet.manifest.paths;
    expect(draft.character_contracts).toEqual(['characters/active/lin.json']);
  });

  it("judge: an ordinary chapter's second judgement is optional; key chapters off: always optional", () => {
    const files = { ...BASE, 'volumes/vol-01/outline.md': `### 第 2 章: 前\n\n${OUTLINE}\n### 第 5 章: 尾\n` };
    const ordinary = build(chapter('judge'), { files }).packet;
    expect(ordinary.expected_outputs[1]).toEqual({
      path: 'staging/evaluations/chapter-003-eval-secondary.json',
      required: false,
      note: 'a second judge; the gate takes the minimum',
    });
    const off = resolveSettings({ quality: { key_chapters: false } }).settings;
    expect(build(chapter('judge'), { settings: off }).packet.expected_outputs[1]?.required).toBe(false);
    const hook = resolveSettings({ quality: { hook: { required: true } } }).settings;
    const withHook = build(chapter('judge'), { settings: hook, files }).packet;
    expect((withHook.manifest.inline.score_dimensions as string[]).at(-1)).toBe('hook_strength');
    expect(withHook.manifest.inline.hook_required).toBe(true);
    expect(withHook.expected_outputs[0]?.note).toContain('hook_strength: {score 1–5, reason}');
  });
});

describe('title-fix, hook-fix, commit, review', () => {
  it('title-fix: the style-refiner rewrites the title line under the title rules; then judge', () => {
    const p = build(chapter('title-fix')).packet;
    expect(p.agent).toEqual({ kind: 'subagent', name: 'style-refiner' });
    expect(p.mode).toBe('title-fix');
    expect(p.manifest.inline.title_rules).toEqual({
      min_zishu: 2,
      max_zishu: 30,
      forbidden: DEFAULT_SETTINGS.quality.title.forbidden,
      form: '# 第3章 <标题>',
    });
    expect(p.manifest.inline.title_findings).toEqual([]);
    expect(p.manifest.paths).toEqual({ chapter_draft: DRAFT, volume_outline: 'volumes/vol-01/outline.md' });
    expect(p.write_scope).toEqual(['staging/chapters/']);
    expect(p.next_actions[1]?.note).toBe('sends TITLE_FIXED; then chapter:003:judge');
    // Without an outline block the packet still builds, with a null block.
    expect(
      build(chapter('title-fix'), { files: { [DRAFT]: 'x', 'state/chapter-memory.json': '[]' } }).packet.manifest.inline
        .chapter_outline_block,
    ).toBeNull();
  });

  it("hook-fix: the chapter-writer rewrites the ending from the judge's hook of this round; then judge", () => {
    const evalPath = 'staging/revisions/chapter-003/hook-fix-1/evaluations/chapter-003-eval.json';
    const evaluation = JSON.stringify({
      hook: { present: false, type: 'none' },
      scores: { hook_strength: { score: 2, reason: '弱' } },
    });
    const files = { ...BASE, [evalPath]: evaluation };
    const p = build(chapter('hook-fix'), { files, next: { revision_count: 1 } }).packet;
    expect(p.agent).toEqual({ kind: 'subagent', name: 'chapter-writer' });
    expect(p.mode).toBe('hook-fix');
    expect(p.manifest.inline).toMatchObject({
      chapter: 3,
      judge_hook: { present: false, type: 'none' },
      hook_strength: { score: 2, reason: '弱' },
      min_strength: 3,
      hook_types: ['question', 'threat_reveal', 'twist_reveal', 'emotional_cliff', 'next_objective'],
    });
    expect(p.manifest.paths).toEqual({
      chapter_draft: DRAFT,
      chapter_eval: evalPath,
      volume_outline: 'volumes/vol-01/outline.md',
    });
    expect(p.next_actions[1]?.note).toBe('sends HOOK_FIXED; then chapter:003:judge');
    const none = build(chapter('hook-fix')).packet.manifest.inline;
    expect([none.judge_hook, none.hook_strength]).toEqual([null, null]);
  });

  it("commit: novel commit, a dry run first; then the next chapter's draft", () => {
    const p = build(chapter('commit'), { next: { gate } }).packet;
    expect(p.agent).toEqual({ kind: 'cli', name: 'novel commit' });
    expect(p.mode).toBe('commit');
    expect(p.manifest).toEqual({ mode: 'paths', inline: { chapter: 3, gate }, paths: {} });
    expect(p.expected_outputs).toEqual([]);
    expect(p.write_scope).toEqual([]);
    expect(p.next_actions).toEqual([
      { command: 'novel commit --chapter 3 --dry-run', note: 'show the plan, write nothing' },
      { command: 'novel commit --chapter 3', note: 'sends COMMITTED; then chapter:004:draft' },
    ]);
    expect(build(chapter('commit')).packet.manifest.inline.gate).toBeNull();
  });

  it('review: the author decides accept, revise or rewrite, each naming where it leads', () => {
    const files = { ...BASE, 'staging/evaluations/chapter-003-eval.json': '{}' };
    const p = build(chapter('review'), { files, next: { gate } }).packet;
    expect(p.agent).toEqual({ kind: 'human', name: 'author' });
    expect(p.mode).toBe('review');
    expect(p.manifest.inline).toEqual({ chapter: 3, gate, reason: '3.2 < 3.5' });
    expect(p.manifest.paths).toEqual({
      chapter_draft: DRAFT,
      chapter_eval: 'staging/evaluations/chapter-003-eval.json',
    });
    expect(p.next_actions).toEqual([
      { command: 'novel decide chapter:003 accept', note: 'commit as it is (ACCEPT → commit)' },
      {
        command: 'novel decide chapter:003 revise',
        note: 'one more revision, even past the budget (REVISE → revising)',
      },
      {
        command: 'novel decide chapter:003 rewrite',
        note: 'discard the staged outputs and draft again with revision_count 0 (REWRITE → lock)',
      },
    ]);
    expect(build(chapter('review'), { files: {} }).packet.manifest).toEqual({
      mode: 'paths',
      inline: { chapter: 3, gate: null, reason: null },
      paths: {},
    });
  });
});

describe('volume plan', () => {
  const planning = (volume: number) =>
    ({ step: `volume:0${volume}:plan`, mode: 'plan', volume, chapter: null }) as const;

  it('a new volume: the suggested chapters_per_volume from the next chapter, min..max allowed', () => {
    const p = build(
      { kind: 'volume', volume: 2, stage: 'plan' },
      { files: {}, checkpoint: { last_completed_chapter: 30, current_volume: 2 }, next: planning(2) },
    ).packet;
    expect(p.agent).toEqual({ kind: 'subagent', name: 'plot-architect' });
    expect(p.mode).toBe('plan');
    expect(p.manifest.inline).toEqual({ volume: 2, chapter_range: [31, 60], volume_chapters: { min: 10, max: 100 } });
    const dir = 'staging/volumes/vol-02';
    expect(p.expected_outputs.slice(0, 4).map((o) => o.path)).toEqual([
      `${dir}/outline.md`,
      `${dir}/storyline-schedule.json`,
      `${dir}/foreshadowing.json`,
      `${dir}/new-characters.json`,
    ]);
    expect(p.expected_outputs[0]?.note).toBe(
      'one "### 第 C 章: 章名" block per chapter from 31, each with the 8 key lines: ' +
        'about 30 chapters (31–60), 10–100 allowed; the volume ends at its last block',
    );
    expect(p.expected_outputs[1]?.note).toBe('at most 4 active storylines');
    const contracts = p.expected_outputs.slice(4);
    expect(contracts).toHaveLength(30);
    expect(contracts[0]).toEqual({ path: `${dir}/chapter-contracts/chapter-031.json`, required: true });
    expect(contracts.at(-1)).toEqual({ path: `${dir}/chapter-contracts/chapter-060.json`, required: true });
    expect(p.write_scope).toEqual([`${dir}/`]);
    expect(p.next_actions).toEqual([
      { command: 'novel validate volume:02:plan' },
      { command: 'novel commit --volume 2', note: 'moves the plan into volumes/vol-02/; then chapter:031:draft' },
    ]);
  });

  it('a gap in the outline ahead: exactly the chapters up to the next outlined one', () => {
    const files = { 'volumes/vol-01/outline.md': '### 第 6 章: 后\n' };
    const p = build(
      { kind: 'volume', volume: 1, stage: 'plan' },
      { files, checkpoint: { last_completed_chapter: 2 }, next: planning(1) },
    ).packet;
    expect(p.manifest.inline).toEqual({ volume: 1, chapter_range: [3, 5] });
    expect(p.expected_outputs[0]?.note).toBe(
      'one "### 第 C 章: 章名" block per chapter 3–5, each with the 8 key lines',
    );
    expect(p.expected_outputs.slice(4).map((o) => o.path)).toEqual([
      'staging/volumes/vol-01/chapter-contracts/chapter-003.json',
      'staging/volumes/vol-01/chapter-contracts/chapter-004.json',
      'staging/volumes/vol-01/chapter-contracts/chapter-005.json',
    ]);
  });

  it("names the book files that exist, and the previous volume's review instead of the latest summaries", () => {
    const files = {
      'brief.md': 'b',
      'storylines/storylines.json': '{}',
      'world/rules.json': '{}',
      'world/history.md': 'h',
      'characters/active/lin.json': '{}',
      'foreshadowing/global.json': '{}',
      'summaries/chapter-030-summary.md': 's',
    };
    const cp = { last_completed_chapter: 30, current_volume: 2 };
    const p = build({ kind: 'volume', volume: 2, stage: 'plan' }, { files, checkpoint: cp, next: planning(2) }).packet;
    expect(p.manifest.paths).toEqual({
      brief: 'brief.md',
      storylines: 'storylines/storylines.json',
      world_docs: ['world/history.md', 'world/rules.json'],
      character_files: ['characters/active/lin.json'],
      global_foreshadowing: 'foreshadowing/global.json',
      recent_summaries: ['summaries/chapter-030-summary.md'],
    });
    const reviewed = build(
      { kind: 'volume', volume: 2, stage: 'plan' },
      { files: { ...files, 'volumes/vol-01/review.md': 'r' }, checkpoint: cp, next: planning(2) },
    ).packet;
    expect(reviewed.manifest.paths.previous_volume_review).toBe('volumes/vol-01/review.md');
    expect(reviewed.manifest.paths).not.toHaveProperty('recent_summaries');
  });
});

describe('--embed', () => {
  it("embeds every named file once as a DATA block of its key's type, and says so in the manifest mode", () => {
    const files = { ...BASE, 'ai-blacklist.json': '{"words": []}' };
    const p = build(chapter('refine'), { files, embed: {} }).packet;
    expect(p.manifest.mode).toBe('paths+embed');
    expect(p.manifest.paths).toEqual({ chapter_draft: DRAFT, ai_blacklist: 'ai-blacklist.json' });
    expect(p.manifest.embed).toEqual({
      [DRAFT]: `<DATA type="chapter_content" source="${DRAFT}" readonly="true">\n# 第3章 月下\n\n正文。\n\n</DATA>`,
      'ai-blacklist.json': '<DATA type="blacklist" source="ai-blacklist.json" readonly="true">\n{"words": []}\n</DATA>',
    });
  });

  it('passes the cap on and leaves out named files that cannot be read', () => {
    const p = build(chapter('title-fix'), {
      files: { [DRAFT]: '0123456789', 'state/chapter-memory.json': '[]' },
      embed: { cap: 4 },
    }).packet;
    expect(p.manifest.embed).toEqual({
      [DRAFT]:
        `<DATA type="chapter_content" source="${DRAFT}" ` +
        `readonly="true">\n0123\n[truncated: 4 of 10 bytes shown]\n</DATA>`,
    });
    const commit = build(chapter('commit'), { embed: {} }).packet;
    expect(commit.manifest).toEqual({ mode: 'paths+embed', inline: { chapter: 3, gate: null }, paths: {}, embed: {} });
  });

  it('embeds a list of files, each under its own path', () => {
    const files = { ...BASE, 'summaries/chapter-001-summary.md': 'one', 'summaries/chapter-002-summary.md': 'two' };
    const embed = build(chapter('draft'), { files, embed: {} }).packet.manifest.embed as Record<string, string>;
    expect(embed['summaries/chapter-002-summary.md']).toBe(
      '<DATA type="summary" source="summaries/chapter-002-summary.md" readonly="true">\ntwo\n</DATA>',
    );
    expect(embed['summaries/chapter-001-summary.md']).toBe(
      '<DATA type="summary" source="summaries/chapter-001-summary.md" readonly="true">\none\n</DATA>',
    );
    expect(Object.keys(embed)).toEqual([
      'volumes/vol-01/outline.md',
      'summaries/chapter-002-summary.md',
      'summaries/chapter-001-summary.md',
    ]);
  });

  it('without embed the manifest has no embed key', () => {
    expect(build(chapter('draft')).packet.manifest).not.toHaveProperty('embed');
  });
});

describe('warnings', () => {
  it("the view's read problems come after the packet's own", () => {
    const problem = { severity: 'warning' as const, code: 'invalid_json', message: 'x', file: 'y.json' };
    const view = { ...memoryView({ 'volumes/vol-01/outline.md': OUTLINE }), problems: [problem] };
    const r = buildPacket({
      view,
      checkpoint: { last_completed_chapter: 2, current_volume: 1 } as Checkpoint,
      settings: DEFAULT_SETTINGS,
      step: chapter('draft'),
      next: nextOf(),
    });
    expect(r.warnings.map((w) => w.code)).toEqual(['ledger_unavailable', 'invalid_json']);
    const setup = buildPacket({
      view,
      checkpoint: { last_completed_chapter: 0, current_volume: 1 } as Checkpoint,
      settings: DEFAULT_SETTINGS,
      step: { kind: 'setup', stage: 'world' },
      next: nextOf({ step: 'book:world' }),
    });
    expect(setup.warnings).toEqual([problem]);
  });

  it('an invalid character file is reported as a warning', () => {
    const files = { ...BASE, 'characters/active/bad.json': '{}' };
    expect(build(chapter('draft'), { files }).warnings.map((w) => w.file)).toEqual(['characters/active/bad.json']);
  });
});
