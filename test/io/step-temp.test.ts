/** Step temporary directories a killed novel left behind: swept by the next, and nothing else. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepStepTemps } from '../../src/io/sandbox.js';
import { cleanupTempDirs, tempDir } from '../helpers/project.js';

afterAll(cleanupTempDirs);

describe('sweepStepTemps', () => {
  it("removes the folders of novels no longer running, and leaves other names and live novels' folders", () => {
    const tmp = tempDir();
    // A process that has ended: its pid names no running novel.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid as number;
    const gone = [`novel-step-${dead}-aB3xY9`, `novel-codex-${dead}-Zz0000`];
    for (const name of gone) mkdirSync(join(tmp, name));
    writeFileSync(join(tmp, gone[0] as string, 'left.txt'), 'x');
    const kept = [
      `novel-step-${process.pid}-live00`,
      'novel-step-aB3xY9',
      `novel-step-${dead}-short`,
      `novel-other-${dead}-aB3xY9`,
      'unrelated',
    ];
    for (const name of kept) mkdirSync(join(tmp, name));
    writeFileSync(join(tmp, `novel-step-${dead}-file00`), 'not a folder');
    kept.push(`novel-step-${dead}-file00`);
    expect(sweepStepTemps(tmp, false).sort()).toEqual(gone.map((n) => join(tmp, n)).sort());
    expect(readdirSync(tmp).sort()).toEqual(kept.sort());
    // Looked for once per process unless asked again.
    mkdirSync(join(tmp, gone[1] as string));
    expect(sweepStepTemps(tmp, false)).toEqual([join(tmp, gone[1] as string)]);
  });
});
