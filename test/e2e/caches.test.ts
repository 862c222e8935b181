/** logs/.cache/: a damaged cache is treated as absent; it never decides and never fails a command. */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { dormantItems } from '../../src/core/context/dormant-foreshadowing.js';
import { commitReadyProject } from '../helpers/commit-ready.js';
import { cleanupTempDirs, fixtureCopy, novelBin, overlay, readJson, treeHashes } from '../helpers/project.js';

const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

afterAll(cleanupTempDirs);

/** The fixture with chapter 4's draft staged and advanced: every cache recorded by a mutating command. */
function withCaches(): string {
  const project = fixtureCopy();
  overlay(project, 'draft/good');
  expect(novelBin(project, ['advance', 'chapter:004:draft']).code).toBe(0);
  for (const c of ['boundary', 'staging', 'sweep', 'dormant']) expect(existsSync(join(project, `logs/.cache/${c}.json`)), c).toBe(true);
  return project;
}

const damage: Record<string, (c: any) => unknown> = {
  'boundary: a hot file that is not [size, mtime]': (c) => ({ ...c, hot: Object.fromEntries(Object.keys(c.hot).map((k) => [k, 5])) }),
  'boundary: directories that are not a map': (c) => ({ ...c, dirs: ['chapters'] }),
  'staging: a recorded hash that is not a sha256': (c) => ({ ...c, files: Object.fromEntries(Object.entries(c.files).map(([k, [size, mtime]]: any) => [k, [size, mtime, 'not-a-hash']])) }),
  'sweep: a subdirectory that climbs out': (c) => ({ ...c, dirs: Object.fromEntries(Object.entries(c.dirs).map(([k, e]: any) => [k, { ...e, d: [...e.d, '..'] }])) }),
};

describe('damaged caches', () => {
  for (const [what, edit] of Object.entries(damage)) {
    it(`${what}: next and status answer as without the cache; the next mutation records it afresh`, () => {
      const project = withCaches();
      const expected = { next: novelBin(project, ['next', '--json']).stdout, status: novelBin(project, ['status']).stdout };
      const file = join(project, `logs/.cache/${what.split(':')[0]}.json`);
      writeFileSync(file, JSON.stringify(edit(readJson(file))));
      const before = treeHashes(project);
      const next = novelBin(project, ['next', '--json']);
      expect(next.code, next.stderr).toBe(0);
      expect(next.stdout).toBe(expected.next);
      const status = novelBin(project, ['status']);
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout).toBe(expected.status);
      expect(treeHashes(project)).toEqual(before);
      // A mutating command works as without the cache and leaves a valid one.
      overlay(project, 'summarize/good');
      const advance = novelBin(project, ['advance', 'chapter:004:summarize']);
      expect(advance.code, advance.stderr).toBe(0);
      expect(readJson(file).v).toBe(1);
      expect(readFileSync(file, 'utf8')).not.toContain('not-a-hash');
    });
  }

  it('a cache that is not JSON at all is ignored the same way', () => {
    const project = withCaches();
    const expected = novelBin(project, ['next', '--json']).stdout;
    for (const c of ['boundary', 'staging', 'sweep', 'dormant']) writeFileSync(join(project, `logs/.cache/${c}.json`), '{"v":1,');
    const next = novelBin(project, ['next', '--json']);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toBe(expected);
  });
});

describe('the dormant foreshadowing count', () => {
  /** Chapter 4 committed: the commit recorded the count at chapter 5 with the sha256 of the list it wrote. */
  async function committed(): Promise<{ project: string; count: number }> {
    const project = await commitReadyProject();
    const r = novelBin(project, ['commit', '--chapter', '4']);
    expect(r.code, r.stderr).toBe(0);
    const cache = readJson(join(project, 'logs/.cache/dormant.json'));
    expect(cache).toMatchObject({ v: 1, chapter: 5, global_sha256: sha256(readFileSync(join(project, 'foreshadowing/global.json'))) });
    return { project, count: cache.count };
  }
  const statusCount = (project: string): number => JSON.parse(novelBin(project, ['status', '--json']).stdout).data.dormant_foreshadowing;
  const countFromList = (project: string, chapter: number, dormancy = { short: 3, medium: 8, long: 20 }): number =>
    dormantItems(readJson(join(project, 'foreshadowing/global.json')), chapter, dormancy).length;

  it('status and chapters report the recorded count, which is the count of the list', async () => {
    const { project, count } = await committed();
    const settings = readJson(join(project, 'novel.config.json'));
    expect(count).toBe(countFromList(project, 5, { short: 3, medium: 8, long: 20, ...(settings.quality?.dormancy ?? {}) }));
    expect(statusCount(project)).toBe(count);
    expect(JSON.parse(novelBin(project, ['chapters', '--json']).stdout).data.dormant_foreshadowing).toBe(count);
  });

  it('a count recorded for other bytes, another chapter or other thresholds is not taken: the list is counted', async () => {
    const { project, count } = await committed();
    const file = join(project, 'logs/.cache/dormant.json');
    const { global_stat: _stat, ...bySha } = readJson(file);
    for (const wrong of [{ count: count + 7, global_sha256: 'a'.repeat(64) }, { count: count + 7, chapter: 4 }, { count: count + 7, dormancy: { ...bySha.dormancy, long: bySha.dormancy.long + 1 } }]) {
      writeFileSync(file, JSON.stringify({ ...bySha, ...wrong }));
      expect(statusCount(project)).toBe(count);
    }
    // A recorded size and mtime the list no longer has: the sha256 decides.
    writeFileSync(file, JSON.stringify({ ...bySha, count: count + 7, global_sha256: 'a'.repeat(64), global_stat: [1, 2] }));
    expect(statusCount(project)).toBe(count);
    writeFileSync(file, JSON.stringify({ ...bySha, count: count + 7, global_stat: [1, 2] }));
    expect(statusCount(project)).toBe(count + 7);
    // Any mutating command records it afresh when it does not hold, with the list's size and mtime once they have settled.
    await new Promise((r) => setTimeout(r, 20));
    writeFileSync(file, JSON.stringify({ ...bySha, global_sha256: 'b'.repeat(64) }));
    const verify = novelBin(project, ['state', 'verify', '--accept']);
    expect(verify.code, verify.stderr).toBe(0);
    const st = statSync(join(project, 'foreshadowing/global.json'));
    expect(readJson(file)).toEqual({ ...bySha, global_stat: [st.size, st.mtimeMs] });
    // The size and mtime recorded: a reader takes the count on them, without hashing the list.
    writeFileSync(file, JSON.stringify({ ...bySha, count: count + 7, global_sha256: 'c'.repeat(64), global_stat: [st.size, st.mtimeMs] }));
    expect(statusCount(project)).toBe(count + 7);
    // The right count for a recorded sha256 that still matches is believed (the cache is what saves the parse).
    writeFileSync(file, JSON.stringify({ ...bySha, count: count + 7 }));
    expect(statusCount(project)).toBe(count + 7);
    // An edited list has another size: counted again.
    writeFileSync(file, JSON.stringify({ ...bySha, count: count + 7, global_stat: [st.size, st.mtimeMs] }));
    writeFileSync(join(project, 'foreshadowing/global.json'), `${readFileSync(join(project, 'foreshadowing/global.json'), 'utf8')}\n`);
    expect(statusCount(project)).toBe(count);
  });
});
