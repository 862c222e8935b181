import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyState } from '../../src/core/state-verify.js';
import { replayChangelog, type ChangelogLine, type StateDoc } from '../../src/core/state-ops.js';

const line = (chapter: number, ops: unknown[], extra: Partial<ChangelogLine> = {}): ChangelogLine => ({
  chapter,
  base_state_version: chapter - 1,
  state_version: chapter,
  storyline_id: 'main',
  ops,
  dropped: [],
  ...extra,
});

const LINES: ChangelogLine[] = [
  line(1, [{ op: 'set', path: 'characters.lin.location', value: 'city' }]),
  line(2, [
    { op: 'set', path: 'items.sword.owner', value: 'lin' },
    { op: 'foreshadow', path: 'ring', value: 'planted' },
  ]),
  line(3, [{ op: 'inc', path: 'characters.lin.level', value: 2 }]),
];

const replayed = (lines: readonly ChangelogLine[]): StateDoc => replayChangelog(lines).state;

describe('verifyState', () => {
  it('a state equal to the replay is consistent, whatever its key order', () => {
    const state = replayed(LINES);
    const reordered = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(state).reverse()))) as Record<
      string,
      unknown
    >;
    const r = verifyState(reordered, LINES);
    expect(r).toMatchObject({ consistent: true, differing_paths: [], first_divergent_chapter: null });
    expect(r.replayed).toEqual(state);
  });

  it('an empty changelog replays to the empty state', () => {
    const r = verifyState({ schema_version: 1, state_version: 0, last_updated_chapter: 0 }, []);
    expect(r.consistent).toBe(true);
    expect(r.replayed).toEqual({ schema_version: 1, state_version: 0, last_updated_chapter: 0 });
  });

  it('a hand-changed leaf names that path and the chapter that last wrote it', () => {
    const state = replayed(LINES) as Record<string, unknown>;
    (state.characters as { lin: { location: string } }).lin.location = 'sea';
    const r = verifyState(state, LINES);
    expect(r.consistent).toBe(false);
    expect(r.differing_paths).toEqual(['characters.lin.location']);
    expect(r.first_divergent_chapter).toBe(1);
  });

  it('the first divergent chapter is the smallest writer among the differing paths', () => {
    const state = JSON.parse(JSON.stringify(replayed(LINES))) as {
      characters: { lin: { level: number; location: string } };
      items: { sword: { owner: string } };
    };
    state.characters.lin.level = 99; // written by chapter 3
    state.items.sword.owner = 'zhao'; // written by chapter 2
    const r = verifyState(state as unknown as Record<string, unknown>, LINES);
    expect(r.differing_paths).toEqual(['characters.lin.level', 'items.sword.owner']);
    expect(r.first_divergent_chapter).toBe(2);
  });

  it('a foreshadow op is the writer of active_foreshadowing', () => {
    const state = replayed(LINES) as Record<string, unknown>;
    state.active_foreshadowing = [];
    const r = verifyState(state, LINES);
    expect(r.differing_paths).toEqual(['active_foreshadowing']);
    expect(r.first_divergent_chapter).toBe(2);
  });

  it('a removed subtree overlaps its writers (prefix match)', () => {
    const state = replayed(LINES) as Record<string, unknown>;
    delete state.items;
    const r = verifyState(state, LINES);
    expect(r.differing_paths).toEqual(['items.sword.owner']);
    expect(r.first_divergent_chapter).toBe(2);
  });

  it('a path written by no line (a hand addition) has no divergent chapter', () => {
    const state = replayed(LINES) as Record<string, unknown>;
    state.factions = { guild: { leader: 'x' } };
    const r = verifyState(state, LINES);
    expect(r.consistent).toBe(false);
    expect(r.differing_paths).toEqual(['factions.guild.leader']);
    expect(r.first_divergent_chapter).toBeNull();
  });

  it('a difference only in bookkeeping fields blames the last line', () => {
    const state = replayed(LINES) as Record<string, unknown>;
    state.state_version = 7;
    const r = verifyState(state, LINES);
    expect(r.differing_paths).toEqual(['state_version']);
    expect(r.first_divergent_chapter).toBe(3);
    // …but not with an empty changelog.
    const empty = verifyState({ schema_version: 1, state_version: 5, last_updated_chapter: 0 }, []);
    expect(empty.differing_paths).toEqual(['state_version']);
    expect(empty.first_divergent_chapter).toBeNull();
  });

  it('a bookkeeping difference next to an unwritten path is a hand edit (null)', () => {
    const state = replayed(LINES) as Record<string, unknown>;
    state.state_version = 7;
    state.locations = { town: { note: 'x' } };
    expect(verifyState(state, LINES).first_divergent_chapter).toBeNull();
  });

  it('an accepted_state line replaces the state and writes all its leaves', () => {
    const accepted = {
      schema_version: 1,
      state_version: 3,
      last_updated_chapter: 3,
      characters: { wang: { mood: 'calm' } },
    } as StateDoc;
    const lines = [...LINES, line(4, [], { accepted_state: accepted, state_version: 3 })];
    const ok = verifyState(JSON.parse(JSON.stringify(accepted)) as Record<string, unknown>, lines);
    expect(ok.consistent).toBe(true);
    const bad = verifyState({ ...accepted, characters: { wang: { mood: 'angry' } } }, lines);
    expect(bad.differing_paths).toEqual(['characters.wang.mood']);
    expect(bad.first_divergent_chapter).toBe(4);
  });

  it('empty objects and arrays are leaves compared by value', () => {
    const lines = [line(1, [{ op: 'set', path: 'world_state.flags', value: {} }])];
    expect(
      verifyState({ schema_version: 1, state_version: 1, last_updated_chapter: 1, world_state: { flags: {} } }, lines)
        .consistent,
    ).toBe(true);
    const r = verifyState(
      { schema_version: 1, state_version: 1, last_updated_chapter: 1, world_state: { flags: [] } },
      lines,
    );
    expect(r.differing_paths).toEqual(['world_state.flags']);
    expect(r.first_divergent_chapter).toBe(1);
  });

  it('property: the replay itself always verifies; changing one set leaf is found', () => {
    const slug = fc.constantFrom('a', 'b', 'c', 'lin', 'zhao');
    const setOp = fc.record({
      op: fc.constant('set'),
      path: fc.tuple(fc.constantFrom('characters', 'items'), slug, slug).map((s) => s.join('.')),
      value: fc.integer({ min: 0, max: 100 }),
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(setOp, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        (chapters) => {
          const lines = chapters.map((ops, i) => line(i + 1, ops));
          const state = JSON.parse(JSON.stringify(replayed(lines))) as Record<string, unknown>;
          expect(verifyState(state, lines).consistent).toBe(true);
          const last = chapters.at(-1)!.at(-1)!;
          const [top, a, b] = last.path.split('.') as [string, string, string];
          (state[top] as Record<string, Record<string, number>>)[a]![b] = 1000;
          const r = verifyState(state, lines);
          expect(r.consistent).toBe(false);
          expect(r.differing_paths).toEqual([last.path]);
          // The writer is the last chapter that set this path.
          const writer = Math.max(...chapters.map((ops, i) => (ops.some((o) => o.path === last.path) ? i + 1 : 0)));
          expect(r.first_divergent_chapter).toBe(writer);
        },
      ),
    );
  });
});
