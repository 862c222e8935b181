/**
 * The bundle's writer shims (scripts/shims/lazy-write-file-atomic.cjs, lazy-signal-exit.cjs): loading one loads
 * nothing, and the first use loads the real module and does what it does.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/project.js';

afterAll(cleanupTempDirs);

const shim = (name: string): string => join(process.cwd(), 'scripts/shims', name);

/** In a fresh process: whether the real module is loaded after the shim is, and after its first use. */
const probe = `
const loaded = (part) => Object.keys(require.cache).some((k) => k.includes(part));
const [atomicShim, exitShim, file] = process.argv.slice(1);
const writeFileAtomic = require(atomicShim);
const { onExit } = require(exitShim);
const before = [loaded('/write-file-atomic/'), loaded('/signal-exit/')];
writeFileAtomic.sync(file, '第1章\\n');
const remove = onExit(() => undefined);
const after = [loaded('/write-file-atomic/'), loaded('/signal-exit/'), typeof remove];
remove();
console.log(JSON.stringify({ before, after, sync: typeof writeFileAtomic.sync }));
`;

describe('the writer shims of the bundle', () => {
  it('load write-file-atomic and signal-exit at their first use, and write as they do', () => {
    const file = join(tempDir(), 'out.md');
    const out = execFileSync(
      process.execPath,
      ['-e', probe, shim('lazy-write-file-atomic.cjs'), shim('lazy-signal-exit.cjs'), file],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(out)).toEqual({ before: [false, false], after: [true, true, 'function'], sync: 'function' });
    expect(readFileSync(file, 'utf8')).toBe('第1章\n');
  });
});
