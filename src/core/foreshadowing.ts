/**
 * The foreshadowing updater of PROTOCOL §7.2. Pure: global list + foreshadow
 * ops of one chapter (+ the volume plan) ⇒ the new global list, sorted by id.
 */
import type { ForeshadowAction, ForeshadowOp } from './state-ops.js';

type Obj = Record<string, unknown>;
const RANK: Record<ForeshadowAction, number> = { planted: 0, advanced: 1, resolved: 2 };

export interface ForeshadowContext {
  chapter: number;
  storyline_id: string;
  /** volumes/vol-VV/foreshadowing.json items, by id. */
  plan: ReadonlyMap<string, Obj>;
}

function rankOf(status: unknown): number {
  return typeof status === 'string' && status in RANK ? RANK[status as ForeshadowAction] : -1;
}

export function updateForeshadowing(
  global: readonly Obj[],
  ops: readonly ForeshadowOp[],
  ctx: ForeshadowContext,
): Obj[] {
  const byId = new Map<string, Obj>();
  for (const item of global) if (typeof item.id === 'string') byId.set(item.id, item);
  // An item is copied when an op first changes it (its history too, the one nested value changed in place);
  // the others are shared with the input, which is left as it is.
  const copied = new Set<Obj>();
  const passthrough = global.filter((item) => typeof item.id !== 'string');
  for (const op of ops) {
    const found = byId.get(op.path);
    const item: Obj =
      found === undefined
        ? { id: op.path }
        : copied.has(found)
          ? found
          : { ...found, ...(Array.isArray(found.history) ? { history: [...found.history] } : {}) };
    copied.add(item);
    const history = Array.isArray(item.history) ? (item.history as Obj[]) : [];
    if (!history.some((h) => h.chapter === ctx.chapter && h.action === op.value)) {
      history.push({ chapter: ctx.chapter, action: op.value, detail: op.detail ?? null });
    }
    item.history = history;
    if (rankOf(op.value) > rankOf(item.status)) item.status = op.value;
    if (item.planted_chapter === undefined || item.planted_chapter === null) item.planted_chapter = ctx.chapter;
    if (item.planted_storyline === undefined || item.planted_storyline === null)
      item.planted_storyline = ctx.storyline_id;
    const last = typeof item.last_updated_chapter === 'number' ? item.last_updated_chapter : 0;
    item.last_updated_chapter = Math.max(last, ctx.chapter);
    const planned = ctx.plan.get(op.path);
    if (planned) {
      for (const key of ['description', 'scope', 'target_resolve_range']) {
        if (item[key] === undefined && planned[key] !== undefined) item[key] = planned[key];
      }
    }
    byId.set(op.path, item);
  }
  const sorted = [...byId.values()].sort((a, b) =>
    String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0,
  );
  return [...sorted, ...passthrough];
}
