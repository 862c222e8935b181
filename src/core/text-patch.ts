/**
 * What a commit's history keeps of a file it replaces (§14): the lines of its
 * text before, against its text after, as one hunk (the lines the two texts
 * do not share at their start and end). A commit changes a few entries of the
 * memory ledger or the foreshadowing list, so its history holds those lines
 * rather than the whole file again. Going back takes the text after, checked
 * by its sha256, and puts the old lines back. Pure.
 */
import { JoinedBytes } from './joined-bytes.js';

/** Bytes in one buffer, or in parts (a spliced file's, not joined). */
type Bytes = Buffer | JoinedBytes;

export interface ReversePatch {
  /** The sha256 of the text after the commit, which the patch applies to. */
  after_sha256: string;
  /**
   * The first line that differs (counted from the end of the text after when `from_end`: that many lines before its
   * end).
   */
  at: number;
  from_end?: true;
  /** How many lines the text after has there. */
  after_lines: number;
  /** The lines the text before had there. */
  before: string[];
}

/** The patch from `after` back to `before`. */
export function reversePatch(before: string, after: string, afterSha256: string): ReversePatch {
  const b = before.split('\n');
  const a = after.split('\n');
  let start = 0;
  while (start < b.length && start < a.length && b[start] === a[start]) start++;
  let endB = b.length;
  let endA = a.length;
  while (endB > start && endA > start && b[endB - 1] === a[endA - 1]) {
    endB--;
    endA--;
  }
  return { after_sha256: afterSha256, at: start, after_lines: endA - start, before: b.slice(start, endB) };
}

/** The text before, from the text after (null: `after` is not the text the patch was made against). */
export function applyReversePatch(after: string, patch: ReversePatch, sha256: (text: string) => string): string | null {
  if (sha256(after) !== patch.after_sha256) return null;
  const a = after.split('\n');
  const at = patch.from_end ? a.length - patch.at : patch.at;
  if (at < 0 || at + patch.after_lines > a.length) return null;
  return [...a.slice(0, at), ...patch.before, ...a.slice(at + patch.after_lines)].join('\n');
}

/** The smaller of the two ways to keep `before`: itself, or its patch against `after` (hashed only then). */
export function keptBefore(before: string, after: string, afterSha256: () => string): string | { patch: ReversePatch } {
  const patch = reversePatch(before, after, '');
  const kept = patch.before.reduce((n, line) => n + line.length + 1, 0);
  if (kept * 2 >= before.length) return before;
  const lines = after.split('\n');
  const offset = lines.slice(0, patch.at).reduce((n, line) => n + Buffer.byteLength(line) + 1, 0);
  const placed = fromEnd(offset, Buffer.byteLength(after))
    ? { at: lines.length - patch.at, from_end: true as const }
    : { at: patch.at };
  return { patch: { after_sha256: afterSha256(), ...placed, after_lines: patch.after_lines, before: patch.before } };
}

/**
 * Whether a patch is placed from the end of the text after: when its first
 * line starts past the middle of that text's bytes. An edit near the end (the
 * ledger's new entry) is then placed without counting the lines before it; the
 * rule depends on the two texts alone, so both ways of making a patch place it alike.
 */
const fromEnd = (offset: number, length: number): boolean => offset * 2 > length;

/**
 * How many newlines `buf` holds in [start, end) (searched in a one-byte string: faster than a byte loop run once;
 * bytes in parts, part by part).
 */
function newlines(buf: Bytes, start: number, end: number): number {
  let n = 0;
  for (const slice of buf instanceof JoinedBytes ? buf.slices(start, end) : [buf.subarray(start, end)]) {
    const text = slice.toString('latin1');
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  }
  return n;
}

/** The end of the line that starts at `at` (its newline, or the end of the bytes). */
function lineEnd(buf: Bytes, at: number): number {
  const nl = buf.indexOf(0x0a, at);
  return nl < 0 ? buf.length : nl;
}

/**
 * `keptBefore` of two texts given as UTF-8 bytes that are the same outside
 * one range of `before` (`edited`; the bytes after it are `after`'s last
 * ones): the same answer, with only the lines around the range decoded and
 * compared. A commit that splices a few entries of a large file
 * (book-splice.ts) keeps its history without splitting the file into lines
 * (nor joining `after`'s parts).
 */
export function keptBeforeBytes(
  before: Buffer,
  after: Bytes,
  edited: { start: number; end: number },
  afterSha256: () => string,
): string | { patch: ReversePatch } {
  const regionStart = edited.start === 0 ? 0 : before.lastIndexOf(0x0a, edited.start - 1) + 1;
  const regionEndB = lineEnd(before, edited.end);
  const regionEndA = regionEndB + after.length - before.length;
  // Lines are counted from the range's first line; the patch's place in the file, from its nearer end (below).
  const bLines = newlines(before, regionStart, regionEndB) + 1;
  const aLines = newlines(after, regionStart, regionEndA) + 1;
  // The first line that differs: the lines before the range are the same; from there, compared line by line.
  let start = 0;
  let pb = regionStart;
  let pa = regionStart;
  for (; pb <= before.length && pa <= after.length; start++) {
    const eb = lineEnd(before, pb);
    const ea = lineEnd(after, pa);
    if (eb - pb !== ea - pa || before.compare(after.subarray(pa, ea), 0, ea - pa, pb, eb) !== 0) break;
    pb = eb + 1;
    pa = ea + 1;
  }
  // Equal lines ran on past the range (a rare text): the whole comparison decides.
  if (Math.max(start, start + bLines - aLines) > bLines)
    return keptBefore(before.toString('utf8'), after.toString('utf8'), afterSha256);
  // The lines after the range are the same (the bytes are): compared from the range's last line back, as bytes.
  let endB = bLines;
  let endA = aLines;
  let qb = regionEndB;
  let qa = regionEndA;
  while (endB > start && endA > start) {
    const sb = qb === 0 ? 0 : before.lastIndexOf(0x0a, qb - 1) + 1;
    const sa = qa === 0 ? 0 : after.lastIndexOf(0x0a, qa - 1) + 1;
    if (qb - sb !== qa - sa || before.compare(after.subarray(sa, qa), 0, qa - sa, sb, qb) !== 0) break;
    endB--;
    endA--;
    qb = sb - 1;
    qa = sa - 1;
  }
  // Only the kept lines are decoded; the whole text too when it is what is kept (once, from its three parts).
  const keptText = endB > start ? before.toString('utf8', pb, qb) : '';
  const keptChars = endB > start ? keptText.length + 1 : 0;
  let whole: string | undefined;
  const wholeBefore = (): string =>
    (whole ??=
      endB > start
        ? `${before.toString('utf8', 0, pb)}${keptText}${before.toString('utf8', qb)}`
        : before.toString('utf8'));
  // The text's length in UTF-16 units lies between a third of its bytes and its bytes; decoded only when that decides.
  const wholeChars =
    keptChars * 2 < before.length / 3 ? Infinity : keptChars * 2 >= before.length ? 0 : wholeBefore().length;
  if (keptChars * 2 >= wholeChars) return wholeBefore();
  // Placed from the nearer end (fromEnd): the newlines of a long file before an edit near its end are not counted.
  const placed = fromEnd(pa, after.length)
    ? { at: pa > after.length ? 0 : newlines(after, pa, after.length) + 1, from_end: true as const }
    : { at: newlines(before, 0, regionStart) + start };
  return {
    patch: {
      after_sha256: afterSha256(),
      ...placed,
      after_lines: endA - start,
      before: endB > start ? keptText.split('\n') : [],
    },
  };
}
