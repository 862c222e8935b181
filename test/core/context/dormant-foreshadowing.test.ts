/**
 * dormant-foreshadowing.ts (PROTOCOL §13.6): an unresolved item is dormant
 * when chapter − last planted/advanced chapter reaches its scope's threshold
 * (no scope = medium). dormantItems lists them oldest first, then by id;
 * lightTouchTasks keeps the five oldest, each with a light-touch task text.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  dormancyTally,
  dormantCountOf,
  dormantItems,
  emptyTally,
  LIGHT_TOUCH_LIMIT,
  lightTouchTasks,
  tallyItem,
  type DormancyThresholds,
} from '../../../src/core/context/dormant-foreshadowing.js';

const T: DormancyThresholds = { short: 3, medium: 8, long: 20 };
const task = (name: string, idle: number): string =>
  `轻触伏笔「${name}」：一个意象、一句话或一个动作让读者记起它，不揭示、不推进（已沉寂 ${idle} 章）`;

describe('dormantItems', () => {
  it('lists a dormant item with its scope, description, last touched chapter, idle chapters and task', () => {
    const global = {
      foreshadowing: [
        { id: 'jade', scope: 'short', description: '玉佩上的裂纹', status: 'planted', planted_chapter: 2 },
      ],
    };
    expect(dormantItems(global, 7, T)).toStrictEqual([
      {
        id: 'jade',
        scope: 'short',
        description: '玉佩上的裂纹',
        last_touched_chapter: 2,
        dormant_chapters: 5,
        task: task('玉佩上的裂纹', 5),
      },
    ]);
  });

  it('is dormant exactly at the threshold and not one chapter before', () => {
    const global = (scope?: string) => ({
      foreshadowing: [{ id: 'f', ...(scope ? { scope } : {}), planted_chapter: 10 }],
    });
    expect(dormantItems(global('short'), 13, T).map((i) => i.dormant_chapters)).toEqual([3]);
    expect(dormantItems(global('short'), 12, T)).toEqual([]);
    expect(dormantItems(global('medium'), 18, T).map((i) => i.scope)).toEqual(['medium']);
    expect(dormantItems(global('medium'), 17, T)).toEqual([]);
    expect(dormantItems(global('long'), 30, T).map((i) => i.scope)).toEqual(['long']);
    expect(dormantItems(global('long'), 29, T)).toEqual([]);
  });

  it('uses the medium threshold for a missing or unknown scope and reports it as medium', () => {
    for (const scope of [undefined, 'huge', 'SHORT', 3]) {
      const g = { foreshadowing: [{ id: 'f', scope, planted_chapter: 1 }] };
      expect(dormantItems(g, 9, T).map((i) => i.scope)).toEqual(['medium']);
      expect(dormantItems(g, 8, T)).toEqual([]);
    }
  });

  it('never lists an item touched in this chapter or later, even with a zero threshold', () => {
    const zero = { short: 0, medium: 0, long: 0 };
    expect(dormantItems({ foreshadowing: [{ id: 'f', planted_chapter: 5 }] }, 5, zero)).toEqual([]);
    expect(dormantItems({ foreshadowing: [{ id: 'f', planted_chapter: 6 }] }, 5, zero)).toEqual([]);
    expect(
      dormantItems({ foreshadowing: [{ id: 'f', planted_chapter: 4 }] }, 5, zero).map((i) => i.dormant_chapters),
    ).toEqual([1]);
  });

  it('takes the latest planted or advanced chapter of the history, ignoring other actions', () => {
    const item = {
      id: 'f',
      history: [
        { action: 'planted', chapter: 3 },
        { action: 'advanced', chapter: 9 },
        { action: 'advanced', chapter: 6 },
        { action: 'mentioned', chapter: 14 },
        { action: 'resolved_partially', chapter: 15 },
        { action: 'advanced', chapter: '12' },
        { action: 'advanced' },
        'advanced',
        null,
      ],
      last_updated_chapter: 13,
      planted_chapter: 1,
    };
    expect(dormantItems({ foreshadowing: [item] }, 20, T)).toEqual([
      expect.objectContaining({ last_touched_chapter: 9, dormant_chapters: 11 }),
    ]);
  });

  it('a history with only planted entries uses the latest one', () => {
    expect(
      dormantItems(
        {
          foreshadowing: [
            {
              id: 'f',
              history: [
                { action: 'planted', chapter: 2 },
                { action: 'planted', chapter: 4 },
              ],
            },
          ],
        },
        20,
        T,
      )[0]?.last_touched_chapter,
    ).toBe(4);
  });

  it('without a usable history: last_updated_chapter, else planted_chapter', () => {
    const at = (item: object): number | undefined =>
      dormantItems({ foreshadowing: [{ id: 'f', ...item }] }, 40, T)[0]?.last_touched_chapter;
    expect(at({ last_updated_chapter: 12, planted_chapter: 2 })).toBe(12);
    expect(at({ planted_chapter: 2 })).toBe(2);
    expect(at({ last_updated_chapter: '12', planted_chapter: 2 })).toBe(2);
    expect(at({ history: [], planted_chapter: 5 })).toBe(5);
    expect(at({ history: 'planted in 3', planted_chapter: 5 })).toBe(5);
    expect(at({ history: [{ action: 'mentioned', chapter: 30 }], planted_chapter: 5 })).toBe(5);
  });

  it('leaves out items with no touched chapter at all', () => {
    expect(
      dormantItems(
        {
          foreshadowing: [
            { id: 'f', status: 'planned' },
            { id: 'g', planted_chapter: null },
          ],
        },
        50,
        T,
      ),
    ).toEqual([]);
  });

  it('leaves out resolved items, items without a string id, and non-object entries', () => {
    const global = {
      foreshadowing: [
        { id: 'done', status: 'resolved', planted_chapter: 1 },
        { id: 7, planted_chapter: 1 },
        { planted_chapter: 1 },
        null,
        'f',
        [{ id: 'f' }],
        { id: 'kept', status: 'advanced', planted_chapter: 1 },
      ],
    };
    expect(dormantItems(global, 30, T).map((i) => i.id)).toEqual(['kept']);
  });

  it('is empty for a missing or malformed global list', () => {
    for (const g of [undefined, null, [], 'x', {}, { foreshadowing: {} }, { foreshadowing: [] }])
      expect(dormantItems(g, 30, T)).toEqual([]);
  });

  it('without a string description: no description field and the task names the id', () => {
    const [item] = dormantItems({ foreshadowing: [{ id: 'red-thread', description: 42, planted_chapter: 1 }] }, 10, T);
    expect(item).toStrictEqual({
      id: 'red-thread',
      scope: 'medium',
      last_touched_chapter: 1,
      dormant_chapters: 9,
      task: task('red-thread', 9),
    });
  });

  it('an empty description counts as none: the task names the id, never 「」', () => {
    const [item] = dormantItems({ foreshadowing: [{ id: 'red-thread', description: '', planted_chapter: 1 }] }, 10, T);
    expect(item).toStrictEqual({
      id: 'red-thread',
      scope: 'medium',
      last_touched_chapter: 1,
      dormant_chapters: 9,
      task: task('red-thread', 9),
    });
  });

  it('sorts oldest first, then by id ascending', () => {
    const global = {
      foreshadowing: [
        { id: 'c', planted_chapter: 5 },
        { id: 'b', planted_chapter: 2 },
        { id: 'a', planted_chapter: 5 },
        { id: 'd', planted_chapter: 1 },
        { id: 'B', planted_chapter: 5 },
      ],
    };
    expect(dormantItems(global, 40, T).map((i) => i.id)).toEqual(['d', 'b', 'B', 'a', 'c']);
    const ascending = {
      foreshadowing: [
        { id: 'a', planted_chapter: 3 },
        { id: 'b', planted_chapter: 3 },
        { id: 'c', planted_chapter: 3 },
      ],
    };
    expect(dormantItems(ascending, 40, T).map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps list order for items that share an id and a chapter', () => {
    const global = {
      foreshadowing: [
        { id: 'dup', description: '先', planted_chapter: 3 },
        { id: 'dup', description: '后', planted_chapter: 3 },
      ],
    };
    expect(dormantItems(global, 40, T).map((i) => i.description)).toEqual(['先', '后']);
  });
});

describe('lightTouchTasks', () => {
  it('keeps the five oldest dormant items', () => {
    expect(LIGHT_TOUCH_LIMIT).toBe(5);
    const global = { foreshadowing: Array.from({ length: 7 }, (_, i) => ({ id: `f${i}`, planted_chapter: 7 - i })) };
    expect(lightTouchTasks(global, 40, T).map((i) => i.id)).toEqual(['f6', 'f5', 'f4', 'f3', 'f2']);
    expect(dormantItems(global, 40, T)).toHaveLength(7);
  });

  it('returns all when five or fewer are dormant, and the same entries as dormantItems', () => {
    const global = {
      foreshadowing: Array.from({ length: 5 }, (_, i) => ({
        id: `f${i}`,
        description: `伏笔${i}`,
        planted_chapter: i + 1,
      })),
    };
    expect(lightTouchTasks(global, 40, T)).toStrictEqual(dormantItems(global, 40, T));
    expect(lightTouchTasks(global, 40, T)).toHaveLength(5);
  });

  it('is empty when nothing is dormant', () => {
    expect(lightTouchTasks({ foreshadowing: [{ id: 'f', planted_chapter: 39 }] }, 40, T)).toEqual([]);
  });
});

describe('the dormancy tally', () => {
  const entry = fc.record({
    id: fc.oneof(fc.constantFrom('a', 'b', 'c', 'd'), fc.constant(7)),
    status: fc.constantFrom('planted', 'advanced', 'resolved', undefined),
    scope: fc.constantFrom('short', 'medium', 'long', 'epic', undefined),
    last_updated_chapter: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
    planted_chapter: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
    history: fc.option(
      fc.array(
        fc.record({
          chapter: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.constant('x')),
          action: fc.constantFrom('planted', 'advanced', 'resolved'),
        }),
        { maxLength: 3 },
      ),
      { nil: undefined },
    ),
  });
  const thresholds = fc.record({
    short: fc.integer({ min: 1, max: 10 }),
    medium: fc.integer({ min: 1, max: 20 }),
    long: fc.integer({ min: 1, max: 40 }),
  });

  it('counts what dormantItems lists, at any chapter and with any thresholds', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 12 }),
        fc.integer({ min: 0, max: 60 }),
        thresholds,
        (items, chapter, t) => {
          const list = { foreshadowing: items };
          expect(dormantCountOf(dormancyTally(list), chapter, t)).toBe(dormantItems(list, chapter, t).length);
        },
      ),
    );
  });

  it('follows an item taken out and put back changed, as the list changed so would', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 8 }),
        entry,
        fc.nat(),
        fc.integer({ min: 0, max: 60 }),
        thresholds,
        (items, changed, k, chapter, t) => {
          const i = k % items.length;
          const tally = dormancyTally({ foreshadowing: items });
          tallyItem(tally, items[i], -1);
          tallyItem(tally, changed, 1);
          const after = items.map((x, j) => (j === i ? changed : x));
          expect(dormantCountOf(tally, chapter, t)).toBe(dormantItems({ foreshadowing: after }, chapter, t).length);
          // Nothing left at zero: the tally of the list after is the same object.
          expect(tally).toEqual(dormancyTally({ foreshadowing: after }));
        },
      ),
    );
  });

  it('is empty for anything that is not a list', () => {
    expect(dormancyTally(null)).toEqual(emptyTally());
    expect(dormancyTally({ foreshadowing: 'x' })).toEqual(emptyTally());
  });
});
