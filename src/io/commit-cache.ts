/**
 * What a chapter commit leaves for the next one (logs/.cache/commit.json):
 * the sha256 of each large book file whose bytes it serialised itself — the
 * state, the foreshadowing list, the memory ledger — with the size and mtime
 * the file had then, and the dormancy tally of the list it left. The next
 * commit checks what it reads: bytes that are still the ones recorded may be
 * spliced (src/core/book-splice.ts), so a chapter costs what it changes rather
 * than the size of the book; anything else (an edited file, a rewind, a
 * rebuilt state, a cache missing or torn) is read and checked whole, as
 * before. The bytes read are always hashed, whatever their size and mtime say
 * (a process can put those back after an edit; PROTOCOL §17), and checked
 * against the fingerprint before anything is spliced into them. A cache:
 * written without fsync, never a failure.
 */
import type { BookJson, CommitPlan } from '../core/commit-plan.js';
import type { DormancyTally } from '../core/context/dormant-foreshadowing.js';
import type { Journal } from '../schemas/journal.js';
import { CommitCacheSchema, parseCache, type CommitCache } from '../schemas/caches.js';
import { sha256Hex, type ProjectFs } from './project-fs.js';

export const COMMIT_CACHE = 'logs/.cache/commit.json';

export function readCommitCache(fs: ProjectFs): CommitCache | null {
  return parseCache(CommitCacheSchema, fs.readCacheText(COMMIT_CACHE));
}

/** A large book file for a commit, and the sha256 of its bytes when they were read (null: missing or not read). */
export interface ReadBookJson<T> {
  doc: BookJson<T>;
  sha256: string | null;
}

/** The files read whose bytes are still the recorded ones, with that sha256. */
export function verifiedFiles(read: Record<string, ReadBookJson<unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [rel, r] of Object.entries(read)) if (r.doc.canonical !== null && r.sha256 !== null) out[rel] = r.sha256;
  return out;
}

/**
 * The file's bytes, spliceable when they hash to the recorded sha256; the
 * whole document parsed (and schema-checked) only when the commit asks.
 * `hashAnyway`: hash the bytes even when no sha256 is recorded for them (the
 * list, whose tally is keyed by its sha256).
 */
export function readBookJson<T>(
  fs: ProjectFs,
  rel: string,
  cache: CommitCache | null,
  parse: () => T,
  hashAnyway = false,
): ReadBookJson<T> {
  let memo: { value: T } | null = null;
  const parsed = (): T => (memo ??= { value: parse() }).value;
  const recorded = cache?.files[rel];
  if (recorded === undefined && !hashAnyway) return { doc: { canonical: null, parsed }, sha256: null };
  let read: { bytes: Buffer; size: number; mtimeMs: number };
  try {
    read = fs.readBytesAndStat(rel);
  } catch {
    return { doc: { canonical: null, parsed }, sha256: null };
  }
  // Always the bytes read, hashed: a file rewritten with its size and mtime put back is not taken for the recorded one
  // (PROTOCOL §17).
  const sha256 = sha256Hex(read.bytes);
  return { doc: { canonical: sha256 === recorded ? read.bytes : null, parsed }, sha256 };
}

/**
 * After the commit's journal is applied: the files it serialised itself take
 * the sha256 the journal staged them with; those it read and found still
 * recorded (`verified`) keep theirs, this commit having left them as they
 * were; and the list's tally takes the list's sha256.
 */
export function recordCommitCache(
  fs: ProjectFs,
  verified: Record<string, string>,
  journal: Journal,
  plan: CommitPlan,
  list: { rel: string; sha256: string | null },
): void {
  const files: Record<string, string> = { ...verified };
  const staged = new Map(journal.writes.map((w) => [w.path, w.sha256]));
  for (const w of plan.writes) {
    const sha256 = staged.get(w.path);
    if (w.canonical && sha256 !== undefined) files[w.path] = sha256;
  }
  const stats: Record<string, [number, number]> = {};
  for (const rel of Object.keys(files)) {
    const st = fs.stat(rel);
    if (st?.isFile()) stats[rel] = [st.size, st.mtimeMs];
  }
  const tally: DormancyTally | undefined = plan.dormancy_tally;
  const cache: CommitCache = {
    v: 1,
    files,
    stats,
    tally: tally ? { global_sha256: staged.get(list.rel) ?? list.sha256, tally } : null,
  };
  try {
    fs.writeText(COMMIT_CACHE, JSON.stringify(cache), { fsync: false });
  } catch {
    /* a cache */
  }
}
