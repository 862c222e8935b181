/**
 * A stat signature of the final trees, so that the write-boundary check of
 * §4 costs stats, not hashes, when nothing changed: the mtime of every
 * directory of the final trees (a file added or removed changes it), and the
 * size and mtime of every file of the hot set. Mutating commands record it
 * after they succeed (the trees then match the fingerprint); any command that
 * finds every stat equal skips the listing and the hashing. Anything else —
 * an edit, an added or removed file, another fingerprint, another hot set —
 * falls back to the full check. It is a machine-local cache kept under logs/
 * (bookkeeping that differs between machines and runs), never part of the book.
 */
import type { Stats } from 'node:fs';
import { isAuthorEditable, isHotPath } from '../core/fingerprint-rules.js';
import { FINAL_TREES, paths } from '../core/paths.js';
import { BoundaryCacheSchema, parseCache, type BoundaryCache } from '../schemas/caches.js';
import type { Checkpoint } from '../schemas/checkpoint.js';
import type { ProjectFs } from './project-fs.js';

export const BOUNDARY_CACHE = 'logs/.cache/boundary.json';

type Signature = BoundaryCache;

/**
 * The stat of a project-relative path. The paths are the final trees' own
 * (walked, or recorded here by novel): joined as they are, which keeps
 * node:path's normalisation off this loop of a few dozen stats per command.
 */
function stat(fs: ProjectFs, rel: string): Stats | null {
  return fs.stat(rel);
}

/** The signature now, from a walk of the final trees' directories. */
export function boundarySignature(fs: ProjectFs, cp: Checkpoint): Signature {
  const dirs: Record<string, number> = {};
  const hot: Record<string, [number, number]> = {};
  const walk = (rel: string): void => {
    const st = stat(fs, rel);
    if (!st?.isDirectory()) return;
    dirs[rel] = st.mtimeMs;
    for (const e of fs.readDir(rel)) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(child);
      else if (isHotPath(child, cp.current_volume, cp.last_completed_chapter)) {
        const s = stat(fs, child);
        if (s) hot[child] = [s.size, s.mtimeMs];
      }
    }
  };
  for (const tree of FINAL_TREES) walk(tree);
  const fp = stat(fs, paths.fingerprint);
  return {
    v: 1,
    volume: cp.current_volume,
    last: cp.last_completed_chapter,
    fingerprint: fp ? [fp.size, fp.mtimeMs] : null,
    dirs,
    hot,
  };
}

function readSignature(fs: ProjectFs): Signature | null {
  return parseCache(BoundaryCacheSchema, fs.readCacheText(BOUNDARY_CACHE));
}

/**
 * The signature after a mutation that found the recorded one valid and then
 * wrote `touched`: only the directories and hot files it wrote are stat'ed
 * again (no walk); files that left the hot set are dropped. Null when it
 * cannot be derived (no signature, another volume): walk instead.
 */
function updatedSignature(fs: ProjectFs, cp: Checkpoint, touched: Iterable<string>): Signature | null {
  const s = readSignature(fs);
  if (s === null || s.volume !== cp.current_volume) return null;
  const final = (rel: string): boolean => FINAL_TREES.some((t) => rel === t || rel.startsWith(`${t}/`));
  for (const rel of Object.keys(s.hot))
    if (!isHotPath(rel, cp.current_volume, cp.last_completed_chapter)) delete s.hot[rel];
  for (const rel of touched) {
    if (!final(rel)) continue;
    const parts = rel.split('/');
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      const st = stat(fs, dir);
      if (st?.isDirectory()) s.dirs[dir] = st.mtimeMs;
      else delete s.dirs[dir];
    }
    const st = stat(fs, rel);
    if (st?.isFile() && isHotPath(rel, cp.current_volume, cp.last_completed_chapter))
      s.hot[rel] = [st.size, st.mtimeMs];
    else delete s.hot[rel];
  }
  const fp = stat(fs, paths.fingerprint);
  return { ...s, last: cp.last_completed_chapter, fingerprint: fp ? [fp.size, fp.mtimeMs] : null };
}

/**
 * The recorded signature still holds: no stat of it changed. `reader`: the stats of the files the author may edit
 * (planning inputs, §14) are not taken; a reader neither refuses nor records their edits, so a change of theirs
 * could only send it to the full check to find nothing it acts on.
 */
export function boundaryUnchanged(fs: ProjectFs, cp: Checkpoint, reader = false): boolean {
  const s = readSignature(fs);
  if (s === null) return false;
  if (s.volume !== cp.current_volume || s.last !== cp.last_completed_chapter || s.fingerprint === null) return false;
  const fp = stat(fs, paths.fingerprint);
  if (!fp || fp.size !== s.fingerprint[0] || fp.mtimeMs !== s.fingerprint[1]) return false;
  for (const tree of FINAL_TREES) if (!(tree in s.dirs) && stat(fs, tree)?.isDirectory()) return false;
  // Keys and indexes, not destructured entries: before its code is optimised, a destructuring runs the iterator
  // protocol, an object or two per step of a loop that runs for every file of the signature.
  for (const rel in s.dirs) if (stat(fs, rel)?.mtimeMs !== s.dirs[rel]) return false;
  for (const rel in s.hot) {
    if (reader && isAuthorEditable(rel, cp.last_completed_chapter)) continue;
    const recorded = s.hot[rel] as readonly [number, number];
    const st = stat(fs, rel);
    if (!st || st.size !== recorded[0] || st.mtimeMs !== recorded[1]) return false;
  }
  return true;
}

/**
 * Record the signature after a successful mutation. `touched` (what the
 * mutation wrote) is given when the mutation began with a valid signature:
 * the new one is derived from it; otherwise the final trees are walked.
 */
export function recordBoundary(fs: ProjectFs, cp: Checkpoint, touched: Iterable<string> | null = null): void {
  try {
    fs.writeJson(
      BOUNDARY_CACHE,
      (touched !== null ? updatedSignature(fs, cp, touched) : null) ?? boundarySignature(fs, cp),
      { fsync: false },
    );
  } catch {
    /* a cache: the full check runs without it */
  }
}
