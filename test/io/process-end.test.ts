import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/project.js';

afterAll(cleanupTempDirs);

const MODULE = pathToFileURL(join(process.cwd(), 'src/io/process-end.ts')).href;

/** Runs a script against src/io/process-end.ts in a fresh node; its exit code and output. */
function run(body: string): { code: number | null; stdout: string } {
  const file = join(tempDir(), 'script.mts');
  writeFileSync(file, `import { endProcess, holdProcessEnd } from ${JSON.stringify(MODULE)};\n${body}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout };
}

describe('how the process ends', () => {
  it('a finished command ends the process at once, with its code, even with a timer pending', () => {
    const r = run(`setTimeout(() => process.stdout.write('never\\n'), 200);\nendProcess(3);`);
    expect(r).toEqual({ code: 3, stdout: '' });
  });

  it('a hold (a run stopping on a signal) keeps the process until it is released; the code set last wins', () => {
    const r = run(
      `const release = holdProcessEnd();\nsetTimeout(() => { process.stdout.write('finished\\n'); ` +
        `release(); endProcess(143); }, 50);\nendProcess(0);`,
    );
    expect(r).toEqual({ code: 143, stdout: 'finished\n' });
  });
});
