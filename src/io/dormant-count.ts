/**
 * How many foreshadowing items are dormant at the next chapter (§13.6), as
 * `novel status` and `novel chapters` report it. A commit knows the count from
 * the list it has just written and records it with that list's sha256; a
 * reader takes it when the list still hashes the same and the chapter and
 * thresholds agree, and otherwise reads and counts the list itself. A long
 * book's 1,000 items are then hashed, not parsed, on every status.
 */
import { dormantItems, type DormancyThresholds } from '../core/context/dormant-foreshadowing.js';
import { DormantCacheSchema, parseCache, type DormantCache } from '../schemas/caches.js';
import { readGlobalForeshadowing } from './book-files.js';
import type { ProjectFs } from './project-fs.js';

export const DORMANT_CACHE = 'logs/.cache/dormant.json';
export const GLOBAL_FORESHADOWING = 'foreshadowing/global.json';

const sameThresholds = (a: DormancyThresholds, b: DormancyThresholds): boolean => a.short === b.short && a.medium === b.medium && a.long === b.long;

/** The recorded count at `chapter` with these thresholds, when the list still hashes as recorded; else null. */
function recorded(fs: ProjectFs, chapter: number, dormancy: DormancyThresholds): number | null {
  const cached = parseCache(DormantCacheSchema, fs.readCacheText(DORMANT_CACHE));
  if (cached && cached.chapter === chapter && sameThresholds(cached.dormancy, dormancy) && fs.sha256(GLOBAL_FORESHADOWING) === cached.global_sha256) return cached.count;
  return null;
}

/** The number of dormant items at `chapter`: the recorded count when it still holds, else counted from the list. */
export function dormantCount(fs: ProjectFs, chapter: number, dormancy: DormancyThresholds): number {
  return recorded(fs, chapter, dormancy) ?? dormantItems({ foreshadowing: readGlobalForeshadowing(fs) }, chapter, dormancy).length;
}

/**
 * After any mutating command: the count at `chapter` recorded when it is not
 * already (an older project, a rewind, an edited list), so that readers find
 * it. A list that cannot be read is left to the readers to report.
 */
export function refreshDormantCount(fs: ProjectFs, chapter: number, dormancy: DormancyThresholds): void {
  if (recorded(fs, chapter, dormancy) !== null) return;
  const sha256 = fs.sha256(GLOBAL_FORESHADOWING);
  if (sha256 === null) return;
  let count: number;
  try {
    count = dormantItems({ foreshadowing: readGlobalForeshadowing(fs) }, chapter, dormancy).length;
  } catch {
    return;
  }
  recordDormantCount(fs, { chapter, dormancy, global_sha256: sha256, count });
}

/** After a commit: the count at the next chapter, for the list whose bytes hash to `globalSha256`. A cache: a failed write is no failure. */
export function recordDormantCount(fs: ProjectFs, entry: Omit<DormantCache, 'v'>): void {
  try {
    fs.writeText(DORMANT_CACHE, JSON.stringify({ v: 1, ...entry }));
  } catch {
    /* a cache */
  }
}
