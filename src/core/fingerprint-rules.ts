/**
 * Which final-tree files a mutating command re-hashes before acting (the hot
 * set of PROTOCOL §4) and how a fingerprint differs from the disk. Pure.
 */
import { chapterOfFinalFile, contractOf, isVolumeOutline, paths } from './paths.js';
import { render, said, type Said } from './messages.js';

/**
 * Editor and OS litter inside the final trees is no part of the book: names
 * starting with ".", ending in "~", and Thumbs.db (at any depth).
 */
export function isLitter(rel: string): boolean {
  return rel.split('/').some((seg) => seg.startsWith('.') || seg.endsWith('~') || seg === 'Thumbs.db');
}

/** The append-only changelog is fingerprinted by its size and the sha256 of its tail (§12): `tail:<size>:<sha256>`. */
export const TAIL_RECORDED = 'state/changelog.jsonl';
export const TAIL_WINDOW = 64 * 1024;

export function tailValue(size: number, sha256: string): string {
  return `tail:${size}:${sha256}`;
}

/**
 * Where a path's fingerprint is stored (§12 segmentation). The files of the
 * first 100 chapters, and everything that is not a chapter's (the state, the
 * storylines, the volumes' outlines and plans), stay in .novel/fingerprint.json
 * itself — a book of up to 100 chapters keeps the one-file map of §4. The
 * files of later chapters (chapters/, summaries/, evaluations/, state/, and the
 * chapter contracts of volumes/) go to one segment per 100 chapters,
 * .novel/fingerprint/chapters-NNNNN.json, so that a commit rewrites the main
 * map and one segment, never a map that grows with the book.
 */
export function fingerprintSegment(rel: string): string | null {
  const n = chapterOfFinalFile(rel, true);
  if (n === null) return null;
  if (n <= 100) return null;
  return `chapters-${String(Math.floor((n - 1) / 100) * 100 + 1).padStart(5, '0')}`;
}

/**
 * Files whose content is re-hashed on every mutating command: state/,
 * foreshadowing/, storylines/ and the current volume, but — like the chapter
 * texts — the per-chapter files of state/ (crossref, chapter memory) only for
 * the 10 latest chapters, so that the set does not grow with the book
 * (docs/decisions.md). `novel state verify` re-hashes everything.
 */
export function isHotPath(rel: string, currentVolume: number, lastCompleted: number): boolean {
  // Files of one chapter — its text, summary, evaluations and its files in state/ — are hot for the 10 latest chapters
  // only.
  const n = chapterOfFinalFile(rel);
  if (n !== null) {
    return n <= lastCompleted && n > lastCompleted - 10;
  }
  if (rel.startsWith('state/') || rel.startsWith('foreshadowing/') || rel.startsWith('storylines/')) return true;
  return currentVolume >= 1 && rel.startsWith(`${paths.volumeDir(currentVolume)}/`);
}

export interface FingerprintDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

export function diffListing(
  recorded: Readonly<Record<string, string>>,
  present: readonly string[],
): Pick<FingerprintDiff, 'added' | 'removed'> {
  const presentSet = new Set(present);
  return {
    added: present.filter((p) => !(p in recorded)).sort(),
    removed: Object.keys(recorded)
      .filter((p) => !presentSet.has(p))
      .sort(),
  };
}

export function isEmptyDiff(d: FingerprintDiff): boolean {
  return d.added.length + d.removed.length + d.changed.length === 0;
}

/** Each path that differs, said (`changed: …`, `added: …`, `removed: …`). */
export function diffWords(d: FingerprintDiff): Said[] {
  return [
    ...d.changed.map((p) => said('drift.changed', { file: p })),
    ...d.added.map((p) => said('drift.added', { file: p })),
    ...d.removed.map((p) => said('drift.removed', { file: p })),
  ];
}

/** The same in English (for callers that print English as it is). */
export function describeDiff(d: FingerprintDiff): string[] {
  return diffWords(d).map((w) => render('en', w));
}

/** What to do about each path, said: restore a changed or removed file, delete an added one. */
export function diffFixWords(d: FingerprintDiff): Said[] {
  return [
    ...d.changed.map((p) => said('drift.restore', { file: p })),
    ...d.removed.map((p) => said('drift.restore', { file: p })),
    ...d.added.map((p) => said('drift.delete', { file: p })),
  ];
}

/** The same in English. */
export function diffFixes(d: FingerprintDiff): string[] {
  return diffFixWords(d).map((w) => render('en', w));
}

/** How to repair a difference, said: restore, delete, or accept the edits. */
export function diffHintWords(d: FingerprintDiff): Said {
  return said('drift.hint', { restore: [...d.changed, ...d.removed], remove: d.added });
}

/** The same in English. */
export function diffHint(d: FingerprintDiff): string {
  return render('en', diffHintWords(d));
}

/**
 * Planning inputs of the final trees the author may edit between commands
 * (PROTOCOL §14): a volume's outline, the contract of a chapter not yet
 * committed, storylines/storylines.json. The next mutating command records
 * such edits; every other change of the final trees is refused as before.
 */
export function isAuthorEditable(rel: string, lastCompleted: number): boolean {
  if (isVolumeOutline(rel) || rel === 'storylines/storylines.json') return true;
  const contract = rel.startsWith('volumes/') ? contractOf(rel) : null;
  return contract !== null && contract.chapter > lastCompleted;
}

/** A difference split into the author's recordable edits and the rest. */
export function splitAuthorEdits(
  d: FingerprintDiff,
  lastCompleted: number,
): { edits: FingerprintDiff; other: FingerprintDiff } {
  const pick = (keep: boolean) => (list: string[]) =>
    list.filter((rel) => isAuthorEditable(rel, lastCompleted) === keep);
  const part = (keep: boolean): FingerprintDiff => ({
    added: pick(keep)(d.added),
    removed: pick(keep)(d.removed),
    changed: pick(keep)(d.changed),
  });
  return { edits: part(true), other: part(false) };
}
