/**
 * `.novel/fingerprint.json`: sha256 of every file of the final trees. Mutating
 * commands check the listing and the hot set before acting (PROTOCOL §4).
 */
import { describeDiff, diffListing, isEmptyDiff, isHotPath, type FingerprintDiff } from '../core/fingerprint-rules.js';
import { diagnosticsError, NovelError } from '../core/errors.js';
import { FINAL_TREES, paths } from '../core/paths.js';
import type { Checkpoint } from '../schemas/checkpoint.js';
import { FingerprintSchema } from '../schemas/fingerprint.js';
import type { ProjectFs } from './project-fs.js';

export function listFinalTrees(fs: ProjectFs): string[] {
  return FINAL_TREES.flatMap((tree) => fs.listFiles(tree, { recursive: true })).sort();
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

/**
 * Before a mutating command acts: refuse when the final trees changed; record
 * a fingerprint for a project that has none.
 */
export function checkFinalTrees(fs: ProjectFs, cp: Checkpoint): void {
  const recorded = readFingerprint(fs);
  if (recorded === null) {
    writeFingerprint(fs, hashAll(fs, listFinalTrees(fs)));
    return;
  }
  const diff = fingerprintDiff(fs, cp, recorded);
  if (isEmptyDiff(diff)) return;
  const lines = describeDiff(diff);
  throw new NovelError('final_trees_changed', `the book's final trees changed outside novel since the last recorded fingerprint:\n${lines.map((l) => `  - ${l}`).join('\n')}`, {
    hint: 'restore these files, or, if you edited them on purpose, record them with `novel state verify --accept`',
    details: { ...diff },
  });
}
