/**
 * Dormant foreshadowing (PROTOCOL §13.6): an unresolved item is dormant when
 * the chapter minus the last chapter that planted or advanced it reaches the
 * threshold of its scope (short / medium / long; no scope counts as medium).
 * The draft packet lists up to five, oldest first, each with a light-touch
 * task. Pure.
 */
import { isObj, type Obj } from './project-view.js';

export interface DormancyThresholds {
  short: number;
  medium: number;
  long: number;
}

export interface DormantItem {
  id: string;
  scope: 'short' | 'medium' | 'long';
  description?: string;
  last_touched_chapter: number;
  dormant_chapters: number;
  task: string;
}

export const LIGHT_TOUCH_LIMIT = 5;

export const sameThresholds = (a: DormancyThresholds, b: DormancyThresholds): boolean =>
  a.short === b.short && a.medium === b.medium && a.long === b.long;

/** The last chapter that planted or advanced an item (its history first, then its recorded chapters). */
function lastTouched(item: Obj): number | null {
  // One loop, no copies: a commit that advances a thousand items tallies each.
  let last: number | null = null;
  if (Array.isArray(item.history)) {
    for (const h of item.history) {
      if (
        isObj(h) &&
        (h.action === 'planted' || h.action === 'advanced') &&
        typeof h.chapter === 'number' &&
        (last === null || h.chapter > last)
      )
        last = h.chapter;
    }
  }
  if (last !== null) return last;
  for (const key of ['last_updated_chapter', 'planted_chapter'])
    if (typeof item[key] === 'number') return item[key] as number;
  return null;
}

/** Every dormant item of the global list at `chapter`, oldest first (then by id). */
export function dormantItems(global: unknown, chapter: number, t: DormancyThresholds): DormantItem[] {
  const list = isObj(global) && Array.isArray(global.foreshadowing) ? global.foreshadowing.filter(isObj) : [];
  const out: DormantItem[] = [];
  for (const item of list) {
    if (typeof item.id !== 'string' || item.status === 'resolved') continue;
    const last = lastTouched(item);
    if (last === null || last >= chapter) continue;
    const scope = item.scope === 'short' || item.scope === 'long' ? item.scope : 'medium';
    const idle = chapter - last;
    if (idle < t[scope]) continue;
    const description = typeof item.description === 'string' ? item.description : undefined;
    out.push({
      id: item.id,
      scope,
      ...(description ? { description } : {}),
      last_touched_chapter: last,
      dormant_chapters: idle,
      task:
        `轻触伏笔「${description || item.id}」：一个意象、` +
        `一句话或一个动作让读者记起它，不揭示、不推进（已沉寂 ${idle} 章）`,
    });
  }
  return out.sort(
    (a, b) => a.last_touched_chapter - b.last_touched_chapter || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** The draft packet's foreshadow_light_touch: the five oldest dormant items. */
export function lightTouchTasks(global: unknown, chapter: number, t: DormancyThresholds): DormantItem[] {
  return dormantItems(global, chapter, t).slice(0, LIGHT_TOUCH_LIMIT);
}

/**
 * The unresolved items of a list by scope and by the last chapter that
 * planted or advanced them: enough to count the dormant ones at any chapter
 * and with any thresholds. A commit that changes a few items of a long list
 * updates the tally by those items instead of reading the list (book-splice.ts).
 */
export type DormancyTally = Record<'short' | 'medium' | 'long', Record<string, number>>;

export const emptyTally = (): DormancyTally => ({ short: {}, medium: {}, long: {} });

/** Count `item` in the tally (`sign` 1) or take it out (-1); an item that can never be dormant counts nowhere. */
export function tallyItem(tally: DormancyTally, item: unknown, sign: 1 | -1): void {
  if (!isObj(item) || typeof item.id !== 'string' || item.status === 'resolved') return;
  const last = lastTouched(item);
  if (last === null) return;
  const scope = item.scope === 'short' || item.scope === 'long' ? item.scope : 'medium';
  const key = String(last);
  const n = (tally[scope][key] ?? 0) + sign;
  if (n === 0) delete tally[scope][key];
  else tally[scope][key] = n;
}

export function dormancyTally(global: unknown): DormancyTally {
  const tally = emptyTally();
  if (isObj(global) && Array.isArray(global.foreshadowing))
    for (const item of global.foreshadowing) tallyItem(tally, item, 1);
  return tally;
}

/** How many items of the tallied list are dormant at `chapter`: `dormantItems(list, chapter, t).length`. */
export function dormantCountOf(tally: DormancyTally, chapter: number, t: DormancyThresholds): number {
  let count = 0;
  for (const scope of ['short', 'medium', 'long'] as const) {
    for (const [key, n] of Object.entries(tally[scope])) {
      const last = Number(key);
      if (last < chapter && chapter - last >= t[scope]) count += n;
    }
  }
  return count;
}
