/**
 * `.novel/fingerprint.json`: sha256 of every file of the final trees. Mutating
 * commands check the listing and the hot set before acting (PROTOCOL §4).
 */
import { describeDiff, diffHint, diffListing, isEmptyDiff, isHotPath, isLitter, type FingerprintDiff } from '../core/fingerprint-rules.js';
import { diagnosticsError, NovelError } from '../core/errors.js';
import { FINAL_TREES, paths } from '../core/paths.js';
import type { Checkpoint } from '../schemas/checkpoint.js';
import { FingerprintSchema } from '../schemas/fingerprint.js';
import type { ProjectFs } from './project-fs.js';
import { boundaryUnchanged } from './boundary-cache.js';

/** Every file of the final trees, editor and OS litter left out. */
export function listFinalTrees(fs: ProjectFs): string[] {
  return FINAL_TREES.flatMap((tree) => fs.listFiles(tree, { recursive: true }))
    .filter((rel) => !isLitter(rel))
    .sort();
}

export function readFingerprint(fs: ProjectFs): Record<string, string> | null {
  const parsed = fs.readJson(paths.fingerprint, FingerprintSchema, 'invalid_fingerprint');
  if (parsed === null) return null;
  if (!parsed.ok) {
    throw diagnosticsError('invalid_fingerprint', `${paths.fingerprint} is invalid`, parsed.diagnostics, 'delete it; the next mutating command records the current files (after you checked them)');
  }
  return parsed.value.files;
}

export function hashAll(fs: ProjectFs, files: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of files) {
    const h = fs.sha256(rel);
    if (h !== null) out[rel] = h;
  }
  return out;
}

export function writeFingerprint(fs: ProjectFs, files: Record<string, string>): void {
  const sorted: Record<string, string> = {};
  for (const k of Object.keys(files).sort()) sorted[k] = files[k] as string;
  fs.writeJson(paths.fingerprint, { files: sorted });
}

/** The diff of the hot set and the listing against the recorded fingerprint. */
export function fingerprintDiff(fs: ProjectFs, cp: Checkpoint, recorded: Record<string, string>): FingerprintDiff {
  const present = listFinalTrees(fs);
  const { added, removed } = diffListing(recorded, present);
  const changed: string[] = [];
  for (const rel of present) {
    const want = recorded[rel];
    if (want === undefined || !isHotPath(rel, cp.current_volume, cp.last_completed_chapter)) continue;
    if (fs.sha256(rel) !== want) changed.push(rel);
  }
  return { added, removed, changed: changed.sort() };
}

/** The write-boundary check of §4 (listing + hot set); null when no fingerprint is recorded yet (no divergence). */
export function boundaryDiff(fs: ProjectFs, cp: Checkpoint): FingerprintDiff | null {
  // Nothing changed since the last command that left the trees clean: stats, no hashes.
  if (boundaryUnchanged(fs, cp)) return null;
  const recorded = readFingerprint(fs);
  if (recorded === null) return null;
  const diff = fingerprintDiff(fs, cp, recorded);
  return isEmptyDiff(diff) ? null : diff;
}

export function boundaryError(diff: FingerprintDiff): NovelError {
  const lines = describeDiff(diff);
  return new NovelError('final_trees_changed', `the book's final trees changed outside novel since the last recorded fingerprint:\n${lines.map((l) => `  - ${l}`).join('\n')}`, {
    hint: diffHint(diff),
    details: { ...diff },
  });
}

/** Before any command acts on the book: refuse when the final trees changed outside novel. Writes nothing. */
export function checkFinalTrees(fs: ProjectFs, cp: Checkpoint): void {
  const diff = boundaryDiff(fs, cp);
  if (diff) throw boundaryError(diff);
}

/**
 * The write-boundary check for a reader that takes no lock: a commit running
 * meanwhile writes book files before it records their fingerprint (under its
 * journal), so a difference counts only when the checkpoint and the journal
 * read the same after the check as before it; otherwise the picture is taken
 * again. Returns the project as checked.
 */
export function readerBoundary<P extends { journal: string | null; loaded: { raw: Record<string, unknown>; checkpoint: Checkpoint } }>(fs: ProjectFs, open: () => P): { project: P; diff: FingerprintDiff | null } {
  for (let attempt = 0; ; attempt++) {
    const p = open();
    if (p.journal !== null) return { project: p, diff: null }; // the recover step comes first; it rolls its own writes forward
    const diff = boundaryDiff(fs, p.loaded.checkpoint);
    if (!diff) return { project: p, diff: null };
    const again = open();
    const settled = again.journal === null && JSON.stringify(again.loaded.raw) === JSON.stringify(p.loaded.raw);
    if (settled || attempt >= 10) return { project: p, diff };
  }
}

export function checkFinalTreesAsReader<P extends { journal: string | null; loaded: { raw: Record<string, unknown>; checkpoint: Checkpoint } }>(fs: ProjectFs, open: () => P): P {
  const { project, diff } = readerBoundary(fs, open);
  if (diff) throw boundaryError(diff);
  return project;
}

/** A project without a fingerprint gets one when its first mutating command succeeds. */
export function recordFirstFingerprint(fs: ProjectFs): void {
  if (!fs.exists(paths.fingerprint)) writeFingerprint(fs, hashAll(fs, listFinalTrees(fs)));
}
