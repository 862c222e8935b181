import { describe, expect, it } from 'vitest';
import { updateForeshadowing, type ForeshadowContext } from '../../src/core/foreshadowing.js';
import type { ForeshadowOp } from '../../src/core/state-ops.js';

const op = (path: string, value: ForeshadowOp['value'], detail?: unknown): ForeshadowOp =>
  detail === undefined ? { op: 'foreshadow', path, value } : { op: 'foreshadow', path, value, detail };
const ctx = (chapter: number, plan: ForeshadowContext['plan'] = new Map()): ForeshadowContext => ({
  chapter,
  storyline_id: 'main',
  plan,
});

describe('updateForeshadowing (§7.2)', () => {
  it(
    'a new item gets exactly one history entry, its status, planted ' +
      'fields and last_updated_chapter (detail null when absent)',
    () => {
      expect(updateForeshadowing([], [op('f-1', 'planted')], ctx(4))).toEqual([
        {
          id: 'f-1',
          history: [{ chapter: 4, action: 'planted', detail: null }],
          status: 'planted',
          planted_chapter: 4,
          planted_storyline: 'main',
          last_updated_chapter: 4,
        },
      ]);
    },
  );

  it('items without a string id pass through unchanged after the sorted items, once', () => {
    const global = [{ id: 7, note: 'numeric id' }, { id: 'f-2', status: 'planted' }, { note: 'no id' }];
    const out = updateForeshadowing(global, [], ctx(1));
    expect(out).toEqual([{ id: 'f-2', status: 'planted' }, { id: 7, note: 'numeric id' }, { note: 'no id' }]);
  });

  it('status only moves forward: a resolved item stays resolved; an unknown status is replaced', () => {
    const out = updateForeshadowing(
      [
        { id: 'f-1', status: 'resolved', planted_chapter: 1 },
        { id: 'f-2', status: 'lost', planted_chapter: 1 },
      ],
      [op('f-1', 'planted'), op('f-2', 'planted')],
      ctx(5),
    );
    expect(out.map((f) => f.status)).toEqual(['resolved', 'planted']);
  });

  it('history: the same action in another chapter is recorded again', () => {
    const out = updateForeshadowing(
      [{ id: 'f-1', status: 'advanced', history: [{ chapter: 2, action: 'advanced', detail: 'a' }] }],
      [op('f-1', 'advanced', 'b')],
      ctx(3),
    );
    expect(out[0]!.history).toEqual([
      { chapter: 2, action: 'advanced', detail: 'a' },
      { chapter: 3, action: 'advanced', detail: 'b' },
    ]);
  });

  it('planted_chapter and planted_storyline are kept when set and filled when missing or null', () => {
    const out = updateForeshadowing(
      [
        { id: 'f-1', planted_chapter: 1, planted_storyline: 'side' },
        { id: 'f-2', planted_chapter: null, planted_storyline: null },
      ],
      [op('f-1', 'advanced'), op('f-2', 'advanced')],
      ctx(6),
    );
    expect(out[0]).toMatchObject({ planted_chapter: 1, planted_storyline: 'side' });
    expect(out[1]).toMatchObject({ planted_chapter: 6, planted_storyline: 'main' });
  });

  it('last_updated_chapter never goes back (an op in an earlier chapter keeps the later one)', () => {
    const out = updateForeshadowing(
      [
        { id: 'f-1', last_updated_chapter: 9 },
        { id: 'f-2', last_updated_chapter: 2 },
      ],
      [op('f-1', 'advanced'), op('f-2', 'advanced')],
      ctx(5),
    );
    expect(out.map((f) => f.last_updated_chapter)).toEqual([9, 5]);
  });

  it('the plan fills only missing fields and never sets a field the plan lacks', () => {
    const plan = new Map([['f-1', { id: 'f-1', description: '计划', scope: 'long' }]]);
    const out = updateForeshadowing([{ id: 'f-1', description: '已有' }], [op('f-1', 'planted')], ctx(2, plan));
    expect(out[0]).toMatchObject({ description: '已有', scope: 'long' });
    expect('target_resolve_range' in out[0]!).toBe(false);
  });

  it('the input list is not modified', () => {
    const global = [{ id: 'f-1', status: 'planted', history: [{ chapter: 1, action: 'planted', detail: null }] }];
    const before = JSON.stringify(global);
    updateForeshadowing(global, [op('f-1', 'resolved')], ctx(2));
    expect(JSON.stringify(global)).toBe(before);
  });

  it('the result is sorted by id whatever the order of the list and the ops', () => {
    const ids = ['f-07', 'f-03', 'f-10', 'f-01', 'f-05', 'f-02', 'f-09', 'f-04', 'f-08', 'f-06', 'f-12', 'f-11'];
    const out = updateForeshadowing(
      ids.slice(0, 6).map((id) => ({ id })),
      ids.slice(6).map((id) => op(id, 'planted')),
      ctx(1),
    );
    expect(out.map((f) => f.id)).toEqual([...ids].sort());
    const reversed = updateForeshadowing(
      [...ids]
        .sort()
        .reverse()
        .map((id) => ({ id })),
      [],
      ctx(1),
    );
    expect(reversed.map((f) => f.id)).toEqual([...ids].sort());
  });
});
