import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { prettyJson } from '../../src/core/canonical-json.js';
import { applyJsonReverse, jsonChanges, keptJson, type JsonReverse } from '../../src/core/json-reverse.js';

type Obj = Record<string, unknown>;
const sha = (t: string): string => createHash('sha256').update(t).digest('hex');

/** The reverse of before → after, as a commit records it. */
function reverseOf(before: unknown, after: unknown): JsonReverse {
  return {
    after_sha256: sha(prettyJson(after)),
    before_sha256: sha(prettyJson(before)),
    ...jsonChanges(before, after),
  };
}

// Keys that test the pointer's escapes, a key JavaScript orders first, and "__proto__".
const key = fc.constantFrom('a', 'b', 'id', 'a/b', 'x~1', '~', '', '7', '__proto__', '伏笔');
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, 0, 3, -1.5, 'x', '伏笔'),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(key, tie('value'), { maxKeys: 4 }),
})).value;

/** An edit of a document as the ops engines make one: copies along the changed path, the rest shared. */
type Edit = { kind: 'set' | 'add' | 'push' | 'delete' | 'pop'; path: number[]; key: string; value: unknown };
const edit = fc.record({
  kind: fc.constantFrom('set', 'add', 'push', 'delete', 'pop'),
  path: fc.array(fc.nat(5), { maxLength: 3 }),
  key,
  value: json,
}) as fc.Arbitrary<Edit>;

function applyEdit(doc: unknown, e: Edit): unknown {
  const copy = (v: unknown): unknown =>
    Array.isArray(v)
      ? [...v]
      : v !== null && typeof v === 'object'
        ? Object.defineProperties({}, Object.getOwnPropertyDescriptors(v))
        : v;
  const root = copy(doc);
  let at = root;
  for (const step of e.path) {
    const container = at as Obj | unknown[] | null;
    if (container === null || typeof container !== 'object') break;
    const keys = Array.isArray(container) ? container.map((_, i) => String(i)) : Object.keys(container);
    if (!keys.length) break;
    const k = keys[step % keys.length] as string;
    const child = copy((container as Obj)[k]);
    Object.defineProperty(container, k, { value: child, writable: true, enumerable: true, configurable: true });
    at = child;
  }
  if (Array.isArray(at)) {
    if (e.kind === 'push' || e.kind === 'add') at.push(e.value);
    else if (e.kind === 'pop') at.pop();
    else if (at.length) at[0] = e.value;
  } else if (at !== null && typeof at === 'object') {
    const o = at as Obj;
    if (e.kind === 'delete') delete o[e.key];
    else Object.defineProperty(o, e.key, { value: e.value, writable: true, enumerable: true, configurable: true });
  } else return e.value;
  return root;
}

describe('the JSON reverse of a commit history', () => {
  it('gives back the bytes before from the bytes after, for any document and edits sharing what they leave', () => {
    fc.assert(
      fc.property(json, fc.array(edit, { maxLength: 5 }), (doc, edits) => {
        const before = JSON.parse(prettyJson(doc)) as unknown;
        const after = edits.reduce(applyEdit, before);
        const beforeText = prettyJson(before);
        expect(applyJsonReverse(prettyJson(after), reverseOf(before, after), sha)).toBe(beforeText);
        // The documents are left as they were.
        expect(prettyJson(before)).toBe(beforeText);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives back the bytes before for any two documents, shared or not', () => {
    fc.assert(
      fc.property(json, json, (b, a) => {
        const before = JSON.parse(prettyJson(b)) as unknown;
        const after = JSON.parse(prettyJson(a)) as unknown;
        expect(applyJsonReverse(prettyJson(after), reverseOf(before, after), sha)).toBe(prettyJson(before));
      }),
      { numRuns: 1000 },
    );
  });

  it('holds a number and a length for an item advanced, and nothing of the items left alone', () => {
    const items = Array.from({ length: 3 }, (_, i) => ({
      id: `f-${i}`,
      status: 'planted',
      last_updated_chapter: 1,
      history: [{ chapter: 1, action: 'planted' }],
    }));
    const first = items[0] as (typeof items)[number];
    const advanced = {
      ...first,
      status: 'advanced',
      last_updated_chapter: 9,
      history: [...first.history, { chapter: 9, action: 'advanced' }],
    };
    const changes = jsonChanges(
      { foreshadowing: items },
      { foreshadowing: [advanced, items[1], items[2], { id: 'f-3' }] },
    );
    expect(changes).toEqual({
      remove: [],
      truncate: { '/foreshadowing': 3, '/foreshadowing/0/history': 1 },
      set: { '/foreshadowing/0/status': 'planted', '/foreshadowing/0/last_updated_chapter': 1 },
    });
    // A key the commit added is removed; a key it took away, or keys it reordered, keep the object whole.
    expect(jsonChanges({ a: 1 }, { a: 1, b: 2 })).toEqual({ remove: ['/b'], truncate: {}, set: {} });
    expect(jsonChanges({ x: { a: 1, b: 2 } }, { x: { a: 1 } })).toEqual({
      remove: [],
      truncate: {},
      set: { '/x': { a: 1, b: 2 } },
    });
    expect(jsonChanges({ x: { a: 1, b: 2 } }, { x: { b: 2, a: 1 } })).toEqual({
      remove: [],
      truncate: {},
      set: { '/x': { a: 1, b: 2 } },
    });
    // What the two share is not named; an array of the same length is walked into.
    const shared = { deep: { list: [1] } };
    expect(jsonChanges(shared, shared)).toEqual({ remove: [], truncate: {}, set: {} });
    expect(jsonChanges(3, 3)).toEqual({ remove: [], truncate: {}, set: {} });
    expect(jsonChanges({ a: [1, 2], s: shared }, { a: [1, 3], s: shared })).toEqual({
      remove: [],
      truncate: {},
      set: { '/a/1': 2 },
    });
    // A shorter array is kept whole; pointers escape "~" and "/".
    expect(jsonChanges({ 'a/b': [1, 2] }, { 'a/b': [1] })).toEqual({
      remove: [],
      truncate: {},
      set: { '/a~1b': [1, 2] },
    });
    expect(jsonChanges({ '~': 1 }, { '~': 2 })).toEqual({ remove: [], truncate: {}, set: { '/~0': 1 } });
    expect(jsonChanges([1], { a: 1 })).toEqual({ remove: [], truncate: {}, set: { '': [1] } });
  });

  it('refuses a text after that is not the one it was made against, and a reverse that does not fit', () => {
    const before = { list: [{ id: 'a', n: 1 }], extra: 'x' };
    const after = { list: [{ id: 'a', n: 2 }, { id: 'b' }], extra: 'x', more: 1 };
    const r = reverseOf(before, after);
    expect(r).toMatchObject({ remove: ['/more'], truncate: { '/list': 1 }, set: { '/list/0/n': 1 } });
    expect(applyJsonReverse(prettyJson(after), r, sha)).toBe(prettyJson(before));
    expect(applyJsonReverse(prettyJson({ ...after, more: 2 }), r, sha)).toBeNull();
    expect(applyJsonReverse('{', { ...r, after_sha256: sha('{') }, sha)).toBeNull();
    // Each kind of entry names a member the document after has, and ends on the text before.
    const doc = prettyJson(after);
    const forged = (changes: Partial<JsonReverse>): string | null => applyJsonReverse(doc, { ...r, ...changes }, sha);
    expect(forged({ before_sha256: sha('other') })).toBeNull();
    expect(forged({ remove: ['/nothing'] })).toBeNull();
    expect(forged({ remove: ['/list/0'] })).toBeNull();
    expect(forged({ remove: ['/list/9/id'] })).toBeNull();
    expect(forged({ truncate: { '/list': 3 } })).toBeNull();
    expect(forged({ truncate: { '/list': -2 } })).toBeNull();
    expect(forged({ truncate: { '/list': 0.5 } })).toBeNull();
    expect(forged({ truncate: { '/list/0': 0 } })).toBeNull();
    expect(forged({ truncate: { '/nothing': 0 } })).toBeNull();
    expect(forged({ set: { '/list/5': 1 } })).toBeNull();
    expect(forged({ set: { '/list/01': 1 } })).toBeNull();
    expect(forged({ set: { '/new': 1 } })).toBeNull();
    expect(forged({ set: { '/list/0/n/deeper': 1 } })).toBeNull();
    expect(forged({ set: { '/list/length': 1 } })).toBeNull();
    expect(forged({ remove: ['/list/length'] })).toBeNull();
    expect(forged({ truncate: { '/list/length': 0 } })).toBeNull();
    expect(forged({ set: { '/list/0/id/0': 'b' } })).toBeNull();
    expect(forged({ remove: [''] })).toBeNull();
    expect(forged({ set: { 'list/0/n': 1 } })).toBeNull();
    const nulls = prettyJson({ a: null });
    expect(applyJsonReverse(nulls, { ...reverseOf({ a: null }, { a: null }), set: { '/a/b': 1 } }, sha)).toBeNull();
    expect(applyJsonReverse(nulls, { ...reverseOf({ a: null }, { a: null }), remove: ['/a/b/c'] }, sha)).toBeNull();
    // A value nested past the stack's depth cannot be serialised: refused, not thrown.
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(forged({ set: { '/list/0/n': deep } })).toBeNull();
    // Nothing outside the document is reached: "__proto__" is only ever a member of its own.
    expect(forged({ set: { '/__proto__/polluted': 1 } })).toBeNull();
    expect(forged({ remove: ['/list/0/__proto__/toString'] })).toBeNull();
    expect(({} as Obj).polluted).toBeUndefined();
    expect(typeof ({} as Obj).toString).toBe('function');
    // The whole document replaced, and an array at the root shortened.
    expect(applyJsonReverse(prettyJson([1, 2]), reverseOf({ a: 1 }, [1, 2]), sha)).toBe(prettyJson({ a: 1 }));
    expect(applyJsonReverse(prettyJson([1, 2]), reverseOf([1], [1, 2]), sha)).toBe(prettyJson([1]));
  });

  it('is kept instead of the text only when it is less than half of it, the text after hashed only then', () => {
    const items = Array.from({ length: 40 }, (_, i) => ({ id: `f-${i}`, last_updated_chapter: 1 }));
    const before = { foreshadowing: items };
    const bytes = Buffer.from(prettyJson(before));
    let hashed = 0;
    const hash = (): string => {
      hashed += 1;
      return 'after';
    };
    const one = { foreshadowing: items.map((item, i) => (i === 3 ? { ...item, last_updated_chapter: 9 } : item)) };
    expect(keptJson(bytes, { before, after: one, beforeSha256: 'before' }, hash)).toEqual({
      json: {
        after_sha256: 'after',
        before_sha256: 'before',
        remove: [],
        truncate: {},
        set: { '/foreshadowing/3/last_updated_chapter': 1 },
      },
    });
    expect(hashed).toBe(1);
    // Every item changed, each by more than half of its text: the text is kept, nothing hashed.
    const all = { foreshadowing: items.map((item) => ({ id: item.id, n: 'x'.repeat(40) })) };
    expect(keptJson(bytes, { before, after: all, beforeSha256: 'before' }, hash)).toBe(bytes.toString('utf8'));
    expect(hashed).toBe(1);
    // The bound: half the text's bytes.
    const changes = JSON.stringify(jsonChanges(before, one)).length;
    expect(keptJson(Buffer.alloc(changes * 2, 32), { before, after: one, beforeSha256: 'b' }, hash)).toBe(
      ' '.repeat(changes * 2),
    );
    expect(keptJson(Buffer.alloc(changes * 2 + 1, 32), { before, after: one, beforeSha256: 'b' }, hash)).toHaveProperty(
      'json',
    );
    // A text before counts in bytes too (as the bytes a splice read would): three per Chinese character.
    expect(keptJson('伏'.repeat(changes), { before, after: one, beforeSha256: 'b' }, hash)).toHaveProperty('json');
    expect(keptJson('伏'.repeat(Math.floor((changes * 2) / 3)), { before, after: one, beforeSha256: 'b' }, hash)).toBe(
      '伏'.repeat(Math.floor((changes * 2) / 3)),
    );
  });
});
