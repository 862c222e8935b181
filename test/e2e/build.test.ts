/**
 * The built bin and its code caches (scripts/build.mjs): every cache dist/cli.js
 * can pick exists and V8 accepts it for the bundle, so no command silently
 * compiles the whole bundle at every start.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/project.js';

const dist = join(REPO, 'dist');

/** The cache files dist/cli.js names, by the command word that picks each. */
function cachesOfBin(): Record<string, string> {
  const bin = readFileSync(join(dist, 'cli.js'), 'utf8');
  const table = /const own = (\{[^}]*\})\[process\.argv\[2\]\]/.exec(bin);
  expect(table, 'dist/cli.js picks a cache by the command word').not.toBeNull();
  const own = JSON.parse((table as RegExpExecArray)[1] as string) as Record<string, string>;
  return { '(any other)': 'novel.cache', ...Object.fromEntries(Object.entries(own).map(([command, group]) => [command, `novel.${group}.cache`])) };
}

describe('the code caches of the build', () => {
  it('next, status, instructions and commit have a cache of their own; every cache exists and V8 takes it (checked by a plain node)', () => {
    const caches = cachesOfBin();
    expect(Object.keys(caches).sort()).toEqual(['(any other)', 'commit', 'instructions', 'next', 'status']);
    // next and status share the reads cache; the others have their own.
    expect(caches.next).toBe(caches.status);
    expect(new Set([caches.next, caches.instructions, caches.commit, caches['(any other)']]).size).toBe(4);
    for (const file of new Set(Object.values(caches))) {
      expect(existsSync(join(dist, file)), file).toBe(true);
      // A child without vitest's flags: V8 rejects a cache made under other flags.
      const check = `const fs=require('fs'),vm=require('vm');const s=new vm.Script(fs.readFileSync(${JSON.stringify(join(dist, 'novel.cjs'))},'latin1'),{filename:${JSON.stringify(join(dist, 'novel.cjs'))},cachedData:fs.readFileSync(${JSON.stringify(join(dist, file))})});process.stdout.write(String(s.cachedDataRejected))`;
      const r = spawnSync(process.execPath, ['-e', check], { encoding: 'utf8' });
      expect([r.status, r.stdout], `${file}: ${r.stderr}`).toEqual([0, 'false']);
    }
  });
});
