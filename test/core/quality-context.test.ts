/**
 * The pure context rules of the quality layer: dormant foreshadowing (§13.6), style drift (§13.7), key chapters
 * (§13.5).
 */
import { describe, expect, it } from 'vitest';
import { dormantItems, lightTouchTasks } from '../../src/core/context/dormant-foreshadowing.js';
import { styleDrift, reportMetrics } from '../../src/core/context/style-drift.js';
import { convergenceChapters, isKeyChapter } from '../../src/core/key-chapters.js';

const T = { short: 6, medium: 12, long: 24 };
const item = (id: string, last: number, extra: Record<string, unknown> = {}) => ({
  id,
  status: 'planted',
  history: [{ chapter: last, action: 'planted' }],
  ...extra,
});

describe('dormant foreshadowing', () => {
  it('is dormant exactly when chapter − last touch reaches the threshold of its scope (medium without one)', () => {
    const global = {
      foreshadowing: [
        item('a', 10, { scope: 'short' }),
        item('b', 10),
        item('c', 10, { scope: 'long' }),
        item('d', 4, { scope: 'short', status: 'resolved' }),
      ],
    };
    expect(dormantItems(global, 15, T).map((i) => i.id)).toEqual([]);
    expect(dormantItems(global, 16, T).map((i) => i.id)).toEqual(['a']);
    expect(dormantItems(global, 22, T).map((i) => i.id)).toEqual(['a', 'b']);
    expect(dormantItems(global, 34, T).map((i) => [i.id, i.scope, i.dormant_chapters])).toEqual([
      ['a', 'short', 24],
      ['b', 'medium', 24],
      ['c', 'long', 24],
    ]);
  });

  it('an advance counts as a touch; the packet lists at most five, oldest first, then by id', () => {
    const advanced = {
      id: 'x',
      status: 'advanced',
      history: [
        { chapter: 1, action: 'planted' },
        { chapter: 30, action: 'advanced' },
      ],
    };
    expect(dormantItems({ foreshadowing: [advanced] }, 40, T)).toEqual([]);
    const many = {
      foreshadowing: ['g', 'f', 'e', 'd', 'c', 'b', 'a'].map((id, i) => item(id, 1 + (i % 3), { scope: 'short' })),
    };
    expect(lightTouchTasks(many, 50, T).map((i) => `${i.last_touched_chapter}${i.id}`)).toEqual([
      '1a',
      '1d',
      '1g',
      '2c',
      '2f',
    ]);
  });
});

describe('style drift', () => {
  const r = (chapter: number, s: number, d: number) => ({ chapter, avg_sentence_zishu: s, dialogue_ratio: d });
  it('needs five committed reports; compares them with the profile, else with chapters 1–10', () => {
    expect(
      styleDrift(
        [1, 2, 3, 4].map((n) => r(n, 30, 0.3)),
        5,
        null,
      ),
    ).toBeNull();
    const reports = [1, 2, 3, 4, 5].map((n) => r(n, 24.1, 0.3));
    expect(styleDrift(reports, 6, { avg_sentence_length: 20 })).toMatchObject({
      chapters: [1, 2, 3, 4, 5],
      avg_sentence_zishu: { recent: 24.1, baseline: 20, direction: 'higher' },
    });
    expect(styleDrift(reports, 6, { avg_sentence_length: 21 })).toBeNull(); // 14.8 % away
    const book = [
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => r(n, 20, 0.4)),
      ...[11, 12, 13, 14, 15].map((n) => r(n, 20, 0.2)),
    ];
    expect(styleDrift(book, 16, {})).toMatchObject({
      chapters: [11, 12, 13, 14, 15],
      dialogue_ratio: { recent: 0.2, baseline: 0.4, direction: 'lower' },
    });
    expect(styleDrift(book, 16, {})?.avg_sentence_zishu).toBeUndefined();
  });

  it('reads a committed report, and nothing else', () => {
    expect(reportMetrics({ chapter: 3, metrics: { avg_sentence_zishu: 18, dialogue_ratio: 0.1 } })).toEqual(
      r(3, 18, 0.1),
    );
    expect(reportMetrics({ chapter: 3 })).toBeNull();
    expect(reportMetrics([])).toBeNull();
  });
});

describe('key chapters', () => {
  it('the first and last outlined chapter of the volume and the convergence ranges', () => {
    const outline = [31, 32, 33, 34, 35, 36];
    const convergence = convergenceChapters({
      convergence_events: [{ chapter_range: [33, 34] }, { chapter_range: null }, { chapter_range: ['a', 2] }],
    });
    expect(convergence).toEqual([33, 34]);
    expect(outline.filter((n) => isKeyChapter(n, outline, convergence))).toEqual([31, 33, 34, 36]);
    expect(isKeyChapter(5, [], [])).toBe(false);
  });
});
