/**
 * What `novel serve` shows, shaped from what the book already holds: the
 * chapter rows as compact chart series, the foreshadowing timeline (planted →
 * due → resolved, dormant and overdue marked), where each character is, the
 * storyline schedule, and which state of each machine is current. Pure: parsed
 * files in, JSON out (PROTOCOL §15, docs/serve.md).
 */
import type { ChapterRowView } from './chapter-table.js';
import { dormantItems, type DormancyThresholds } from './context/dormant-foreshadowing.js';
import { isObj, type Obj } from './context/project-view.js';
import type { MachineGraph } from './graph.js';

/** The chapter table's columns as parallel arrays: one small response draws every chart of a 3,000-chapter book. */
export interface ChapterSeries {
  chapter: number[];
  zishu: Array<number | null>;
  overall: Array<number | null>;
  blacklist_per_kchars: Array<number | null>;
  cost_usd: Array<number | null>;
  /** The running total of the known costs (a chapter of unknown cost adds nothing). */
  cost_cumulative: number[];
}

export function chapterSeries(rows: readonly ChapterRowView[]): ChapterSeries {
  const s: ChapterSeries = {
    chapter: [],
    zishu: [],
    overall: [],
    blacklist_per_kchars: [],
    cost_usd: [],
    cost_cumulative: [],
  };
  let total = 0;
  for (const r of rows) {
    s.chapter.push(r.chapter);
    s.zishu.push(r.zishu);
    s.overall.push(r.overall);
    s.blacklist_per_kchars.push(r.blacklist_per_kchars);
    s.cost_usd.push(r.cost_usd);
    total += r.cost_usd ?? 0;
    s.cost_cumulative.push(Math.round(total * 1e6) / 1e6);
  }
  return s;
}

/** A page of the chapter table: `offset` and `limit` clamped to the book. */
export function pageOf(
  total: number,
  offset: number,
  limit: number,
): { from: number; to: number; offset: number; limit: number } {
  const lim = Math.max(1, Math.min(500, Math.floor(limit)));
  const off = Math.max(0, Math.min(Math.floor(offset), Math.max(0, total - 1)));
  return { from: off + 1, to: Math.min(total, off + lim), offset: off, limit: lim };
}

export interface TimelineItem {
  id: string;
  description: string | null;
  scope: string | null;
  status: string;
  planted_chapter: number | null;
  /** target_resolve_range: the chapters it is due in. */
  due: [number, number] | null;
  resolved_chapter: number | null;
  /** Every chapter that planted, advanced or resolved it, in order. */
  chapters: number[];
  dormant: boolean;
  /** Unresolved, and the book is past the end of its due range. */
  overdue: boolean;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The global foreshadowing list as a timeline at `lastCompleted` (the dormancy of §13.6 at the next chapter). */
export function foreshadowingTimeline(
  items: readonly Obj[],
  lastCompleted: number,
  dormancy: DormancyThresholds,
): TimelineItem[] {
  const dormant = new Set(dormantItems({ foreshadowing: items }, lastCompleted + 1, dormancy).map((d) => d.id));
  return items
    .filter((i) => typeof i.id === 'string')
    .map((i) => {
      const history = Array.isArray(i.history) ? i.history.filter(isObj) : [];
      const chapters = [...new Set(history.map((h) => num(h.chapter)).filter((c): c is number => c !== null))].sort(
        (a, b) => a - b,
      );
      const range =
        Array.isArray(i.target_resolve_range) &&
        i.target_resolve_range.length === 2 &&
        i.target_resolve_range.every((x) => num(x) !== null)
          ? (i.target_resolve_range as [number, number])
          : null;
      const resolvedAt = history.find((h) => h.action === 'resolved');
      const status = typeof i.status === 'string' ? i.status : 'planted';
      const resolved = status === 'resolved' || resolvedAt !== undefined;
      const planted = num(i.planted_chapter) ?? chapters[0] ?? null;
      return {
        id: i.id as string,
        description: typeof i.description === 'string' ? i.description : null,
        scope: typeof i.scope === 'string' ? i.scope : null,
        status,
        planted_chapter: planted,
        due: range,
        resolved_chapter: resolvedAt ? num(resolvedAt.chapter) : resolved ? num(i.last_updated_chapter) : null,
        chapters: planted !== null && !chapters.includes(planted) ? [planted, ...chapters] : chapters,
        dormant: !resolved && dormant.has(i.id as string),
        overdue: !resolved && range !== null && lastCompleted > range[1],
      };
    })
    .sort((a, b) => (a.planted_chapter ?? 0) - (b.planted_chapter ?? 0) || a.id.localeCompare(b.id));
}

export interface CharacterPlace {
  id: string;
  name: string;
  location: string | null;
  /** The rest of what state/current-state.json records of them (attitude, status, realm, …). */
  state: Record<string, unknown>;
  last_seen_chapter: number | null;
}

/**
 * Each character of characters/active/ with what the state says of them; characters the state knows but no file names
 * come last.
 */
export function characterPlaces(
  files: ReadonlyArray<{ id: string; name: string }>,
  stateCharacters: unknown,
): CharacterPlace[] {
  const state = isObj(stateCharacters) ? stateCharacters : {};
  const known = new Set(files.map((f) => f.id));
  const all = [
    ...files,
    ...Object.keys(state)
      .filter((id) => !known.has(id))
      .sort()
      .map((id) => ({ id, name: id })),
  ];
  return all.map(({ id, name }) => {
    const s = isObj(state[id]) ? (state[id] as Obj) : {};
    const { location, last_seen_chapter, ...rest } = s;
    return {
      id,
      name,
      location: typeof location === 'string' ? location : null,
      state: rest,
      last_seen_chapter: num(last_seen_chapter),
    };
  });
}

/** The id of a machine's state that the step names (chapter:012:hook-fix → hookFix), if the graph has one. */
export function graphStateOf(graph: MachineGraph, stage: string | null): string | null {
  if (stage === null) return null;
  const want = stage.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()).toLowerCase();
  const hit = graph.states.find((s) => s.id.toLowerCase() === want || s.id.toLowerCase().endsWith(`.${want}`));
  return hit ? hit.id : null;
}

/** States in layers by their distance from the initial state: the page draws each layer as a row. */
export function graphLayers(graph: MachineGraph): string[][] {
  const depth = new Map<string, number>();
  const top = graph.states.filter((s) => s.parent === null || s.parent === undefined).map((s) => s.id);
  const start = graph.initial && graph.states.some((s) => s.id === graph.initial) ? graph.initial : top[0];
  if (start === undefined) return [];
  const queue = [start];
  depth.set(start, 0);
  while (queue.length) {
    const id = queue.shift() as string;
    for (const t of graph.transitions.filter((x) => x.source === id)) {
      if (t.target !== null && t.target !== undefined && !depth.has(t.target)) {
        depth.set(t.target, (depth.get(id) ?? 0) + 1);
        queue.push(t.target);
      }
    }
  }
  let deepest = Math.max(0, ...depth.values());
  for (const s of graph.states) if (!depth.has(s.id)) depth.set(s.id, ++deepest);
  const layers: string[][] = [];
  for (const s of graph.states) (layers[depth.get(s.id) as number] ??= []).push(s.id);
  return layers.filter((l) => l?.length);
}
