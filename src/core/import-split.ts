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
}

export interface SkippedLine {
  line: number;
  text: string;
  reason: 'out_of_sequence';
}

export interface SplitBook {
  chapters: ImportedChapter[];
  /** Lines that looked like chapter headings but were kept as prose. */
  skipped: SkippedLine[];
  /** Non-empty lines before the first heading (a preface, a blurb): not imported. */
  preface_lines: number;
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

export function splitBook(text: string): SplitBook {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const heads = lines.map((l) => headingOf(l));
  const candidates = heads.flatMap((h, i) => (h ? [{ i, n: h.number }] : []));
  const chapters: ImportedChapter[] = [];
  const skipped: SkippedLine[] = [];
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
      chapters.push({ chapter: chapters.length + 1, source_number: h.number, title: h.title, body: '', line: i + 1 });
      continue;
    }
    if (h) skipped.push({ line: i + 1, text: clean(line), reason: 'out_of_sequence' });
    if (chapters.length === 0) {
      if (clean(line) !== '') preface++;
    } else body.push(line);
  }
  close();
  return { chapters, skipped, preface_lines: preface };
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
}

export function importReport(source: string, encoding: ImportReport['encoding'], split: SplitBook): ImportReport {
  return {
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
