/**
 * How many foreshadowing items are dormant at the next chapter (§13.6), as
 * `novel status` and `novel chapters` report it. A commit knows the count from
 * the list it has just written and records it with that list's sha256; a
 * reader takes it when the list is still the one recorded and the chapter and
 * thresholds agree, and otherwise reads and counts the list itself. A long
 * book's 1,000 items are then neither parsed nor, mostly, hashed on every
 * status: the list's size and mtime are recorded too once they have settled
 * (written more than RACY_MS before they were taken, and more than the file
 * system's tick where the stamp shows a coarse one, as for the staged files'
 * hashes), and a reader that finds them equal takes the count on them.
 */
import { dormantItems, sameThresholds, type DormancyThresholds } from '../core/context/dormant-foreshadowing.js';
import { DormantCacheSchema, parseCache, type DormantCache } from '../schemas/caches.js';
import { readGlobalForeshadowing } from './book-files.js';
import type { ProjectFs } from './project-fs.js';
import { paths } from '../core/paths.js';
import { settledStat, stillRecorded } from './recorded-file.js';

export const DORMANT_CACHE = 'logs/.cache/dormant.json';
export const GLOBAL_FORESHADOWING = paths.globalForeshadowing;

type Recorded = { count: number; byStat: boolean; sha256: string };

/**
 * The recorded count at `chapter` with these thresholds, when the list is still the one recorded (same size and mtime,
 * else same sha256); else null.
 */
function recorded(fs: ProjectFs, chapter: number, dormancy: DormancyThresholds): Recorded | null {
  const cached = parseCache(DormantCacheSchema, fs.readCacheText(DORMANT_CACHE));
  if (!cached || cached.chapter !== chapter || !sameThresholds(cached.dormancy, dormancy)) return null;
  const still = stillRecorded(fs, GLOBAL_FORESHADOWING, cached.global_sha256, cached.global_stat);
  return still === null ? null : { count: cached.count, byStat: still === 'stat', sha256: cached.global_sha256 };
}

/** The number of dormant items at `chapter`: the recorded count when it still holds, else counted from the list. */
export function dormantCount(fs: ProjectFs, chapter: number, dormancy: DormancyThresholds): number {
  return (
    recorded(fs, chapter, dormancy)?.count ??
    dormantItems({ foreshadowing: readGlobalForeshadowing(fs) }, chapter, dormancy).length
  );
}

/**
 * After any mutating command: the count at `chapter` recorded when it is not
 * already (an older project, a rewind, an edited list), and the list's size
 * and mtime added once they have settled, so that readers find it without
 * hashing. A list that cannot be read is left to the readers to report.
 */
export function refreshDormantCount(fs: ProjectFs, chapter: number, dormancy: DormancyThresholds): void {
  const known = recorded(fs, chapter, dormancy);
  if (known?.byStat) return;
  let entry: Omit<DormantCache, 'v' | 'global_stat'>;
  if (known) entry = { chapter, dormancy, global_sha256: known.sha256, count: known.count };
  else {
    const sha256 = fs.sha256(GLOBAL_FORESHADOWING);
    if (sha256 === null) return;
    try {
      entry = {
        chapter,
        dormancy,
        global_sha256: sha256,
        count: dormantItems({ foreshadowing: readGlobalForeshadowing(fs) }, chapter, dormancy).length,
      };
    } catch {
      return;
    }
  }
  recordDormantCount(fs, entry);
}

/**
 * The count at the next chapter, for the list whose bytes hash to
 * `global_sha256`, with the list's size and mtime when they have settled. A
 * cache: a failed write is no failure.
 */
export function recordDormantCount(fs: ProjectFs, entry: Omit<DormantCache, 'v' | 'global_stat'>): void {
  const stat = settledStat(fs.stat(GLOBAL_FORESHADOWING));
  try {
    fs.writeText(DORMANT_CACHE, JSON.stringify({ v: 1, ...entry, ...(stat ? { global_stat: stat } : {}) }), {
      fsync: false,
    });
  } catch {
    /* a cache */
  }
}
