/**
 * foreshadowing-tasks.ts: a chapter's foreshadowing_tasks from the volume
 * plan and the global list — items named on the outline's Foreshadowing line
 * (plant_here / advance_here), items whose resolve window covers the chapter
 * (resolve_window), short items past their window (overdue_short). Merged by
 * id (global wins field by field), sorted by id, resolved items never listed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foreshadowingTasks } from '../../../src/core/context/foreshadowing-tasks.js';

const one = (item: object, chapter: number, line = ''): unknown =>
  foreshadowingTasks({ foreshadowing: [item] }, undefined, chapter, line);

describe('foreshadowingTasks: named on the outline line', () => {
  it('a planned item named on the line is to be planted here', () => {
    expect(one({ id: 'jade', status: 'planned', description: '玉佩' }, 5, '埋下 jade')).toStrictEqual([
      { id: 'jade', reasons: ['plant_here'], description: '玉佩', status: 'planned' },
    ]);
  });

  it('an item with no status named on the line is to be planted here', () => {
    expect(one({ id: 'jade' }, 5, 'jade')).toStrictEqual([{ id: 'jade', reasons: ['plant_here'] }]);
  });

  it('a planted or advanced item named on the line is to be advanced here', () => {
    expect(one({ id: 'jade', status: 'planted', planted_chapter: 2 }, 5, 'jade')).toStrictEqual([
      { id: 'jade', reasons: ['advance_here'], status: 'planted', planted_chapter: 2 },
    ]);
    expect(one({ id: 'jade', status: 'advanced', planted_chapter: 2 }, 5, 'jade')).toEqual([
      expect.objectContaining({ reasons: ['advance_here'] }),
    ]);
    expect(one({ id: 'jade', status: 'advanced' }, 5, 'jade')).toEqual([
      expect.objectContaining({ reasons: ['advance_here'] }),
    ]);
  });

  it('an item planted in this very chapter is still "plant here" (a re-draft)', () => {
    expect(one({ id: 'jade', status: 'planted', planted_chapter: 5 }, 5, 'jade')).toEqual([
      expect.objectContaining({ reasons: ['plant_here'] }),
    ]);
  });

  it('matches the id case-insensitively anywhere on the line', () => {
    expect(one({ id: 'Jade-Ring', status: 'planned' }, 5, '本章：JADE-RING、其他')).toEqual([
      expect.objectContaining({ id: 'Jade-Ring', reasons: ['plant_here'] }),
    ]);
  });

  it(
    'matches whole ids only: fs-1 is not named by fs-10, nor ' +
      'jade by jade-ring; Chinese around an id is a boundary',
    () => {
      expect(one({ id: 'fs-1', status: 'planned' }, 5, 'fs-10、fs-11')).toEqual([]);
      expect(one({ id: 'jade', status: 'planned' }, 5, 'jade-ring')).toEqual([]);
      expect(one({ id: 'jade', status: 'planned' }, 5, 'my_jade')).toEqual([]);
      expect(one({ id: 'fs-1', status: 'planned' }, 5, '埋下fs-1伏笔')).toEqual([
        expect.objectContaining({ id: 'fs-1', reasons: ['plant_here'] }),
      ]);
      expect(one({ id: 'a.b', status: 'planned' }, 5, 'axb')).toEqual([]);
    },
  );

  it('an empty id is never named', () => {
    expect(one({ id: '', status: 'planned' }, 5, '任何一行')).toEqual([]);
  });

  it('an item not on the line and with no window gives no task', () => {
    expect(one({ id: 'jade', status: 'planned' }, 5, 'other')).toEqual([]);
    expect(one({ id: 'jade', status: 'planned' }, 5, '')).toEqual([]);
  });
});

describe('foreshadowingTasks: resolve window and overdue', () => {
  const item = (extra: object) => ({ id: 'f', status: 'planted', target_resolve_range: [10, 12], ...extra });

  it('the window covers the chapter inclusively at both ends', () => {
    expect(one(item({}), 9)).toEqual([]);
    expect(one(item({}), 10)).toStrictEqual([
      { id: 'f', reasons: ['resolve_window'], status: 'planted', target_resolve_range: [10, 12] },
    ]);
    expect(one(item({}), 11)).toEqual([expect.objectContaining({ reasons: ['resolve_window'] })]);
    expect(one(item({}), 12)).toEqual([expect.objectContaining({ reasons: ['resolve_window'] })]);
    expect(one(item({}), 13)).toEqual([]);
  });

  it('a one-chapter window covers that chapter only', () => {
    const f = { id: 'f', target_resolve_range: [7, 7] };
    expect(one(f, 6)).toEqual([]);
    expect(one(f, 7)).toEqual([expect.objectContaining({ reasons: ['resolve_window'] })]);
    expect(one(f, 8)).toEqual([]);
  });

  it('a short item past its window is overdue, not at its last chapter', () => {
    expect(one(item({ scope: 'short' }), 12)).toEqual([expect.objectContaining({ reasons: ['resolve_window'] })]);
    expect(one(item({ scope: 'short' }), 13)).toStrictEqual([
      { id: 'f', reasons: ['overdue_short'], scope: 'short', status: 'planted', target_resolve_range: [10, 12] },
    ]);
    expect(one(item({ scope: 'short' }), 40)).toEqual([expect.objectContaining({ reasons: ['overdue_short'] })]);
  });

  it('medium and long items past their window are not flagged', () => {
    expect(one(item({ scope: 'medium' }), 13)).toEqual([]);
    expect(one(item({ scope: 'long' }), 13)).toEqual([]);
    expect(one(item({}), 13)).toEqual([]);
  });

  it('a short item before its window is not overdue', () => {
    expect(one(item({ scope: 'short' }), 9)).toEqual([]);
  });

  it('needs both window ends to be numbers', () => {
    for (const target_resolve_range of [[10], ['10', 12], [10, '12'], '10-12', { 0: 10, 1: 12 }, null]) {
      expect(one({ id: 'f', scope: 'short', target_resolve_range }, 11)).toEqual([]);
      expect(one({ id: 'f', scope: 'short', target_resolve_range }, 20)).toEqual([]);
    }
  });

  it('named and in the window: both reasons, the outline one first', () => {
    expect(one(item({}), 11, 'f')).toEqual([expect.objectContaining({ reasons: ['advance_here', 'resolve_window'] })]);
  });

  it('named and overdue: both reasons', () => {
    expect(one(item({ scope: 'short', status: 'planned' }), 13, 'F')).toEqual([
      expect.objectContaining({ reasons: ['plant_here', 'overdue_short'] }),
    ]);
  });

  it('a resolved item gives no task, whether named, in its window or overdue', () => {
    expect(one(item({ status: 'resolved', scope: 'short' }), 11, 'f')).toEqual([]);
    expect(one(item({ status: 'resolved', scope: 'short' }), 13, 'f')).toEqual([]);
  });
});

describe('foreshadowingTasks: merging, fields and order', () => {
  it('merges plan and global by id, the global fields winning, and keeps plan-only fields', () => {
    const plan = {
      foreshadowing: [
        { id: 'f', description: '计划里的描述', status: 'planned', scope: 'short', target_resolve_range: [3, 4] },
      ],
    };
    const global = {
      foreshadowing: [
        { id: 'f', status: 'planted', planted_chapter: 2, last_updated_chapter: 3, target_resolve_range: [5, 6] },
      ],
    };
    expect(foreshadowingTasks(plan, global, 5, '')).toStrictEqual([
      {
        id: 'f',
        reasons: ['resolve_window'],
        description: '计划里的描述',
        scope: 'short',
        status: 'planted',
        target_resolve_range: [5, 6],
        planted_chapter: 2,
        last_updated_chapter: 3,
      },
    ]);
  });

  it('a global item resolved overrides a plan item that would be due', () => {
    const plan = { foreshadowing: [{ id: 'f', status: 'planted', target_resolve_range: [1, 9] }] };
    expect(foreshadowingTasks(plan, { foreshadowing: [{ id: 'f', status: 'resolved' }] }, 5, 'f')).toEqual([]);
  });

  it('lists items from either source, sorted by id', () => {
    const plan = {
      foreshadowing: [
        { id: 'c', status: 'planned' },
        { id: 'a', status: 'planned' },
      ],
    };
    const global = {
      foreshadowing: [
        { id: 'd', target_resolve_range: [1, 9] },
        { id: 'b', target_resolve_range: [1, 9] },
      ],
    };
    expect(foreshadowingTasks(plan, global, 5, 'a c').map((t) => t.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('copies only the known fields, and only those present', () => {
    const plan = {
      foreshadowing: [
        {
          id: 'f',
          status: 'planned',
          history: [{ action: 'planted', chapter: 1 }],
          owner: '林',
          description: undefined,
        },
      ],
    };
    const [task] = foreshadowingTasks(plan, undefined, 5, 'f');
    expect(task).toStrictEqual({ id: 'f', reasons: ['plant_here'], status: 'planned' });
    expect(Object.keys(task ?? {})).toEqual(['id', 'reasons', 'status']);
  });

  it('copies falsy but present field values', () => {
    const [task] = foreshadowingTasks(
      { foreshadowing: [{ id: 'f', description: '', scope: null, planted_chapter: 0 }] },
      undefined,
      5,
      'f',
    );
    expect(task).toStrictEqual({ id: 'f', reasons: ['plant_here'], description: '', scope: null, planted_chapter: 0 });
  });

  it('ignores entries without a string id and non-object entries', () => {
    const plan = {
      foreshadowing: [
        { id: 7, status: 'planned' },
        { status: 'planned' },
        'f',
        null,
        ['f'],
        { id: 'f', status: 'planned' },
      ],
    };
    expect(
      foreshadowingTasks(plan, { foreshadowing: [{ id: 7, target_resolve_range: [1, 9] }] }, 5, 'f 7').map((t) => t.id),
    ).toEqual(['f']);
  });

  it('is empty for missing or malformed plan and global files', () => {
    for (const file of [undefined, null, [], 'x', {}, { foreshadowing: {} }, { foreshadowing: [] }]) {
      expect(foreshadowingTasks(file, file, 5, 'anything undefined')).toEqual([]);
    }
  });

  it('a global-only item works without a plan', () => {
    expect(
      foreshadowingTasks(
        undefined,
        { foreshadowing: [{ id: 'g', status: 'planted', planted_chapter: 1 }] },
        5,
        '推进 g',
      ),
    ).toStrictEqual([{ id: 'g', reasons: ['advance_here'], status: 'planted', planted_chapter: 1 }]);
  });
});

describe('foreshadowingTasks: the line searched before the whole-word test', () => {
  it('property: an item is named exactly where the case-insensitive whole-word pattern matches the line', () => {
    // ASCII letters of both cases, word and non-word marks, and letters whose upper case is ASCII (ſ, ı) or that
    // fold to one only with the u flag (the Kelvin sign): none of them pairs with an ASCII letter here.
    const unit = fc.constantFrom(
      'a',
      'A',
      'k',
      'K',
      's',
      'S',
      'i',
      'I',
      '1',
      '-',
      '_',
      '.',
      ' ',
      ',',
      '伏',
      'ſ',
      'ı',
      'K',
      'İ',
    );
    const word = fc.string({ unit, minLength: 0, maxLength: 4 });
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 6 }), fc.string({ unit, maxLength: 16 }), (ids, line) => {
        const named = foreshadowingTasks({ foreshadowing: ids.map((id) => ({ id })) }, undefined, 5, line)
          .filter((t) => t.reasons.includes('plant_here'))
          .map((t) => t.id);
        const expected = ids
          .filter((id) => {
            if (id === '') return false;
            const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
            return new RegExp(`(?<![A-Za-z0-9_-])${escaped}(?![A-Za-z0-9_-])`, 'i').test(line);
          })
          .sort();
        expect(named).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });
});
