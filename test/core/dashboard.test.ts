import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  chapterSeries,
  characterPlaces,
  foreshadowingTimeline,
  graphLayers,
  graphStateOf,
  pageOf,
} from '../../src/core/dashboard.js';
import { rowOf } from '../../src/core/chapter-table.js';
import { bookGraph, pipelineGraph } from '../../src/core/graph.js';

const DORMANCY = { short: 6, medium: 12, long: 24 };

describe('the dashboard shapes (novel serve)', () => {
  it('turns chapter rows into chart series, the cost running over the known costs only', () => {
    const rows = [
      rowOf(1, {
        zishu: 3000,
        overall: 4.2,
        lint: { blacklist_per_kchars: 0.5 },
        stages: [{ executor: 'claude', cost_usd: 0.1 }],
      }),
      rowOf(2, { zishu: 2800, stages: [{ executor: 'codex' }] }),
      rowOf(3, { zishu: 3100, overall: 3.1, stages: [{ executor: 'claude', cost_usd: 0.25 }] }),
    ];
    expect(chapterSeries(rows)).toEqual({
      chapter: [1, 2, 3],
      zishu: [3000, 2800, 3100],
      overall: [4.2, null, 3.1],
      blacklist_per_kchars: [0.5, null, null],
      cost_usd: [0.1, null, 0.25],
      cost_cumulative: [0.1, 0.1, 0.35],
    });
  });

  it('pages within the book, whatever offset and limit are asked for', () => {
    expect(pageOf(33, 0, 50)).toEqual({ from: 1, to: 33, offset: 0, limit: 50 });
    expect(pageOf(3000, 2950, 50)).toEqual({ from: 2951, to: 3000, offset: 2950, limit: 50 });
    expect(pageOf(10, 99, 5)).toEqual({ from: 10, to: 10, offset: 9, limit: 5 });
    expect(pageOf(10, 0, 100000).limit).toBe(500);
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(10000), fc.integer({ min: 0, max: 100000 }), (total, offset, limit) => {
        const p = pageOf(total, offset, limit);
        expect(p.limit).toBeGreaterThanOrEqual(1);
        expect(p.limit).toBeLessThanOrEqual(500);
        if (total === 0) {
          expect(p.to - p.from + 1).toBe(0);
          return;
        }
        expect(p.from).toBeGreaterThanOrEqual(1);
        expect(p.to).toBeLessThanOrEqual(total);
        expect(p.to - p.from + 1).toBeGreaterThanOrEqual(1);
        expect(p.to - p.from + 1).toBeLessThanOrEqual(p.limit);
      }),
    );
  });

  it('draws each foreshadowing item from planted to due to resolved, and marks dormant and overdue ones', () => {
    const items = [
      {
        id: 'f-late',
        description: '迟到的伏笔',
        scope: 'short',
        status: 'planted',
        planted_chapter: 2,
        target_resolve_range: [5, 8],
        history: [{ chapter: 2, action: 'planted' }],
      },
      {
        id: 'f-done',
        scope: 'medium',
        status: 'resolved',
        planted_chapter: 1,
        target_resolve_range: [3, 6],
        history: [
          { chapter: 1, action: 'planted' },
          { chapter: 4, action: 'advanced' },
          { chapter: 6, action: 'resolved' },
        ],
      },
      {
        id: 'f-quiet',
        scope: 'long',
        status: 'advanced',
        planted_chapter: 3,
        target_resolve_range: [40, 60],
        history: [{ chapter: 3, action: 'planted' }],
      },
      { no_id: true },
    ];
    const t = foreshadowingTimeline(items, 30, DORMANCY);
    expect(t.map((i) => i.id)).toEqual(['f-done', 'f-late', 'f-quiet']);
    expect(t[0]).toMatchObject({
      id: 'f-done',
      resolved_chapter: 6,
      chapters: [1, 4, 6],
      dormant: false,
      overdue: false,
      due: [3, 6],
    });
    expect(t[1]).toMatchObject({
      id: 'f-late',
      overdue: true,
      dormant: true,
      resolved_chapter: null,
      description: '迟到的伏笔',
    });
    // Dormant at the next chapter (31 − 3 ≥ 24), not yet due.
    expect(t[2]).toMatchObject({ id: 'f-quiet', overdue: false, dormant: true });
    expect(foreshadowingTimeline(items, 5, DORMANCY).find((i) => i.id === 'f-late')).toMatchObject({
      overdue: false,
      dormant: false,
    });
  });

  it('places every character of characters/active/ with what the state says, then those only the state knows', () => {
    const places = characterPlaces(
      [
        { id: 'lin', name: '林青岚' },
        { id: 'su', name: '苏婉雪' },
      ],
      { lin: { location: '外门杂院', last_seen_chapter: 7, attitude: '坚定' }, zhao: { last_seen_chapter: 3 } },
    );
    expect(places).toEqual([
      { id: 'lin', name: '林青岚', location: '外门杂院', state: { attitude: '坚定' }, last_seen_chapter: 7 },
      { id: 'su', name: '苏婉雪', location: null, state: {}, last_seen_chapter: null },
      { id: 'zhao', name: 'zhao', location: null, state: {}, last_seen_chapter: 3 },
    ]);
    expect(characterPlaces([], null)).toEqual([]);
  });

  it('finds the machine state a step names, and lays every state out once', () => {
    const pipeline = pipelineGraph();
    expect(graphStateOf(pipeline, 'draft')).toBe('draft');
    expect(graphStateOf(pipeline, 'hook-fix')).toBe('hookFix');
    expect(graphStateOf(pipeline, 'title-fix')).toBe('titleFix');
    expect(graphStateOf(pipeline, 'nonsense')).toBeNull();
    expect(graphStateOf(pipeline, null)).toBeNull();
    for (const g of [pipeline, bookGraph()]) {
      const layers = graphLayers(g);
      expect(layers.flat().sort()).toEqual(g.states.map((s) => s.id).sort());
      expect(layers[0]).toEqual([g.initial]);
    }
  });
});
