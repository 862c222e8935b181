/**
 * `novel import` (PROTOCOL §14) through the built CLI: every encoding a
 * Chinese TXT comes in, every heading form, noise lines and headings out of
 * sequence, a folder of chapter files, and the refusals. The imported book is
 * a valid project: `state verify` and `doctor` pass, and volume 1 is planned
 * from the chapter after the last imported one.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, novelBin, readJson, tempDir } from '../helpers/project.js';

afterAll(cleanupTempDirs);

const PARA = '夜色沉沉，山风卷过青石阶，檐角的铜铃叮当作响。他握紧了手中的残剑。';
/** A small book: a blurb, headings in three forms, a noise line and a quoted heading out of sequence. */
const BOOK = [
  '《逆鳞》',
  '简介：少年持剑入江湖。',
  '',
  '第一章 雨夜',
  `　　${PARA}`,
  '第3章节奏说明：这一章写得快了些。',
  `　　${PARA}`,
  '',
  '第２章　残剑',
  `　　${PARA}`,
  '第一章',
  `　　${PARA}`,
  '第三章',
  `　　${PARA}`,
  '第十二章 跳到这里',
  `　　${PARA}`,
  '第4章：冬至',
  `　　${PARA}`,
].join('\r\n');

function utf16be(text: string): Buffer {
  const le = Buffer.from(text, 'utf16le');
  for (let i = 0; i + 1 < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1] as number, le[i] as number];
  return le;
}
const ENCODINGS: Array<[string, Buffer, string]> = [
  ['utf-8', Buffer.from(BOOK, 'utf8'), 'utf-8'],
  ['utf-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(BOOK, 'utf8')]), 'utf-8-bom'],
  ['utf-16le with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(BOOK, 'utf16le')]), 'utf-16le'],
  ['utf-16be with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(BOOK)]), 'utf-16be'],
  ['utf-16le without BOM', Buffer.from(BOOK, 'utf16le'), 'utf-16le'],
];

function gbk(text: string): Buffer {
  // GB18030 bytes through iconv where the platform has it; the test skips that case otherwise.
  const { spawnSync } = require('node:child_process') as typeof import('node:child_process');
  const r = spawnSync('iconv', ['-f', 'UTF-8', '-t', 'GB18030'], { input: text });
  return r.status === 0 ? r.stdout : Buffer.alloc(0);
}

function importOf(bytes: Buffer, name = 'book.txt'): { dir: string; r: ReturnType<typeof novelBin> } {
  const root = tempDir();
  const file = join(root, name);
  writeFileSync(file, bytes);
  const dir = join(root, 'project');
  return { dir, r: novelBin(root, ['import', file, '--project', dir, '--json']) };
}

describe('novel import', () => {
  it.each(ENCODINGS)('%s: the same chapters, titles and report', (_name, bytes, encoding) => {
    const { dir, r } = importOf(bytes);
    expect(r.code, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout).data;
    expect(data).toMatchObject({
      created: true,
      encoding,
      chapters: 4,
      first_title: '第一章 雨夜',
      last_title: '第4章：冬至',
      preface_lines: 2,
    });
    // The quoted 第一章 and the jump to 第十二章 are prose; 第3章节奏说明 is never a heading, only listed as like one.
    expect(data.skipped.map((s: { text: string; reason: string }) => [s.text, s.reason])).toEqual([
      ['第3章节奏说明：这一章写得快了些。', 'heading_like'],
      ['第一章', 'out_of_sequence'],
      ['第十二章 跳到这里', 'out_of_sequence'],
    ]);
    expect(readdirSync(join(dir, 'chapters')).sort()).toEqual([
      'chapter-001.md',
      'chapter-002.md',
      'chapter-003.md',
      'chapter-004.md',
    ]);
    expect(readFileSync(join(dir, 'chapters/chapter-002.md'), 'utf8')).toBe(
      `# 第２章 残剑\n\n${PARA}\n\n第一章\n\n${PARA}\n`,
    );
    expect(readFileSync(join(dir, 'chapters/chapter-001.md'), 'utf8')).toContain('第3章节奏说明');
    expect(readJson(join(dir, 'logs/import-report.json'))).toMatchObject({ chapters: 4, encoding });
  });

  it('GBK (GB18030) with Chinese numerals up to 第一千零一章', () => {
    const text = ['第一千章 前夜', PARA, '第一千零一章 天明', PARA].join('\n');
    const bytes = gbk(text);
    if (bytes.length === 0) return; // no iconv here
    // A book that starts at chapter 1000: its first heading may take any number.
    const { dir, r } = importOf(bytes);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).data).toMatchObject({
      encoding: 'gb18030',
      chapters: 2,
      first_title: '第一千章 前夜',
      last_title: '第一千零一章 天明',
    });
    expect(readFileSync(join(dir, 'chapters/chapter-002.md'), 'utf8')).toMatch(/^# 第一千零一章 天明\n/);
  });

  it(
    'the imported book is a project: verified, healthy, one 字数, ' +
      'caught up, then volume 1 planned from the next chapter',
    () => {
      const { dir, r } = importOf(Buffer.from(BOOK, 'utf8'));
      expect(r.code, r.stderr).toBe(0);
      expect(novelBin(dir, ['state', 'verify']).code).toBe(0);
      expect(novelBin(dir, ['doctor']).code).toBe(0);
      expect(novelBin(dir, ['next']).stdout).toBe('import:001:summarize\n');
      // No log per imported chapter until its catch-up commit; the book's totals are in the ledger, the same as the
      // report's and the table's.
      expect(readdirSync(join(dir, 'logs')).filter((f) => f.startsWith('chapter-'))).toEqual([]);
      const imported = JSON.parse(r.stdout).data.zishu;
      expect(readJson(join(dir, 'logs/book-ledger.json'))).toMatchObject({ chapters: 4, zishu: imported });
      const before = JSON.parse(novelBin(dir, ['chapters', '--json']).stdout).data;
      expect(before.rows.map((x: { title: string }) => x.title)).toEqual([
        '第一章 雨夜',
        '第２章 残剑',
        '第三章',
        '第4章：冬至',
      ]);
      expect(before.total).toMatchObject({ zishu: imported });
      const caught = novelBin(dir, ['run', '--executor', 'demo', '--until', 'volume:01:plan']);
      expect(caught.code, caught.stderr).toBe(0);
      expect(readdirSync(join(dir, 'summaries')).sort()).toEqual([
        'chapter-001-summary.md',
        'chapter-002-summary.md',
        'chapter-003-summary.md',
        'chapter-004-summary.md',
      ]);
      expect(novelBin(dir, ['state', 'verify']).code).toBe(0);
      expect(novelBin(dir, ['next']).stdout).toBe('volume:01:plan\n');
      const n = JSON.parse(novelBin(dir, ['next', '--json']).stdout).data;
      expect(n.reason).toMatch(/chapters 5–/);
      const rows = JSON.parse(novelBin(dir, ['chapters', '--json']).stdout).data.rows;
      expect(rows.map((x: { title: string }) => x.title)).toEqual([
        '第一章 雨夜',
        '第２章 残剑',
        '第三章',
        '第4章：冬至',
      ]);
      const zishu = rows.reduce((a: number, x: { zishu: number }) => a + x.zishu, 0);
      expect(JSON.parse(r.stdout).data.zishu).toBe(zishu);
      // Each catch-up log carries its chapter's title and 字数; the book's totals count each chapter once.
      const log = readJson(join(dir, 'logs/chapter-002-log.json'));
      expect(log).toMatchObject({ imported: true, caught_up: true, title: '第２章 残剑', zishu: rows[1].zishu });
      expect(JSON.parse(novelBin(dir, ['status', '--json']).stdout).data.totals).toMatchObject({ chapters: 4, zishu });
    },
  );

  it('a folder of chapter files, in the order of the numbers in their names', () => {
    const root = tempDir();
    const src = join(root, 'src');
    mkdirSync(src);
    writeFileSync(join(src, '10.txt'), `第十章 十\n${PARA}\n`);
    writeFileSync(join(src, '2.txt'), `第二章 二\n${PARA}\n`);
    writeFileSync(join(src, '1.md'), `# 开篇\n\n${PARA}\n`);
    writeFileSync(join(src, 'notes.json'), '{}');
    const dir = join(root, 'project');
    const r = novelBin(root, ['import', src, '--project', dir, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).data).toMatchObject({ chapters: 3, first_title: '开篇', last_title: '第十章 十' });
    expect(readFileSync(join(dir, 'chapters/chapter-002.md'), 'utf8')).toBe(`# 第二章 二\n\n${PARA}\n`);
  });

  it(
    'into an init-ed project without chapters; refused for a project ' +
      'with chapters, a non-empty folder, and a text with no heading',
    () => {
      const root = tempDir();
      const file = join(root, 'book.txt');
      writeFileSync(file, BOOK);
      const fresh = join(root, 'fresh');
      expect(novelBin(root, ['init', fresh]).code).toBe(0);
      expect(novelBin(root, ['import', file, '--project', fresh]).code).toBe(0);
      const again = novelBin(root, ['import', file, '--project', fresh]);
      expect(again.code).toBe(2);
      expect(again.stderr).toMatch(/already has chapters/);
      const demo = join(root, 'demo');
      expect(novelBin(root, ['init', '--demo', demo]).code).toBe(0);
      expect(novelBin(root, ['import', file, '--project', demo]).code).toBe(2);
      const busy = join(root, 'busy');
      mkdirSync(busy);
      writeFileSync(join(busy, 'x.txt'), 'x');
      expect(novelBin(root, ['import', file, '--project', busy]).code).toBe(2);
      expect(existsSync(join(busy, '.checkpoint.json'))).toBe(false);
      writeFileSync(join(root, 'none.txt'), '只有正文，没有章节标题。\n');
      const none = novelBin(root, ['import', join(root, 'none.txt'), '--project', join(root, 'p3')]);
      expect(none.code).toBe(2);
      expect(none.stderr).toMatch(/no chapter heading/);
      const zh = novelBin(root, ['import', join(root, 'none.txt'), '--project', join(root, 'p4')], {
        LANG: 'zh_CN.UTF-8',
      });
      expect(zh.stderr).toMatch(/没有找到章节标题/);
    },
  );
});

describe('import of hostile sources (PROTOCOL §17)', () => {
  const utf8Chapter = (n: number): string => `第${n}章 雨夜\n林默推开门，雨声正大，灯火在风里摇晃。\n`;

  it(
    'a symbolic link (dangling or not), a directory among the chapter files, ' +
      'a FIFO and a device: exit 2 naming it, nothing read, nothing written',
    async () => {
      const { execFileSync } = await import('node:child_process');
      const { symlinkSync } = await import('node:fs');
      const base = tempDir();
      const outside = join(base, 'outside.txt');
      writeFileSync(outside, utf8Chapter(1));
      symlinkSync(outside, join(base, 'link.txt'));
      symlinkSync(join(base, 'nowhere.txt'), join(base, 'dangling.txt'));
      execFileSync('mkfifo', [join(base, 'fifo.txt')]);
      const folder = join(base, 'folder');
      mkdirSync(join(folder, 'chapter-2.txt'), { recursive: true });
      writeFileSync(join(folder, 'chapter-1.txt'), utf8Chapter(1));
      const linked = join(base, 'linked-folder');
      mkdirSync(linked);
      writeFileSync(join(linked, 'chapter-1.txt'), utf8Chapter(1));
      symlinkSync(outside, join(linked, 'chapter-2.txt'));
      for (const [source, found] of [
        [join(base, 'link.txt'), 'link'],
        [join(base, 'dangling.txt'), 'link'],
        [join(base, 'fifo.txt'), 'other'],
        ['/dev/zero', 'other'],
        [folder, 'dir'],
        [linked, 'link'],
      ] as const) {
        const project = join(tempDir(), 'p');
        const r = novelBin(base, ['import', source, '--project', project, '--json']);
        expect(r.code, `${source}: ${r.stdout}${r.stderr}`).toBe(2);
        const error = JSON.parse(r.stdout).error;
        expect(error.code).toBe('source_not_regular');
        expect(error.details.found).toBe(found);
        expect(existsSync(project)).toBe(false);
      }
    },
  );

  it(
    'a text whose encodings are mixed (UTF-8 chapters, then a GBK ' +
      'one) is refused, naming the first line that is not UTF-8',
    async () => {
      const { TextEncoder } = await import('node:util');
      // 第3章 雨夜, GBK
      const gbkLine = Buffer.from([0xb5, 0xda, 0x33, 0xd5, 0xc2, 0x20, 0xd3, 0xea, 0xd2, 0xb9, 0x0a]);
      const book = join(tempDir(), 'mixed.txt');
      writeFileSync(book, Buffer.concat([new TextEncoder().encode(utf8Chapter(1) + utf8Chapter(2)), gbkLine]));
      const project = join(tempDir(), 'p');
      const r = novelBin(tempDir(), ['import', book, '--project', project, '--json']);
      expect(r.code, r.stdout + r.stderr).toBe(2);
      const error = JSON.parse(r.stdout).error;
      expect(error.code).toBe('mixed_encoding');
      expect(error.details.line).toBe(5);
      expect(error.message).toContain('line 5');
      expect(existsSync(project)).toBe(false);
    },
  );

  it('100,000 headings: refused before anything is written, naming the line of chapter 100,000 and the limit', () => {
    const lines: string[] = [];
    for (let i = 1; i <= 100_000; i++) lines.push(`第${i}章 雨${i}`, '林默推开门。');
    const book = join(tempDir(), 'long.txt');
    writeFileSync(book, `${lines.join('\n')}\n`);
    const project = join(tempDir(), 'p');
    const r = novelBin(tempDir(), ['import', book, '--project', project, '--json']);
    expect(r.code, r.stderr).toBe(2);
    const error = JSON.parse(r.stdout).error;
    expect(error).toMatchObject({ code: 'too_many_chapters', details: { line: 199_999, found: 100_000 } });
    expect(error.message).toContain('at most 99999 chapters');
    expect(error.hint).toContain('line 199999');
    expect(existsSync(project)).toBe(false);
  });

  it('takes the lock: an import into a project a run holds answers 3', () => {
    const project = join(tempDir(), 'p');
    expect(novelBin(tempDir(), ['init', project]).code).toBe(0);
    mkdirSync(join(project, '.novel.lock'));
    writeFileSync(
      join(project, '.novel.lock/info.json'),
      JSON.stringify({
        pid: process.pid,
        host: hostname(),
        started: new Date().toISOString(),
        heartbeat: new Date().toISOString(),
        chapter: null,
        owner: 'run-x',
      }),
    );
    const book = join(tempDir(), 'book.txt');
    writeFileSync(book, utf8Chapter(1) + utf8Chapter(2));
    const r = novelBin(tempDir(), ['import', book, '--project', project, '--json']);
    expect(r.code, r.stdout).toBe(3);
    expect(JSON.parse(r.stdout).error.code).toBe('lock_held');
    expect(readdirSync(join(project, 'chapters')).filter((f) => f.endsWith('.md'))).toEqual([]);
  });
});

describe("the book's shape survives import (PROTOCOL §18)", () => {
  /** 《书名》, 作者, a two-line 内容简介, then two volumes of three chapters; a heading-like line in chapter 2. */
  const SHAPED = [
    '《逆鳞》',
    '作者：江南烟雨',
    '内容简介：',
    '少年逆天改命，',
    '一剑破万法。',
    '',
    '第一卷 潜龙',
    ...[1, 2, 3].flatMap((c) => [`第${'一二三'[c - 1]}章 潜龙之${c}`, PARA, ...(c === 2 ? ['第三章节', PARA] : [])]),
    '第二卷 风起',
    '',
    ...[4, 5, 6].flatMap((c) => [`第${c}章 风起之${c}`, PARA, PARA]),
  ].join('\n');

  it('第N卷 lines become volumes with titles; 《书名》/作者/简介 become book.json; exports keep the shape', () => {
    const { dir, r } = importOf(Buffer.from(SHAPED, 'utf8'));
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout).data;
    expect(report.volumes).toEqual([
      { volume: 1, title: '第一卷 潜龙', first_chapter: 1, last_chapter: 3 },
      { volume: 2, title: '第二卷 风起', first_chapter: 4, last_chapter: 6 },
    ]);
    expect(report.book).toEqual({ title: '逆鳞', author: '江南烟雨', blurb: '少年逆天改命，\n一剑破万法。' });
    expect(report.skipped).toContainEqual({ line: 12, text: '第三章节', reason: 'heading_like' });
    expect(readJson(join(dir, 'book.json'))).toEqual({
      title: '逆鳞',
      author: '江南烟雨',
      blurb: '少年逆天改命，\n一剑破万法。',
    });
    // No volume heading is prose of the chapter before it.
    expect(readFileSync(join(dir, 'chapters/chapter-003.md'), 'utf8')).not.toContain('第二卷');
    expect(readFileSync(join(dir, 'volumes/vol-02/outline.md'), 'utf8')).toMatch(/^# 第二卷 风起\n/);
    expect(readJson(join(dir, '.checkpoint.json')).current_volume).toBe(2);
    const out = join(tempDir(), 'book.txt');
    expect(novelBin(dir, ['export', '--format', 'txt', '--out', out]).code).toBe(0);
    const lines = readFileSync(out, 'utf8')
      .split('\n')
      .filter((l) => /^(第.卷|第.章)/.test(l));
    expect(lines).toEqual([
      '第一卷 潜龙',
      '第一章 潜龙之1',
      '第二章 潜龙之2',
      '第三章 潜龙之3',
      '第二卷 风起',
      '第4章 风起之4',
      '第5章 风起之5',
      '第6章 风起之6',
    ]);
    expect(readFileSync(out, 'utf8').split('\n').slice(0, 2)).toEqual(['逆鳞', '作者：江南烟雨']);
    // The EPUB's table of contents nests each volume's own chapters under it.
    const epub = join(tempDir(), 'book.epub');
    expect(novelBin(dir, ['export', '--format', 'epub', '--out', epub]).code).toBe(0);
    const { spawnSync } = require('node:child_process') as typeof import('node:child_process');
    const nav = spawnSync('unzip', ['-p', epub, 'OEBPS/nav.xhtml'], { encoding: 'utf8' }).stdout;
    const second = nav.slice(nav.indexOf('第二卷 风起'));
    expect(second).toContain('第4章 风起之4');
    expect(second).not.toContain('第三章 潜龙之3');
    // After the catch-up, the next volume planned is the third.
    expect(novelBin(dir, ['state', 'verify']).code).toBe(0);
    const run = novelBin(dir, ['run', '--executor', 'demo', '--chapters', '1']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(readdirSync(join(dir, 'volumes'))).toEqual(['vol-01', 'vol-02', 'vol-03']);
  });
});
