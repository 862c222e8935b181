/**
 * Published and 存稿 (PROTOCOL §18) through the built CLI: novel publish
 * records what went up, status counts the 存稿 and its days of buffer, a
 * sensitive word or an uncommitted chapter is refused with nothing written,
 * a changed published chapter is named, and rewind guards what is published.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
    // A word of chapter 4's first paragraph that none of the chapters before it has.
    const before = [1, 2, 3].map((n) => readFileSync(join(dir, `chapters/chapter-00${n}.md`), 'utf8')).join('\n');
    const line = text.split('\n')[2] as string;
    const word = [...line]
      .map((_, i) => line.slice(i, i + 4))
      .find((w) => !/[，。！？“”：]/.test(w) && !before.includes(w));
    if (word === undefined) throw new Error(`no word of chapter 4 line 3 is new: ${line}`);
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

describe('export --upload', () => {
  it('one plain file per chapter as the platform takes it, 作者的话 apart; refusals write nothing', async () => {
    const dir = await book(5);
    mkdirSync(join(dir, 'notes'));
    writeFileSync(join(dir, 'notes/chapter-002-author.md'), '# 作者的话\n\n感谢**各位**的月票，明天加更！\n');
    const out = join(tempDir(), 'upload');
    const r = novelBin(dir, ['export', '--upload', '--from', '2', '--to', '4', '--out', out, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json(r).data).toMatchObject({ chapters: 3, first: 2, last: 4, notes: 1 });
    expect(readdirSync(out).sort()).toEqual([
      'chapter-002-author.txt',
      'chapter-002.txt',
      'chapter-003.txt',
      'chapter-004.txt',
    ]);
    for (const n of [2, 3, 4]) {
      const text = readFileSync(join(out, `chapter-00${n}.txt`), 'utf8');
      const [title, blank, ...rest] = text.split('\n');
      expect(title).toMatch(new RegExp(`^第${n}章 \\S`));
      expect(blank).toBe('');
      expect(text).not.toMatch(/^#|\*\*|^>|^\s*[-*] /m);
      for (const l of rest.filter((x) => x !== '')) expect(l.startsWith('\u3000\u3000')).toBe(true);
      expect(text).not.toContain('月票');
    }
    expect(readFileSync(join(out, 'chapter-002-author.txt'), 'utf8')).toBe('感谢各位的月票，明天加更！\n');
    // The files are there: not replaced without --force.
    const again = novelBin(dir, ['export', '--upload', '--from', '2', '--to', '2', '--out', out]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('chapter-002.txt');
    expect(novelBin(dir, ['export', '--upload', '--to', '2', '--out', out, '--force']).code).toBe(0);
    // Inside the project's own files: refused.
    expect(novelBin(dir, ['export', '--upload', '--out', 'chapters']).code).toBe(2);
    // A sensitive word in a 作者的话: named, nothing written.
    writeFileSync(join(dir, 'sensitive-words.json'), JSON.stringify({ words: ['加微信'] }));
    writeFileSync(join(dir, 'notes/chapter-003-author.md'), '喜欢的加微信领番外。\n');
    const fresh = join(tempDir(), 'fresh');
    const refused = novelBin(dir, ['export', '--upload', '--out', fresh, '--lang', 'zh']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('加微信');
    expect(refused.stderr).toContain('notes/chapter-003-author.md');
    expect(existsSync(fresh)).toBe(false);
  }, 120_000);

  it('a title the platform refuses stops publish and the upload, naming the chapter', async () => {
    const dir = await book(4);
    const config = JSON.parse(readFileSync(join(dir, 'novel.config.json'), 'utf8'));
    writeFileSync(
      join(dir, 'novel.config.json'),
      JSON.stringify({ ...config, quality: { ...config.quality, title: { forbidden: ['第4章'] } } }),
    );
    const pub = novelBin(dir, ['publish', '--through', '4', '--date', '2026-11-28']);
    expect(pub.code).toBe(2);
    expect(pub.stderr).toMatch(/chapter 4's title .* holds "第4章"/);
    expect(existsSync(join(dir, PUBLISHED))).toBe(false);
    const up = novelBin(dir, ['export', '--upload', '--out', join(tempDir(), 'u')]);
    expect(up.code).toBe(2);
    expect(up.stderr).toMatch(/chapter 4's title/);
  }, 120_000);
});
