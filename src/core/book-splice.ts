/**
 * A chapter commit's edits of the three large book files, made on their
 * bytes when novel serialised those bytes itself (json-splice.ts): the state
 * (§7.1), the foreshadowing list (§7.2) and the chapter memory ledger (§7.4).
 * Each reads, changes and writes again only the entries the chapter touches,
 * with the same engines as the whole-document path, and gives the bytes that
 * path gives; where it cannot be sure of that (a key JavaScript would order
 * first, an id out of order, an entry not at the end), it answers null and
 * the commit takes the whole document. Pure.
 */
import { prettyJson } from './canonical-json.js';
import { updateForeshadowing, type ForeshadowContext } from './foreshadowing.js';
import { JoinedBytes } from './joined-bytes.js';
import {
  appendMembers,
  applyEdits,
  memberValue,
  parseSpan,
  prettyAt,
  rootMembers,
  rootSpan,
  valueEnd,
  type Edit,
  type Span,
} from './json-splice.js';
import { applyOps, pathProblem, type ForeshadowOp, type OpsResult, type StateDoc } from './state-ops.js';

type Obj = Record<string, unknown>;

/** The edited bytes, and the range of the old bytes the edits cover (for the history's patch). */
export interface Spliced {
  bytes: JoinedBytes;
  edits: Edit[];
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keys JavaScript orders before the others (array indices): a new one would not go at the end. */
const INDEX_LIKE = /^\d+$/;

const OPS = new Set(['set', 'inc', 'add', 'remove']);

const ROOT_LIST = '{\n  "foreshadowing": ';
/** An item's id line, and the lines that open and close an item of the list (made once: a search per item). */
const ID_LINE = Buffer.from('\n      "id": ');
const ITEM_OPEN = Buffer.from('\n    {');
const ITEM_CLOSE = Buffer.from('\n    }');

/** Past one item in DENSE changed, the list is written again whole rather than item by item. */
const DENSE = 8;

/** Whether a chapter that names `named` items of a list of `items` has the list written again whole. */
export const writesWhole = (named: number, items: number, dense = DENSE): boolean => named * dense > items;

/**
 * The entities an op may change: `top` and `entity` of its path, or the list of active foreshadowing; null when it
 * changes nothing.
 */
function opTarget(op: unknown): { top: string; entity?: string } | null {
  if (!isObj(op)) return null;
  if (op.op === 'foreshadow') return { top: 'active_foreshadowing' };
  if (!OPS.has(op.op as string) || pathProblem(op.path) !== null) return null;
  const [top, entity] = (op.path as string).split('.') as [string, string];
  return { top, entity };
}

/** A number member of the root (its span: from the root's members, else searched). */
function rootNumber(
  buf: Buffer,
  root: Span,
  key: string,
  members?: Map<string, Span>,
): { span: Span; value: number } | null {
  const span = members ? (members.get(key) ?? null) : memberValue(buf, root, 1, key);
  if (span === null) return null;
  const value = parseSpan(buf, span);
  return typeof value === 'number' ? { span, value } : null;
}

/** The state_version of a state in novel's format, read from its bytes; null when not found. */
export function stateVersionOf(buf: Buffer): number | null {
  const root = rootSpan(buf);
  return root && (rootNumber(buf, root, 'state_version')?.value ?? null);
}

export interface StateSplice extends Spliced {
  result: Omit<OpsResult, 'state'>;
  base_state_version: number;
  state_version: number;
}

/**
 * The state after chapter `chapter`'s ops, from the bytes of the state before:
 * the entities the ops name are parsed, the ops engine runs on them alone
 * (an op's fate depends only on the objects on its path), and each changed
 * entity is written again in place; new ones go at the end of their object,
 * as they would in the whole document.
 */
export function spliceState(buf: Buffer, ops: readonly unknown[], chapter: number): StateSplice | null {
  const root = rootSpan(buf);
  const members = root && rootMembers(buf, root);
  if (root === null || members === null) return null;
  const version = rootNumber(buf, root, 'state_version', members);
  const last = rootNumber(buf, root, 'last_updated_chapter', members);
  if (version === null || last === null) return null;

  // What the ops touch, by top-level key: its entities, or the whole value.
  const touched = new Map<string, Set<string>>();
  for (const op of ops) {
    const target = opTarget(op);
    if (target === null) continue;
    if (INDEX_LIKE.test(target.top) || (target.entity !== undefined && INDEX_LIKE.test(target.entity))) return null;
    const set = touched.get(target.top) ?? new Set<string>();
    if (target.entity !== undefined) set.add(target.entity);
    touched.set(target.top, set);
  }

  // The partial state: each touched top-level value, holding only the touched entities when it is an object.
  const partial: Obj = { schema_version: 1, state_version: version.value, last_updated_chapter: last.value };
  const tops = new Map<string, { span: Span; entities: Map<string, Span> | null }>();
  for (const [top, entities] of touched) {
    const span = members.get(top);
    if (span === undefined) continue;
    if (buf[span.start] !== 0x7b || top === 'active_foreshadowing') {
      partial[top] = parseSpan(buf, span);
      tops.set(top, { span, entities: null });
      continue;
    }
    const found = new Map<string, Span>();
    const value: Obj = {};
    for (const entity of entities) {
      const at = memberValue(buf, span, 2, entity);
      if (at === null) continue;
      found.set(entity, at);
      value[entity] = parseSpan(buf, at);
    }
    partial[top] = value;
    tops.set(top, { span, entities: found });
  }

  const applied = applyOps(partial as StateDoc, ops);
  const after = applied.state as Obj;
  const edits: Edit[] = [
    { ...version.span, text: String(version.value + 1) },
    { ...last.span, text: String(chapter) },
  ];
  const newTops: Array<[string, unknown]> = [];
  for (const top of touched.keys()) {
    const value = after[top];
    const known = tops.get(top);
    if (known === undefined) {
      if (value !== undefined) newTops.push([top, value]);
      continue;
    }
    if (known.entities === null || !isObj(value)) {
      edits.push({ ...known.span, text: prettyAt(value, 1) });
      continue;
    }
    const added: Array<[string, unknown]> = [];
    for (const [entity, entityValue] of Object.entries(value)) {
      const at = known.entities.get(entity);
      if (at) edits.push({ ...at, text: prettyAt(entityValue, 2) });
      else added.push([entity, entityValue]);
    }
    edits.push(...appendMembers(known.span, 1, added));
  }
  // New top-level keys go at the end, in the order the ops made them.
  const order = Object.keys(after);
  newTops.sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]));
  edits.push(...appendMembers(root, 0, newTops));
  return {
    bytes: applyEdits(buf, edits),
    edits,
    result: {
      applied: applied.applied,
      dropped: applied.dropped,
      droppedWhy: applied.droppedWhy,
      foreshadow: applied.foreshadow,
    },
    base_state_version: version.value,
    state_version: version.value + 1,
  };
}

/**
 * The ledger with chapter `entry.chapter`'s entry, from its bytes: appended
 * after the last entry when that one is of an earlier chapter (the ledger is
 * sorted by chapter, so that is where upsertChapterMemory puts it).
 */
export function spliceLedger(buf: Buffer, entry: Obj): Spliced | null {
  const root = rootSpan(buf);
  if (root === null || typeof entry.chapter !== 'number') return null;
  // The last entry: the last object at the top level, closing where the list does.
  const lastStart = buf.lastIndexOf('\n  {', root.end);
  if (lastStart < 0) return null;
  const start = lastStart + 3;
  const end = valueEnd(buf, start, 1);
  if (end !== root.end - 2) return null;
  const last = parseSpan(buf, { start, end }) as Obj;
  if (typeof last.chapter !== 'number' || !(last.chapter < entry.chapter)) return null;
  const edits = [{ start: end, end, text: `,\n  ${prettyAt(entry, 1)}` }];
  return { bytes: applyEdits(buf, edits), edits };
}

export interface ForeshadowingSplice extends Spliced {
  /** The touched items before (null: new) and after, by id. */
  touched: Map<string, { before: Obj | null; after: Obj }>;
  /** The whole list before and after, when it was parsed and written whole. */
  whole?: { before: Obj[]; after: Obj[] };
}

/**
 * The list parsed and written again whole, the same bytes as item by item:
 * its items must be objects with string ids, sorted and unique, as novel
 * writes them.
 */
function wholeList(
  buf: Buffer,
  list: Span,
  ops: readonly ForeshadowOp[],
  ctx: ForeshadowContext,
  named: readonly string[],
): ForeshadowingSplice | null {
  const all = parseSpan(buf, list) as unknown[];
  if (!Array.isArray(all) || all.length === 0) return null;
  const index = new Map<string, number>();
  for (let i = 0; i < all.length; i++) {
    // A string, an array or null in the list has no id: refused like an item without one.
    const id = (all[i] as Obj | null)?.id;
    if (typeof id !== 'string' || (i > 0 && !(((all[i - 1] as Obj).id as string) < id))) return null;
    index.set(id, i);
  }
  const items = all as Obj[];
  const updated = updateForeshadowing(items, ops, ctx);
  const after = new Map(updated.map((item) => [item.id as string, item]));
  const touched = new Map<string, { before: Obj | null; after: Obj }>();
  for (const id of named)
    touched.set(id, {
      before: index.has(id) ? (items[index.get(id) as number] as Obj) : null,
      after: after.get(id) as Obj,
    });
  const text = prettyJson({ foreshadowing: updated });
  return {
    bytes: new JoinedBytes([Buffer.from(text)]),
    edits: [{ start: 0, end: buf.length, text }],
    touched,
    whole: { before: items, after: updated },
  };
}

/**
 * The global foreshadowing list after a chapter's foreshadow ops, from its
 * bytes: the items they name are parsed and updated by the same updater, and
 * written again in place; a new item goes where its id sorts.
 */
export function spliceForeshadowing(
  buf: Buffer,
  ops: readonly ForeshadowOp[],
  ctx: ForeshadowContext,
  dense = DENSE,
): ForeshadowingSplice | null {
  const root = rootSpan(buf);
  if (root === null) return null;
  // The list is the root's one member, as novel writes it.
  const list = memberValue(buf, root, 1, 'foreshadowing');
  if (list === null || list.start !== ROOT_LIST.length || list.end !== buf.length - 3) return null;
  const named = [...new Set(ops.map((op) => op.path))];
  // A chapter that names many of the items (new ones too): the list parsed once and written again whole, without
  // first finding every item in the bytes. The items are counted by their id lines, only as far as that decides.
  let lines = 0;
  for (
    let at = buf.indexOf(ID_LINE, list.start);
    at >= 0 && writesWhole(named.length, lines, dense);
    at = buf.indexOf(ID_LINE, at + ID_LINE.length)
  )
    lines += 1;
  if (writesWhole(named.length, lines, dense)) return wholeList(buf, list, ops, ctx, named);
  // Every item's id, in file order: they must be strings, sorted and unique, one per item.
  const ids: string[] = [];
  const items: Span[] = [];
  for (let at = buf.indexOf(ID_LINE, list.start); at >= 0; at = buf.indexOf(ID_LINE, at + ID_LINE.length)) {
    const idStart = at + ID_LINE.length;
    const id = parseSpan(buf, { start: idStart, end: valueEnd(buf, idStart, 3) });
    if (typeof id !== 'string' || (ids.length > 0 && !((ids[ids.length - 1] as string) < id))) return null;
    ids.push(id);
    items.push({ start: buf.lastIndexOf(ITEM_OPEN, at) + 5, end: buf.indexOf(ITEM_CLOSE, at) + 6 });
  }
  // The items fill the list, one after the other: every element is an item with its id.
  if (
    ids.length === 0 ||
    (items[0] as Span).start !== list.start + 6 ||
    (items[items.length - 1] as Span).end !== list.end - 4
  )
    return null;
  for (let i = 1; i < items.length; i++) if ((items[i] as Span).start !== (items[i - 1] as Span).end + 6) return null;

  const index = new Map(ids.map((id, i) => [id, i]));
  const touched = new Map<string, { before: Obj | null; after: Obj }>();
  const edits: Edit[] = [];
  const before = new Map<string, Obj>();
  for (const id of named) {
    const i = index.get(id);
    if (i !== undefined) before.set(id, parseSpan(buf, items[i] as Span) as Obj);
  }
  const updated = updateForeshadowing([...before.values()], ops, ctx);
  for (const item of updated) {
    const id = item.id as string;
    const i = index.get(id);
    touched.set(id, { before: before.get(id) ?? null, after: item });
    if (i !== undefined) {
      edits.push({ ...(items[i] as Span), text: prettyAt(item, 2) });
      continue;
    }
    // Before the first item whose id sorts after it, else after the last item.
    const next = ids.findIndex((other) => id < other);
    if (next >= 0) {
      const at = (items[next] as Span).start;
      edits.push({ start: at, end: at, text: `${prettyAt(item, 2)},\n    ` });
    } else {
      const at = (items[items.length - 1] as Span).end;
      edits.push({ start: at, end: at, text: `,\n    ${prettyAt(item, 2)}` });
    }
  }
  return { bytes: applyEdits(buf, edits), edits, touched };
}
