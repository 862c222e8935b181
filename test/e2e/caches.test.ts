/** logs/.cache/: a damaged cache is treated as absent; it never decides and never fails a command. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, fixtureCopy, novelBin, overlay, readJson, treeHashes } from '../helpers/project.js';

afterAll(cleanupTempDirs);

/** The fixture with chapter 4's draft staged and advanced: every cache recorded by a mutating command. */
function withCaches(): string {
  const project = fixtureCopy();
  overlay(project, 'draft/good');
  expect(novelBin(project, ['advance', 'chapter:004:draft']).code).toBe(0);
  for (const c of ['boundary', 'staging', 'sweep']) expect(existsSync(join(project, `logs/.cache/${c}.json`)), c).toBe(true);
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
    for (const c of ['boundary', 'staging', 'sweep']) writeFileSync(join(project, `logs/.cache/${c}.json`), '{"v":1,');
    const next = novelBin(project, ['next', '--json']);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toBe(expected);
  });
});
