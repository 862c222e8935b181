/**
 * The state-ops engine of PROTOCOL §7.1. Pure and total: any input list of
 * ops yields a new state plus the applied and dropped ops; nothing throws,
 * nothing touches prototypes, no path outside the whitelist is written.
 */
import { jsonEqual } from './canonical-json.js';
import { render, said, type Said } from './messages.js';

export const STATE_TOP_LEVEL = [
  'characters',
  'items',
  'locations',
  'factions',
  'world_state',
  'active_foreshadowing',
] as const;
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
const SEGMENT_RE = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const FORESHADOW_ACTIONS = ['planted', 'advanced', 'resolved'] as const;
export type ForeshadowAction = (typeof FORESHADOW_ACTIONS)[number];

export type StateDoc = Record<string, unknown> & {
  schema_version: number;
  state_version: number;
  last_updated_chapter: number;
};

export const EMPTY_STATE: StateDoc = { schema_version: 1, state_version: 0, last_updated_chapter: 0 };

export interface DroppedOp {
  [key: string]: unknown;
  reason: string;
}

export interface ForeshadowOp {
  op: 'foreshadow';
  path: string;
  value: ForeshadowAction;
  detail?: unknown;
}

export interface OpsResult {
  state: StateDoc;
  applied: Record<string, unknown>[];
  dropped: DroppedOp[];
  /**
   * Why each op of `dropped` was dropped, said (in the same order); its `reason` is the English the changelog keeps.
   */
  droppedWhy: Said[];
  /** Foreshadow ops in order, for the foreshadowing updater (§7.2). */
  foreshadow: ForeshadowOp[];
}

type Obj = Record<string, unknown>;

function isPlainObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

function own(o: Obj, key: string): unknown {
  return Object.hasOwn(o, key) ? o[key] : undefined;
}

/** Why a path is not writable (said), or null. */
export function pathProblem(path: unknown): Said | null {
  if (typeof path !== 'string') return said('stateop.path_not_string');
  const segments = path.split('.');
  if (segments.length < 2 || segments.length > 4) return said('stateop.path_segments', { n: segments.length });
  for (const s of segments) {
    if (FORBIDDEN_SEGMENTS.has(s)) return said('stateop.segment_forbidden', { segment: s });
    if (!SEGMENT_RE.test(s)) return said('stateop.segment_not_slug', { segment: s });
  }
  if (!(STATE_TOP_LEVEL as readonly string[]).includes(segments[0] as string)) {
    return said('stateop.top_level', { segment: segments[0] as string, allowed: STATE_TOP_LEVEL });
  }
  return null;
}

/**
 * The objects an op may change in place: all of them (null: a replay builds
 * its own state), or only those made by this application, the rest being
 * shared with the state the ops were applied to (copied on first write).
 */
type Writable = Set<Obj> | null;

/**
 * The parent object of the path's leaf, creating objects as needed (copying shared ones); why not (said) on type
 * collision.
 */
function parentFor(
  state: Obj,
  segments: string[],
  create: boolean,
  writable: Writable,
): { parent: Obj; leaf: string } | Said | null {
  let cur: Obj = state;
  for (const s of segments.slice(0, -1)) {
    const next = own(cur, s);
    if (next === undefined) {
      if (!create) return null;
      const made: Obj = {};
      cur[s] = made;
      writable?.add(made);
      cur = made;
    } else if (isPlainObject(next)) {
      if (writable && !writable.has(next)) {
        const copy: Obj = { ...next };
        cur[s] = copy;
        writable.add(copy);
        cur = copy;
      } else cur = next;
    } else {
      return said('stateop.collision_object', { segment: s, array: Array.isArray(next), type: typeof next });
    }
  }
  return { parent: cur, leaf: segments[segments.length - 1] as string };
}

/**
 * The ids of an active_foreshadowing list, as a set: a chapter that advances
 * many items looks each one up, in a list of as many. Kept per list object;
 * a list changed is a new object (the ops engine copies before it writes).
 */
const activeIds = new WeakMap<readonly unknown[], Set<unknown>>();
function isActive(list: readonly unknown[], id: string): boolean {
  let ids = activeIds.get(list);
  if (ids === undefined) activeIds.set(list, (ids = new Set(list)));
  return ids.has(id);
}

function applyOne(state: Obj, op: Obj, writable: Writable): Said | null {
  const kind = op.op;
  if (kind === 'foreshadow') {
    if (typeof op.path !== 'string' || !SEGMENT_RE.test(op.path) || FORBIDDEN_SEGMENTS.has(op.path)) {
      return said('stateop.foreshadow_path');
    }
    if (!(FORESHADOW_ACTIONS as readonly unknown[]).includes(op.value))
      return said('stateop.foreshadow_value', { allowed: FORESHADOW_ACTIONS });
    const active = own(state, 'active_foreshadowing');
    if (active !== undefined && !Array.isArray(active)) return said('stateop.active_not_array');
    const list = (active as unknown[] | undefined) ?? [];
    if (op.value === 'resolved') state.active_foreshadowing = list.filter((x) => x !== op.path);
    else state.active_foreshadowing = isActive(list, op.path) ? list : [...list, op.path];
    return null;
  }
  if (kind !== 'set' && kind !== 'inc' && kind !== 'add' && kind !== 'remove') {
    return said('stateop.unknown_op', { op: String(JSON.stringify(kind)) });
  }
  const problem = pathProblem(op.path);
  if (problem) return problem;
  if (!('value' in op)) return said('stateop.no_value');
  // Every check that can fail is made before the state is touched: a dropped op leaves no trace.
  if (kind === 'inc' && (typeof op.value !== 'number' || !Number.isFinite(op.value)))
    return said('stateop.inc_not_number');
  const segments = (op.path as string).split('.');
  const found = parentFor(state, segments, kind !== 'remove', writable);
  if (found !== null && !('parent' in found)) return found;
  if (found === null) return null; // remove on a missing path: nothing to remove
  const { parent, leaf } = found;
  const current = own(parent, leaf);
  switch (kind) {
    case 'set':
      parent[leaf] = clone(op.value);
      return null;
    case 'inc':
      if (typeof op.value !== 'number' || !Number.isFinite(op.value)) return said('stateop.inc_not_number');
      if (current !== undefined && typeof current !== 'number')
        return said('stateop.collision_number', { path: op.path as string, type: typeof current });
      parent[leaf] = ((current as number | undefined) ?? 0) + op.value;
      return null;
    case 'add':
      if (current !== undefined && !Array.isArray(current))
        return said('stateop.collision_array', { path: op.path as string });
      if (!(current as unknown[] | undefined)?.some((x) => jsonEqual(x, op.value)))
        parent[leaf] = [...((current as unknown[]) ?? []), clone(op.value)];
      return null;
    case 'remove':
      if (current === undefined) return null;
      if (!Array.isArray(current)) return said('stateop.collision_array', { path: op.path as string });
      parent[leaf] = current.filter((x) => !jsonEqual(x, op.value));
      return null;
  }
  return null;
}

/**
 * Apply ops in order, in place on `state`. An op either fails its checks
 * before anything is written (dropped, no trace) or applies whole.
 */
function applyOpsInPlace(state: Obj, ops: readonly unknown[], writable: Writable = null): Omit<OpsResult, 'state'> {
  const applied: Obj[] = [];
  const dropped: DroppedOp[] = [];
  const droppedWhy: Said[] = [];
  const foreshadow: ForeshadowOp[] = [];
  const drop = (kept: Obj, why: Said): void => {
    dropped.push({ ...kept, reason: render('en', why) });
    droppedWhy.push(why);
  };
  for (const op of ops) {
    if (!isPlainObject(op)) {
      drop({ value: op }, said('stateop.not_object'));
      continue;
    }
    const why = applyOne(state, op, writable);
    if (why !== null) {
      drop(op, why);
      continue;
    }
    applied.push(op);
    if (op.op === 'foreshadow') foreshadow.push(op as unknown as ForeshadowOp);
  }
  return { applied, dropped, droppedWhy, foreshadow };
}

/**
 * Apply ops in order to a copy of the state (the input is left as it is):
 * the objects on the ops' paths are copied on first write and the rest is
 * shared, so the cost is the ops', not the state's size.
 * A dropped op leaves no trace. `state_version`/`last_updated_chapter` are not touched.
 */
export function applyOps(state: StateDoc, ops: readonly unknown[]): OpsResult {
  const current: Obj = { ...state };
  return { state: current as StateDoc, ...applyOpsInPlace(current, ops, new Set([current])) };
}

export interface ChangelogLine {
  chapter: number;
  base_state_version: number;
  state_version: number;
  storyline_id: string;
  ops: unknown[];
  dropped: unknown[];
  /** An author's hand fix of the state, accepted by `novel state verify --accept`: replay takes it whole. */
  accepted_state?: StateDoc;
}

function leafPaths(value: unknown, prefix: string, out: string[]): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value as Obj).length > 0) {
    for (const [k, v] of Object.entries(value as Obj)) leafPaths(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) out.push(prefix);
}

/** The changelog line that records an author's fix of the state as history. */
export function acceptedStateLine(state: StateDoc): ChangelogLine {
  const version = typeof state.state_version === 'number' ? state.state_version : 0;
  const chapter = Math.max(1, typeof state.last_updated_chapter === 'number' ? state.last_updated_chapter : 1);
  return {
    chapter,
    base_state_version: version,
    state_version: version,
    storyline_id: 'author',
    ops: [],
    dropped: [],
    accepted_state: state,
  };
}

/** Replay applied ops of the changelog from the empty state (§7.3). */
export function replayChangelog(lines: readonly ChangelogLine[]): { state: StateDoc; writers: Map<string, number> } {
  // One state, changed in place line after line: linear in the total number of ops.
  let state: StateDoc = clone(EMPTY_STATE);
  const writers = new Map<string, number>();
  for (const line of lines) {
    if (line.accepted_state && typeof line.accepted_state === 'object') {
      state = clone(line.accepted_state);
      const written: string[] = [];
      leafPaths(state, '', written);
      for (const p of written) writers.set(p, line.chapter);
      continue;
    }
    const r = applyOpsInPlace(state as Obj, line.ops);
    state.state_version = line.state_version;
    state.last_updated_chapter = line.chapter;
    for (const op of r.applied) {
      const p = op.op === 'foreshadow' ? 'active_foreshadowing' : String(op.path);
      writers.set(p, line.chapter);
    }
  }
  return { state, writers };
}
