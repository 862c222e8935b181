/**
 * `novel export`: the committed chapters of a book as one txt, Markdown or
 * EPUB 3 file. Pure: chapters, volumes and metadata in, bytes out; the same
 * book always gives the same bytes (EPUB's dcterms:modified comes from the
 * book, and the zip carries a fixed time).
 */
import { paths } from './paths.js';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { createHash } from 'node:crypto';
import { chapterBody } from './zishu.js';
import { proseHtml, proseParagraphs } from './prose-markdown.js';

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
  /** The book's blurb (brief.md's 简介): EPUB dc:description and the title page. */
  description?: string;
  /** cover.jpg or cover.png at the project root; without one the EPUB gets a generated SVG cover. */
  cover?: { bytes: Uint8Array; type: 'image/jpeg' | 'image/png' };
}

export function splitChapter(chapter: number, volume: number, text: string): ExportChapter {
  const first = text.split(/\r?\n/).find((l) => /\S/.test(l)) ?? '';
  const title = first.startsWith('# ') ? first.slice(2).trim() : `第${chapter}章`;
  return { chapter, volume, title, body: chapterBody(text).trim() };
}

const paragraphs = (body: string): string[] =>
  body
    .split(/\r?\n\s*\r?\n|\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);

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
    for (const c of g.chapters)
      lines.push(
        c.title,
        '',
        ...proseParagraphs(c.body).flatMap((p) => [p.kind === 'break' ? `　　　　　　${p.text}` : `　　${p.text}`, '']),
      );
  }
  const text = `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
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

const xml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A stable identifier per book: a name-based UUID from its title and author. */
export function bookIdentifier(meta: Pick<BookMeta, 'title' | 'author'>): string {
  const h = createHash('sha256').update(`novel-book\u0000${meta.title}\u0000${meta.author}`).digest('hex');
  const v =
    `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-` +
    `${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
  return `urn:uuid:${v}`;
}

function xhtml(lang: string, title: string, body: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" ` +
    `xml:lang="${xml(lang)}" lang="${xml(lang)}">
<head>
<meta charset="UTF-8"/>
<title>${xml(title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body>
${body}
</body>
</html>
`
  );
}

/** A CJK font stack (what the reader has, Songti first for prose), centred headings, indented paragraphs. */
const STYLE = [
  'body { line-height: 1.8; font-family: "Noto Serif CJK SC", "Source Han Serif SC", "Songti ' +
    'SC", STSong, SimSun, "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", serif; }',
  'h1, h2 { text-align: center; }',
  'p { text-indent: 2em; margin: 0 0 0.6em 0; }',
  'blockquote { margin: 0.8em 2em; color: #444; }',
  'p.scene-break { text-align: center; text-indent: 0; margin: 1.2em 0; }',
  '.titlepage { text-align: center; margin-top: 30%; }',
  '.titlepage p { text-indent: 0; }',
  '.cover { text-align: center; margin: 0; padding: 0; }',
  '.cover img { max-width: 100%; max-height: 100%; }',
  '',
].join('\n');

/** A cover drawn from the title and author when the author gave none (SVG, deterministic). */
function svgCover(meta: BookMeta): string {
  const title = xml(meta.title);
  const size = Math.max(48, Math.min(120, Math.floor(1000 / Math.max(1, [...meta.title].length))));
  return (
    `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1800" viewBox="0 0 1200 1800">
<rect width="1200" height="1800" fill="#1f2a36"/>
<rect x="60" y="60" width="1080" height="1680" fill="none" stroke="#c9a45c" stroke-width="6"/>
<text x="600" y="780" text-anchor="middle" font-size="${size}" fill="#f3ead7" ` +
    `font-family="Noto Serif CJK SC, Songti SC, SimSun, serif">${title}</text>
<text x="600" y="1000" text-anchor="middle" font-size="56" fill="#c9a45c" font-family="Noto ` +
    `Serif CJK SC, Songti SC, SimSun, serif">${xml(meta.author)}</text>
</svg>
`
  );
}

export function exportEpub(meta: BookMeta, chapters: readonly ExportChapter[]): Uint8Array {
  const lang = meta.language;
  const files: Zippable = {};
  // A fixed time inside the zip: the same book gives the same bytes.
  const mtime = new Date('2000-01-01T00:00:00Z');
  const add = (path: string, text: string, level: 0 | 9 = 9): void => {
    files[path] = [strToU8(text), { level, mtime }];
  };
  add('mimetype', 'application/epub+zip', 0);
  add(
    'META-INF/container.xml',
    `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`,
  );
  add('OEBPS/style.css', STYLE);
  const manifest: string[] = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="css" href="style.css" media-type="text/css"/>',
  ];
  const spine: string[] = [];
  const toc: string[] = [];
  // The cover: the author's own image, or one drawn from the title.
  const cover = meta.cover
    ? { href: meta.cover.type === 'image/png' ? 'cover.png' : 'cover.jpg', type: meta.cover.type }
    : { href: 'cover.svg', type: 'image/svg+xml' };
  if (meta.cover) files[`OEBPS/${cover.href}`] = [meta.cover.bytes, { level: 0, mtime }];
  else add(`OEBPS/${cover.href}`, svgCover(meta));
  manifest.push(`<item id="cover-image" href="${cover.href}" media-type="${cover.type}" properties="cover-image"/>`);
  add(
    'OEBPS/cover.xhtml',
    xhtml(
      lang,
      meta.title,
      `<section class="cover" epub:type="cover"><img src="${cover.href}" alt="${xml(meta.title)}"/></section>`,
    ),
  );
  manifest.push('<item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>');
  spine.push('<itemref idref="cover"/>');
  // The title page: title, author, the blurb.
  const blurb = meta.description
    ? meta.description
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean)
        .map((l) => `<p>${xml(l)}</p>`)
        .join('\n')
    : '';
  add(
    'OEBPS/titlepage.xhtml',
    xhtml(
      lang,
      meta.title,
      `<section class="titlepage" epub:type="titlepage"><h1>${xml(meta.title)}</` +
        `h1>\n<p>${xml(meta.author)}</p>${blurb ? `\n${blurb}` : ''}</section>`,
    ),
  );
  manifest.push('<item id="titlepage" href="titlepage.xhtml" media-type="application/xhtml+xml"/>');
  spine.push('<itemref idref="titlepage"/>');
  for (const g of grouped(chapters)) {
    const vid = paths.epubVolumeId(g.volume);
    const vtitle = volumeTitle(meta, g.volume);
    add(`OEBPS/${vid}.xhtml`, xhtml(lang, vtitle, `<section epub:type="part"><h1>${xml(vtitle)}</h1></section>`));
    manifest.push(`<item id="${vid}" href="${vid}.xhtml" media-type="application/xhtml+xml"/>`);
    spine.push(`<itemref idref="${vid}"/>`);
    const items: string[] = [];
    for (const c of g.chapters) {
      const id = paths.epubChapterId(c.chapter);
      const body = proseHtml(c.body);
      add(
        `OEBPS/${id}.xhtml`,
        xhtml(lang, c.title, `<section epub:type="chapter"><h2>${xml(c.title)}</h2>\n${body}\n</section>`),
      );
      manifest.push(`<item id="${id}" href="${id}.xhtml" media-type="application/xhtml+xml"/>`);
      spine.push(`<itemref idref="${id}"/>`);
      items.push(`<li><a href="${id}.xhtml">${xml(c.title)}</a></li>`);
    }
    toc.push(`<li><a href="${vid}.xhtml">${xml(vtitle)}</a>\n<ol>\n${items.join('\n')}\n</ol>\n</li>`);
  }
  add(
    'OEBPS/nav.xhtml',
    xhtml(
      lang,
      meta.title,
      `<nav epub:type="toc" id="toc"><h1>${xml(meta.title)}</h1>\n<ol>\n${toc.join('\n')}\n</ol>\n</nav>`,
    ),
  );
  add(
    'OEBPS/content.opf',
    `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="bookid" xml:lang="${xml(lang)}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="bookid">${bookIdentifier(meta)}</dc:identifier>
<dc:title>${xml(meta.title)}</dc:title>
<dc:creator>${xml(meta.author)}</dc:creator>
<dc:language>${xml(lang)}</dc:language>${
      meta.description ? `\n<dc:description>${xml(meta.description.replace(/\s+/g, ' ').trim())}</dc:description>` : ''
    }
<meta property="dcterms:modified">${meta.modified}</meta>
</metadata>
<manifest>
${manifest.join('\n')}
</manifest>
<spine>
${spine.join('\n')}
</spine>
</package>
`,
  );
  return zipSync(files);
}
