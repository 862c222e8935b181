/**
 * A book read for the continuity checks: its committed chapters with their
 * ops and the state before each, its cast (display names first, then
 * aliases), the names of its items and places, and the ladders of
 * world/rules.json. Reads only.
 */
import { castIndex, type CastMember } from '../core/continuity.js';
import { benchChaptersOf, type BenchBook } from '../core/continuity-bench.js';
import { entityIdMap } from '../core/context/entities.js';
import { paths } from '../core/paths.js';
import { CastFileSchema, LaddersSchema } from '../schemas/continuity.js';
import { readChangelog, readState } from './book-files.js';
import { diskView } from './project-view.js';
import { ProjectFs as Fs, type ProjectFs } from './project-fs.js';
import { demoProjectSource } from './package-files.js';
import { readCheckpoint } from './checkpoint.js';

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

export function readContinuityBook(fs: ProjectFs, lastCompleted: number): BenchBook {
  const texts = new Map<number, string>();
  for (let n = 1; n <= lastCompleted; n++) {
    const r = fs.readTextChecked(paths.chapter(n));
    if (r && 'text' in r) texts.set(n, r.text);
  }
  const entities = entityIdMap(diskView(fs));
  const cast: CastMember[] = Object.entries(entities.map).map(([id, display]) => {
    const file = entities.files[id]?.json;
    const parsed = file ? fs.readJson(file, CastFileSchema, 'invalid_character') : null;
    const aliases = parsed?.ok ? (parsed.value.aliases ?? []) : [];
    return { id, names: [display, ...aliases.filter((a) => a !== display)] };
  });
  // Items and places the state names are names of the book too: never a slip of a character's.
  const state = readState(fs) as Obj;
  const other: string[] = [];
  for (const it of Object.values(isObj(state.items) ? state.items : {}))
    if (isObj(it) && typeof it.name === 'string') other.push(it.name);
  for (const c of Object.values(isObj(state.characters) ? state.characters : {}))
    if (isObj(c) && typeof c.location === 'string') other.push(c.location);
  const world = fs.readJson('world/rules.json', LaddersSchema, 'invalid_world_rules');
  return {
    chapters: benchChaptersOf(readChangelog(fs).lines, texts),
    cast: castIndex(cast, other),
    ladders: world?.ok ? (world.value.ladders ?? {}) : {},
  };
}

/** The demo book as novel ships it (read where it lies: nothing is written). */
export function readDemoContinuityBook(): BenchBook {
  const fs = new Fs(demoProjectSource());
  return readContinuityBook(fs, readCheckpoint(fs).checkpoint.last_completed_chapter);
}
