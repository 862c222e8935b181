/** The commit transaction of §7 through the CLI. */
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commitReadyProject, DELTA } from '../helpers/commit-ready.js';
import {
  cleanupTempDirs,
  fixtureCopy,
  novel,
  novelJson,
  readJson,
  setUpBook,
  tempDir,
  treeHashes,
} from '../helpers/project.js';

afterAll(cleanupTempDirs);

const lines = (p: string) => readFileSync(p, 'utf8').split('\n').filter(Boolean);

describe('novel commit --chapter', () => {
  it('moves the chapter into the book, merges the state, appends the changelog and clears staging', async () => {
    const project = await commitReadyProject({ bigDelta: true });
    const changelogBefore = lines(join(project, 'state/changelog.jsonl'));
    const r = await novelJson(project, ['commit', '--chapter', '4']);
    expect(r.code, JSON.stringify(r.body)).toBe(0);
    expect(readFileSync(join(project, 'chapters/chapter-004.md'), 'utf8')).toMatch(/^# 第4章 藏经阁/);
    expect(existsSync(join(project, 'summaries/chapter-004-summary.md'))).toBe(true);
    expect(existsSync(join(project, 'state/chapter-004-crossref.json'))).toBe(true);
    expect(readFileSync(join(project, 'storylines/main-sword/memory.md'), 'utf8')).toMatch(/第4章/);
    const evaluation = readJson(join(project, 'evaluations/chapter-004-eval.json'));
    expect(evaluation.metadata.gate).toMatchObject({ decision: 'pass', overall_final: 4.2 });
    expect(evaluation.metadata.judges).toEqual([
      { role: 'primary', file: 'evaluations/chapter-004-eval.json', overall: 4.2 },
    ]);

    const state = readJson(join(project, 'state/current-state.json'));
    expect(state).toMatchObject({ schema_version: 1, state_version: 4, last_updated_chapter: 4 });
    expect(state.characters['extra-099']).toEqual({ location: '青岚山第99峰', cultivation: 1, tags: ['外门'] });
    expect(state.active_foreshadowing).toEqual(['f-001', 'f-003']);

    const changelog = lines(join(project, 'state/changelog.jsonl'));
    expect(changelog).toHaveLength(changelogBefore.length + 1);
    const line = JSON.parse(changelog.at(-1) as string);
    expect(line).toMatchObject({ chapter: 4, base_state_version: 3, state_version: 4, storyline_id: 'main-sword' });
    expect(line.ops).toHaveLength(303);
    expect(line.dropped).toEqual([
      { op: 'set', path: 'characters.__proto__.x', value: 1, reason: expect.stringMatching(/forbidden/) },
      { op: 'inc', path: 'items.broken-sword.state', value: 1, reason: expect.stringMatching(/type collision/) },
      { value: 'not an op', reason: 'op is not an object' },
    ]);

    const global = readJson(join(project, 'foreshadowing/global.json')).foreshadowing;
    expect(global.map((f: { id: string; status: string }) => [f.id, f.status])).toEqual([
      ['f-001', 'advanced'],
      ['f-002', 'resolved'],
      ['f-003', 'planted'],
    ]);
    expect(global[2]).toMatchObject({
      description: '前代圣女云婉清之死另有隐情',
      scope: 'long',
      planted_chapter: 4,
      planted_storyline: 'main-sword',
    });
    const ledger = readJson(join(project, 'state/chapter-memory.json'));
    expect(ledger.map((e: { chapter: number }) => e.chapter)).toEqual([1, 2, 3, 4]);
    expect(lines(join(project, 'logs/unknown-entities.jsonl'))).toHaveLength(2);
    const log = readJson(join(project, 'logs/chapter-004-log.json'));
    expect(log).toMatchObject({ chapter: 4, revisions: 0, force_passed: false, gate: { decision: 'pass' } });
    expect(log.stages.map((s: { step: string }) => s.step)).toEqual([
      'chapter:004:draft',
      'chapter:004:summarize',
      'chapter:004:audit',
      'chapter:004:refine',
      'chapter:004:judge',
    ]);

    const cp = readJson(join(project, '.checkpoint.json'));
    expect(cp).toMatchObject({
      pipeline_stage: 'committed',
      inflight_chapter: null,
      revision_count: 0,
      last_completed_chapter: 4,
      x_editor_note: 'kept by other tools; novel must preserve it',
    });
    expect(cp.gate).toBeUndefined();
    expect(Object.keys(treeHashes(join(project, 'staging')))).toEqual([]);
    expect(existsSync(join(project, '.novel.lock'))).toBe(false);
    expect((await novel(project, ['next'])).stdout).toBe('chapter:005:draft\n');
    const verify = await novelJson(project, ['state', 'verify']);
    expect(verify.body.data).toMatchObject({ consistent: true, files: { added: [], removed: [], changed: [] } });
  });

  it('--dry-run prints the exact plan and changes no byte', async () => {
    const project = await commitReadyProject({ bigDelta: true });
    const before = treeHashes(project);
    const r = await novelJson(project, ['commit', '--chapter', '4', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.body.data.writes.map((w: { path: string }) => w.path)).toEqual([
      'chapters/chapter-004.md',
      'summaries/chapter-004-summary.md',
      'state/chapter-004-crossref.json',
      'storylines/main-sword/memory.md',
      'audits/chapter-004-audit.json',
      'evaluations/chapter-004-eval.json',
      'state/current-state.json',
      'foreshadowing/global.json',
      'state/chapter-memory.json',
      'logs/lint/chapter-004.json',
      'logs/chapter-004-log.json',
      // What the commit replaces, as it was: a rewind restores it (§14).
      '.novel/history/chapter-004.json',
    ]);
    expect(r.body.data.appends.map((a: { path: string }) => a.path)).toEqual([
      'state/changelog.jsonl',
      'logs/unknown-entities.jsonl',
    ]);
    expect(r.body.data.state_ops.dropped).toHaveLength(3);
    expect(treeHashes(project)).toEqual(before);
  });

  it('the same commit twice: the second is refused (exit 2) and changes nothing', async () => {
    const project = await commitReadyProject();
    expect((await novel(project, ['commit', '--chapter', '4'])).code).toBe(0);
    const before = treeHashes(project);
    const r = await novelJson(project, ['commit', '--chapter', '4']);
    expect(r.code).toBe(2);
    expect(r.body.error.code).toBe('already_committed');
    expect(treeHashes(project)).toEqual(before);
  });

  it('refuses a delta whose base_state_version is not the state version, naming both', async () => {
    const project = await commitReadyProject();
    const deltaPath = join(project, DELTA);
    writeFileSync(deltaPath, JSON.stringify({ ...readJson(deltaPath), base_state_version: 2 }));
    const before = treeHashes(project);
    const r = await novelJson(project, ['commit', '--chapter', '4']);
    expect(r.code).toBe(2);
    expect(r.body.error.message).toMatch(/base_state_version.*expected 3.*found 2/);
    expect(treeHashes(project)).toEqual(before);
  });

  it('refuses a staging file replaced by a symlink to outside the project', async () => {
    const project = await commitReadyProject();
    const outside = tempDir();
    cpSync(join(project, 'staging/summaries/chapter-004-summary.md'), join(outside, 'summary.md'));
    rmSync(join(project, 'staging/summaries/chapter-004-summary.md'));
    symlinkSync(join(outside, 'summary.md'), join(project, 'staging/summaries/chapter-004-summary.md'));
    const before = treeHashes(project);
    const r = await novelJson(project, ['commit', '--chapter', '4']);
    expect(r.code).toBe(2);
    expect(r.body.error.message).toMatch(/outside the project root/);
    expect(treeHashes(project)).toEqual(before);
  });

  it('refuses a chapter whose staged chapter vanished', async () => {
    const project = await commitReadyProject();
    rmSync(join(project, 'staging/chapters/chapter-004.md'));
    const before = treeHashes(project);
    const r = await novelJson(project, ['commit', '--chapter', '4']);
    expect(r.code).toBe(2);
    expect(r.body.error.message).toMatch(/staging\/chapters\/chapter-004\.md/);
    expect(treeHashes(project)).toEqual(before);
  });

  it('refuses a chapter the gate does not allow, or that is not inflight', async () => {
    const project = fixtureCopy();
    const r = await novelJson(project, ['commit', '--chapter', '4']);
    expect(r.code).toBe(2);
    expect(r.body.error.code).toBe('not_committable');
    expect((await novelJson(project, ['commit', '--chapter', '9'])).code).toBe(2);
    expect((await novelJson(project, ['commit'])).code).toBe(2);
  });
});

describe('state verify and rebuild', () => {
  it('verify names the first divergent chapter; rebuild rewrites the state from the changelog', async () => {
    const project = fixtureCopy();
    const statePath = join(project, 'state/current-state.json');
    const state = readJson(statePath);
    state.items['broken-sword'].state = '断裂';
    state.characters['qin-mufeng'].attitude = '友善';
    writeFileSync(statePath, JSON.stringify(state, null, 2));
    const v = await novelJson(project, ['state', 'verify']);
    expect(v.code).toBe(2);
    expect(v.body.data).toMatchObject({ consistent: false, first_divergent_chapter: 2 });
    expect(v.body.data.differing_paths).toEqual(['characters.qin-mufeng.attitude', 'items.broken-sword.state']);
    expect(v.body.data.files.changed).toEqual(['state/current-state.json']);
    const r = await novelJson(project, ['state', 'rebuild']);
    expect(r.code).toBe(0);
    const after = await novelJson(project, ['state', 'verify']);
    expect(after.code).toBe(0);
    expect(after.body.data).toMatchObject({ consistent: true, files: { changed: [] } });
  });

  it('verify lists a hand edit of an old chapter; --accept records it after listing it', async () => {
    const project = fixtureCopy();
    writeFileSync(join(project, 'chapters/chapter-001.md'), '# 第1章 残剑（修订）\n\n改写。\n');
    const v = await novelJson(project, ['state', 'verify']);
    expect(v.code).toBe(2);
    expect(v.body.data.files.changed).toEqual(['chapters/chapter-001.md']);
    const a = await novel(project, ['state', 'verify', '--accept']);
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/changed: chapters\/chapter-001\.md/);
    expect((await novelJson(project, ['state', 'verify'])).code).toBe(0);
  });

  it('rebuild refuses while a commit journal is pending, naming it', async () => {
    const project = fixtureCopy();
    mkdirSync(join(project, 'staging/.commit'), { recursive: true });
    writeFileSync(join(project, 'staging/.commit/chapter-004.json'), '{}');
    const before = treeHashes(project);
    const r = await novelJson(project, ['state', 'rebuild']);
    expect(r.code).toBe(2);
    expect(r.body.error.message).toMatch(/staging\/\.commit\/chapter-004\.json/);
    expect(treeHashes(project)).toEqual(before);
  });
});

describe('volume planning', () => {
  it('a staged, valid volume plan is committed into volumes/vol-VV/ and writing starts', async () => {
    const dir = join(tempDir(), 'book');
    expect((await novel(process.cwd(), ['init', dir])).code).toBe(0);
    const config = readJson(join(dir, 'novel.config.json'));
    writeFileSync(join(dir, 'novel.config.json'), JSON.stringify({ ...config, chapters_per_volume: 12 }));
    setUpBook(dir);
    expect((await novel(dir, ['next'])).stdout).toBe('volume:01:plan\n');
    cpSync(join(process.cwd(), 'fixtures/project/volumes/vol-01'), join(dir, 'staging/volumes/vol-01'), {
      recursive: true,
    });
    writeFileSync(
      join(dir, 'staging/volumes/vol-01/new-characters.json'),
      '[{"slug":"ye-zhiqiu","display_name":"叶知秋"}]',
    );
    // A contract that is there must be valid; one left out is derived from the outline block (PROTOCOL §14).
    writeFileSync(join(dir, 'staging/volumes/vol-01/chapter-contracts/chapter-005.json'), '{"chapter": 5,');
    const bad = await novelJson(dir, ['validate', 'volume:01:plan']);
    expect(bad.code).toBe(2);
    expect(bad.body.error.message).toMatch(/chapter-contracts\/chapter-005\.json/);
    rmSync(join(dir, 'staging/volumes/vol-01/chapter-contracts/chapter-005.json'));
    expect((await novel(dir, ['validate', 'volume:01:plan'])).code).toBe(0);
    cpSync(
      join(process.cwd(), 'fixtures/project/volumes/vol-01/chapter-contracts/chapter-005.json'),
      join(dir, 'staging/volumes/vol-01/chapter-contracts/chapter-005.json'),
    );
    expect((await novel(dir, ['validate', 'volume:01:plan'])).code).toBe(0);
    expect((await novelJson(dir, ['next'])).body.data).toMatchObject({ step: 'volume:01:commit', action: 'commit' });
    const c = await novelJson(dir, ['commit', '--volume', '1']);
    expect(c.code).toBe(0);
    expect(existsSync(join(dir, 'volumes/vol-01/outline.md'))).toBe(true);
    expect(existsSync(join(dir, 'volumes/vol-01/new-characters.json'))).toBe(true);
    expect(readJson(join(dir, '.checkpoint.json')).orchestrator_state).toBe('WRITING');
    expect((await novel(dir, ['next'])).stdout).toBe('chapter:001:draft\n');
  });
});
