/**
 * Repetition across the book (PROTOCOL §16): a chapter's shingles are its
 * 8-字 windows, taken over the body's Han characters and full-width
 * punctuation only (spaces, Latin, digits and line breaks dropped, so that a
 * passage moved to another paragraph or re-wrapped is the same passage). The
 * book's index keeps a winnowed sample of them: in every 16 consecutive
 * windows the one with the smallest hash, so that any passage shared over at
 * least 8 + 16 − 1 = 23 字 leaves a fingerprint in common. The index only
 * names candidate chapters; the findings come from comparing the texts
 * themselves:
 * - `repeated_passage`: a run of at least 50 字 that also stands in an
 *   earlier chapter;
 * - `recycled_chapter`: at least 30 % of the chapter's shingles occur in one
 *   earlier chapter (paragraphs reordered, sentences moved).
 * Pure.
 */
import { isFullWidthPunctCode, isHanCode } from './zishu.js';

export const SHINGLE = 8;
export const WINNOW = 16;
export const PASSAGE_MIN = 50;
export const RECYCLED_SHARE = 0.3;
/** How many candidate chapters a lint compares in full, most fingerprints in common first. */
export const MAX_CANDIDATES = 3;
/** At most this many repeated passages are named per earlier chapter (a recycled chapter says the rest). */
export const MAX_PASSAGES = 3;

export interface ShingleText {
  /** The body's Han characters and full-width punctuation, in order. */
  chars: string;
  /** The 1-based file line of each of them. */
  lines: Int32Array;
}

/**
 * The shingled text of a chapter's body lines. The characters kept are taken a run at a time (one slice each, not
 * one string per character), and the unified Han block without a call.
 */
export function shingleText(lines: ReadonlyArray<{ n: number; text: string }>): ShingleText {
  const parts: string[] = [];
  const at = new Int32Array(lines.reduce((a, l) => a + l.text.length, 0));
  let kept = 0;
  for (const l of lines) {
    const t = l.text;
    let from = -1;
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if ((c >= 0x4e00 && c <= 0x9fff) || (c !== 0x3000 && (isHanCode(c) || isFullWidthPunctCode(c)))) {
        if (from < 0) from = i;
        at[kept++] = l.n;
      } else if (from >= 0) {
        parts.push(t.slice(from, i));
        from = -1;
      }
    }
    if (from >= 0) parts.push(t.slice(from));
  }
  return { chars: parts.join(''), lines: at.slice(0, kept) };
}

/** The shingled text of a whole chapter file: its `# ` title line left out. */
export function shingleChapter(text: string): ShingleText {
  const lines = text.split(/\r?\n/).map((t, i) => ({ n: i + 1, text: t }));
  const title = lines.findIndex((l) => /\S/.test(l.text));
  return shingleText(
    title >= 0 && /^#(\s|$)/.test((lines[title] as { text: string }).text)
      ? lines.filter((_, i) => i !== title)
      : lines,
  );
}

/** FNV-1a's offset basis, as the int32 of the same bits. */
const FNV_OFFSET = 0x811c9dc5 | 0;
/** Added to an int32 (by xor), orders the int32s as their unsigned bits order. */
const SIGN = 0x80000000 | 0;

/**
 * FNV-1a over each window's UTF-16 units; 0 is kept for "empty" in the index, so a hash of 0 becomes 1. Worked out in
 * int32 arithmetic, the same bits: an unsigned hash of 2^31 or more is a number of its own on the heap each time one is
 * made, where an int32 is not.
 */
export function windowHashes(chars: string): Uint32Array {
  const n = Math.max(0, chars.length - SHINGLE + 1);
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    let h = FNV_OFFSET;
    for (let k = i; k < i + SHINGLE; k++) h = Math.imul(h ^ chars.charCodeAt(k), 0x01000193);
    out[i] = h === 0 ? 1 : h;
  }
  return out;
}

/** The hashes' bits as int32s (the same memory): compared, or kept in a Set or Map, without a number on the heap. */
const bitsOf = (hashes: Uint32Array): Int32Array => new Int32Array(hashes.buffer, hashes.byteOffset, hashes.length);

/**
 * The winnowed fingerprints: the smallest hash of every WINNOW consecutive windows, each once, sorted. The windows'
 * minimum slides along with a queue of the positions that may still be one (their hashes rising from its front): each
 * hash goes in and out once, where taking the minimum of every window afresh looked at each hash WINNOW times.
 */
export function fingerprints(hashes: Uint32Array): number[] {
  const n = hashes.length;
  if (n === 0) return [];
  const w = Math.min(WINNOW, n);
  const bits = bitsOf(hashes);
  const picked = new Set<number>();
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) {
    const h = (bits[i] as number) ^ SIGN;
    while (tail > head && ((bits[queue[tail - 1] as number] as number) ^ SIGN) >= h) tail--;
    queue[tail++] = i;
    if ((queue[head] as number) <= i - w) head++;
    if (i >= w - 1) picked.add(bits[queue[head] as number] as number);
  }
  return Array.from(picked, (b) => b >>> 0).sort((a, b) => a - b);
}

export interface EarlierChapter {
  chapter: number;
  text: string;
}

export interface RepetitionFinding {
  rule: 'repeated_passage' | 'recycled_chapter';
  /** The earlier chapter it repeats. */
  chapter: number;
  /** Line in the linted file where the repetition starts. */
  line: number;
  /** Line in the earlier chapter's file. */
  earlierLine: number;
  /** 字 of the passage (repeated_passage), or the share of shingles (recycled_chapter). */
  length: number;
  share: number;
  excerpt: string;
}

/**
 * The repetitions of `current` in each earlier chapter: every maximal run of at least PASSAGE_MIN 字 that
 * stands in it (compared as text), and whether at least RECYCLED_SHARE of the current windows occur in it. `hashes`:
 * the current text's window hashes, where the caller has them.
 */
export function repetitionFindings(
  current: ShingleText,
  earlier: readonly EarlierChapter[],
  hashes: Uint32Array = windowHashes(current.chars),
): RepetitionFinding[] {
  const out: RepetitionFinding[] = [];
  const mine = bitsOf(hashes);
  if (mine.length === 0) return out;
  for (const e of [...earlier].sort((a, b) => a.chapter - b.chapter)) {
    const other = shingleChapter(e.text);
    const theirs = bitsOf(windowHashes(other.chars));
    const firstAt = new Map<number, number>();
    theirs.forEach((h, i) => {
      if (!firstAt.has(h)) firstAt.set(h, i);
    });
    let shared = 0;
    let passages = 0;
    let runStart = -1;
    const closeRun = (end: number): void => {
      // Windows runStart..end-1 are all in the other chapter: text of (end - runStart) + SHINGLE - 1 字, checked as
      // text.
      const len = end - runStart + SHINGLE - 1;
      if (len < PASSAGE_MIN || passages >= MAX_PASSAGES) return;
      const passage = current.chars.slice(runStart, runStart + len);
      const at = other.chars.indexOf(passage);
      if (at < 0) return;
      passages++;
      out.push({
        rule: 'repeated_passage',
        chapter: e.chapter,
        line: current.lines[runStart] as number,
        earlierLine: other.lines[at] as number,
        length: len,
        share: 0,
        excerpt: `${passage.slice(0, 24)}…`,
      });
    };
    for (let i = 0; i < mine.length; i++) {
      const hit = firstAt.has(mine[i] as number);
      if (hit) shared++;
      if (hit && runStart < 0) runStart = i;
      if (!hit && runStart >= 0) {
        closeRun(i);
        runStart = -1;
      }
    }
    if (runStart >= 0) closeRun(mine.length);
    const share = shared / mine.length;
    if (share >= RECYCLED_SHARE) {
      const first = mine.findIndex((h) => firstAt.has(h));
      out.push({
        rule: 'recycled_chapter',
        chapter: e.chapter,
        line: current.lines[Math.max(0, first)] as number,
        earlierLine: other.lines[firstAt.get(mine[Math.max(0, first)] as number) ?? 0] as number,
        length: 0,
        share: Math.round(share * 100) / 100,
        excerpt: `${current.chars.slice(Math.max(0, first), Math.max(0, first) + 24)}…`,
      });
    }
  }
  return out;
}

/**
 * The chapters to compare in full: those with the most fingerprints in common, at most MAX_CANDIDATES, earliest first
 * on ties.
 */
export function candidateChapters(hits: ReadonlyMap<number, number>): number[] {
  return [...hits.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, MAX_CANDIDATES)
    .map(([c]) => c);
}
