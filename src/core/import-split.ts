/**
 * `novel import` (PROTOCOL §14): an existing book's text as chapters. The
 * encoding is detected (a BOM, else strict UTF-8, else UTF-16 by its zero
 * bytes, else GB18030, which GBK is a subset of); the text is split at
 * chapter headings (第12章, 第十二章, 第一百零二章, full-width digits; alone on
 * the line or followed by whitespace and a title); a heading whose number
 * does not go on the ascending sequence is prose, and is reported. Pure.
 */
import { numberOf } from './chapter-number.js';
import { chapterBody, countZishu } from './zishu.js';

export type SourceEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'gb18030';

/**
 * A text whose encodings are mixed (PROTOCOL §17): some lines are UTF-8
 * Chinese beyond doubt (four or more CJK characters, every byte valid) and
 * others are not UTF-8 at all. Decoding it whole as one encoding would turn
 * one part into noise and drop chapters. The 1-based number of the first line
 * that does not decode as UTF-8, or null when the text is not mixed.
 */
export function firstMixedLine(bytes: Uint8Array): number | null {
  const strict = new TextDecoder('utf-8', { fatal: true });
  let firstBad: number | null = null;
  let sureUtf8 = false;
  let start = 0;
  let line = 1;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 0x0a) continue;
    const part = bytes.subarray(start, i);
    let ascii = true;
    for (const b of part)
      if (b >= 0x80) {
        ascii = false;
        break;
      }
    if (!ascii) {
      try {
        const text = strict.decode(part);
        if (!sureUtf8 && (text.match(/[\u4e00-\u9fff]/g) ?? []).length >= 4) sureUtf8 = true;
      } catch {
        firstBad ??= line;
      }
      if (sureUtf8 && firstBad !== null) return firstBad;
    }
    start = i + 1;
    line++;
  }
  return null;
}

export function decodeSource(bytes: Uint8Array): { text: string; encoding: SourceEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8-bom' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    /* not UTF-8 */
  }
  // UTF-16 without a BOM, or GB18030 (GBK is a subset): whichever reads the opening as Chinese text.
  const sample = bytes.subarray(0, Math.min(bytes.length, 8192) & ~1);
  const readable = (t: string): number => {
    let good = 0;
    for (const ch of t) if (/[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef\s]/.test(ch) || (ch >= ' ' && ch <= '~')) good++;
    return t.length ? good / t.length : 0;
  };
  const scored = (['utf-16le', 'utf-16be', 'gb18030'] as const).map((encoding) => ({
    encoding,
    score: readable(new TextDecoder(encoding).decode(sample)),
  }));
  const best = scored.reduce((a, b) => (b.score > a.score ? b : a));
  if (best.encoding !== 'gb18030' && best.score > 0.9 && bytes.length % 2 === 0)
    return { text: new TextDecoder(best.encoding).decode(bytes), encoding: best.encoding };
  return { text: new TextDecoder('gb18030').decode(bytes), encoding: 'gb18030' };
}

/**
 * 第 N 章 (or 第 N 回 of the classic novels), N in ASCII, full-width or Chinese numerals, then nothing or whitespace
 * (or a colon) and a title. Built from a string: the bundle stays ASCII.
 */
const HEADING = new RegExp(
  '^\u7b2c\\s*([0-9\uff10-\uff19]+|' +
    '[\u96f6\u3007\u4e00\u4e8c\u4e24\u4e09\u56db\u4e94\u516d\u4e03\u516b\u4e5d\u5341\u767e\u5343\u4e07]' +
    '+)\\s*[\u7ae0\u56de](?:[\\s\u3000:\uff1a]+(.*))?$',
);
/** 第 N 卷, then nothing or a title: a volume boundary (§18). Built from a string: the bundle stays ASCII. */
const VOLUME_HEADING = new RegExp(
  '^\u7b2c\\s*([0-9\uff10-\uff19]+|' +
    '[\u96f6\u3007\u4e00\u4e8c\u4e24\u4e09\u56db\u4e94\u516d\u4e03\u516b\u4e5d\u5341\u767e\u5343\u4e07]' +
    '+)\\s*\u5377(?:[\\s\u3000:\uff1a]+(.*))?$',
);

/** A heading may skip a few numbers the source lacks; a bigger jump, or a step back, is prose quoting a chapter. */
export const MAX_HEADING_GAP = 10;

export interface ImportedChapter {
  /** Its number in the book (1, 2, 3, … in order). */
  chapter: number;
  /** The number its heading writes. */
  source_number: number;
  /** The heading line as written (the chapter's `# ` title). */
  title: string;
  body: string;
  /** 1-based line of the heading in the source. */
  line: number;
  /** The volume it opens or belongs to (1 when the source has no 第N卷 headings). */
  volume?: number;
}

/** A 第N卷 heading of the source: a volume of the book from its first chapter on. */
export interface ImportedVolume {
  /** 1, 2, 3 … in order. */
  volume: number;
  /** The heading as written (the volume outline's `# ` title). */
  title: string;
  first_chapter: number;
  last_chapter: number;
  /** 1-based line of the heading in the source. */
  line: number;
}

/** The book's metadata from the source's opening lines (《书名》, 作者：, 简介/内容简介), when present. */
export interface ImportedBook {
  title?: string;
  author?: string;
  blurb?: string;
}

export interface SkippedLine {
  line: number;
  text: string;
  /** out_of_sequence: a heading whose number breaks the sequence; heading_like: 第三章节, a heading's look only. */
  reason: 'out_of_sequence' | 'heading_like';
}

export interface SplitBook {
  chapters: ImportedChapter[];
  /** Lines that looked like chapter headings but were kept as prose. */
  skipped: SkippedLine[];
  /** Non-empty lines before the first heading (a preface, a blurb): not imported as a chapter. */
  preface_lines: number;
  /** The source's 第N卷 headings, as volumes; [] when it has none. */
  volumes: ImportedVolume[];
  /** The book's title, author and blurb from the preface. */
  book: ImportedBook;
}

const clean = (line: string): string => line.replace(/^[\s\u3000\ufeff]+|[\s\u3000]+$/g, '');

export function headingOf(line: string): { number: number; title: string } | null {
  const t = clean(line);
  if (t.length > 60) return null;
  const m = HEADING.exec(t);
  if (!m) return null;
  const n = numberOf(m[1] as string);
  return n === null || n < 1 ? null : { number: n, title: t.replace(/\s+/g, ' ') };
}

export function volumeHeadingOf(line: string): string | null {
  const t = clean(line);
  if (t.length > 60) return null;
  const m = VOLUME_HEADING.exec(t);
  if (!m) return null;
  const n = numberOf(m[1] as string);
  return n === null || n < 1 ? null : t.replace(/\s+/g, ' ');
}

/** A short line that opens like a heading without being one (第三章节, 第12章: glued to its title). */
const HEADING_LIKE = new RegExp(
  '^\u7b2c\\s*([0-9\uff10-\uff19]+|' +
    '[\u96f6\u3007\u4e00\u4e8c\u4e24\u4e09\u56db\u4e94\u516d\u4e03\u516b\u4e5d\u5341\u767e\u5343\u4e07]' +
    '+)\\s*[\u7ae0\u56de\u5377]',
);

const BOOK_TITLE = /^\u300a([^\u300b]{1,60})\u300b/; // 《书名》
const AUTHOR = /^(?:\u4f5c\s*\u8005|\u8457)\s*[:\uff1a]\s*(.{1,40})$/; // 作者：X, 著：X
const BLURB = /^(?:\u5185\u5bb9)?\u7b80\u4ecb\s*[:\uff1a]?\s*(.*)$/; // 简介：…, 内容简介：…

/**
 * The book's title, author and blurb from the lines before the first chapter: a line opening with 《书名》, a line
 * 作者：X, and a line 简介：… or 内容简介：… with the lines after it (up to a blank line or a 卷 heading).
 */
export function bookOfPreface(preface: readonly string[]): ImportedBook {
  const book: ImportedBook = {};
  const lines = preface.map(clean);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] as string;
    const title = BOOK_TITLE.exec(l)?.[1]?.trim();
    if (title && book.title === undefined) book.title = title;
    const author = AUTHOR.exec(l)?.[1]?.trim();
    if (author && book.author === undefined) book.author = author;
    const blurb = BLURB.exec(l);
    if (blurb && book.blurb === undefined) {
      const rest: string[] = blurb[1] ? [blurb[1]] : [];
      for (let j = i + 1; j < lines.length; j++) {
        const next = lines[j] as string;
        if (next === '') {
          if (rest.length) break;
          continue;
        }
        if (volumeHeadingOf(next) || AUTHOR.test(next) || BOOK_TITLE.test(next)) break;
        rest.push(next);
      }
      if (rest.length) book.blurb = rest.join('\n');
    }
  }
  return book;
}

export function splitBook(text: string): SplitBook {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const heads = lines.map((l) => headingOf(l));
  const candidates = heads.flatMap((h, i) => (h ? [{ i, n: h.number }] : []));
  const chapters: ImportedChapter[] = [];
  const skipped: SkippedLine[] = [];
  const volumes: ImportedVolume[] = [];
  const prefaceText: string[] = [];
  // A 卷 heading seen and not yet followed by its first chapter.
  let opening: { title: string; line: number } | null = null;
  let preface = 0;
  let body: string[] = [];
  let k = 0;
  const close = (): void => {
    const last = chapters.at(-1);
    if (last)
      last.body = body
        .map(clean)
        .filter((l) => l !== '')
        .join('\n\n');
    body = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const h = heads[i];
    if (h) k++;
    const prev = chapters.at(-1)?.source_number ?? null;
    // The first heading may take any number; then each goes on the sequence: the next number, or a small
    // jump the source lacks chapters for, unless the next number itself comes a little later (then this one is prose).
    const next =
      prev === null ||
      h?.number === prev + 1 ||
      (h !== null &&
        h !== undefined &&
        h.number > prev &&
        h.number <= prev + MAX_HEADING_GAP &&
        !candidates.slice(k, k + 50).some((c) => c.n === prev + 1));
    if (h && next) {
      close();
      const chapter = chapters.length + 1;
      if (opening) {
        // Chapters before the first 卷 heading make a volume of their own.
        if (volumes.length === 0 && chapter > 1)
          volumes.push({ volume: 1, title: '', first_chapter: 1, last_chapter: chapter - 1, line: 1 });
        const last = volumes.at(-1);
        if (last) last.last_chapter = chapter - 1;
        volumes.push({ volume: volumes.length + 1, ...opening, first_chapter: chapter, last_chapter: chapter });
        opening = null;
      }
      chapters.push({ chapter, source_number: h.number, title: h.title, body: '', line: i + 1 });
      continue;
    }
    if (!h) {
      // A 卷 heading opens a volume when a chapter follows it; the last line of the book is prose.
      const volume = volumeHeadingOf(line);
      if (volume !== null && candidates.some((c) => c.i > i)) {
        opening = { title: volume, line: i + 1 };
        continue;
      }
    }
    if (h) skipped.push({ line: i + 1, text: clean(line), reason: 'out_of_sequence' });
    else if (clean(line).length <= 20 && HEADING_LIKE.test(clean(line)))
      skipped.push({ line: i + 1, text: clean(line), reason: 'heading_like' });
    if (chapters.length === 0) {
      prefaceText.push(line);
      if (clean(line) !== '') preface++;
    } else body.push(line);
  }
  close();
  const last = volumes.at(-1);
  if (last) last.last_chapter = chapters.length;
  for (const v of volumes)
    for (let c = v.first_chapter; c <= v.last_chapter; c++) (chapters[c - 1] as ImportedChapter).volume = v.volume;
  return { chapters, skipped, preface_lines: preface, volumes, book: bookOfPreface(prefaceText) };
}

/** A chapter file as novel keeps them: the heading as the `# ` title, paragraphs apart. */
export function chapterText(c: ImportedChapter): string {
  return `# ${c.title}\n\n${c.body}\n`;
}

/** One chapter from a file of a folder import: a heading on its first line gives its title, else the file's name. */
export function chapterFromFile(text: string, name: string, chapter: number): ImportedChapter {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const first = lines.findIndex((l) => clean(l) !== '');
  const h = first >= 0 ? headingOf(lines[first] as string) : null;
  const title =
    h?.title ??
    (first >= 0 && clean(lines[first] as string).startsWith('#')
      ? clean(lines[first] as string).replace(/^#+\s*/, '')
      : name.replace(/\.[^.]+$/, ''));
  const rest = h || (first >= 0 && clean(lines[first] as string).startsWith('#')) ? lines.slice(first + 1) : lines;
  return {
    chapter,
    source_number: h?.number ?? chapter,
    title,
    body: rest
      .map(clean)
      .filter((l) => l !== '')
      .join('\n\n'),
    line: 1,
  };
}

/** Folder entries in reading order: by the first number in the name, then by name. */
export function readingOrder(names: readonly string[]): string[] {
  const num = (n: string): number => Number(/\d+/.exec(n)?.[0] ?? Number.MAX_SAFE_INTEGER);
  return [...names].sort((a, b) => num(a) - num(b) || (a < b ? -1 : a > b ? 1 : 0));
}

export interface ImportReport {
  source: string;
  encoding: SourceEncoding | 'mixed';
  chapters: number;
  zishu: number;
  first_title: string | null;
  last_title: string | null;
  skipped: SkippedLine[];
  preface_lines: number;
  /** The volumes the source's 第N卷 headings made (each with its chapters). */
  volumes: Array<Omit<ImportedVolume, 'line'>>;
  /** What the opening lines gave book.json. */
  book: ImportedBook;
}

export function importReport(source: string, encoding: ImportReport['encoding'], split: SplitBook): ImportReport {
  return {
    volumes: split.volumes.map(({ line: _, ...v }) => v),
    book: split.book,
    source,
    encoding,
    chapters: split.chapters.length,
    zishu: split.chapters.reduce((a, c) => a + countZishu(chapterBody(chapterText(c))).zishu, 0),
    first_title: split.chapters[0]?.title ?? null,
    last_title: split.chapters.at(-1)?.title ?? null,
    skipped: split.skipped,
    preface_lines: split.preface_lines,
  };
}
