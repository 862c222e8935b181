import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { spliceForeshadowing, spliceLedger, spliceState, stateVersionOf } from '../../src/core/book-splice.js';
import { prettyJson } from '../../src/core/canonical-json.js';
import { upsertChapterMemory } from '../../src/core/chapter-memory.js';
import { updateForeshadowing } from '../../src/core/foreshadowing.js';
import { applyOps, type ForeshadowOp, type StateDoc } from '../../src/core/state-ops.js';

type Obj = Record<string, unknown>;
const bytes = (v: unknown): Buffer => Buffer.from(prettyJson(v), 'utf8');

// Keys and values that stress the byte search: Chinese, quotes, commas, braces, keys named like others.
const slug = fc.constantFrom('a', 'b', 'c-1', 'c-10', 'id', 'x_y', 'name', 'hp', 'location', 'items', '7', 'chapter');
const scalar = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.constantFrom('', '甲', '"id": 1', 'a,', '}', '\n  "b": ', '云岚宗', true, false, null),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(slug, tie('v'), { maxKeys: 3 }),
  ),
})).v;
const entity = fc.dictionary(slug, value, { maxKeys: 4 });
const top = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(slug, entity, { maxKeys: 5 }) },
  { weight: 1, arbitrary: value },
);
const state = fc
  .record({
    characters: fc.option(top, { nil: undefined }),
    items: fc.option(top, { nil: undefined }),
    locations: fc.option(top, { nil: undefined }),
    world_state: fc.option(top, { nil: undefined }),
    active_foreshadowing: fc.option(fc.array(fc.constantFrom('fs-a', 'fs-b', 'fs-c')), { nil: undefined }),
    state_version: fc.nat(50),
    last_updated_chapter: fc.nat(50),
  })
  .map((s) => {
    const doc: Obj = { schema_version: 1 };
    for (const [k, v] of Object.entries(s)) if (v !== undefined) doc[k] = v;
    return doc as StateDoc;
  });
const path = fc
  .tuple(
    fc.constantFrom('characters', 'items', 'locations', 'factions', 'world_state', 'bogus'),
    slug,
    fc.array(slug, { maxLength: 2 }),
  )
  .map(([t, e, rest]) => [t, e, ...rest].join('.'));
const op = fc.oneof(
  fc.record({ op: fc.constantFrom('set', 'inc', 'add', 'remove'), path, value }),
  fc.record({ op: fc.constant('inc'), path, value: fc.integer({ min: -3, max: 3 }) }),
  fc.record({
    op: fc.constant('foreshadow'),
    path: fc.constantFrom('fs-a', 'fs-d', 'Bad Id'),
    value: fc.constantFrom('planted', 'advanced', 'resolved', 'lost'),
  }),
  fc.constantFrom(null, 3, { op: 'set' }, { op: 'drop', path: 'characters.a.b', value: 1 }),
);

describe('spliceState', () => {
  it('gives the bytes of the whole-document commit, and the same applied and dropped ops', () => {
    let spliced = 0;
    fc.assert(
      fc.property(state, fc.array(op, { maxLength: 6 }), fc.integer({ min: 1, max: 99 }), (doc, ops, chapter) => {
        const whole = applyOps(doc, ops);
        const expected = bytes({ ...whole.state, state_version: doc.state_version + 1, last_updated_chapter: chapter });
        const got = spliceState(bytes(doc), ops, chapter);
        if (got === null) return;
        spliced++;
        expect(got.bytes.toString('utf8')).toBe(expected.toString('utf8'));
        expect(got.result.applied).toEqual(whole.applied);
        expect(got.result.dropped).toEqual(whole.dropped);
        expect(got.result.foreshadow).toEqual(whole.foreshadow);
        expect([got.base_state_version, got.state_version]).toEqual([doc.state_version, doc.state_version + 1]);
      }),
      { numRuns: 3000 },
    );
    // Most cases splice: only index-like keys send the commit to the whole document.
    expect(spliced).toBeGreaterThan(1500);
  });

  it('refuses what it cannot place as the whole document would: an index-like key', () => {
    const doc = { schema_version: 1, state_version: 1, last_updated_chapter: 1, characters: { a: { hp: 1 } } };
    expect(spliceState(bytes(doc), [{ op: 'set', path: 'characters.7.hp', value: 1 }], 2)).toBeNull();
    expect(spliceState(bytes(doc), [{ op: 'set', path: 'characters.a.7', value: 1 }], 2)).not.toBeNull();
    expect(spliceState(bytes(doc), [{ op: 'set', path: 'characters.12.hp', value: 1 }], 2)).toBeNull();
    expect(spliceState(bytes(doc), [{ op: 'set', path: 'characters.7a.hp', value: 1 }], 2)?.bytes.toString()).toBe(
      prettyJson({ ...doc, state_version: 2, last_updated_chapter: 2, characters: { a: { hp: 1 }, '7a': { hp: 1 } } }),
    );
  });

  it('reads the state version from the bytes', () => {
    expect(stateVersionOf(bytes({ schema_version: 1, state_version: 41, last_updated_chapter: 3 }))).toBe(41);
    expect(stateVersionOf(bytes({ schema_version: 1, last_updated_chapter: 3 }))).toBeNull();
    expect(stateVersionOf(Buffer.from('{}'))).toBeNull();
  });

  it('refuses bytes without the version fields or not ending with a newline', () => {
    expect(spliceState(Buffer.from('{\n  "schema_version": 1\n}\n'), [], 2)).toBeNull();
    expect(spliceState(bytes({ schema_version: 1, state_version: 1 }), [], 2)).toBeNull();
    expect(spliceState(bytes({ schema_version: 1, last_updated_chapter: 1 }), [], 2)).toBeNull();
    expect(
      spliceState(
        Buffer.from(prettyJson({ schema_version: 1, state_version: 1, last_updated_chapter: 1 }).trimEnd()),
        [],
        2,
      ),
    ).toBeNull();
    expect(spliceState(bytes({ schema_version: 1, state_version: '1', last_updated_chapter: 1 }), [], 2)).toBeNull();
  });

  it('changes only the bytes of the touched entities', () => {
    const doc = {
      schema_version: 1,
      state_version: 4,
      last_updated_chapter: 4,
      characters: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`c-${i}`, { hp: i }])),
    };
    const got = spliceState(bytes(doc), [{ op: 'set', path: 'characters.c-20.hp', value: 99 }], 5);
    expect(got?.edits.map((e) => e.text)).toEqual(['5', '5', '{\n      "hp": 99\n    }']);
  });
});

const ledgerEntry = (chapter: number): Obj => ({
  chapter,
  summary: `第${chapter}章，"要点", {}`,
  hooks: [chapter, '钩子'],
});

describe('spliceLedger', () => {
  it('appends an entry after the last, as upsertChapterMemory would', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 70 }),
        (chapters, n) => {
          const ledger = [...chapters].sort((a, b) => a - b).map(ledgerEntry);
          const entry = ledgerEntry(n);
          const got = spliceLedger(bytes(ledger), entry);
          const expected = prettyJson(upsertChapterMemory(ledger, entry));
          if (n > Math.max(...chapters)) expect(got?.bytes.toString('utf8')).toBe(expected);
          else expect(got).toBeNull();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses an empty ledger, an entry without a chapter number and bytes not in novel format', () => {
    expect(spliceLedger(bytes([]), ledgerEntry(1))).toBeNull();
    expect(spliceLedger(bytes([ledgerEntry(1)]), { chapter: '2' })).toBeNull();
    expect(spliceLedger(Buffer.from(JSON.stringify([ledgerEntry(1)])), ledgerEntry(2))).toBeNull();
    expect(spliceLedger(bytes([ledgerEntry(1), 5]), ledgerEntry(2))).toBeNull();
    expect(spliceLedger(bytes([ledgerEntry(1), { chapter: '3' }]), ledgerEntry(4))).toBeNull();
    expect(spliceLedger(bytes({ entries: [ledgerEntry(1)] }), ledgerEntry(2))).toBeNull();
  });
});

const fsId = fc.constantFrom('a', 'b', 'c', 'fs-1', 'fs-10', 'fs-2', 'jade', 'jade-ring', 'zz');
const item = (id: string): fc.Arbitrary<Obj> =>
  fc
    .record({
      description: fc.constantFrom('玉佩', '"id": "x"', 'a,b'),
      status: fc.constantFrom('planted', 'advanced', 'resolved'),
      history: fc.array(
        fc.record({
          chapter: fc.nat(9),
          action: fc.constantFrom('planted', 'advanced'),
          detail: fc.constantFrom(null, '线索'),
        }),
        { maxLength: 2 },
      ),
    })
    .map((rest) => ({ id, ...rest }));
const list = fc
  .uniqueArray(fsId, { minLength: 1, maxLength: 6 })
  .chain((ids) => fc.tuple(...[...ids].sort().map(item)));
const fsOp = fc.record({
  op: fc.constant('foreshadow' as const),
  path: fsId,
  value: fc.constantFrom('planted' as const, 'advanced' as const, 'resolved' as const),
  detail: fc.constantFrom(undefined, '细节'),
});

describe('spliceForeshadowing', () => {
  it.each([
    ['item by item', 0],
    ['whole when many change', Infinity],
  ])('gives the bytes of the whole-list update, new items where their id sorts (%s)', (_, dense) => {
    fc.assert(
      fc.property(list, fc.array(fsOp, { maxLength: 5 }), fc.integer({ min: 1, max: 20 }), (items, ops, chapter) => {
        const ctx = { chapter, storyline_id: 'main', plan: new Map([['zz', { description: '计划', scope: 'long' }]]) };
        const expected = prettyJson({ foreshadowing: updateForeshadowing(items, ops as ForeshadowOp[], ctx) });
        const got = spliceForeshadowing(bytes({ foreshadowing: items }), ops as ForeshadowOp[], ctx, dense);
        expect(got?.bytes.toString('utf8')).toBe(expected);
        const after = JSON.parse(expected).foreshadowing as Obj[];
        if (got?.whole) {
          expect(got.whole.after).toEqual(after);
          expect(got.whole.before).toEqual(items);
        }
        for (const [id, t] of got?.touched ?? []) {
          expect(t.before).toEqual(items.find((i) => i.id === id) ?? null);
          expect(t.after).toEqual(after.find((i) => i.id === id));
        }
        expect([...(got?.touched.keys() ?? [])].sort()).toEqual([...new Set(ops.map((o) => o.path))].sort());
      }),
      { numRuns: 1000 },
    );
  });

  it('changes only the items named when few of a long list change', () => {
    const items = Array.from({ length: 40 }, (_, i) => ({ id: `f-${String(i).padStart(2, '0')}`, status: 'planted' }));
    const got = spliceForeshadowing(
      bytes({ foreshadowing: items }),
      [{ op: 'foreshadow', path: 'f-07', value: 'advanced' }],
      { chapter: 9, storyline_id: 'm', plan: new Map() },
    );
    expect(got?.edits).toHaveLength(1);
    expect(got?.edits[0]?.text).toContain('"id": "f-07"');
    const dense = spliceForeshadowing(
      bytes({ foreshadowing: items }),
      items.slice(0, 6).map((i) => ({ op: 'foreshadow' as const, path: i.id, value: 'advanced' as const })),
      { chapter: 9, storyline_id: 'm', plan: new Map() },
    );
    expect(dense?.edits).toHaveLength(1);
    expect(dense?.whole?.after).toHaveLength(40);
    expect(got?.whole).toBeUndefined();
    // One in eight is still item by item; new ids count as named items (the list is not searched first).
    const at = (ops: string[]) =>
      spliceForeshadowing(
        bytes({ foreshadowing: items.slice(0, 16) }),
        ops.map((path) => ({ op: 'foreshadow' as const, path, value: 'advanced' as const })),
        { chapter: 9, storyline_id: 'm', plan: new Map() },
      );
    expect(at(['f-01', 'f-02'])?.edits).toHaveLength(2);
    expect(at(['f-01', 'f-02', 'f-03'])?.edits).toHaveLength(1);
    expect(at(['n-1', 'n-2', 'n-3'])?.edits).toHaveLength(1);
    expect(at(['f-01', 'n-1'])?.edits).toHaveLength(2);
    expect(dense?.edits[0]).toMatchObject({ start: 0, end: prettyJson({ foreshadowing: items }).length });
  });

  it('refuses a list out of order, with a duplicate or an item without a string id', () => {
    const ctx = { chapter: 3, storyline_id: 'main', plan: new Map() };
    const ops: ForeshadowOp[] = [{ op: 'foreshadow', path: 'b', value: 'advanced' }];
    // Each refused whether the list would be written whole (a short list) or item by item (dense 0).
    const refused = (list: unknown[], why = JSON.stringify(list)): void => {
      expect(spliceForeshadowing(bytes({ foreshadowing: list }), ops, ctx), why).toBeNull();
      expect(spliceForeshadowing(bytes({ foreshadowing: list }), ops, ctx, 0), `${why}, item by item`).toBeNull();
    };
    refused([{ id: 'b' }, { id: 'a' }]);
    refused([{ id: 'a' }, { id: 'a' }]);
    refused([{ id: 'a' }, { id: 2 }]);
    refused([{ id: 2 }]);
    refused([{ id: 'a' }, { name: 'b' }]);
    // Bytes that do not end as novel ends a file (one newline).
    expect(spliceForeshadowing(bytes({ foreshadowing: [{ id: 'b' }] }).subarray(0, -1), ops, ctx, 0)).toBeNull();
    expect(spliceForeshadowing(bytes({ foreshadowing: [] }), ops, ctx)).toBeNull();
    // An id out of order is refused before any id after it is read (one JSON cannot read does not throw).
    const unread = bytes({ foreshadowing: ['b', 'a', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((id) => ({ id })) })
      .toString()
      .replace('"id": "c"', '"id": c');
    expect(spliceForeshadowing(Buffer.from(unread), ops, ctx)).toBeNull();
    expect(spliceForeshadowing(bytes({ foreshadowing: [{ id: 'a' }, 'b'] }), ops, ctx)).toBeNull();
    // Written whole only when the list is the root's one member, as novel writes it.
    expect(
      spliceForeshadowing(bytes({ foreshadowing: [{ id: 'a' }, { id: 'b' }], other: 1 }), ops, ctx, Infinity),
    ).toBeNull();
    expect(
      spliceForeshadowing(bytes({ foreshadowing: [{ id: 'a' }, { id: 'b' }] }), ops, ctx, Infinity),
    ).not.toBeNull();
    expect(spliceForeshadowing(bytes({ a: 1, foreshadowing: [{ id: 'a' }, { id: 'b' }] }), ops, ctx)).toBeNull();
    expect(spliceForeshadowing(bytes({ list: [{ id: 'a' }, { id: 'b' }] }), ops, ctx)).toBeNull();
    // Every element an item with its id: nothing before, between or after them.
    for (const list of [
      [5, { id: 'a' }, { id: 'b' }],
      [{ id: 'a' }, 5, { id: 'b' }],
      [{ id: 'a' }, { id: 'b' }, 5],
      [5],
      [{ id: 'a' }, { note: { id: 'b' } }],
      [{ id: 'a' }, null],
      [null],
      [{ id: 'a' }, ['b']],
    ]) {
      refused(list);
    }
  });
});
