/**
 * A long book (scripts/lib/synthetic-book.mjs, deterministic from a seed): what
 * keeps every command's cost flat as it grows, through the built CLI — the
 * fingerprint in segments, the changelog appended in place, the book ledger
 * behind `status`, and leftovers of interrupted writes swept without listing
 * the book again.
 */
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a JavaScript module of the benchmark scripts
import { writeSyntheticBook } from '../../scripts/lib/synthetic-book.mjs';
import { cleanupTempDirs, novelBin, readJson, tempDir } from '../helpers/project.js';

afterAll(cleanupTempDirs);

const CHAPTERS = 250;
const NEXT = CHAPTERS + 1;

/** A book of 250 committed chapters, chapter 251 staged and judged, the fingerprint recorded as novel records it. */
function longBook(): string {
  const dir = writeSyntheticBook(tempDir('novel-long-'), {
    chapters: CHAPTERS,
    characters: 300,
    foreshadowing: 50,
    seed: 7,
    judged: true,
  }) as string;
  rmSync(join(dir, '.novel'), { recursive: true, force: true });
  expect(novelBin(dir, ['state', 'verify', '--accept']).code).toBe(0);
  return dir;
}

const json = (r: { stdout: string }) => JSON.parse(r.stdout);

describe('a long book', () => {
  it('keeps the fingerprint in segments: a commit rewrites the main map and one segment, and the book verifies', () => {
    const dir = longBook();
    const main = readJson(join(dir, '.novel/fingerprint.json'));
    expect(main.segments).toEqual(['chapters-00101', 'chapters-00201']);
    expect(Object.keys(main.files)).toContain('chapters/chapter-001.md');
    expect(Object.keys(main.files)).not.toContain('chapters/chapter-150.md');
    expect(main.files['state/changelog.jsonl']).toMatch(/^tail:\d+:[0-9a-f]{64}$/);
    expect(Object.keys(readJson(join(dir, '.novel/fingerprint/chapters-00101.json')).files)).toContain(
      'chapters/chapter-150.md',
    );
    const older = statSync(join(dir, '.novel/fingerprint/chapters-00101.json')).mtimeMs;
    const r = novelBin(dir, ['commit', '--chapter', String(NEXT), '--json']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(statSync(join(dir, '.novel/fingerprint/chapters-00101.json')).mtimeMs).toBe(older);
    expect(Object.keys(readJson(join(dir, '.novel/fingerprint/chapters-00201.json')).files)).toContain(
      `chapters/chapter-${NEXT}.md`,
    );
    const v = novelBin(dir, ['state', 'verify', '--json']);
    expect(v.code, v.stdout).toBe(0);
    expect(json(v).data.files).toEqual({ added: [], removed: [], changed: [] });
  });

  it(
    'appends the changelog line in place (the file is never ' +
      'rewritten), and a line added by hand is refused by name',
    () => {
      const dir = longBook();
      const before = statSync(join(dir, 'state/changelog.jsonl'));
      expect(novelBin(dir, ['commit', '--chapter', String(NEXT)]).code).toBe(0);
      const after = statSync(join(dir, 'state/changelog.jsonl'));
      expect(after.ino).toBe(before.ino);
      expect(after.size).toBeGreaterThan(before.size);
      const lines = readFileSync(join(dir, 'state/changelog.jsonl'), 'utf8').trim().split('\n');
      expect(lines).toHaveLength(NEXT);
      expect(JSON.parse(lines.at(-1) as string).chapter).toBe(NEXT);
      writeFileSync(
        join(dir, 'state/changelog.jsonl'),
        `${readFileSync(join(dir, 'state/changelog.jsonl'), 'utf8')}{"chapter":999,"ops":[]}\n`,
      );
      const next = novelBin(dir, ['next', '--json']);
      expect(next.code).toBe(2);
      expect(json(next).error.message).toContain('state/changelog.jsonl');
    },
  );

  it(
    'status reads the book ledger; with a missing or stale one it reads no chapter (totals null, a hint), ' +
      'and the next commit writes it again',
    () => {
      const dir = longBook();
      const totals = (d: string) => json(novelBin(d, ['status', '--json'])).data.totals;
      const fromLedger = totals(dir);
      expect(fromLedger).toMatchObject({
        chapters: CHAPTERS,
        input_tokens: CHAPTERS * 1000,
        output_tokens: CHAPTERS * 2000,
      });
      rmSync(join(dir, 'logs/book-ledger.json'));
      expect(totals(dir)).toBeNull();
      writeFileSync(
        join(dir, 'logs/book-ledger.json'),
        JSON.stringify({ ...fromLedger, last_completed_chapter: 12, chapters: 1 }),
      );
      expect(totals(dir)).toBeNull();
      expect(novelBin(dir, ['commit', '--chapter', String(NEXT)]).code).toBe(0);
      const ledger = readJson(join(dir, 'logs/book-ledger.json'));
      expect(ledger).toMatchObject({ last_completed_chapter: NEXT, chapters: CHAPTERS + 1 });
      expect(totals(dir)).toMatchObject({ chapters: CHAPTERS + 1, zishu: ledger.zishu });
    },
  );

  it('sweeps the leftovers of interrupted writes wherever they appear, without listing unchanged directories', () => {
    const dir = longBook();
    // What a write killed half-way leaves: FILE.<digits> beside its target.
    const leftovers = ['chapters/chapter-010.md.123456', 'logs/chapter-010-log.json.42', 'state/current-state.json.7'];
    for (const rel of leftovers) writeFileSync(join(dir, rel), 'partial');
    expect(novelBin(dir, ['commit', '--chapter', String(NEXT)]).code).toBe(0);
    for (const rel of leftovers) expect(existsSync(join(dir, rel)), rel).toBe(false);
    // The record the sweep keeps: every directory novel writes in, with its mtime.
    const record = readJson(join(dir, 'logs/.cache/sweep.json'));
    expect(Object.keys(record.dirs)).toEqual(expect.arrayContaining(['chapters', 'logs', 'state', 'staging']));
    // As the directories are after the commit: those it wrote in stat'ed again, the others as the sweep saw them
    // (logs/.cache aside: writing the record itself changes it). The copies' shards, which take only whole
    // files by rename, are left out: only a full sweep lists them.
    const shard = (rel: string): boolean => /^\.novel\/objects\/[0-9a-f]{2}$/.test(rel);
    expect(readdirSync(join(dir, '.novel/objects')).some((n) => shard(`.novel/objects/${n}`))).toBe(true);
    for (const [rel, e] of Object.entries(record.dirs as Record<string, { m: number; d: string[] }>)) {
      expect(shard(rel), rel).toBe(false);
      if (rel === 'logs/.cache') continue;
      expect(e.m, rel).toBe(lstatSync(join(dir, rel)).mtimeMs);
      const subdirs = readdirSync(join(dir, rel), { withFileTypes: true }).filter(
        (x) => x.isDirectory() && !shard(`${rel}/${x.name}`),
      );
      expect(e.d, rel).toEqual(subdirs.map((x) => x.name).sort());
    }
    expect(record.dirs['.novel/objects']).toBeDefined();
    expect(readdirSync(join(dir, 'chapters')).filter((n) => /\.\d+$/.test(n))).toEqual([]);
  });
});

describe('a long book novel did not write itself', () => {
  it('without a ledger, status says once how to build it; any mutating command builds it, the same totals', () => {
    const dir = longBook();
    const ledger = readJson(join(dir, 'logs/book-ledger.json'));
    rmSync(join(dir, 'logs/book-ledger.json'));
    const before = novelBin(dir, ['status']);
    expect(before.code).toBe(0);
    expect(before.stdout).toContain(`book: ${CHAPTERS} chapter(s) committed; its totals`);
    expect(before.stdout).toContain('novel state verify --accept');
    expect(json(novelBin(dir, ['status', '--json'])).data.totals).toBeNull();
    // A reader never writes it.
    expect(existsSync(join(dir, 'logs/book-ledger.json'))).toBe(false);
    expect(novelBin(dir, ['state', 'verify', '--accept']).code).toBe(0);
    expect(readJson(join(dir, 'logs/book-ledger.json'))).toEqual(ledger);
    expect(json(novelBin(dir, ['status', '--json'])).data.totals).toMatchObject({ zishu: ledger.zishu });
    // Another mutating command builds it too: the commit of the chapter in flight, on top of the book's totals.
    rmSync(join(dir, 'logs/book-ledger.json'));
    expect(novelBin(dir, ['commit', '--chapter', String(NEXT)]).code).toBe(0);
    const after = readJson(join(dir, 'logs/book-ledger.json'));
    expect(after.last_completed_chapter).toBe(NEXT);
    expect(after.zishu).toBeGreaterThan(ledger.zishu);
  });
});
