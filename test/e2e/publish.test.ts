/**
 * Published and 存稿 (PROTOCOL §18) through the built CLI: novel publish
 * records what went up, status counts the 存稿 and its days of buffer, a
 * sensitive word or an uncommitted chapter is refused with nothing written,
 * a changed published chapter is named, and rewind guards what is published.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, novelBin, novelBinAsync, tempDir } from '../helpers/project.js';
import { serve } from '../helpers/serve.js';

afterAll(cleanupTempDirs);

const json = (r: { stdout: string }) => JSON.parse(r.stdout);
const PUBLISHED = 'publishing/published.jsonl';

async function book(chapters: number): Promise<string> {
  const dir = join(tempDir(), 'serial');
  expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
  const r = await novelBinAsync(dir, ['run', '--executor', 'demo', '--to-chapter', String(chapters)]);
  expect(r.code, r.stderr).toBe(0);
  return dir;
}

describe('novel publish', () => {
  it('records chapters by date; status shows the 存稿 and the days it lasts; nothing is published twice', async () => {
    const dir = await book(8);
    expect(json(novelBin(dir, ['status', '--json'])).data.serial).toBeNull();
    const first = json(novelBin(dir, ['publish', '--through', '3', '--date', '2026-11-26', '--json'])).data;
    expect(first.published).toEqual([1, 2, 3]);
    const second = json(novelBin(dir, ['publish', '--through', '5', '--date', '2026-11-27', '--json'])).data;
    expect(second.published).toEqual([4, 5]);
    expect(json(novelBin(dir, ['publish', '--through', '5', '--json'])).data.published).toEqual([]);
    const lines = readFileSync(join(dir, PUBLISHED), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.chapter, l.date])).toEqual([
      [1, '2026-11-26'],
      [2, '2026-11-26'],
      [3, '2026-11-26'],
      [4, '2026-11-27'],
      [5, '2026-11-27'],
    ]);
    expect(lines.every((l) => /^[0-9a-f]{64}$/.test(l.sha256))).toBe(true);
    const serial = json(novelBin(dir, ['status', '--json'])).data.serial;
    // 5 chapters in the week up to 11-27: 5/7 a day; 3 chapters of 存稿 last 4.2 days.
    expect(serial).toMatchObject({
      published: 5,
      through: 5,
      stock: { chapters: 3 },
      rate_per_day: 0.71,
      days_of_buffer: 4.2,
      changed: [],
    });
    expect(serial.stock.zishu).toBeGreaterThan(6000);
    expect(json(novelBin(dir, ['chapters', '--json'])).data.serial).toEqual(serial);
    expect(novelBin(dir, ['chapters']).stdout).toContain('published: 5 chapter(s) (through chapter 5); 存稿');
    const served = await serve(dir);
    try {
      const status = (await (await fetch(`${served.base}/api/status`)).json()) as { serial: unknown };
      expect(status.serial).toEqual(serial);
    } finally {
      await served.stop();
    }
    expect(novelBin(dir, ['status', '--lang', 'zh']).stdout).toMatch(
      /已发布 5 章（至第 5 章）；存稿（已入库未发布）3 章，/,
    );
  });

  it('refuses an uncommitted chapter, a sensitive word (named, its line), a bad date: writes nothing', async () => {
    const dir = await book(5);
    const late = novelBin(dir, ['publish', '--through', '9']);
    expect(late.code).toBe(2);
    expect(late.stderr).toContain('chapter 9 is not committed (the book is committed through chapter 5)');
    const text = readFileSync(join(dir, 'chapters/chapter-004.md'), 'utf8');
    const word = text.split('\n')[2]?.slice(0, 4) as string;
    writeFileSync(join(dir, 'sensitive-words.json'), JSON.stringify({ words: [word] }));
    const refused = novelBin(dir, ['publish', '--through', '5', '--lang', 'zh']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`第 4 章含敏感词“${word}”（第 3 行）：未发布任何章节`);
    expect(existsSync(join(dir, PUBLISHED))).toBe(false);
    expect(novelBin(dir, ['publish', '--through', '3', '--date', '2026-13-45']).code).toBe(2);
    expect(novelBin(dir, ['publish', '--through', '3', '--chapter', '2']).code).toBe(2);
    expect(existsSync(join(dir, PUBLISHED))).toBe(false);
    expect(novelBin(dir, ['publish', '--through', '3']).code).toBe(0);
  });

  it('names a changed published chapter; rewind goes before the last published one only with --force', async () => {
    const dir = await book(6);
    expect(novelBin(dir, ['publish', '--through', '4', '--date', '2026-11-27']).code).toBe(0);
    const rel = join(dir, 'chapters/chapter-004.md');
    writeFileSync(rel, `${readFileSync(rel, 'utf8')}\n补了一段。\n`);
    expect(novelBin(dir, ['state', 'verify', '--accept']).code).toBe(0);
    expect(json(novelBin(dir, ['status', '--json'])).data.serial.changed).toEqual([4]);
    expect(novelBin(dir, ['status']).stdout).toContain('published_changed: chapter(s) 4 changed since');
    expect(json(novelBin(dir, ['publish', '--through', '4', '--json'])).data.published).toEqual([4]);
    expect(json(novelBin(dir, ['status', '--json'])).data.serial.changed).toEqual([]);
    const guarded = novelBin(dir, ['rewind', '--to', 'chapter:004']);
    expect(guarded.code).toBe(2);
    expect(guarded.stderr).toContain('chapter 4 is published');
    expect(guarded.stderr).toContain('rewind to chapter:005 or later, or add --force');
    expect(novelBin(dir, ['rewind', '--to', '5']).code).toBe(0);
    expect(novelBin(dir, ['rewind', '--to', 'chapter:004', '--force']).code).toBe(0);
  });
});
