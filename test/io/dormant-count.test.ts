/**
 * The dormant foreshadowing count's record (logs/.cache/dormant.json): the list's size and mtime are kept, for readers
 * to trust without hashing the list, only once that mtime has settled, on a file system with coarse stamps too.
 */
import { readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DORMANT_CACHE, GLOBAL_FORESHADOWING, recordDormantCount } from '../../src/io/dormant-count.js';
import { ProjectFs } from '../../src/io/project-fs.js';
import { cleanupTempDirs, fixtureCopy } from '../helpers/project.js';

afterAll(cleanupTempDirs);
afterEach(() => {
  vi.restoreAllMocks();
});

const entry = {
  chapter: 4,
  dormancy: { short: 10, medium: 30, long: 60 },
  global_sha256: 'a'.repeat(64),
  count: 2,
};
const recordedStat = (root: string): unknown =>
  JSON.parse(readFileSync(join(root, DORMANT_CACHE), 'utf8')).global_stat ?? null;

describe('the dormant count record', () => {
  it("keeps the list's stats only once a stamp in whole seconds (FAT's 2 s tick) is that tick old", () => {
    const root = fixtureCopy();
    const fs = new ProjectFs(root);
    // A stamp in whole seconds, as FAT, HFS+ and ext3 keep it: a second write within the tick leaves it as it is.
    utimesSync(join(root, GLOBAL_FORESHADOWING), 1_700_000_000, 1_700_000_000);
    const size = fs.stat(GLOBAL_FORESHADOWING)?.size;
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_500);
    recordDormantCount(fs, entry);
    expect(recordedStat(root)).toBeNull();
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_002_100);
    recordDormantCount(fs, entry);
    expect(recordedStat(root)).toEqual([size, 1_700_000_000_000]);
  });

  it('keeps a fine stamp once it is more than the kernel tick old', () => {
    const root = fixtureCopy();
    const fs = new ProjectFs(root);
    utimesSync(join(root, GLOBAL_FORESHADOWING), 1_700_000_000.1234, 1_700_000_000.1234);
    const mtime = fs.stat(GLOBAL_FORESHADOWING)?.mtimeMs as number;
    vi.spyOn(Date, 'now').mockReturnValue(mtime + 5);
    recordDormantCount(fs, entry);
    expect(recordedStat(root)).toBeNull();
    vi.spyOn(Date, 'now').mockReturnValue(mtime + 50);
    recordDormantCount(fs, entry);
    expect(recordedStat(root)).toEqual([fs.stat(GLOBAL_FORESHADOWING)?.size, mtime]);
  });
});
