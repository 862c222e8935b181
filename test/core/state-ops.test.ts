import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { updateForeshadowing } from '../../src/core/foreshadowing.js';
import {
  acceptedStateLine,
  applyOps,
  EMPTY_STATE,
  pathProblem,
  replayChangelog,
  STATE_TOP_LEVEL,
  type ChangelogLine,
} from '../../src/core/state-ops.js';
import { render, type Said } from '../../src/core/messages.js';

/** Said words in English (null as it is). */
const en = (w: Said | null): string | null => (w === null ? null : render('en', w));

const base = { ...EMPTY_STATE, state_version: 3, last_updated_chapter: 3, characters: { a: { hp: 1, tags: ['x'] } } };

describe('state ops (§7.1)', () => {
  it('set overwrites, inc adds (missing ⇒ 0), add appends unless equal, remove deletes equal elements', () => {
    const r = applyOps(base, [
      { op: 'set', path: 'characters.a.location', value: '藏经阁' },
      { op: 'inc', path: 'characters.a.hp', value: 2 },
      { op: 'inc', path: 'characters.b.hp', value: 5 },
      { op: 'add', path: 'characters.a.tags', value: 'x' },
      { op: 'add', path: 'characters.a.tags', value: { k: 1, j: 2 } },
      { op: 'add', path: 'characters.a.tags', value: { j: 2, k: 1 } },
      { op: 'remove', path: 'characters.a.tags', value: 'x' },
    ]);
    expect(r.state.characters).toEqual({ a: { hp: 3, tags: [{ k: 1, j: 2 }], location: '藏经阁' }, b: { hp: 5 } });
    expect(r.dropped).toEqual([]);
    expect(r.applied).toHaveLength(7);
  });

  it.each([
    [{ op: 'set', path: 'characters', value: 1 }, /2–4/],
    [{ op: 'set', path: 'a.b.c.d.e', value: 1 }, /2–4/],
    [{ op: 'set', path: 'spells.fire', value: 1 }, /top level "spells"/],
    [{ op: 'set', path: 'characters.__proto__.polluted', value: 1 }, /forbidden/],
    [{ op: 'set', path: 'characters.constructor.prototype', value: 1 }, /forbidden/],
    [{ op: 'set', path: 'characters.Lin', value: 1 }, /not a slug/],
    [{ op: 'inc', path: 'characters.a.tags', value: 1 }, /type collision/],
    [{ op: 'inc', path: 'characters.a.hp', value: 'x' }, /not a number/],
    [{ op: 'add', path: 'characters.a.hp', value: 1 }, /not an array/],
    [{ op: 'set', path: 'characters.a.hp.max', value: 1 }, /type collision/],
    [{ op: 'rename', path: 'characters.a', value: 1 }, /unknown op/],
    [{ op: 'foreshadow', path: 'f-001', value: 'forgotten' }, /planted, advanced, resolved/],
    [{ op: 'set', path: 'characters.a.x' }, /no value/],
  ])('drops %j with a reason; the rest still applies', (op, reason) => {
    const r = applyOps(base, [op, { op: 'set', path: 'items.sword.state', value: 'ok' }]);
    expect(r.dropped).toHaveLength(1);
    expect(r.dropped[0]).toMatchObject({ ...op, reason: expect.stringMatching(reason) });
    expect(r.state.items).toEqual({ sword: { state: 'ok' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a non-object op is dropped as {value, reason}', () => {
    expect(applyOps(base, ['set x', 3, null]).dropped).toEqual([
      { value: 'set x', reason: 'op is not an object' },
      { value: 3, reason: 'op is not an object' },
      { value: null, reason: 'op is not an object' },
    ]);
  });

  it('foreshadow keeps active_foreshadowing in step (added on planted/advanced, removed on resolved)', () => {
    const r = applyOps(base, [
      { op: 'foreshadow', path: 'f-1', value: 'planted' },
      { op: 'foreshadow', path: 'f-2', value: 'advanced' },
      { op: 'foreshadow', path: 'f-1', value: 'advanced' },
      { op: 'foreshadow', path: 'f-2', value: 'resolved' },
    ]);
    expect(r.state.active_foreshadowing).toEqual(['f-1']);
    expect(r.foreshadow).toHaveLength(4);
  });

  const segment = fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'a', 'b-1', 'x_y', 'Z', '', '中文'),
    fc.string({ maxLength: 6 }),
  );
  const pathArb = fc.oneof(
    fc.array(segment, { minLength: 1, maxLength: 5 }).map((s) => s.join('.')),
    fc
      .tuple(fc.constantFrom(...STATE_TOP_LEVEL), fc.array(segment, { minLength: 1, maxLength: 3 }))
      .map(([t, s]) => [t, ...s].join('.')),
  );
  const opArb = fc.oneof(
    fc.record(
      {
        op: fc.constantFrom('set', 'inc', 'add', 'remove', 'foreshadow', 'bogus'),
        path: fc.oneof(pathArb, fc.anything()),
        value: fc.oneof(fc.jsonValue(), fc.constantFrom('planted', 'advanced', 'resolved')),
      },
      { requiredKeys: ['op'] },
    ),
    fc.anything(),
  );

  it('random op lists never throw, never pollute prototypes, never write outside the whitelist', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 30 }), (ops) => {
        const r = applyOps(base, ops);
        expect(r.applied.length + r.dropped.length).toBe(ops.length);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(Object.hasOwn(Object.prototype, 'a')).toBe(false);
        for (const key of Object.keys(r.state)) {
          expect(['schema_version', 'state_version', 'last_updated_chapter', ...STATE_TOP_LEVEL]).toContain(key);
        }
        for (const op of r.applied) {
          if (op.op !== 'foreshadow') expect(pathProblem(op.path)).toBeNull();
        }
        expect(base.characters).toEqual({ a: { hp: 1, tags: ['x'] } });
      }),
      { numRuns: 500 },
    );
  });

  it('applying deltas then replaying the changelog gives the identical state', () => {
    fc.assert(
      fc.property(fc.array(fc.array(opArb, { maxLength: 8 }), { maxLength: 6 }), (deltas) => {
        let state = { ...EMPTY_STATE };
        const lines: ChangelogLine[] = [];
        deltas.forEach((ops, i) => {
          const r = applyOps(state, ops);
          const next = { ...r.state, state_version: state.state_version + 1, last_updated_chapter: i + 1 };
          lines.push(
            JSON.parse(
              JSON.stringify({
                chapter: i + 1,
                base_state_version: state.state_version,
                state_version: next.state_version,
                storyline_id: 'main',
                ops: r.applied,
                dropped: r.dropped,
              }),
            ),
          );
          state = next;
        });
        expect(replayChangelog(lines).state).toEqual(JSON.parse(JSON.stringify(state)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('foreshadowing (§7.2)', () => {
  const plan = new Map([
    ['f-9', { id: 'f-9', description: '计划中的伏笔', scope: 'short', target_resolve_range: [5, 8] }],
  ]);

  it(
    'history once per (chapter, action), status only forward, ' +
      'planted fields when missing, plan fills gaps, sorted by id',
    () => {
      const global = [
        {
          id: 'f-2',
          status: 'advanced',
          planted_chapter: 1,
          planted_storyline: 'main',
          last_updated_chapter: 3,
          history: [{ chapter: 3, action: 'advanced', detail: 'x' }],
        },
      ];
      const out = updateForeshadowing(
        global,
        [
          { op: 'foreshadow', path: 'f-2', value: 'planted', detail: 'again' },
          { op: 'foreshadow', path: 'f-2', value: 'advanced', detail: 'dup' },
          { op: 'foreshadow', path: 'f-9', value: 'planted', detail: '埋下' },
          { op: 'foreshadow', path: 'f-1', value: 'resolved', detail: '揭晓' },
        ],
        { chapter: 3, storyline_id: 'side', plan },
      );
      expect(out.map((f) => f.id)).toEqual(['f-1', 'f-2', 'f-9']);
      const f2 = out[1]!;
      expect(f2.status).toBe('advanced');
      expect(f2.history).toEqual([
        { chapter: 3, action: 'advanced', detail: 'x' },
        { chapter: 3, action: 'planted', detail: 'again' },
      ]);
      expect(f2.planted_storyline).toBe('main');
      expect(out[2]).toMatchObject({
        description: '计划中的伏笔',
        scope: 'short',
        target_resolve_range: [5, 8],
        planted_chapter: 3,
        planted_storyline: 'side',
        status: 'planted',
      });
      expect(out[0]).toMatchObject({ status: 'resolved', planted_chapter: 3, last_updated_chapter: 3 });
    },
  );
});

describe('ops without per-op copies', () => {
  /** The reference: every op checked and applied on a fresh deep copy (the former implementation). */
  function referenceApply(state: Record<string, unknown>, ops: unknown[]) {
    let current = JSON.parse(JSON.stringify(state));
    const applied: unknown[] = [];
    const dropped: unknown[] = [];
    for (const op of ops) {
      if (typeof op !== 'object' || op === null || Array.isArray(op)) {
        dropped.push({ value: op });
        continue;
      }
      const trial = applyOps(current as never, [op]);
      if (trial.dropped.length) {
        dropped.push(op);
        continue;
      }
      current = trial.state;
      applied.push(op);
    }
    return { state: current, applied, dropped };
  }

  const seg = fc.constantFrom('lin-qingyan', 'ye-zhiqiu', 'location', 'level', 'tags', 'x', '人物', '__proto__', 'a.b');
  const top = fc.constantFrom('characters', 'items', 'world_state', 'active_foreshadowing', 'bogus');
  const path = fc.tuple(top, fc.array(seg, { minLength: 0, maxLength: 4 })).map(([t, rest]) => [t, ...rest].join('.'));
  const value = fc.oneof(
    fc.integer({ min: -5, max: 5 }),
    fc.constantFrom('藏经阁', 'x'),
    fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }),
    fc.constant({ a: 1 }),
  );
  const op = fc.oneof(
    fc.record({ op: fc.constantFrom('set', 'inc', 'add', 'remove', 'update'), path, value }),
    fc.record({
      op: fc.constant('foreshadow'),
      path: fc.constantFrom('f-001', 'F-001', 'f-002'),
      value: fc.constantFrom('planted', 'advanced', 'resolved', 'lost'),
    }),
    fc.constantFrom(null, 3, 'op'),
  );

  it('apply in place gives bit for bit what applying each op on a copy gives', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 12 }), fc.array(op, { maxLength: 12 }), (seedOps, ops) => {
        const base = applyOps({ schema_version: 1, state_version: 0, last_updated_chapter: 0 }, seedOps).state;
        const before = JSON.stringify(base);
        const fast = applyOps(base, ops);
        const ref = referenceApply(base, ops);
        expect(JSON.stringify(fast.state)).toBe(JSON.stringify(ref.state));
        expect(fast.applied).toEqual(ref.applied);
        expect(fast.dropped.length).toBe(ref.dropped.length);
        // The input state is left untouched.
        expect(JSON.stringify(base)).toBe(before);
      }),
      { numRuns: 400 },
    );
  });

  it('replay of a changelog equals applying its lines one after another', () => {
    fc.assert(
      fc.property(fc.array(fc.array(op, { maxLength: 6 }), { maxLength: 12 }), (lineOps) => {
        const lines = lineOps.map((ops, i) => ({
          chapter: i + 1,
          base_state_version: i,
          state_version: i + 1,
          storyline_id: 'main',
          ops,
          dropped: [],
        }));
        let expected: Record<string, unknown> = { schema_version: 1, state_version: 0, last_updated_chapter: 0 };
        for (const l of lines)
          expected = {
            ...applyOps(expected as never, l.ops).state,
            state_version: l.state_version,
            last_updated_chapter: l.chapter,
          };
        expect(JSON.stringify(replayChangelog(lines).state)).toBe(JSON.stringify(expected));
      }),
      { numRuns: 200 },
    );
  });
});

describe('state ops: reasons, no trace of a dropped or empty op, replay of accepted states', () => {
  const reasons = (ops: unknown[]) => applyOps(base, ops).dropped.map((d) => d.reason);

  it('path problems name the segment or the top level', () => {
    expect(en(pathProblem('characters.constructor.x'))).toBe('path segment "constructor" is forbidden');
    expect(en(pathProblem('characters.prototype'))).toBe('path segment "prototype" is forbidden');
    expect(en(pathProblem('characters.a!b'))).toBe('path segment "a!b" is not a slug');
    expect(en(pathProblem('weather.today'))).toBe(
      'top level "weather" is not one of characters, items, locations, factions, world_state, active_foreshadowing',
    );
  });

  it('type collisions and foreshadow problems are dropped with their reason', () => {
    expect(reasons([{ op: 'set', path: 'characters.a.tags.x', value: 1 }])).toEqual([
      'type collision: "tags" holds an array, not an object',
    ]);
    expect(reasons([{ op: 'set', path: 'characters.a.hp.x', value: 1 }])).toEqual([
      'type collision: "hp" holds number, not an object',
    ]);
    expect(reasons([{ op: 'remove', path: 'characters.a.hp', value: 1 }])).toEqual([
      'type collision: characters.a.hp is not an array',
    ]);
    expect(reasons([{ op: 'foreshadow', path: 'F 1', value: 'planted' }])).toEqual([
      'foreshadow path must be a foreshadowing id (slug)',
    ]);
    expect(
      applyOps({ ...base, active_foreshadowing: 'f-1' }, [
        { op: 'foreshadow', path: 'f-1', value: 'planted' },
      ]).dropped.map((d) => d.reason),
    ).toEqual(['type collision: active_foreshadowing is not an array']);
  });

  it('an inc by a non-finite number on a missing path is dropped before anything is created', () => {
    for (const value of [Infinity, Number.NaN, '3']) {
      const r = applyOps(base, [{ op: 'inc', path: 'characters.b.hp', value }]);
      expect(r.dropped.map((d) => d.reason)).toEqual(['inc value is not a number']);
      expect(r.state).toEqual(base);
    }
  });

  it('remove on a missing path or a missing key is applied and changes nothing (no objects created)', () => {
    const r = applyOps(base, [
      { op: 'remove', path: 'characters.b.tags', value: 'x' },
      { op: 'remove', path: 'characters.a.gone', value: 'x' },
    ]);
    expect(r.dropped).toEqual([]);
    expect(r.applied).toHaveLength(2);
    expect(r.state).toEqual(base);
  });

  it('add to a missing key makes a list of the value alone', () => {
    expect(applyOps(base, [{ op: 'add', path: 'characters.a.items', value: '剑' }]).state.characters).toEqual({
      a: { hp: 1, tags: ['x'], items: ['剑'] },
    });
  });

  it('a set with an undefined value does not throw', () => {
    const r = applyOps(base, [{ op: 'set', path: 'characters.a.note', value: undefined }]);
    expect(r.dropped).toEqual([]);
    expect(JSON.parse(JSON.stringify(r.state))).toEqual(base);
  });

  it('only foreshadow ops are handed to the foreshadowing updater', () => {
    const r = applyOps(base, [
      { op: 'set', path: 'characters.a.hp', value: 2 },
      { op: 'foreshadow', path: 'f-1', value: 'planted', detail: 'd' },
    ]);
    expect(r.foreshadow).toEqual([{ op: 'foreshadow', path: 'f-1', value: 'planted', detail: 'd' }]);
  });

  it('acceptedStateLine records the author fix at its version and chapter (at least 1)', () => {
    const state = { ...EMPTY_STATE, state_version: 7, last_updated_chapter: 0, characters: { a: { hp: 2 } } };
    expect(acceptedStateLine(state)).toEqual({
      chapter: 1,
      base_state_version: 7,
      state_version: 7,
      storyline_id: 'author',
      ops: [],
      dropped: [],
      accepted_state: state,
    });
    expect(acceptedStateLine({ ...state, last_updated_chapter: 12 }).chapter).toBe(12);
    expect(
      acceptedStateLine({
        ...state,
        state_version: 'x' as unknown as number,
        last_updated_chapter: 'y' as unknown as number,
      }),
    ).toMatchObject({ chapter: 1, base_state_version: 0, state_version: 0 });
  });

  it('replay takes an accepted state whole, names its leaf paths as written in that chapter, then goes on', () => {
    const accepted = {
      ...EMPTY_STATE,
      state_version: 2,
      last_updated_chapter: 2,
      characters: { a: { hp: 9, tags: ['y'] } },
      items: {},
    };
    const lines: ChangelogLine[] = [
      {
        chapter: 1,
        base_state_version: 0,
        state_version: 1,
        storyline_id: 'main',
        ops: [
          { op: 'set', path: 'characters.a.hp', value: 1 },
          { op: 'set', path: 'locations.x.name', value: 'n' },
        ],
        dropped: [],
      },
      { ...acceptedStateLine(accepted), chapter: 2 },
      {
        chapter: 3,
        base_state_version: 2,
        state_version: 3,
        storyline_id: 'main',
        ops: [
          { op: 'inc', path: 'characters.a.hp', value: 1 },
          { op: 'foreshadow', path: 'f-1', value: 'planted' },
        ],
        dropped: [],
      },
    ];
    const { state, writers } = replayChangelog(lines);
    expect(state).toEqual({
      ...accepted,
      state_version: 3,
      last_updated_chapter: 3,
      characters: { a: { hp: 10, tags: ['y'] } },
      active_foreshadowing: ['f-1'],
    });
    expect(Object.fromEntries(writers)).toEqual({
      'characters.a.hp': 3,
      'locations.x.name': 1,
      schema_version: 2,
      state_version: 2,
      last_updated_chapter: 2,
      'characters.a.tags': 2,
      items: 2,
      active_foreshadowing: 3,
    });
  });

  it('a line without an accepted state object is replayed as ops', () => {
    const line = {
      chapter: 1,
      base_state_version: 0,
      state_version: 1,
      storyline_id: 'main',
      ops: [{ op: 'set', path: 'items.k.owner', value: 'a' }],
      dropped: [],
      accepted_state: null as unknown as undefined,
    };
    expect(replayChangelog([line]).state).toEqual({
      ...EMPTY_STATE,
      state_version: 1,
      last_updated_chapter: 1,
      items: { k: { owner: 'a' } },
    });
  });
});

describe('applyOps copies on write', () => {
  const deepFreeze = <T>(v: T): T => {
    if (v && typeof v === 'object') {
      for (const x of Object.values(v)) deepFreeze(x);
      Object.freeze(v);
    }
    return v;
  };
  const base = () =>
    deepFreeze({
      schema_version: 1 as const,
      state_version: 3,
      last_updated_chapter: 3,
      characters: { a: { location: '山门', tags: ['x'], mood: { now: 'calm' } }, b: { location: '集镇' } },
      world_state: { day: { count: 3 } },
      locations: { gate: { name: '山门' } },
      active_foreshadowing: ['f-1'],
    });

  it('leaves a frozen input untouched and shares every subtree no op wrote', () => {
    const state = base();
    const r = applyOps(state, [
      { op: 'set', path: 'characters.a.mood.now', value: 'angry' },
      { op: 'add', path: 'characters.a.tags', value: 'y' },
      { op: 'inc', path: 'world_state.day.count', value: 1 },
      { op: 'set', path: 'items.sword.owner', value: 'a' },
      { op: 'foreshadow', path: 'f-2', value: 'planted' },
      { op: 'set', path: 'characters.b.location.x', value: 1 },
    ]);
    expect(state.characters.a.mood.now).toBe('calm');
    expect(state.characters.a.tags).toEqual(['x']);
    expect(state.world_state.day.count).toBe(3);
    expect(state.active_foreshadowing).toEqual(['f-1']);
    const out = r.state as unknown as ReturnType<typeof base> & { items: unknown };
    expect(out.characters.a.mood.now).toBe('angry');
    expect(out.characters.a.tags).toEqual(['x', 'y']);
    expect(out.world_state.day.count).toBe(4);
    expect(out.items).toEqual({ sword: { owner: 'a' } });
    expect(out.active_foreshadowing).toEqual(['f-1', 'f-2']);
    // Untouched: the same objects. The dropped op (a string is not an object) left b as it was.
    expect(r.dropped).toHaveLength(1);
    expect(out.characters.b).toEqual(state.characters.b);
    expect(out.locations).toBe(state.locations);
    expect(out.characters).not.toBe(state.characters);
    // Key order is kept, so the serialised state differs only where ops wrote.
    expect(Object.keys(out)).toEqual([...Object.keys(state), 'items']);
    expect(Object.keys(out.characters.a)).toEqual(Object.keys(state.characters.a));
  });

  it('gives the same state as applying to a deep copy', () => {
    const ops = [
      { op: 'set', path: 'characters.c.location', value: '后山' },
      { op: 'remove', path: 'characters.a.tags', value: 'x' },
      { op: 'remove', path: 'characters.z.tags', value: 'x' },
      { op: 'set', path: 'characters.a.mood', value: { now: 'sad', why: ['雨'] } },
    ];
    expect(JSON.stringify(applyOps(base(), ops).state)).toBe(
      JSON.stringify(applyOps(JSON.parse(JSON.stringify(base())), ops).state),
    );
    expect(applyOps(base(), ops).state).toMatchObject({
      characters: { a: { tags: [], mood: { now: 'sad', why: ['雨'] } }, c: { location: '后山' } },
    });
  });
});
