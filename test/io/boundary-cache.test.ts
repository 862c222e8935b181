/** The stat signature of the final trees: what a reader's check looks at, and what it leaves to the full check. */
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { boundaryUnchanged } from '../../src/io/boundary-cache.js';
import { ProjectFs } from '../../src/io/project-fs.js';
import type { Checkpoint } from '../../src/schemas/checkpoint.js';
import { cleanupTempDirs, fixtureCopy, novel } from '../helpers/project.js';

afterAll(cleanupTempDirs);

/** The fixture book with its signature recorded (a mutating command ran), opened. */
async function recorded(): Promise<{ root: string; fs: ProjectFs; cp: Checkpoint }> {
  const root = fixtureCopy();
  expect((await novel(root, ['state', 'verify', '--accept'])).code).toBe(0);
  const cp = JSON.parse(readFileSync(join(root, '.checkpoint.json'), 'utf8')) as Checkpoint;
  return { root, fs: new ProjectFs(root), cp };
}

describe("a reader's stat check", () => {
  it('passes over an edit of a future chapter contract, which a mutating command still sees', async () => {
    const { root, fs, cp } = await recorded();
    expect([boundaryUnchanged(fs, cp), boundaryUnchanged(fs, cp, true)]).toEqual([true, true]);
    appendFileSync(join(root, 'volumes/vol-01/chapter-contracts/chapter-010.json'), '\n');
    expect([boundaryUnchanged(fs, cp), boundaryUnchanged(fs, cp, true)]).toEqual([false, true]);
    // The reader goes on; the next mutating command records the edit.
    expect((await novel(root, ['next'])).code).toBe(0);
  });

  it('still sees an edit of a committed chapter, and the reader refuses it', async () => {
    const { root, fs, cp } = await recorded();
    appendFileSync(join(root, 'chapters/chapter-003.md'), '改\n');
    expect([boundaryUnchanged(fs, cp), boundaryUnchanged(fs, cp, true)]).toEqual([false, false]);
    expect((await novel(root, ['next'])).code).not.toBe(0);
  });
});
