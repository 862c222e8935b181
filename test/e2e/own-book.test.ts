/**
 * The author's own book (PROTOCOL §14) through the built CLI: a new book's
 * setup steps (world, characters, style from samples/), their skips, their
 * validation and the crash-safe `commit --setup`; an imported book's catch-up
 * summaries (`import:NNN:summarize`, then `commit --chapter NNN`) before the
 * next chapter, with the imported text left as it is.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, novelBin, readJson, tempDir } from '../helpers/project.js';

afterAll(cleanupTempDirs);

const SAMPLE =
  '夜色沉沉。林风推开门，雨声灌了进来。\n\n“你来晚了。”她说。\n\n他没有回答，只是把剑放在桌上。剑身上的缺口还在。\n';

function ok(cwd: string, args: string[], env: Record<string, string> = {}): string {
  const r = novelBin(cwd, args, env);
  expect(r.code, `novel ${args.join(' ')}\n${r.stderr}${r.stdout}`).toBe(0);
  return r.stdout;
}

function nextJson(project: string): { step: string; action: string; mode: string; next_command: string } {
  return JSON.parse(ok(project, ['next', '--json'])).data;
}

function newBook(samples = true): string {
  const project = join(tempDir('novel-own-'), 'book');
  ok(join(project, '..'), ['init', project]);
  if (samples) {
    mkdirSync(join(project, 'samples'));
    writeFileSync(join(project, 'samples/chapter-1.txt'), SAMPLE);
  }
  return project;
}

/** The demo executor on the step's packet. */
function execute(project: string, step: string): void {
  const manifest = JSON.parse(ok(project, ['instructions', step, '--write-manifest', '--json'])).data
    .written_path as string;
  ok(project, ['demo-executor', manifest]);
}

function treeHash(dir: string, skip: RegExp): string {
  const h = createHash('sha256');
  const walk = (rel: string): void => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (skip.test(r)) continue;
      if (e.isDirectory()) walk(r);
      else h.update(`${r}\0`).update(readFileSync(join(dir, r)));
    }
  };
  walk('');
  return h.digest('hex');
}

describe('a new book is set up before its first plan', () => {
  it('runs book:world, book:characters and book:style in order; commit --setup moves each into place', () => {
    const project = newBook();
    expect(nextJson(project)).toMatchObject({
      step: 'book:world',
      action: 'execute',
      mode: 'setup',
      next_command: 'novel instructions book:world',
    });
    const world = JSON.parse(ok(project, ['instructions', 'book:world', '--json'])).data;
    expect(world.agent.name).toBe('world-builder');
    expect(world.write_scope).toEqual(['staging/world/', 'staging/storylines/storylines.json']);

    execute(project, 'book:world');
    expect(nextJson(project)).toMatchObject({
      step: 'book:world',
      action: 'commit',
      next_command: 'novel commit --setup',
    });
    ok(project, ['validate', 'book:world']);
    expect(() => ok(project, ['advance', 'book:world'])).toThrow();
    ok(project, ['commit', '--setup']);
    expect(readJson(join(project, 'world/rules.json')).rules.length).toBeGreaterThan(0);
    expect(readJson(join(project, 'storylines/storylines.json')).storylines[0].id).toBe('main');
    expect(existsSync(join(project, 'staging/world/rules.json'))).toBe(false);

    expect(nextJson(project).step).toBe('book:characters');
    execute(project, 'book:characters');
    ok(project, ['commit', '--setup']);
    expect(readdirSync(join(project, 'characters/active')).sort()).toEqual([
      'lao-zhang.json',
      'lao-zhang.md',
      'lin-feng.json',
      'lin-feng.md',
      'su-yao.json',
      'su-yao.md',
    ]);
    expect(existsSync(join(project, 'characters/relationships.json'))).toBe(true);

    expect(nextJson(project).step).toBe('book:style');
    const style = JSON.parse(ok(project, ['instructions', 'book:style', '--json'])).data;
    // novel measures the samples itself (§13.2 rules): 3 paragraphs, 6 sentences (“你来晚了。” is one), 52 字.
    expect(style.manifest.inline.sample_metrics).toMatchObject({ sentences: 6, paragraphs: 3, zishu: 52 });
    expect(style.manifest.paths.samples).toEqual(['samples/chapter-1.txt']);
    execute(project, 'book:style');
    ok(project, ['commit', '--setup']);
    expect(readJson(join(project, 'style-profile.json')).avg_sentence_length).toBe(
      style.manifest.inline.sample_metrics.avg_sentence_length,
    );

    expect(nextJson(project)).toMatchObject({ step: 'volume:01:plan', action: 'execute' });
    expect(readJson(join(project, '.checkpoint.json')).orchestrator_state).toBe('VOL_PLANNING');
    ok(project, ['state', 'verify']);
  });

  it('skips a step whose files already exist and validate, and book:style without samples', () => {
    const project = newBook(false);
    writeFileSync(
      join(project, 'world/rules.json'),
      JSON.stringify({ rules: [{ id: 'W-001', category: '地理', rule: '城在河北', constraint_type: 'hard' }] }),
    );
    writeFileSync(
      join(project, 'storylines/storylines.json'),
      JSON.stringify({ storylines: [{ id: 'main', name: '主线' }] }),
    );
    expect(nextJson(project).step).toBe('book:characters');
    writeFileSync(join(project, 'characters/active/lin-feng.json'), JSON.stringify({ display_name: '林风' }));
    expect(nextJson(project).step).toBe('volume:01:plan');
  });

  it('refuses a style profile whose numbers are not novel’s, naming the field, the measure and the fix', () => {
    const project = newBook();
    ok(project, ['run', '--executor', 'demo', '--until', 'book:style']);
    execute(project, 'book:style');
    const profile = join(project, 'staging/style-profile.json');
    writeFileSync(profile, JSON.stringify({ ...readJson(profile), avg_sentence_length: 40 }));
    const r = novelBin(project, ['validate', 'book:style']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/staging\/style-profile\.json.*avg_sentence_length/);
    expect(r.stderr).toMatch(/sample_metrics/);
    const c = novelBin(project, ['commit', '--setup']);
    expect(c.code).toBe(2);
    expect(existsSync(join(project, 'staging/style-profile.json'))).toBe(true);
  });

  it('novel run drives the setup unattended into the first chapters', () => {
    const project = newBook();
    const out = ok(project, ['run', '--executor', 'demo', '--chapters', '1']);
    expect(out).toMatch(
      new RegExp(
        'book:world committed[\\s\\S]*book:characters committed[\\s' +
          '\\S]*book:style committed[\\s\\S]*volume:01:commit committed',
      ),
    );
    expect(readJson(join(project, '.checkpoint.json')).last_completed_chapter).toBe(1);
    ok(project, ['state', 'verify']);
  });

  it('a setup commit killed at any mutating call rolls forward to the bytes of an uninterrupted one', () => {
    const base = newBook();
    ok(base, ['run', '--executor', 'demo', '--until', 'book:characters']);
    execute(base, 'book:characters');
    const clean = join(tempDir('novel-own-clean-'), 'p');
    cpSync(base, clean, { recursive: true });
    ok(clean, ['commit', '--setup']);
    const skip = /^(logs|\.novel\/objects|\.novel\.lock|staging\/manifests)/;
    const want = treeHash(clean, skip);
    let killed = 0;
    for (let k = 1; k < 200; k++) {
      const trial = join(tempDir('novel-own-kill-'), 'p');
      cpSync(base, trial, { recursive: true });
      const r = novelBin(trial, ['commit', '--setup'], { NOVEL_FAULT_KILL_AT: String(k) });
      if (r.signal !== 'SIGKILL') break;
      killed++;
      // Killed before its journal: the step is still to commit; after it: rolled forward; after its end: done.
      const next = nextJson(trial);
      expect(next.step === 'book:characters' || next.step === 'book:style', `kill at ${k}: ${next.step}`).toBe(true);
      if (next.step === 'book:characters') {
        expect(next.action).toMatch(/^(recover|commit)$/);
        const again = novelBin(trial, ['commit', '--setup']);
        expect(again.code, `kill at ${k}: ${again.stderr}`).toBe(0);
      }
      expect(treeHash(trial, skip), `kill at ${k}`).toBe(want);
    }
    expect(killed).toBeGreaterThan(3);
    // Every kill point of the commit: a minute or more on a busy machine; the limit is for a hang.
  }, 600_000);
});

describe('an imported book catches up its summaries before the next chapter', () => {
  const book = [
    '第一章 雨夜',
    '',
    '林风走进青岚城。“又是你。”守门人说。',
    '',
    '第二章 残剑',
    '',
    '他把剑放在桌上，苏瑶看了一眼。',
    '',
  ].join('\n');

  function imported(): string {
    const dir = tempDir('novel-own-import-');
    writeFileSync(join(dir, 'book.txt'), book);
    ok(dir, ['import', 'book.txt', '--project', 'p']);
    return join(dir, 'p');
  }

  it('import:001:summarize, advanced like a summarize step, then commit --chapter 1; the imported text stays', () => {
    const project = imported();
    const text = readFileSync(join(project, 'chapters/chapter-001.md'), 'utf8');
    expect(nextJson(project)).toMatchObject({ step: 'import:001:summarize', action: 'execute', mode: 'import' });
    const packet = JSON.parse(ok(project, ['instructions', 'import:001:summarize', '--json'])).data;
    expect(packet.agent.name).toBe('summarizer');
    expect(packet.manifest.paths.chapter_text).toBe('chapters/chapter-001.md');
    execute(project, 'import:001:summarize');
    expect(nextJson(project)).toMatchObject({ step: 'import:001:summarize', action: 'advance' });
    ok(project, ['validate', 'import:001:summarize']);
    ok(project, ['advance', 'import:001:summarize']);
    expect(readJson(join(project, '.checkpoint.json'))).toMatchObject({
      import_stage: 'summarized',
      import_caught_up: 0,
      last_completed_chapter: 2,
    });
    expect(nextJson(project)).toMatchObject({
      step: 'import:001:commit',
      action: 'commit',
      next_command: 'novel commit --chapter 1',
    });
    ok(project, ['commit', '--chapter', '1']);
    expect(readFileSync(join(project, 'chapters/chapter-001.md'), 'utf8')).toBe(text);
    expect(existsSync(join(project, 'summaries/chapter-001-summary.md'))).toBe(true);
    const cp = readJson(join(project, '.checkpoint.json'));
    expect(cp.import_caught_up).toBe(1);
    expect(cp.import_stage).toBeUndefined();
    const lines = readFileSync(join(project, 'state/changelog.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.at(-1)).toMatchObject({ chapter: 1, catch_up: true });
    ok(project, ['state', 'verify']);
    expect(nextJson(project).step).toBe('import:002:summarize');
  });

  it('out of order: a chapter step, or the next imported chapter, is refused while a catch-up is due', () => {
    const project = imported();
    const r = novelBin(project, ['advance', 'import:002:summarize']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/import:001:summarize/);
    const i = novelBin(project, ['instructions', 'chapter:003:draft']);
    expect(i.code).toBe(2);
  });

  it('novel run catches every imported chapter up, then plans and writes chapter 3', () => {
    const project = imported();
    const out = ok(project, ['run', '--executor', 'demo', '--chapters', '1']);
    expect(out).toMatch(
      new RegExp(
        'import:001:commit committed[\\s\\S]*import:002:commit committed[\\s\\S]' +
          '*volume:01:commit committed[\\s\\S]*chapter:003:commit committed',
      ),
    );
    expect(readJson(join(project, '.checkpoint.json'))).toMatchObject({
      last_completed_chapter: 3,
      import_caught_up: 2,
      imported_chapters: 2,
    });
    ok(project, ['state', 'verify']);
  });
});

describe('a rewind keeps the imported chapters', () => {
  it('refuses to go back into the imported chapters, naming the earliest chapter it can go back to', () => {
    const dir = tempDir('novel-own-rewind-');
    writeFileSync(
      join(dir, 'book.txt'),
      ['第一章 雨夜', '', '林风走进青岚城。', '', '第二章 残剑', '', '他把剑放在桌上。', ''].join('\n'),
    );
    ok(dir, ['import', 'book.txt', '--project', 'p']);
    const project = join(dir, 'p');
    ok(project, ['run', '--executor', 'demo', '--chapters', '2']);
    const r = novelBin(project, ['rewind', '--to', 'chapter:002']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/chapter 2 was imported/);
    expect(r.stderr).toMatch(/novel rewind --to chapter:003/);
    const back = novelBin(project, ['rewind', '--to', 'chapter:004']);
    expect(back.code, back.stderr).toBe(0);
    expect(readJson(join(project, '.checkpoint.json'))).toMatchObject({
      last_completed_chapter: 3,
      imported_chapters: 2,
      import_caught_up: 2,
    });
    ok(project, ['state', 'verify']);
    expect(nextJson(project).step).toBe('chapter:004:draft');
  });
});
