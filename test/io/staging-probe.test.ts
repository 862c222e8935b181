import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProjectFs, sha256Hex } from '../../src/io/project-fs.js';
import {
  readStagingView,
  recordStagingHashes,
  settleStagingHashes,
  STAGING_CACHE,
} from '../../src/io/staging-probe.js';
import { cleanupTempDirs, novelBin, tempDir } from '../helpers/project.js';

afterAll(cleanupTempDirs);

const cached = (root: string): Record<string, [number, number, string]> =>
  JSON.parse(readFileSync(join(root, STAGING_CACHE), 'utf8')).files;

function stagedProject(): { root: string; fs: ProjectFs } {
  const root = tempDir();
  mkdirSync(join(root, 'staging/chapters'), { recursive: true });
  mkdirSync(join(root, 'logs'), { recursive: true });
  return { root, fs: new ProjectFs(root) };
}

describe('the staging view', () => {
  it('holds the bytes read at open: a file rewritten after the open still reads as it was, text and hash', () => {
    const { root, fs } = stagedProject();
    const file = join(root, 'staging/chapters/chapter-004.md');
    writeFileSync(file, '# 第4章\n\n开时的字\n');
    writeFileSync(join(root, 'staging/chapters/chapter-005.md'), Buffer.from([0x61, 0xff]));
    const view = readStagingView(fs);
    writeFileSync(file, '# 第4章\n\n后来改的字\n');
    const f = view.files.get('staging/chapters/chapter-004.md');
    expect(f && 'text' in f ? f.text : null).toBe('# 第4章\n\n开时的字\n');
    expect(f?.sha256).toBe(sha256Hex(Buffer.from('# 第4章\n\n开时的字\n')));
    expect(f && 'text' in f ? f.text : null).toBe('# 第4章\n\n开时的字\n');
    const bad = view.files.get('staging/chapters/chapter-005.md');
    expect(bad && 'problem' in bad ? [bad.problem.code, 'text' in bad] : null).toEqual(['invalid_utf8', false]);
  });
});

describe('the staged-hash cache (logs/.cache/staging.json)', () => {
  it(
    'vouches only for files older than the racy moments before ' +
      'they were read; a later reader takes the recorded hash',
    async () => {
      // The fresh file must be read within RACY_MS (10 ms) of its write, less the kernel's timestamp
      // tick: an attempt the scheduler stretched past 3 ms (a busy machine) proves nothing and is made again.
      let attempt: { root: string; fs: ProjectFs; old: string } | null = null;
      for (let i = 0; i < 50 && !attempt; i++) {
        const { root, fs } = stagedProject();
        const old = join(root, 'staging/chapters/chapter-004.md');
        const fresh = join(root, 'staging/chapters/chapter-005.md');
        writeFileSync(old, '# 第4章\n\n旧\n');
        // The ctime cannot be set back (utimes moves it to the present): the old file is made old by waiting.
        await new Promise((resolve) => setTimeout(resolve, 40));
        const t0 = performance.now();
        writeFileSync(fresh, '# 第5章\n\n新\n');
        const view = readStagingView(fs);
        if (performance.now() - t0 > 3) continue;
        recordStagingHashes(fs, view);
        attempt = { root, fs, old };
      }
      expect(attempt, 'an attempt whose write and read of the fresh file took 3 ms at most').not.toBeNull();
      const { root, fs, old } = attempt as { root: string; fs: ProjectFs; old: string };
      const files = cached(root);
      expect(Object.keys(files)).toEqual(['staging/chapters/chapter-004.md']);
      expect(files['staging/chapters/chapter-004.md']?.[2]).toBe(sha256Hex(readFileSync(old)));
      // The record stands for the bytes as long as size and ctime stay: a reader takes it.
      const view = readStagingView(fs);
      expect(view.files.get('staging/chapters/chapter-004.md')?.sha256).toBe(
        files['staging/chapters/chapter-004.md']?.[2],
      );
      // Any write afterwards gets a newer ctime: hashed again (test/e2e/caches.test.ts puts the mtime back to the
      // nanosecond).
      writeFileSync(old, '# 第4章\n\n改\n');
      expect(readStagingView(fs).files.get('staging/chapters/chapter-004.md')?.sha256).toBe(
        sha256Hex(readFileSync(old)),
      );
    },
  );

  it('settling waits out the racy moments of files written just now, then records every staged file', async () => {
    const { root, fs } = stagedProject();
    writeFileSync(join(root, 'staging/chapters/chapter-004.md'), '# 第4章\n\n刚写的\n');
    await settleStagingHashes(fs);
    expect(Object.keys(cached(root))).toEqual(['staging/chapters/chapter-004.md']);
  });

  it(
    'settling records a file stamped later within the millisecond ' +
      'it is read in (Date.now() drops the fraction an mtime keeps)',
    async () => {
      const { root, fs } = stagedProject();
      const file = join(root, 'staging/chapters/chapter-004.md');
      writeFileSync(file, '# 第4章\n\n刚写的\n');
      const stamp = (Math.floor(Date.now()) + 0.9) / 1000;
      utimesSync(file, stamp, stamp);
      await settleStagingHashes(fs);
      expect(Object.keys(cached(root))).toEqual(['staging/chapters/chapter-004.md']);
    },
  );

  it('after a demo run paused after the judge, every staged output has its hash recorded', () => {
    const root = tempDir();
    expect(novelBin(root, ['init', '--demo', '.']).code).toBe(0);
    expect(novelBin(root, ['run', '--executor', 'demo', '--pause-after', 'judge']).code).toBe(0);
    const view = readStagingView(new ProjectFs(root));
    expect(view.files.size).toBeGreaterThan(5);
    expect(Object.keys(cached(root)).sort()).toEqual([...view.files.keys()].sort());
  });
});
