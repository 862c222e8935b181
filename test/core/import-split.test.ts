import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bookOfPreface,
  volumeHeadingOf,
  chapterFromFile,
  decodeSource,
  firstMixedLine,
  headingOf,
  readingOrder,
  splitBook,
} from '../../src/core/import-split.js';
// @ts-expect-error a plain ES module of the bench scripts, without types
import { chineseNumeral, syntheticTxt } from '../../scripts/lib/synthetic-txt.mjs';

describe('import: headings, encodings, the split', () => {
  it('reads a heading in every form authors write, and nothing else', () => {
    expect(headingOf('第12章 雨夜')).toEqual({ number: 12, title: '第12章 雨夜' });
    expect(headingOf('　　第十二章　雨夜  ')).toEqual({ number: 12, title: '第十二章 雨夜' });
    expect(headingOf('第一百零二章')).toEqual({ number: 102, title: '第一百零二章' });
    expect(headingOf('第１２章：雨夜')?.number).toBe(12);
    expect(headingOf('第一千零一章 天明')?.number).toBe(1001);
    for (const prose of ['第3章节奏说明', '他翻到第3章，又合上了书。', '第三章节', '章节目录', '第章', '第0章'])
      expect(headingOf(prose), prose).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), (n) => headingOf(`第${chineseNumeral(n)}章 题`)?.number === n),
    );
  });

  it('detects the encoding: BOMs, strict UTF-8, UTF-16 without a BOM, else GB18030', () => {
    const text = '第一章 雨夜\n夜色沉沉。';
    expect(decodeSource(Buffer.from(text))).toEqual({ text, encoding: 'utf-8' });
    expect(decodeSource(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toEqual({
      text,
      encoding: 'utf-8-bom',
    });
    expect(decodeSource(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toEqual({
      text,
      encoding: 'utf-16le',
    });
    expect(decodeSource(Buffer.from(text, 'utf16le'))).toEqual({ text, encoding: 'utf-16le' });
    // 第一章 in GB18030 (GBK) bytes.
    expect(decodeSource(Buffer.from([0xb5, 0xda, 0xd2, 0xbb, 0xd5, 0xc2]))).toEqual({
      text: '第一章',
      encoding: 'gb18030',
    });
  });

  it('splits a long book: every chapter, in order, noise lines and out-of-sequence headings kept as prose', () => {
    const split = splitBook(syntheticTxt(1001, 300));
    expect(split.chapters).toHaveLength(1001);
    expect(split.chapters.map((c) => c.source_number)).toEqual(Array.from({ length: 1001 }, (_, i) => i + 1));
    expect(split.chapters[1000]?.title).toBe('第一千零一章 逆鳞之1001');
    expect(split.skipped.map((s) => [s.text, s.reason])).toEqual([
      ['第3章节奏说明：这一章写得快了些。', 'heading_like'],
      ['第五章', 'out_of_sequence'],
    ]);
    expect(split.preface_lines).toBe(2);
    expect(split.chapters[2]?.body).toContain('第3章节奏说明');
  });

  it('a small gap the source lacks is kept; a jump whose next number comes later is prose', () => {
    expect(splitBook('第1章\n甲\n第3章\n乙\n第4章\n丙').chapters.map((c) => c.source_number)).toEqual([1, 3, 4]);
    const s = splitBook('第1章\n甲\n第9章 引\n乙\n第2章\n丙');
    expect(s.chapters.map((c) => c.source_number)).toEqual([1, 2]);
    expect(s.skipped.map((x) => x.text)).toEqual(['第9章 引']);
  });

  it('a folder: reading order by the numbers in the names; each file one chapter', () => {
    expect(readingOrder(['10.txt', '2.txt', '1.md', 'b.txt', 'a.txt'])).toEqual([
      '1.md',
      '2.txt',
      '10.txt',
      'a.txt',
      'b.txt',
    ]);
    expect(chapterFromFile('第二章 二\n正文\n', '2.txt', 2)).toMatchObject({ title: '第二章 二', body: '正文' });
    expect(chapterFromFile('# 开篇\n\n正文', '1.md', 1)).toMatchObject({ title: '开篇', body: '正文' });
    expect(chapterFromFile('正文', '序章.txt', 1)).toMatchObject({ title: '序章', body: '正文' });
  });
});

describe('firstMixedLine', () => {
  const u = (s: string): Uint8Array => new TextEncoder().encode(s);
  const gbk = Uint8Array.from([0xb5, 0xda, 0x33, 0xd5, 0xc2, 0x0a]);
  it('names the first line that is not UTF-8 when others are UTF-8 Chinese beyond doubt', () => {
    expect(firstMixedLine(Uint8Array.from([...u('第1章 雨夜里的人\n'), ...gbk]))).toBe(2);
    expect(firstMixedLine(Uint8Array.from([...gbk, ...u('第1章 雨夜里的人\n')]))).toBe(1);
  });
  it('is null for one encoding throughout, or UTF-8 too short to be sure of', () => {
    expect(firstMixedLine(u('第1章 雨夜里的人\n正文。\n'))).toBeNull();
    expect(firstMixedLine(Uint8Array.from([...gbk, ...gbk]))).toBeNull();
    expect(firstMixedLine(Uint8Array.from([...u('雨夜\n'), ...gbk]))).toBeNull();
  });
});

describe('volumes and the book from the source (PROTOCOL §18)', () => {
  it('a 第N卷 line is a volume heading in every numeral form; a chapter heading or a long line is not', () => {
    expect(volumeHeadingOf('第一卷 潜龙')).toBe('第一卷 潜龙');
    expect(volumeHeadingOf('　第12卷：风起　')).toBe('第12卷：风起');
    expect(volumeHeadingOf('第３卷')).toBe('第３卷');
    expect(volumeHeadingOf('第一章 潜龙')).toBeNull();
    expect(
      volumeHeadingOf('第一卷书在桌上摊开，他看了许久许久许久许久许久许久许久许久许久许久许久许久许久许久许久许久'),
    ).toBeNull();
    expect(volumeHeadingOf(`第一卷 ${'长'.repeat(60)}`)).toBeNull();
  });

  it('chapters before the first 卷 heading make volume 1; a 卷 heading last in the text is prose', () => {
    const split = splitBook(
      ['第1章 甲', '正文', '第一卷 乙', '第2章 丙', '正文', '第3章 丁', '正文', '第二卷 完'].join('\n'),
    );
    expect(
      split.volumes.map(({ volume, title, first_chapter, last_chapter }) => [
        volume,
        title,
        first_chapter,
        last_chapter,
      ]),
    ).toEqual([
      [1, '', 1, 1],
      [2, '第一卷 乙', 2, 3],
    ]);
    expect(split.chapters.map((c) => c.volume)).toEqual([1, 2, 2]);
    expect(split.chapters[2]?.body).toContain('第二卷 完');
    expect(split.skipped).toEqual([{ line: 8, text: '第二卷 完', reason: 'heading_like' }]);
  });

  it('《书名》, 作者 and a 简介 of one or more lines are read from the preface; nothing else is', () => {
    expect(bookOfPreface(['《逆鳞》（精校版）', '作者：江南', '简介：少年持剑。'])).toEqual({
      title: '逆鳞',
      author: '江南',
      blurb: '少年持剑。',
    });
    expect(bookOfPreface(['内容简介', '', '第一行', '第二行', '', '其他'])).toEqual({ blurb: '第一行\n第二行' });
    expect(bookOfPreface(['这是一段序言。', '谁是作者？'])).toEqual({});
    expect(splitBook(['《甲》', '作者：乙', '第1章 一', '文'].join('\n')).book).toEqual({ title: '甲', author: '乙' });
  });
});
