import { describe, expect, it } from 'vitest';
import { updateForeshadowing, type ForeshadowContext } from '../../src/core/foreshadowing.js';
import type { ForeshadowOp } from '../../src/core/state-ops.js';

const op = (path: string, value: ForeshadowOp['value'], detail?: string): ForeshadowOp => ({
  op: 'foreshadow',
  path,
  value,
  ...(detail === undefined ? {} : { detail }),
});
const ctx = (chapter: number, plan: Record<string, Record<string, unknown>> = {}): ForeshadowContext => ({
  chapter,
  storyline_id: 'main',
  plan: new Map(Object.entries(plan)),
});

describe('updateForeshadowing', () => {
  it('a new id is created with its history, status, planting and plan fields', () => {
    const out = updateForeshadowing(
      [],
      [op('ring', 'planted', 'a ring glints')],
      ctx(3, { ring: { description: 'the ring', scope: 'long', target_resolve_range: [20, 30], extra: 'no' } }),
    );
    expect(out).toEqual([
      {
        id: 'ring',
        history: [{ chapter: 3, action: 'planted', detail: 'a ring glints' }],
        status: 'planted',
        planted_chapter: 3,
        planted_storyline: 'main',
        last_updated_chapter: 3,
        description: 'the ring',
        scope: 'long',
        target_resolve_range: [20, 30],
      },
    ]);
  });

  it('status only moves forward: planted < advanced < resolved', () => {
    const g = [
      {
        id: 'ring',
        status: 'advanced',
        planted_chapter: 1,
        planted_storyline: 'side',
        last_updated_chapter: 2,
        history: [],
      },
    ];
    const back = updateForeshadowing(g, [op('ring', 'planted')], ctx(4));
    expect(back[0]!.status).toBe('advanced');
    const fwd = updateForeshadowing(g, [op('ring', 'resolved')], ctx(4));
    expect(fwd[0]).toMatchObject({
      status: 'resolved',
      planted_chapter: 1,
      planted_storyline: 'side',
      last_updated_chapter: 4,
    });
    // An unknown status is overtaken by any action.
    expect(updateForeshadowing([{ id: 'x', status: 'planned' }], [op('x', 'planted')], ctx(1))[0]!.status).toBe(
      'planted',
    );
  });

  it('the same action in the same chapter is recorded once (a re-commit is idempotent)', () => {
    const once = updateForeshadowing([], [op('ring', 'advanced')], ctx(5));
    const twice = updateForeshadowing(once, [op('ring', 'advanced'), op('ring', 'advanced')], ctx(5));
    expect(twice).toEqual(once);
    const other = updateForeshadowing(once, [op('ring', 'resolved')], ctx(5));
    expect(other[0]!.history).toEqual([
      { chapter: 5, action: 'advanced', detail: null },
      { chapter: 5, action: 'resolved', detail: null },
    ]);
  });

  it('last_updated_chapter never goes back; plan fields never overwrite', () => {
    const g = [{ id: 'ring', description: 'mine', last_updated_chapter: 9 }];
    const out = updateForeshadowing(
      g,
      [op('ring', 'advanced')],
      ctx(4, { ring: { description: 'plan', scope: 'short' } }),
    );
    expect(out[0]).toMatchObject({ description: 'mine', scope: 'short', last_updated_chapter: 9 });
  });

  it('sorted by id; items without an id pass through at the end; the input is untouched', () => {
    const g = [{ id: 'zeta', status: 'planted' }, { note: 'no id' }, { id: 'alpha', status: 'planted' }];
    const snapshot = JSON.stringify(g);
    const out = updateForeshadowing(g, [op('mid', 'planted')], ctx(2));
    expect(out.map((x) => x.id ?? x.note)).toEqual(['alpha', 'mid', 'zeta', 'no id']);
    expect(JSON.stringify(g)).toBe(snapshot);
  });

  it('no ops: the list as it was, sorted', () => {
    expect(updateForeshadowing([{ id: 'b' }, { id: 'a' }], [], ctx(1))).toEqual([{ id: 'a' }, { id: 'b' }]);
  });
});
