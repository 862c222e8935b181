/**
 * The cast as the last mutating command read it (logs/.cache/cast.json): a reader takes a file whose stats are
 * unchanged without reading it, and reads every file whose stats moved.
 */
import {
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { readBookProbe } from '../../src/io/book-probe.js';
import { CAST_CACHE, castTexts, recordCast } from '../../src/io/cast-cache.js';
import { ProjectFs } from '../../src/io/project-fs.js';
import type { Checkpoint } from '../../src/schemas/checkpoint.js';
import { cleanupTempDirs, fixtureCopy, novel, novelJson } from '../helpers/project.js';

afterAll(cleanupTempDirs);
afterEach(() => {
  vi.restoreAllMocks();
});

const BAI = 'characters/active/bai-lingshuang.json';

/** The fixture book paused before its next chapter's summary: a mutating command (the run) recorded the cast. */
async function atSummarize(): Promise<{ root: string; step: string }> {
  const root = fixtureCopy();
  expect((await novel(root, ['run', '--executor', 'demo', '--pause-after', 'draft'])).code).toBe(0);
  const step = (await novel(root, ['next'])).stdout.trim();
  expect(step).toMatch(/^chapter:\d{3}:summarize$/);
  return { root, step };
}

async function entityMap(root: string, step: string): Promise<Record<string, string>> {
  const r = await novelJson(root, ['instructions', step]);
  expect(r.code).toBe(0);
  return r.body.data.manifest.inline.entity_id_map;
}

describe('the cast cache', () => {
  it('gives a reader the packet the files give', async () => {
    const { root, step } = await atSummarize();
    expect(existsSync(join(root, CAST_CACHE))).toBe(true);
    const withCache = (await novel(root, ['instructions', step, '--json'])).stdout;
    rmSync(join(root, CAST_CACHE));
    const withoutCache = (await novel(root, ['instructions', step, '--json'])).stdout;
    expect(withCache).toBe(withoutCache);
    expect(JSON.parse(withCache).data.manifest.inline.entity_id_map['bai-lingshuang']).toBe('白凌霜');
  });

  it('is not believed for a file rewritten with its size and mtime put back', async () => {
    const { root, step } = await atSummarize();
    const file = join(root, BAI);
    // A whole second, which utimes sets exactly; recorded by the next mutating command once it has settled.
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    await new Promise((r) => setTimeout(r, 30));
    rmSync(join(root, CAST_CACHE));
    expect((await novel(root, ['state', 'verify', '--accept'])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(root, CAST_CACHE), 'utf8')).files[BAI][1]).toBe(1_700_000_000_000);
    const before = statSync(file);
    // The same number of bytes, the mtime set back: only the ctime (and the bytes) tell.
    writeFileSync(file, readFileSync(file, 'utf8').replace('白凌霜', '黑凌霜'));
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    expect(statSync(file).size).toBe(before.size);
    expect(statSync(file).mtimeMs).toBe(before.mtimeMs);
    expect((await entityMap(root, step))['bai-lingshuang']).toBe('黑凌霜');
  });

  it('takes a recorded text only while the stats are those recorded', async () => {
    const { root } = await atSummarize();
    const fs = new ProjectFs(root);
    // A cache whose text differs from the file: believed while the stats hold (a cache is novel's own), never after.
    const cache = JSON.parse(readFileSync(join(root, CAST_CACHE), 'utf8'));
    cache.files[BAI][4] = '{"display_name":"recorded"}';
    writeFileSync(join(root, CAST_CACHE), JSON.stringify(cache));
    expect(castTexts(fs)(BAI)).toBe('{"display_name":"recorded"}');
    writeFileSync(join(root, BAI), readFileSync(join(root, BAI)));
    expect(castTexts(fs)(BAI)).toBeUndefined();
    // A cache that does not parse is none.
    writeFileSync(join(root, CAST_CACHE), '{"v":1,"files":{');
    expect(castTexts(fs)('characters/active/du-gu-hong.json')).toBeUndefined();
  });

  it('records a file only once it has settled, and never a link', async () => {
    const root = fixtureCopy();
    const fs = new ProjectFs(root);
    symlinkSync('bai-lingshuang.json', join(root, 'characters/active/alias.json'));
    const ctime = statSync(join(root, BAI)).ctimeMs;
    // Read within the kernel's timestamp tick of the last write: a later write could leave every stat as it was.
    vi.spyOn(Date, 'now').mockReturnValue(Math.floor(ctime) + 5);
    recordCast(fs);
    const cache = join(root, CAST_CACHE);
    const racy = existsSync(cache) ? JSON.parse(readFileSync(cache, 'utf8')).files : {};
    expect(Object.keys(racy)).not.toContain(BAI);
    vi.spyOn(Date, 'now').mockReturnValue(Math.ceil(ctime) + 50);
    recordCast(fs);
    const settled = JSON.parse(readFileSync(cache, 'utf8')).files;
    expect(settled[BAI][4]).toBe(readFileSync(join(root, BAI), 'utf8'));
    expect(Object.keys(settled)).not.toContain('characters/active/alias.json');
    expect(Object.keys(settled).every((rel) => rel.endsWith('.json'))).toBe(true);
  });

  it('is kept by a mutating command that reads the cast, and made by any where there is none', async () => {
    const { root } = await atSummarize();
    const cache = join(root, CAST_CACHE);
    const entries = (): Record<string, unknown[]> => JSON.parse(readFileSync(cache, 'utf8')).files;
    const before = statSync(cache);
    // The summary's advance runs the continuity checks, which read the cast: unchanged, the record stays as it was.
    expect((await novel(root, ['run', '--executor', 'demo', '--pause-after', 'summarize'])).code).toBe(0);
    expect(statSync(cache).mtimeMs).toBe(before.mtimeMs);
    writeFileSync(join(root, BAI), readFileSync(join(root, BAI), 'utf8').replace('白凌霜', '白凌霜霜'));
    await new Promise((r) => setTimeout(r, 30));
    expect((await novel(root, ['run', '--executor', 'demo', '--pause-after', 'refine'])).code).toBe(0);
    expect(entries()[BAI]?.[4]).toContain('白凌霜霜');
    // A command that does not read the cast leaves a record as it is, and makes one where there is none.
    rmSync(cache);
    expect((await novel(root, ['state', 'verify', '--accept'])).code).toBe(0);
    expect(Object.keys(entries())).toContain(BAI);
  });

  it('is taken by readers only: a mutating command and doctor read the files', async () => {
    const { root } = await atSummarize();
    const cache = JSON.parse(readFileSync(join(root, CAST_CACHE), 'utf8'));
    cache.files[BAI][4] = '{"display_name":"recorded"}';
    writeFileSync(join(root, CAST_CACHE), JSON.stringify(cache));
    const cp = JSON.parse(readFileSync(join(root, '.checkpoint.json'), 'utf8')) as Checkpoint;
    const nameIn = (fs: ProjectFs, options: { castRecord?: boolean } = {}): unknown =>
      (readBookProbe(fs, cp, undefined, options).files().json(BAI) as { display_name: string }).display_name;
    expect(nameIn(new ProjectFs(root))).toBe('recorded');
    expect(nameIn(new ProjectFs(root), { castRecord: false })).toBe('白凌霜');
    const mutating = new ProjectFs(root);
    mutating.mutating = true;
    expect(nameIn(mutating)).toBe('白凌霜');
  });

  it('is made even for a book without a cast, so that it is not looked for again', () => {
    const root = fixtureCopy();
    for (const name of readdirSync(join(root, 'characters/active'))) rmSync(join(root, 'characters/active', name));
    recordCast(new ProjectFs(root));
    expect(JSON.parse(readFileSync(join(root, CAST_CACHE), 'utf8'))).toEqual({ v: 1, files: {} });
  });
});
