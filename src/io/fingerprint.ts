/**
 * `.novel/fingerprint.json`: sha256 of every file of the final trees. Mutating
 * commands check the listing and the hot set before acting (PROTOCOL §4).
 */
import { said } from '../core/messages.js';
import {
  describeDiff,
  diffListing,
  fingerprintSegment,
  isEmptyDiff,
  isHotPath,
  isLitter,
  splitAuthorEdits,
  TAIL_RECORDED,
  TAIL_WINDOW,
  tailValue,
  type FingerprintDiff,
} from '../core/fingerprint-rules.js';
import { diagnosticsError, NovelError } from '../core/errors.js';
import { FINAL_TREES, paths } from '../core/paths.js';
import type { Checkpoint } from '../schemas/checkpoint.js';
import { FingerprintSchema, FingerprintSegmentSchema } from '../schemas/fingerprint.js';
import { parseJsonText, parseWith } from '../schemas/parse.js';
import { sha256Hex, type ProjectFs } from './project-fs.js';
import { boundaryUnchanged } from './boundary-cache.js';
import { appendJsonLine } from './history-log.js';

/** Every file of the final trees, editor and OS litter left out. */
export function listFinalTrees(fs: ProjectFs): string[] {
  return FINAL_TREES.flatMap((tree) => fs.listFiles(tree, { recursive: true }))
    .filter((rel) => !isLitter(rel))
    .sort();
}

export const FINGERPRINT_SEGMENTS = '.novel/fingerprint';
const segmentPath = (name: string): string => `${FINGERPRINT_SEGMENTS}/${name}.json`;

export function hasFingerprint(fs: ProjectFs): boolean {
  return fs.exists(paths.fingerprint);
}

function damaged(rel: string, diagnostics: Parameters<typeof diagnosticsError>[2]): NovelError {
  return diagnosticsError(
    'invalid_fingerprint',
    said('bookfile.invalid', { file: rel }),
    diagnostics,
    said('fingerprint.reset', { main: paths.fingerprint, dir: FINGERPRINT_SEGMENTS }),
  );
}

interface MainMap {
  files: Record<string, string>;
  segments: string[] | null;
}

/**
 * The main map each project last parsed, by its text: a commit reads it to check the files it splices against it, and
 * again to update it. The text is read each time; only the same text is not parsed and checked again.
 */
const parsedMains = new WeakMap<ProjectFs, { text: string; main: MainMap }>();

function readMain(fs: ProjectFs): MainMap | null {
  const r = fs.readTextChecked(paths.fingerprint);
  if (r === null) return null;
  if ('diagnostic' in r) throw damaged(paths.fingerprint, [r.diagnostic]);
  let main = parsedMains.get(fs)?.text === r.text ? parsedMains.get(fs)?.main : undefined;
  if (main === undefined) {
    const json = parseJsonText(r.text, paths.fingerprint, 'invalid_fingerprint');
    const parsed = json.ok ? parseWith(FingerprintSchema, json.value, paths.fingerprint, 'invalid_fingerprint') : json;
    if (!parsed.ok) throw damaged(paths.fingerprint, parsed.diagnostics);
    main = { files: parsed.value.files, segments: parsed.value.segments ?? null };
    parsedMains.set(fs, { text: r.text, main });
  }
  // A copy: updateFingerprint changes what it is given.
  return { files: { ...main.files }, segments: main.segments && [...main.segments] };
}

function readSegment(fs: ProjectFs, name: string): Record<string, string> {
  const rel = segmentPath(name);
  const parsed = fs.readJson(rel, FingerprintSegmentSchema, 'invalid_fingerprint');
  if (parsed === null)
    throw new NovelError(
      'invalid_fingerprint',
      said('fingerprint.segment_missing', { file: rel, main: paths.fingerprint }),
      { hint: said('fingerprint.reset', { main: paths.fingerprint, dir: FINGERPRINT_SEGMENTS }) },
    );
  if (!parsed.ok) throw damaged(rel, parsed.diagnostics);
  return { ...parsed.value.files };
}

/**
 * What the fingerprint records for files outside the chapter segments (the main map only): path → value. Null when none
 * is recorded yet.
 */
export function recordedValues(fs: ProjectFs, rels: readonly string[]): Record<string, string> | null {
  const main = readMain(fs);
  if (main === null) return null;
  const out: Record<string, string> = {};
  for (const rel of rels) {
    if (fingerprintSegment(rel) !== null) continue;
    const v = main.files[rel];
    if (v !== undefined) out[rel] = v;
  }
  return out;
}

/** The whole recorded map (every segment read): path → value. Null when none is recorded yet. */
export function readFingerprint(fs: ProjectFs): Record<string, string> | null {
  const main = readMain(fs);
  if (main === null) return null;
  const files = main.files;
  for (const name of main.segments ?? []) Object.assign(files, readSegment(fs, name));
  return files;
}

const sorted = (files: Record<string, string>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const k of Object.keys(files).sort()) out[k] = files[k] as string;
  return out;
};

/** Record a whole map: the main file and every segment (segments no longer needed are removed). */
export function writeFingerprint(
  fs: ProjectFs,
  files: Record<string, string>,
  options: { fsyncSegments?: boolean } = {},
): void {
  const main: Record<string, string> = {};
  const segments = new Map<string, Record<string, string>>();
  for (const [rel, value] of Object.entries(files)) {
    const seg = fingerprintSegment(rel);
    if (seg === null) main[rel] = value;
    else {
      if (!segments.has(seg)) segments.set(seg, {});
      (segments.get(seg) as Record<string, string>)[rel] = value;
    }
  }
  const names = [...segments.keys()].sort();
  for (const name of names)
    fs.writeJson(
      segmentPath(name),
      { files: sorted(segments.get(name) as Record<string, string>) },
      { fsync: options.fsyncSegments ?? true },
    );
  for (const f of fs.listFiles(FINGERPRINT_SEGMENTS)) {
    const name = f.slice(FINGERPRINT_SEGMENTS.length + 1).replace(/\.json$/, '');
    if (!segments.has(name)) fs.remove(f);
  }
  // A book of up to 100 chapters keeps the one-file map of §4 (no segments key).
  fs.writeJson(paths.fingerprint, names.length ? { files: sorted(main), segments: names } : { files: sorted(main) });
}

/**
 * Record the values of some paths: only the segments they belong to are read
 * and rewritten, with the main map. A map recorded in one file (before
 * segments) is split on the way.
 */
export function updateFingerprint(fs: ProjectFs, changes: Record<string, string>): void {
  const main = readMain(fs);
  if (main === null || main.segments === null) {
    const all = readFingerprint(fs) ?? {};
    writeFingerprint(fs, { ...all, ...changes });
    return;
  }
  const touched = new Map<string, Record<string, string>>();
  let mainChanged = false;
  for (const [rel, value] of Object.entries(changes)) {
    const seg = fingerprintSegment(rel);
    if (seg === null) {
      if (main.files[rel] !== value) {
        main.files[rel] = value;
        mainChanged = true;
      }
      continue;
    }
    if (!touched.has(seg)) touched.set(seg, main.segments.includes(seg) ? readSegment(fs, seg) : {});
    (touched.get(seg) as Record<string, string>)[rel] = value;
  }
  for (const [name, files] of touched) {
    const text = `${JSON.stringify({ files: sorted(files) }, null, 2)}\n`;
    if (fs.exists(segmentPath(name)) && fs.readText(segmentPath(name)) === text) continue;
    fs.writeText(segmentPath(name), text);
    mainChanged = true;
    if (!main.segments.includes(name)) main.segments = [...main.segments, name].sort();
  }
  if (mainChanged) fs.writeJson(paths.fingerprint, { files: sorted(main.files), segments: main.segments });
}

/** What the fingerprint records for a file: its sha256, or for the changelog its size and tail (null: absent). */
export function fileValue(fs: ProjectFs, rel: string): string | null {
  if (rel !== TAIL_RECORDED) return fs.sha256(rel);
  const size = fs.size(rel);
  if (size === null) return null;
  const from = Math.max(0, size - TAIL_WINDOW);
  return tailValue(size, sha256Hex(fs.readRange(rel, from, size - from)));
}

/**
 * A recorded value still holds for a file whose value is now `current` (a changelog recorded whole, before tails, is
 * hashed whole).
 */
export function stillMatches(fs: ProjectFs, rel: string, recorded: string, current: string | null): boolean {
  if (recorded === current) return true;
  return rel === TAIL_RECORDED && !recorded.startsWith('tail:') && fs.sha256(rel) === recorded;
}

export function hashAll(fs: ProjectFs, files: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of files) {
    const h = fileValue(fs, rel);
    if (h !== null) out[rel] = h;
    else {
      // A FIFO, socket or device among the book's files has no value to record: refused, naming it (the read says
      // what it is, with its fix), rather than left out of what is recorded.
      const st = fs.lstat(rel);
      if (st !== null && !st.isFile() && !st.isSymbolicLink() && !st.isDirectory()) fs.readBytes(rel);
    }
  }
  return out;
}

/** The diff of the hot set and the listing against the recorded fingerprint. */
export function fingerprintDiff(fs: ProjectFs, cp: Checkpoint, recorded: Record<string, string>): FingerprintDiff {
  const present = listFinalTrees(fs);
  const { added, removed } = diffListing(recorded, present);
  const changed: string[] = [];
  for (const rel of present) {
    const want = recorded[rel];
    if (want === undefined || !isHotPath(rel, cp.current_volume, cp.last_completed_chapter)) continue;
    if (!stillMatches(fs, rel, want, fileValue(fs, rel))) changed.push(rel);
  }
  return { added, removed, changed: changed.sort() };
}

/**
 * The write-boundary check of §4 (listing + hot set); null when no fingerprint is recorded yet (no divergence).
 * `reader`: for a command that acts on no edit of the author's (`readerBoundary`).
 */
export function boundaryDiff(fs: ProjectFs, cp: Checkpoint, reader = false): FingerprintDiff | null {
  // Nothing changed since the last command that left the trees clean: stats, no hashes.
  if (boundaryUnchanged(fs, cp, reader)) return null;
  const recorded = readFingerprint(fs);
  if (recorded === null) return null;
  const diff = fingerprintDiff(fs, cp, recorded);
  return isEmptyDiff(diff) ? null : diff;
}

export function boundaryError(diff: FingerprintDiff): NovelError {
  const { changed, added, removed } = diff;
  return new NovelError('final_trees_changed', said('fingerprint.changed', { changed, added, removed }), {
    hint: said('fingerprint.changed.hint', { changed, added, removed }),
    details: { ...diff },
  });
}

/**
 * Before any command acts on the book: refuse when the final trees changed
 * outside novel, except the author's edits of planning inputs (PROTOCOL §14),
 * which are returned for the mutation to record. Writes nothing. `viaSignature`:
 * the recorded stat signature alone showed that nothing changed.
 */
export function checkFinalTrees(
  fs: ProjectFs,
  cp: Checkpoint,
): { viaSignature: boolean; authorEdits: FingerprintDiff | null } {
  if (boundaryUnchanged(fs, cp)) return { viaSignature: true, authorEdits: null };
  const diff = boundaryDiff(fs, cp);
  if (!diff) return { viaSignature: false, authorEdits: null };
  const { edits, other } = splitAuthorEdits(diff, cp.last_completed_chapter);
  if (!isEmptyDiff(other)) throw boundaryError(other);
  return { viaSignature: false, authorEdits: edits };
}

/**
 * Record the author's edits of planning inputs: the fingerprint takes their current values, a line goes to
 * logs/author-edits.jsonl.
 */
export function recordAuthorEdits(fs: ProjectFs, edits: FingerprintDiff, cp: Checkpoint, now: Date): string[] {
  const changed = [...edits.added, ...edits.changed];
  if (edits.removed.length) {
    const all = readFingerprint(fs) ?? {};
    for (const rel of edits.removed) delete all[rel];
    writeFingerprint(fs, { ...all, ...hashAll(fs, changed) });
  } else {
    updateFingerprint(fs, hashAll(fs, changed));
  }
  logAuthorEdits(fs, edits, cp, now);
  return describeDiff(edits);
}

/** A line of logs/author-edits.jsonl: when, at which chapter, and the paths. */
export function logAuthorEdits(fs: ProjectFs, edits: FingerprintDiff, cp: Checkpoint, now: Date): void {
  appendJsonLine(fs, AUTHOR_EDITS, {
    at: now.toISOString(),
    last_completed_chapter: cp.last_completed_chapter,
    added: edits.added,
    changed: edits.changed,
    removed: edits.removed,
  });
}

export const AUTHOR_EDITS = 'logs/author-edits.jsonl';

/**
 * The write-boundary check for a reader that takes no lock: a commit running
 * meanwhile writes book files before it records their fingerprint (under its
 * journal), so a difference counts only when the checkpoint and the journal
 * read the same after the check as before it; otherwise the picture is taken
 * again. Returns the project as checked.
 */
export function readerBoundary<
  P extends { journal: string | null; loaded: { raw: Record<string, unknown>; checkpoint: Checkpoint } },
>(fs: ProjectFs, open: () => P): { project: P; diff: FingerprintDiff | null } {
  for (let attempt = 0; ; attempt++) {
    const p = open();
    // the recover step comes first; it rolls its own writes forward
    if (p.journal !== null) return { project: p, diff: null };
    const found = boundaryDiff(fs, p.loaded.checkpoint, true);
    // The author's edits of planning inputs: a reader neither refuses nor records them (§14).
    const diff = found && splitAuthorEdits(found, p.loaded.checkpoint.last_completed_chapter).other;
    if (!diff || isEmptyDiff(diff)) return { project: p, diff: null };
    const again = open();
    const settled = again.journal === null && JSON.stringify(again.loaded.raw) === JSON.stringify(p.loaded.raw);
    if (settled || attempt >= 10) return { project: p, diff };
  }
}

export function checkFinalTreesAsReader<
  P extends { journal: string | null; loaded: { raw: Record<string, unknown>; checkpoint: Checkpoint } },
>(fs: ProjectFs, open: () => P): P {
  const { project, diff } = readerBoundary(fs, open);
  if (diff) throw boundaryError(diff);
  return project;
}

/** A project without a fingerprint gets one when its first mutating command succeeds. */
export function recordFirstFingerprint(fs: ProjectFs): void {
  if (!hasFingerprint(fs)) writeFingerprint(fs, hashAll(fs, listFinalTrees(fs)));
}
