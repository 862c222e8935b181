/**
 * `novel export`: the committed chapters of a book as one txt, Markdown or
 * EPUB 3 file. Pure: chapters, volumes and metadata in, bytes out; the same
 * book always gives the same bytes (EPUB's dcterms:modified comes from the
 * book, and the zip carries a fixed time).
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import { createHash } from 'node:crypto';
import { chapterBody } from './zishu.js';

export interface ExportChapter {
  chapter: number;
  volume: number;
  /** The title line without `# `. */
  title: string;
  /** The chapter's text without its title line. */
  body: string;
}

export interface BookMeta {
  title: string;
  author: string;
  language: string;
  /** ISO time of the last commit (EPUB dcterms:modified). */
  modified: string;
  /** Volume number → heading (from the volume outline's first line). */
  volumes: ReadonlyMap<number, string>;
}

export function splitChapter(chapter: number, volume: number, text: string): ExportChapter {
  const first = text.split(/\r?\n/).find((l) => /\S/.test(l)) ?? '';
  const title = first.startsWith('# ') ? first.slice(2).trim() : `第${chapter}章`;
  return { chapter, volume, title, body: chapterBody(text).trim() };
}

const paragraphs = (body: string): string[] => body.split(/\r?\n\s*\r?\n|\r?\n/).map((p) => p.trim()).filter(Boolean);

function grouped(chapters: readonly ExportChapter[]): Array<{ volume: number; chapters: ExportChapter[] }> {
  const out: Array<{ volume: number; chapters: ExportChapter[] }> = [];
  for (const c of chapters) {
    const last = out.at(-1);
    if (last && last.volume === c.volume) last.chapters.push(c);
    else out.push({ volume: c.volume, chapters: [c] });
  }
  return out;
}

const volumeTitle = (meta: BookMeta, v: number): string => meta.volumes.get(v) ?? `第${v}卷`;

export function exportTxt(meta: BookMeta, chapters: readonly ExportChapter[], crlf = false): Uint8Array {
  const lines: string[] = [meta.title, `作者：${meta.author}`, ''];
  for (const g of grouped(chapters)) {
    lines.push('', volumeTitle(meta, g.volume), '');
    for (const c of g.chapters) lines.push(c.title, '', ...paragraphs(c.body).flatMap((p) => [`　　${p}`, '']));
  }
  const text = `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`;
  return strToU8(crlf ? text.replace(/\n/g, '\r\n') : text);
}

export function exportMarkdown(meta: BookMeta, chapters: readonly ExportChapter[]): Uint8Array {
  const lines: string[] = [`# ${meta.title}`, '', `作者：${meta.author}`, ''];
  for (const g of grouped(chapters)) {
    lines.push(`## ${volumeTitle(meta, g.volume)}`, '');
    for (const c of g.chapters) lines.push(`### ${c.title}`, '', ...paragraphs(c.body).flatMap((p) => [p, '']));
  }
  return strToU8(`${lines.join('\n').trim()}\n`);
}

const xml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A stable identifier per book: a name-based UUID from its title and author. */
export function bookIdentifier(meta: Pick<BookMeta, 'title' | 'author'>): string {
  const h = createHash('sha256').update(`novel-book\u0000${meta.title}\u0000${meta.author}`).digest('hex');
  const v = `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
  return `urn:uuid:${v}`;
}

function xhtml(lang: string, title: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${xml(lang)}" lang="${xml(lang)}">
<head>
<meta charset="UTF-8"/>
<title>${xml(title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body>
${body}
</body>
</html>
`;
}

const STYLE = 'body { line-height: 1.8; }\nh1, h2 { text-align: center; }\np { text-indent: 2em; margin: 0 0 0.6em 0; }\n';

export function exportEpub(meta: BookMeta, chapters: readonly ExportChapter[]): Uint8Array {
  const lang = meta.language;
  const files: Zippable = {};
  // A fixed time inside the zip: the same book gives the same bytes.
  const mtime = new Date('2000-01-01T00:00:00Z');
  const add = (path: string, text: string, level: 0 | 9 = 9): void => {
    files[path] = [strToU8(text), { level, mtime }];
  };
  add('mimetype', 'application/epub+zip', 0);
  add('META-INF/container.xml', `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`);
  add('OEBPS/style.css', STYLE);
  const manifest: string[] = ['<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>', '<item id="css" href="style.css" media-type="text/css"/>'];
  const spine: string[] = [];
  const toc: string[] = [];
  for (const g of grouped(chapters)) {
    const vid = `vol-${String(g.volume).padStart(2, '0')}`;
    const vtitle = volumeTitle(meta, g.volume);
    add(`OEBPS/${vid}.xhtml`, xhtml(lang, vtitle, `<section epub:type="part"><h1>${xml(vtitle)}</h1></section>`));
    manifest.push(`<item id="${vid}" href="${vid}.xhtml" media-type="application/xhtml+xml"/>`);
    spine.push(`<itemref idref="${vid}"/>`);
    const items: string[] = [];
    for (const c of g.chapters) {
      const id = `chapter-${String(c.chapter).padStart(4, '0')}`;
      const body = paragraphs(c.body).map((p) => `<p>${xml(p)}</p>`).join('\n');
      add(`OEBPS/${id}.xhtml`, xhtml(lang, c.title, `<section epub:type="chapter"><h2>${xml(c.title)}</h2>\n${body}\n</section>`));
      manifest.push(`<item id="${id}" href="${id}.xhtml" media-type="application/xhtml+xml"/>`);
      spine.push(`<itemref idref="${id}"/>`);
      items.push(`<li><a href="${id}.xhtml">${xml(c.title)}</a></li>`);
    }
    toc.push(`<li><a href="${vid}.xhtml">${xml(vtitle)}</a>\n<ol>\n${items.join('\n')}\n</ol>\n</li>`);
  }
  add('OEBPS/nav.xhtml', xhtml(lang, meta.title, `<nav epub:type="toc" id="toc"><h1>${xml(meta.title)}</h1>\n<ol>\n${toc.join('\n')}\n</ol>\n</nav>`));
  add('OEBPS/content.opf', `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="bookid" xml:lang="${xml(lang)}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="bookid">${bookIdentifier(meta)}</dc:identifier>
<dc:title>${xml(meta.title)}</dc:title>
<dc:creator>${xml(meta.author)}</dc:creator>
<dc:language>${xml(lang)}</dc:language>
<meta property="dcterms:modified">${meta.modified}</meta>
</metadata>
<manifest>
${manifest.join('\n')}
</manifest>
<spine>
${spine.join('\n')}
</spine>
</package>
`);
  return zipSync(files);
}
