/**
 * A book read for the continuity checks: its committed chapters with their
 * ops and the state before each, its cast (display names first, then
 * aliases), the names of its items and places, and the ladders of
 * world/rules.json. Reads only.
 */
import {
  castIndex,
  DEFAULT_CONTINUITY,
  resolvedForeshadowing,
  slimState,
  type CastMember,
  type ContinuityFacts,
  type ContinuityNames,
} from '../core/continuity.js';
import { benchChaptersOf, type BenchBook } from '../core/continuity-bench.js';
import { entityIdMap } from '../core/context/entities.js';
import type { ProjectView } from '../core/context/project-view.js';
import { paths } from '../core/paths.js';
import { CastFileSchema, LaddersSchema } from '../schemas/continuity.js';
import { parseWith } from '../schemas/parse.js';
import { readChangelog, readGlobalForeshadowing, readState } from './book-files.js';
import { cacheKeeper, hasCachedStateFacts, readCachedStateFacts, type CachedStateFacts } from './continuity-cache.js';
import { diskView } from './project-view.js';
import { ProjectFs as Fs, type ProjectFs } from './project-fs.js';
import { demoProjectSource } from './package-files.js';
import { readCheckpoint } from './checkpoint.js';

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

export function readContinuityBook(fs: ProjectFs, lastCompleted: number, names?: ContinuityNames): BenchBook {
  const texts = new Map<number, string>();
  for (let n = 1; n <= lastCompleted; n++) {
    const r = fs.readTextChecked(paths.chapter(n));
    if (r && 'text' in r) texts.set(n, r.text);
  }
  const facts = readContinuityFacts(fs, names);
  return {
    chapters: benchChaptersOf(readChangelog(fs).lines, texts),
    cast: facts.cast,
    ladders: facts.ladders,
    ...(names ? { names } : {}),
  };
}

/**
 * The facts the checks of a chapter in flight read: the committed state, the
 * cast (display names first, then aliases), the names of its items and
 * places, the ladders of world/rules.json and the resolved foreshadowing.
 */
export function readContinuityFacts(
  fs: ProjectFs,
  names: ContinuityNames = DEFAULT_CONTINUITY,
  disk: ProjectView = diskView(fs),
): ContinuityFacts {
  // The cast's files are read once: the view keeps the texts the id map read.
  const entities = entityIdMap(disk);
  const cast: CastMember[] = Object.entries(entities.map).map(([id, display]) => {
    const file = entities.files[id]?.json;
    const json = file === undefined ? undefined : disk.json(file);
    const parsed =
      file === undefined || json === undefined ? null : parseWith(CastFileSchema, json, file, 'invalid_character');
    const aliases = parsed?.ok ? (parsed.value.aliases ?? []) : [];
    return { id, names: [display, ...aliases.filter((a) => a !== display)] };
  });
  // The state's part the checks read, and the resolved foreshadowing: from the cache a mutating command keeps, else
  // from the files (a large state costs most of the checks' time).
  const cached = readCachedStateFacts(fs, names);
  const keep = cached || !fs.mutating ? null : cacheKeeper(fs, names);
  const stateFacts = cached ?? stateFactsOf(fs, names);
  if (keep) fs.afterSuccess.push(() => keep(stateFacts));
  // Items and places the state names are names of the book too: never a slip of a character's.
  const state = stateFacts.slim;
  const other: string[] = [];
  for (const it of Object.values(isObj(state.items) ? state.items : {}))
    if (isObj(it) && typeof it[names.item_name] === 'string') other.push(it[names.item_name] as string);
  other.push(...(Array.isArray(state.places) ? state.places.filter((p) => typeof p === 'string') : []));
  const world = fs.readJson(paths.worldRules, LaddersSchema, 'invalid_world_rules');
  let full: Obj | undefined;
  return {
    state,
    fullState: () => (full ??= readState(fs) as Obj),
    cast: castIndex(cast, other),
    ladders: world?.ok ? (world.value.ladders ?? {}) : {},
    resolved: new Set(stateFacts.resolved),
    names,
  };
}

/**
 * After a mutating command, on a book without a record of the facts in this version's shape (made outside novel, or by
 * an older version): the record made, so that its readers do not compute the facts from the whole state each time. A
 * record stale by its sources (a commit rewrote the state) is left to the next command that reads the facts.
 */
export function ensureCachedStateFacts(fs: ProjectFs, names: ContinuityNames = DEFAULT_CONTINUITY): void {
  try {
    if (hasCachedStateFacts(fs)) return;
    const keep = cacheKeeper(fs, names);
    keep(stateFactsOf(fs, names));
  } catch {
    /* a cache: its readers compute the facts without it */
  }
}

/** The facts the record keeps, from the files: the slim state and the resolved foreshadowing. */
function stateFactsOf(fs: ProjectFs, names: ContinuityNames): CachedStateFacts {
  return {
    slim: slimState(readState(fs) as Obj, names),
    resolved: [...resolvedForeshadowing(readGlobalForeshadowing(fs))].sort(),
  };
}

/** The demo book as novel ships it (read where it lies: nothing is written). */
export function readDemoContinuityBook(): BenchBook {
  const fs = new Fs(demoProjectSource());
  return readContinuityBook(fs, readCheckpoint(fs).checkpoint.last_completed_chapter);
}
