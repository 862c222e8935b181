/**
 * What a commit's history keeps of a file it replaces (§14): the lines of its
 * text before, against its text after, as one hunk (the lines the two texts
 * do not share at their start and end). A commit changes a few entries of the
 * memory ledger or the foreshadowing list, so its history holds those lines
 * rather than the whole file again. Going back takes the text after, checked
 * by its sha256, and puts the old lines back. Pure.
 */

export interface ReversePatch {
  /** The sha256 of the text after the commit, which the patch applies to. */
  after_sha256: string;
  /** The first line that differs. */
  at: number;
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
  if (patch.at + patch.after_lines > a.length) return null;
  return [...a.slice(0, patch.at), ...patch.before, ...a.slice(patch.at + patch.after_lines)].join('\n');
}

/** The smaller of the two ways to keep `before`: itself, or its patch against `after` (hashed only then). */
export function keptBefore(before: string, after: string, afterSha256: () => string): string | { patch: ReversePatch } {
  const patch = reversePatch(before, after, '');
  const kept = patch.before.reduce((n, line) => n + line.length + 1, 0);
  return kept * 2 < before.length ? { patch: { ...patch, after_sha256: afterSha256() } } : before;
}
