/**
 * Reads staging/ once into a StagingView: every agent output with its sha256.
 * A file whose size and ctime are those recorded by the last mutating command
 * (logs/.cache/staging.json) takes its recorded sha256: a reader such as
 * `novel next` then hashes nothing (and never loads node:crypto) when staging
 * did not change since. The ctime, not the mtime: an agent can set a file's
 * mtime back after rewriting it (touch -r), never its ctime, which every
 * write and every change of the mtime moves to the present.
 *
 * A sha256 is recorded only for a file whose ctime was more than RACY_MS older
 * than the moment novel began to read it, and more than its file system's tick
 * where the stamp shows a coarse one (src/core/racy-clean.ts): a later write
 * then gets a later ctime, so the record can never vouch for bytes it did not
 * hash (git's "racily clean").
 */
import { isStagingBookkeeping } from '../core/paths.js';
import { isStepOutput } from '../core/step-outputs.js';
import { parseCache, StagingCacheSchema } from '../schemas/caches.js';
import type { StagedFile, StagingView } from '../core/staging-view.js';
import { sha256Hex, type ProjectFs } from './project-fs.js';
import { NovelError } from '../core/errors.js';
import { errorAt } from '../schemas/diagnostics.js';
import { aboutFile, notUtf8 } from './said-at.js';
import { invalidUtf8At, validUtf8Text } from '../core/utf8.js';
import { RACY_MS, settledAt, settledBefore, stampTickMs } from '../core/racy-clean.js';

export const STAGING_CACHE = 'logs/.cache/staging.json';

type HashCache = Record<string, [number, number, string]>;

/**
 * Above this many staged files, a reader reads only the steps' outputs (the run refuses to execute past
 * staging_max_files).
 */
const STAGING_READ_LIMIT = 10_000;

/**
 * How each file of a view was read: its size and ctime from the stat taken with the read, and the time just before that
 * stat.
 */
const readStats = new WeakMap<StagingView, Map<string, { size: number; ctimeMs: number; readAt: number }>>();

function readHashCache(fs: ProjectFs): HashCache {
  return parseCache(StagingCacheSchema, fs.readCacheText(STAGING_CACHE))?.files ?? {};
}

/** After a mutating command: the size, mtime and sha256 of every staged file, for readers. */
export function recordStagingHashes(fs: ProjectFs, view: StagingView): void {
  const stats = readStats.get(view);
  const files: HashCache = {};
  for (const [rel, f] of view.files) {
    const st = stats?.get(rel);
    // A file written in the moments before it was read could change again within the same mtime: hashed next time.
    if (st && f.sha256 && settledBefore(st.ctimeMs, st.readAt)) files[rel] = [st.size, st.ctimeMs, f.sha256];
  }
  try {
    fs.writeText(STAGING_CACHE, JSON.stringify({ v: 2, files }), { fsync: false });
  } catch {
    /* a cache */
  }
}

/**
 * At the end of a `novel run`: wait out the racy moments of files the last
 * step wrote just now (a fast executor's), at most RACY_MS and a 10 ms tick,
 * then record every staged file, so that the commands run after the run hash
 * nothing. A stamp in whole seconds (FAT, HFS+) is not waited for: such a file
 * is left unrecorded, and hashed by the next command that reads it.
 */
export async function settleStagingHashes(fs: ProjectFs): Promise<void> {
  let view = readStagingView(fs, false);
  // A timer can fire early (it counts from the event loop's cached time),
  // hence the loop. Date.now() drops the fraction of a millisecond that an
  // mtime keeps, so a file written in the same millisecond as it was read looks
  // up to 1 ms in the future: it is waited out. A file stamped further in the
  // future (another machine's clock) stays unrecorded rather than holding the run up.
  for (let round = 0; round < 5; round++) {
    let wait = 0;
    for (const st of readStats.get(view)?.values() ?? []) {
      // A whole second's tick is not waited for; a file stamped ahead of the read by more than a millisecond neither.
      const tick = stampTickMs(st.ctimeMs);
      const left = settledAt(st.ctimeMs) + 1 - st.readAt;
      if (tick <= RACY_MS && left <= RACY_MS + tick + 2) wait = Math.max(wait, left);
    }
    if (wait <= 0) break;
    await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
    view = readStagingView(fs, false);
  }
  recordStagingHashes(fs, view);
}

/**
 * The files under staging/ that agents write, sorted; bookkeeping (journal, revisions, packets) is not even listed.
 * `links`: those listed that are symbolic links.
 */
function stagedOutputs(fs: ProjectFs, links: Set<string>): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    const entries = fs.readDir(rel);
    for (const e of entries) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (!isStagingBookkeeping(`${child}/`)) walk(child);
      } else if ((e.isFile() || e.isSymbolicLink()) && !isStagingBookkeeping(child)) {
        out.push(child);
        if (e.isSymbolicLink()) links.add(child);
      }
    }
  };
  walk('staging');
  // A staging tree past the limit: only the steps' own outputs are read, so that every command still answers at once.
  return (out.length > STAGING_READ_LIMIT ? out.filter(isStepOutput) : out).sort();
}

/**
 * A staged file read whole and found to be UTF-8, its text decoded at the first look. The bytes are those read at open,
 * so a later look sees what the open saw; a command that never looks at a file's text (`novel status` at a 1,000-item
 * delta) never decodes it.
 */
function utf8StagedFile(path: string, sha256: string, bytes: Buffer): StagedFile {
  let text: string | undefined;
  return {
    path,
    sha256,
    get text(): string {
      text ??= validUtf8Text(bytes);
      return text;
    },
  };
}

/**
 * `recorded`: take a file's sha256 from the record when its stats match (readers).
 * A mutating command hashes every file it read (false): a process that mapped a
 * staged file writes through the mapping without moving its times, and what a
 * command commits or records must be named by the bytes it read.
 */
export function readStagingView(fs: ProjectFs, recorded = true): StagingView {
  const files = new Map<string, StagedFile>();
  const stats = new Map<string, { size: number; ctimeMs: number; readAt: number }>();
  const cache = recorded ? readHashCache(fs) : {};
  // The walk takes no link for a directory; staging/ itself is looked at once, not again for every file listed. A
  // link it lists is read as any path is (resolved, so that the refusal names where it leads).
  const links = new Set<string>();
  const listed = fs.stagingIsDir();
  for (const rel of stagedOutputs(fs, links)) {
    let bytes: Buffer;
    let stat: [number, number];
    const readAt = Date.now();
    try {
      const read = listed && !links.has(rel) ? fs.readListedStaged(rel) : fs.readBytesAndStat(rel);
      bytes = read.bytes;
      stat = [read.size, read.ctimeMs];
      stats.set(rel, { size: read.size, ctimeMs: read.ctimeMs, readAt });
    } catch (err) {
      if (err instanceof NovelError) {
        files.set(rel, {
          path: rel,
          sha256: null,
          problem: errorAt(err.code, rel, { message: aboutFile(err, rel), fix: err.hintSaid ?? '' }),
        });
        continue;
      }
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const known = cache[rel];
    const sha256 =
      known && known[0] === stat[0] && known[1] === stat[1] && known[0] === bytes.length ? known[2] : sha256Hex(bytes);
    const invalidAt = invalidUtf8At(bytes);
    files.set(
      rel,
      invalidAt < 0
        ? utf8StagedFile(rel, sha256, bytes)
        : { path: rel, sha256, problem: errorAt('invalid_utf8', rel, notUtf8(invalidAt)) },
    );
  }
  const view = { files };
  readStats.set(view, stats);
  return view;
}

/** What a staged entry is, cheaply: enough to see that a step touched it, and whether it is a link. */
export interface StagedIdent {
  size: number;
  mtimeMs: number;
  /** Moved by every write and every change of the mtime (an agent cannot set it back). */
  ctimeMs: number;
  ino: number;
  nlink: number;
  kind: 'file' | 'link' | 'dir' | 'other';
}

export interface StagingTree {
  entries: Map<string, StagedIdent>;
  /** More entries than the limit: the walk stopped counting there. */
  overflow: { count: number; limit: number; dirs: Array<{ dir: string; entries: number }> } | null;
}

/**
 * Every entry under staging/ (revisions/ excepted: the audit trail of earlier
 * rounds) by lstat, never following a link, up to `limit` entries. Past the
 * limit it only counts, and names the directories that hold the most.
 */
export function stagingTree(fs: ProjectFs, limit: number): StagingTree {
  const entries = new Map<string, StagedIdent>();
  const perDir = new Map<string, number>();
  let count = 0;
  const walk = (rel: string): void => {
    const names = fs.readDir(rel);
    perDir.set(rel, names.length);
    for (const e of names) {
      const child = `${rel}/${e.name}`;
      if (child === 'staging/revisions') continue;
      count += 1;
      if (count > limit) {
        if (e.isDirectory()) walk(child);
        continue;
      }
      const st = fs.lstat(child);
      if (!st) continue;
      const kind = st.isSymbolicLink() ? 'link' : st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other';
      entries.set(child, {
        size: st.size,
        mtimeMs: st.mtimeMs,
        ctimeMs: st.ctimeMs,
        ino: st.ino,
        nlink: st.nlink,
        kind,
      });
      if (kind === 'dir') walk(child);
    }
  };
  walk('staging');
  const overflow =
    count > limit
      ? {
          count,
          limit,
          dirs: [...perDir]
            .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
            .slice(0, 5)
            .map(([dir, n]) => ({ dir, entries: n })),
        }
      : null;
  return { entries, overflow };
}

/** The entries a step added or changed (by identity), sorted. */
export function touchedSince(before: StagingTree, after: StagingTree): string[] {
  const out: string[] = [];
  for (const [rel, now] of after.entries) {
    const was = before.entries.get(rel);
    if (now.kind === 'dir' && was?.kind === 'dir') continue;
    if (
      !was ||
      was.kind !== now.kind ||
      was.size !== now.size ||
      was.mtimeMs !== now.mtimeMs ||
      was.ctimeMs !== now.ctimeMs ||
      was.ino !== now.ino ||
      was.nlink !== now.nlink
    )
      out.push(rel);
  }
  return out.sort();
}
