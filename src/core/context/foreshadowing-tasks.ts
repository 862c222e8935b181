/**
 * foreshadowing_tasks for a chapter, from the volume plan and the global list:
 * items the outline block's Foreshadowing line names (to plant here, or to
 * advance here when already planted),
 * items whose resolve window covers the chapter, and overdue short items.
 * Merged by id (the global entry wins), sorted by id.
 */
import { isObj, type Obj } from './project-view.js';

export type TaskReason = 'plant_here' | 'advance_here' | 'resolve_window' | 'overdue_short';

export interface ForeshadowingTask {
  id: string;
  reasons: TaskReason[];
  description?: unknown;
  scope?: unknown;
  status?: unknown;
  target_resolve_range?: unknown;
  planted_chapter?: unknown;
  last_updated_chapter?: unknown;
}

function items(file: unknown): Obj[] {
  return isObj(file) && Array.isArray(file.foreshadowing)
    ? file.foreshadowing.filter((x): x is Obj => isObj(x) && typeof x.id === 'string')
    : [];
}

/**
 * Whether the outline's Foreshadowing line names the id as a whole word: `fs-1` is not named by `fs-10`, nor `jade` by
 * `jade-ring`. Letters match in either case.
 */
function namesId(line: OutlineLine, id: string): boolean {
  if (id === '') return false;
  // An id of ASCII only is named only where it stands in the line, letters folded to lower case: the line is searched
  // for it first, and the whole-word test compiled only where it stands (a list of 1,000 items compiled 1,000 of them
  // for a line that names two). Case-insensitive matching without the u flag pairs an ASCII letter with its other
  // case and nothing else, so the search misses no match.
  if (!NON_ASCII.test(id) && !line.folded.includes(asciiLower(id))) return false;
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![A-Za-z0-9_-])${escaped}(?![A-Za-z0-9_-])`, 'i').test(line.text);
}

const NON_ASCII = /[\u0080-\uffff]/;
const asciiLower = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** The outline's Foreshadowing line, and the same with its ASCII letters in lower case. */
interface OutlineLine {
  text: string;
  folded: string;
}

function reasonsFor(item: Obj, chapter: number, outlineLine: OutlineLine): TaskReason[] {
  const out: TaskReason[] = [];
  const id = String(item.id);
  const resolved = item.status === 'resolved';
  if (!resolved && namesId(outlineLine, id)) {
    const planted = item.status === 'planted' || item.status === 'advanced';
    out.push(planted && item.planted_chapter !== chapter ? 'advance_here' : 'plant_here');
  }
  const range = item.target_resolve_range;
  const hasRange = Array.isArray(range) && typeof range[0] === 'number' && typeof range[1] === 'number';
  if (!resolved && hasRange && (range[0] as number) <= chapter && chapter <= (range[1] as number))
    out.push('resolve_window');
  if (!resolved && item.scope === 'short' && hasRange && (range[1] as number) < chapter) out.push('overdue_short');
  return out;
}

const KEYS = [
  'description',
  'scope',
  'status',
  'target_resolve_range',
  'planted_chapter',
  'last_updated_chapter',
] as const;

export function foreshadowingTasks(
  plan: unknown,
  global: unknown,
  chapter: number,
  outlineForeshadowingLine: string,
): ForeshadowingTask[] {
  const merged = new Map<string, Obj>();
  for (const item of items(plan)) merged.set(String(item.id), item);
  for (const item of items(global)) {
    const id = String(item.id);
    const planned = merged.get(id);
    // The global entry's members over the plan's; an item only the global list has is taken as it is (no copy).
    merged.set(id, planned === undefined ? item : { ...planned, ...item });
  }
  const line = { text: outlineForeshadowingLine, folded: asciiLower(outlineForeshadowingLine) };
  const out: ForeshadowingTask[] = [];
  for (const id of [...merged.keys()].sort()) {
    const item = merged.get(id) as Obj;
    const reasons = reasonsFor(item, chapter, line);
    if (!reasons.length) continue;
    const task: ForeshadowingTask = { id, reasons };
    for (const k of KEYS) if (item[k] !== undefined) (task as unknown as Obj)[k] = item[k];
    out.push(task);
  }
  return out;
}
