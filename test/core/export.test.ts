import { strFromU8, unzipSync } from 'fflate';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookIdentifier,
  exportEpub,
  exportMarkdown,
  exportTxt,
  splitChapter,
  type BookMeta,
} from '../../src/core/export.js';

const meta = (over: Partial<BookMeta> = {}): BookMeta => ({
  title: '剑 & 雨',
  author: '某<人>',
  language: 'zh-CN',
  modified: '2025-01-02T03:04:05Z',
  volumes: new Map([[1, '第一卷 起']]),
  ...over,
});
const CHAPTERS = [
  splitChapter(1, 1, '# 第1章 雨夜\n\n林青岚推开门。\n\n**雨**很大。\n'),
  splitChapter(2, 1, '# 第2章 晨\n\n天亮了。\n\n* * *\n\n新的一天。\n'),
  splitChapter(3, 2, '正文没有标题。\n'),
];

describe('splitChapter', () => {
  it('title without "# " and the body without the title line, trimmed', () => {
    expect(splitChapter(1, 1, '\n# 第1章 雨夜  \n\n正文。\n\n')).toEqual({
      chapter: 1,
      volume: 1,
      title: '第1章 雨夜',
      body: '正文。',
    });
  });
  it('a chapter without a title line is named by its number', () => {
    expect(splitChapter(7, 2, '正文。')).toEqual({ chapter: 7, volume: 2, title: '第7章', body: '正文。' });
  });
});

describe('exportTxt', () => {
  it('title, author, volume headings, indented paragraphs, scene breaks', () => {
    const text = new TextDecoder().decode(exportTxt(meta(), CHAPTERS));
    expect(text).toBe(
      [
        '剑 & 雨',
        '作者：某<人>',
        '',
        '第一卷 起',
        '',
        '第1章 雨夜',
        '',
        '　　林青岚推开门。',
        '',
        '　　雨很大。',
        '',
        '第2章 晨',
        '',
        '　　天亮了。',
        '',
        '　　　　　　＊　＊　＊',
        '',
        '　　新的一天。',
        '',
        '第2卷',
        '',
        '第3章',
        '',
        '　　正文没有标题。',
        '',
      ].join('\n'),
    );
  });
  it('crlf line endings on request', () => {
    const text = new TextDecoder().decode(exportTxt(meta(), CHAPTERS, true));
    expect(text).toContain('\r\n');
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    expect(text.replace(/\r\n/g, '\n')).toBe(new TextDecoder().decode(exportTxt(meta(), CHAPTERS)));
  });
});

describe('exportMarkdown', () => {
  it('headings per book, volume and chapter; paragraphs as written', () => {
    const text = new TextDecoder().decode(exportMarkdown(meta(), CHAPTERS));
    expect(text).toBe(
      [
        '# 剑 & 雨',
        '',
        '作者：某<人>',
        '',
        '## 第一卷 起',
        '',
        '### 第1章 雨夜',
        '',
        '林青岚推开门。',
        '',
        '**雨**很大。',
        '',
        '### 第2章 晨',
        '',
        '天亮了。',
        '',
        '* * *',
        '',
        '新的一天。',
        '',
        '## 第2卷',
        '',
        '### 第3章',
        '',
        '正文没有标题。',
        '',
      ].join('\n'),
    );
  });
});

describe('bookIdentifier', () => {
  it('a stable version-5-shaped urn:uuid per title and author', () => {
    const id = bookIdentifier({ title: 'a', author: 'b' });
    expect(id).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(bookIdentifier({ title: 'a', author: 'b' })).toBe(id);
    expect(bookIdentifier({ title: 'a', author: 'c' })).not.toBe(id);
    // The separator keeps title and author apart.
    expect(bookIdentifier({ title: 'ab', author: '' })).not.toBe(bookIdentifier({ title: 'a', author: 'b' }));
  });
  it('property: always well-formed', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (title, author) => {
        expect(bookIdentifier({ title, author })).toMatch(
          /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        );
      }),
    );
  });
});

describe('exportEpub', () => {
  const unzip = (bytes: Uint8Array): Record<string, string> =>
    Object.fromEntries(Object.entries(unzipSync(bytes)).map(([k, v]) => [k, strFromU8(v)]));

  it('is deterministic and starts with an uncompressed mimetype', () => {
    const a = exportEpub(meta(), CHAPTERS);
    expect(Buffer.from(exportEpub(meta(), CHAPTERS)).equals(Buffer.from(a))).toBe(true);
    expect(Buffer.from(a.slice(30, 38)).toString('latin1')).toBe('mimetype');
    expect(Buffer.from(a.slice(38, 58)).toString('latin1')).toBe('application/epub+zip');
  });

  it('has the package, navigation, cover, title page, volumes and chapters', () => {
    const files = unzip(exportEpub(meta({ description: '一段\n简介 & 说明' }), CHAPTERS));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'mimetype',
        'META-INF/container.xml',
        'OEBPS/content.opf',
        'OEBPS/nav.xhtml',
        'OEBPS/cover.svg',
        'OEBPS/cover.xhtml',
        'OEBPS/titlepage.xhtml',
        'OEBPS/vol-01.xhtml',
        'OEBPS/vol-02.xhtml',
        'OEBPS/chapter-0001.xhtml',
        'OEBPS/chapter-0003.xhtml',
        'OEBPS/style.css',
      ]),
    );
    const opf = files['OEBPS/content.opf']!;
    expect(opf).toContain(`<dc:identifier id="bookid">${bookIdentifier(meta())}</dc:identifier>`);
    expect(opf).toContain('<dc:title>剑 &amp; 雨</dc:title>');
    expect(opf).toContain('<dc:creator>某&lt;人&gt;</dc:creator>');
    expect(opf).toContain('<dc:description>一段 简介 &amp; 说明</dc:description>');
    expect(opf).toContain('<meta property="dcterms:modified">2025-01-02T03:04:05Z</meta>');
    const spine = [...opf.matchAll(/<itemref idref="([^"]+)"\/>/g)].map((m) => m[1]);
    expect(spine).toEqual(['cover', 'titlepage', 'vol-01', 'chapter-0001', 'chapter-0002', 'vol-02', 'chapter-0003']);
    expect(files['OEBPS/chapter-0001.xhtml']).toContain('<h2>第1章 雨夜</h2>');
    expect(files['OEBPS/chapter-0001.xhtml']).toContain('<strong>雨</strong>');
    expect(files['OEBPS/chapter-0002.xhtml']).toContain('<p class="scene-break">＊　＊　＊</p>');
    expect(files['OEBPS/vol-02.xhtml']).toContain('<h1>第2卷</h1>');
    expect(files['OEBPS/titlepage.xhtml']).toContain('<p>一段</p>\n<p>简介 &amp; 说明</p>');
    expect(files['OEBPS/nav.xhtml']).toContain('<li><a href="chapter-0003.xhtml">第3章</a></li>');
    expect(files['OEBPS/cover.svg']).toContain('剑 &amp; 雨');
  });

  it("uses the author's cover image when given", () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const files = unzipSync(exportEpub(meta({ cover: { bytes, type: 'image/png' } }), CHAPTERS));
    expect([...files['OEBPS/cover.png']!]).toEqual([...bytes]);
    expect(files['OEBPS/cover.svg']).toBeUndefined();
    expect(strFromU8(files['OEBPS/content.opf']!)).toContain(
      '<item id="cover-image" href="cover.png" media-type="image/png" properties="cover-image"/>',
    );
    const jpg = unzipSync(exportEpub(meta({ cover: { bytes, type: 'image/jpeg' } }), CHAPTERS));
    expect(jpg['OEBPS/cover.jpg']).toBeDefined();
  });

  it('no description: no dc:description', () => {
    expect(unzip(exportEpub(meta(), CHAPTERS))['OEBPS/content.opf']).not.toContain('dc:description');
  });
});
