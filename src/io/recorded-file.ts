/**
 * A book file a cache was computed from, as the cache records it: the sha256
 * of its bytes (null: the file was absent), with its size and mtime once they
 * had settled (written more than RACY_MS before they were taken, and more
 * than the file system's tick where the stamp shows a coarse one). A reader
 * that finds the size and mtime equal takes the file for the recorded one
 * without hashing it; any other is hashed. Used by the dormant count and the
 * next chapter's foreshadowing (src/io/dormant-count.ts,
 * src/io/foreshadowing-record.ts).
 */
import { settledBefore } from '../core/racy-clean.js';
import type { ProjectFs } from './project-fs.js';

/** How a file is still the recorded one: by its size and mtime, by its sha256, or not at all (null). */
export type StillRecorded = 'stat' | 'sha256' | null;

/**
 * Whether `rel` is still the file of `sha256` (null: absent then and now), trusting `stat` where it is recorded. A file
 * that cannot be hashed throws as `ProjectFs.sha256` does.
 */
export function stillRecorded(
  fs: ProjectFs,
  rel: string,
  sha256: string | null,
  stat: readonly [number, number] | undefined,
): StillRecorded {
  const st = fs.stat(rel);
  if (sha256 === null) return st === null ? 'stat' : null;
  if (st === null) return null;
  if (stat && stat[0] === st.size && stat[1] === st.mtimeMs) return 'stat';
  return fs.sha256(rel) === sha256 ? 'sha256' : null;
}

/** A file's size and mtime to record with its sha256, when they have settled by now; else undefined. */
export function settledStat(st: { size: number; mtimeMs: number } | null): [number, number] | undefined {
  return st !== null && settledBefore(st.mtimeMs, Date.now()) ? [st.size, st.mtimeMs] : undefined;
}
