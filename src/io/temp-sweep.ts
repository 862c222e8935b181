/**
 * Leftovers of interrupted atomic writes (FILE.<digits>), swept by every
 * mutating command before it acts — at a cost that does not grow with the
 * book. A successful mutation records the mtime and subdirectories of every
 * directory novel writes in (logs/.cache/sweep.json): a directory whose mtime
 * is unchanged since then holds no new leftover (creating one changes it), so
 * only its subdirectories are visited; a changed one is listed and swept. The
 * record is kept current from the paths the mutation itself wrote, never by
 * listing the book again. A missing or damaged record means a full sweep, and
 * so does a lock taken over from a holder that was killed (lock.ts forgets the
 * record): a temp it created within the same clock tick as the record left
 * its directory's mtime as recorded.
 *
 * Directories that only ever receive whole files by rename (the shards of
 * `.novel/objects/`) hold no leftover of novel's writer: they are listed by
 * a full sweep only (which also finds what an older novel left there), and
 * the record leaves them out.
 */
import { parseCache, SweepCacheSchema } from '../schemas/caches.js';
import type { ProjectFs } from './project-fs.js';

export const SWEEP_CACHE = 'logs/.cache/sweep.json';

interface DirEntry {
  /** mtimeMs when recorded. */
  m: number;
  /** Subdirectory names. */
  d: string[];
}

export interface Sweep {
  removed: string[];
  /** Every directory visited, with what it held (for the record). */
  seen: Map<string, DirEntry>;
}

/** The next sweep lists every directory (a writer was killed: lock.ts). */
export function forgetSweepRecord(fs: ProjectFs): void {
  if (fs.exists(SWEEP_CACHE)) fs.remove(SWEEP_CACHE);
}

function readCache(fs: ProjectFs): Record<string, DirEntry> {
  return parseCache(SweepCacheSchema, fs.readCacheText(SWEEP_CACHE))?.dirs ?? {};
}

function mtimeOf(fs: ProjectFs, rel: string): number | null {
  const st = fs.lstat(rel);
  return st?.isDirectory() ? st.mtimeMs : null;
}

/** Where the sweep looks: the directories novel writes in, and those a full sweep alone lists. */
export interface SweepScope {
  /** Project-relative directories, swept with all they hold. */
  roots: readonly string[];
  /** Directories listed by a full sweep only (no record), and not below them; never recorded. */
  fullOnly: (rel: string) => boolean;
}

/** Sweep the temporaries below the scope's roots. */
export function sweepTemps(fs: ProjectFs, scope: SweepScope, isTemp: (rel: string) => boolean): Sweep {
  const cache = readCache(fs);
  const full = Object.keys(cache).length === 0;
  const removed: string[] = [];
  const seen = new Map<string, DirEntry>();
  const visit = (rel: string): void => {
    const shallow = scope.fullOnly(rel);
    if (shallow && !full) return;
    const m = mtimeOf(fs, rel);
    if (m === null) return;
    const cached = cache[rel];
    if (cached && cached.m === m) {
      seen.set(rel, cached);
      for (const sub of cached.d) visit(`${rel}/${sub}`);
      return;
    }
    const subdirs: string[] = [];
    const entries = fs.readDir(rel);
    for (const e of entries) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) subdirs.push(e.name);
      else if (isTemp(child)) {
        fs.remove(child);
        removed.push(child);
      }
    }
    if (shallow) return;
    seen.set(rel, { m, d: subdirs.sort() });
    for (const sub of subdirs) visit(`${rel}/${sub}`);
  };
  for (const root of scope.roots) visit(root);
  return { removed, seen };
}

/**
 * After a successful mutation: the directories as they are now, from the
 * sweep and the paths the mutation wrote or removed (no listing). Only the
 * directories on the way to those paths are stat'ed again; any other keeps
 * the mtime the sweep saw (should it have changed since, the next sweep lists
 * it: an older mtime only costs a listing).
 */
export function recordSweep(fs: ProjectFs, sweep: Sweep, touched: Iterable<string>, scope: SweepScope): void {
  const dirs = new Map<string, DirEntry>();
  for (const [rel, e] of sweep.seen) dirs.set(rel, { m: e.m, d: [...e.d] });
  const inRoots = (rel: string): boolean =>
    scope.roots.some((r) => rel === r || rel.startsWith(`${r}/`)) && !scope.fullOnly(rel);
  // The directories this mutation may have changed: those on the way to a path it wrote or removed.
  const changed = new Set<string>();
  for (const rel of touched) {
    // Every directory between a root and the path exists now (or was removed with it).
    const parts = rel.split('/');
    if (inRoots(rel)) changed.add(rel); // a directory removed itself
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      const parent = parts.slice(0, i - 1).join('/');
      if (!inRoots(dir)) continue;
      changed.add(dir);
      if (!dirs.has(dir)) dirs.set(dir, { m: 0, d: [] });
      const p = dirs.get(parent);
      const name = parts[i - 1] as string;
      if (p && inRoots(parent) && !p.d.includes(name)) p.d.push(name);
    }
  }
  const out: Record<string, DirEntry> = {};
  // Each changed directory is stat'ed once: as itself and as its parent's subdirectory.
  const mtimes = new Map<string, number | null>();
  const mtime = (rel: string): number | null => {
    let m = mtimes.get(rel);
    if (m === undefined) mtimes.set(rel, (m = changed.has(rel) ? mtimeOf(fs, rel) : (dirs.get(rel)?.m ?? null)));
    return m;
  };
  for (const [rel, e] of dirs) {
    const m = mtime(rel);
    if (m === null) continue;
    const d = e.d.filter((sub) => mtime(`${rel}/${sub}`) !== null).sort();
    out[rel] = { m, d };
  }
  try {
    fs.writeText(SWEEP_CACHE, JSON.stringify({ v: 1, dirs: out }), { fsync: false });
  } catch {
    /* a cache: the next sweep lists everything */
  }
}
