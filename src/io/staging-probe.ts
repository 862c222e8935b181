/**
 * Reads staging/ once into a StagingView: every agent output with its sha256.
 * A file whose size and mtime are those recorded by the last mutating command
 * (logs/.cache/staging.json) takes its recorded sha256: a reader such as
 * `novel next` then hashes nothing (and never loads node:crypto) when staging
 * did not change since.
 *
 * A sha256 is recorded only for a file whose mtime was at least RACY_MS older
 * than the moment novel began to read it: a later write then gets a later
 * mtime (the kernel stamps files from a clock that ticks every few ms), so the
 * record can never vouch for bytes it did not hash (git's "racily clean").
 */
import { type Dirent, readdirSync } from 'node:fs';
import * as nodePath from 'node:path';
import { isStagingBookkeeping } from '../core/paths.js';
import { parseCache, StagingCacheSchema } from '../schemas/caches.js';
import type { StagedFile, StagingView } from '../core/staging-view.js';
import { sha256Hex, type ProjectFs } from './project-fs.js';
import { NovelError } from '../core/errors.js';
import { errorAt } from '../core/diagnostics.js';
import { decodeUtf8 } from '../core/utf8.js';

export const STAGING_CACHE = 'logs/.cache/staging.json';

type HashCache = Record<string, [number, number, string]>;

/** Longer than the kernel's timestamp tick (1–10 ms). */
const RACY_MS = 10;

/** How each file of a view was read: [size, mtime] from the stat taken before the read, and the time just before that stat. */
const readStats = new WeakMap<StagingView, Map<string, { size: number; mtimeMs: number; readAt: number }>>();

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
    if (st && f.sha256 && st.readAt - st.mtimeMs > RACY_MS) files[rel] = [st.size, st.mtimeMs, f.sha256];
  }
  try {
    fs.writeText(STAGING_CACHE, JSON.stringify({ v: 1, files }));
  } catch {
    /* a cache */
  }
}

/**
 * At the end of a `novel run`: wait out the racy moments of files the last
 * step wrote just now (a fast executor's), at most RACY_MS, then record every
 * staged file, so that the commands run after the run hash nothing.
 */
export async function settleStagingHashes(fs: ProjectFs): Promise<void> {
  let view = readStagingView(fs);
  // A timer can fire a little early, hence the loop; a file stamped in the
  // future (another machine's clock) stays unrecorded rather than holding the run up.
  for (let round = 0; round < 3; round++) {
    let wait = 0;
    for (const st of readStats.get(view)?.values() ?? []) {
      const left = st.mtimeMs + RACY_MS + 1 - st.readAt;
      if (left <= RACY_MS + 1) wait = Math.max(wait, left);
    }
    if (wait <= 0) break;
    await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
    view = readStagingView(fs);
  }
  recordStagingHashes(fs, view);
}

/** The files under staging/ that agents write, sorted; bookkeeping (journal, revisions, packets) is not even listed. */
function stagedOutputs(fs: ProjectFs): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(nodePath.join(fs.root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (!isStagingBookkeeping(`${child}/`)) walk(child);
      } else if ((e.isFile() || e.isSymbolicLink()) && !isStagingBookkeeping(child)) out.push(child);
    }
  };
  walk('staging');
  return out.sort();
}

export function readStagingView(fs: ProjectFs): StagingView {
  const files = new Map<string, StagedFile>();
  const stats = new Map<string, { size: number; mtimeMs: number; readAt: number }>();
  const cache = readHashCache(fs);
  for (const rel of stagedOutputs(fs)) {
    let bytes: Buffer;
    let stat: [number, number];
    const readAt = Date.now();
    try {
      const read = fs.readBytesAndStat(rel);
      bytes = read.bytes;
      stat = [read.size, read.mtimeMs];
      stats.set(rel, { size: read.size, mtimeMs: read.mtimeMs, readAt });
    } catch (err) {
      if (err instanceof NovelError) {
        files.set(rel, { path: rel, sha256: null, problem: errorAt(err.code, rel, { message: err.message.replace(`${rel}: `, ''), fix: err.hint ?? '' }) });
        continue;
      }
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const known = cache[rel];
    const sha256 = known && known[0] === stat[0] && known[1] === stat[1] && known[0] === bytes.length ? known[2] : sha256Hex(bytes);
    const decoded = decodeUtf8(bytes);
    files.set(
      rel,
      decoded.ok
        ? { path: rel, sha256, text: decoded.text }
        : {
            path: rel,
            sha256,
            problem: errorAt('invalid_utf8', rel, {
              expected: 'UTF-8 text',
              found: `an invalid byte sequence at byte offset ${decoded.offset}`,
              fix: 'save the file as UTF-8',
            }),
          },
    );
  }
  const view = { files };
  readStats.set(view, stats);
  return view;
}
