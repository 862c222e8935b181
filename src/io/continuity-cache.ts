/**
 * What the continuity checks keep of a large book between commands
 * (PROTOCOL §19): the slim state (the fields the checks read) and the
 * resolved foreshadowing, under logs/.cache/. Keyed by the size and time of
 * state/current-state.json and foreshadowing/global.json and by the
 * `continuity` names: a commit rewrites them, and the key no longer matches.
 * Written only inside a mutating command, by the first that computes the
 * facts (a reader never writes); a damaged or stale cache is computed anew.
 */
import * as v from 'valibot';
import { paths } from '../core/paths.js';
import type { ContinuityNames } from '../core/continuity.js';
import type { ProjectFs } from './project-fs.js';

const KEY = 'logs/.cache/continuity-key.json';
const DATA = 'logs/.cache/continuity-facts.json';
const SOURCES = [paths.state, 'foreshadowing/global.json'] as const;
/** The record's shape: 2 since the places stand for the characters' locations (continuity.ts slimState). */
const SHAPE = 2;

const KeySchema = v.object({
  sources: v.array(v.nullable(v.tuple([v.number(), v.number()]))),
  names: v.string(),
  shape: v.optional(v.number()),
});
/**
 * On disk the slim state is `state` (it was `slim` before the places stood for the locations: neither version takes
 * the other's record).
 */
const DataSchema = v.object({ state: v.record(v.string(), v.unknown()), resolved: v.array(v.string()) });

export interface CachedStateFacts {
  slim: Record<string, unknown>;
  resolved: string[];
}

/** The cache's key now: each source's size and time (null: missing), and the names the checks use. */
function keyNow(fs: ProjectFs, names: ContinuityNames): v.InferOutput<typeof KeySchema> {
  return {
    sources: SOURCES.map((rel) => {
      const st = fs.lstat(rel);
      return st?.isFile() ? ([st.size, st.mtimeMs] as [number, number]) : null;
    }),
    names: JSON.stringify(names),
    // An older version drops this field and would match the key: the data's renamed field (`state`) is what it refuses.
    shape: SHAPE,
  };
}

/** The cached facts when their key is the book's now; null otherwise (never an error: the facts are computed). */
export function readCachedStateFacts(fs: ProjectFs, names: ContinuityNames): CachedStateFacts | null {
  try {
    const key = fs.readJson(KEY, KeySchema, 'invalid_cache');
    if (!key?.ok || JSON.stringify(key.value) !== JSON.stringify(keyNow(fs, names))) return null;
    const data = fs.readJson(DATA, DataSchema, 'invalid_cache');
    return data?.ok ? { slim: data.value.state, resolved: data.value.resolved } : null;
  } catch {
    return null;
  }
}

/** A record of this version's shape is there, current or not (a stale one: computed anew by the next reading it). */
export function hasCachedStateFacts(fs: ProjectFs): boolean {
  try {
    const key = fs.readJson(KEY, KeySchema, 'invalid_cache');
    return key?.ok === true && key.value.shape === SHAPE;
  } catch {
    return false;
  }
}

/**
 * A keeper of the facts about to be computed (inside a mutating command): the key is taken before the files are
 * read, and the facts are kept only if the files are still as they were (a commit may have written the state since):
 * the data first, its key last.
 */
export function cacheKeeper(fs: ProjectFs, names: ContinuityNames): (facts: CachedStateFacts) => void {
  const before = JSON.stringify(keyNow(fs, names));
  return (facts) => {
    if (JSON.stringify(keyNow(fs, names)) !== before) return;
    fs.writeText(DATA, JSON.stringify({ state: facts.slim, resolved: facts.resolved }), { fsync: false });
    fs.writeText(KEY, before, { fsync: false });
  };
}
