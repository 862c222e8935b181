/**
 * style-drift.ts (PROTOCOL §13.7): reportMetrics reads a committed lint
 * report; styleDrift compares the last five chapters before the given one
 * with the baseline (style-profile.json, else the mean of chapters 1–10):
 * sentence length more than 20 % away or dialogue ratio more than 0.15 away
 * gives both numbers (rounded to 2 places), the direction and a Chinese note.
 */
import { describe, expect, it } from 'vitest';
import {
  DIALOGUE_DRIFT,
  DRIFT_WINDOW,
  reportMetrics,
  SENTENCE_DRIFT,
  styleDrift,
  type ReportMetrics,
} from '../../../src/core/context/style-drift.js';

const rep = (chapter: number, avg_sentence_zishu: number, dialogue_ratio: number): ReportMetrics => ({
  chapter,
  avg_sentence_zishu,
  dialogue_ratio,
});
/** Reports for chapters from..to, all with the same metrics. */
const run = (from: number, to: number, s: number, d: number): ReportMetrics[] =>
  Array.from({ length: to - from + 1 }, (_, i) => rep(from + i, s, d));
const PROFILE = { avg_sentence_length: 20, dialogue_ratio: 0.3 };

describe('constants', () => {
  it('five chapters, 20 % sentence drift, 0.15 dialogue drift', () => {
    expect(DRIFT_WINDOW).toBe(5);
    expect(SENTENCE_DRIFT).toBe(0.2);
    expect(DIALOGUE_DRIFT).toBe(0.15);
  });
});

describe('reportMetrics', () => {
  it('keeps the chapter and the two metrics, nothing else', () => {
    expect(
      reportMetrics({
        chapter: 3,
        metrics: { avg_sentence_zishu: 18.5, dialogue_ratio: 0.3, zishu: 3000 },
        issues: [],
      }),
    ).toStrictEqual({ chapter: 3, avg_sentence_zishu: 18.5, dialogue_ratio: 0.3 });
  });

  it('accepts zero metrics', () => {
    expect(reportMetrics({ chapter: 1, metrics: { avg_sentence_zishu: 0, dialogue_ratio: 0 } })).toStrictEqual({
      chapter: 1,
      avg_sentence_zishu: 0,
      dialogue_ratio: 0,
    });
  });

  it('is null for anything that is not a lint report with numeric metrics', () => {
    for (const r of [
      undefined,
      null,
      [],
      'report',
      {},
      { chapter: '3', metrics: { avg_sentence_zishu: 1, dialogue_ratio: 0.1 } },
      { metrics: { avg_sentence_zishu: 1, dialogue_ratio: 0.1 } },
      { chapter: 3 },
      { chapter: 3, metrics: [1, 0.1] },
      { chapter: 3, metrics: null },
      { chapter: 3, metrics: { avg_sentence_zishu: '1', dialogue_ratio: 0.1 } },
      { chapter: 3, metrics: { avg_sentence_zishu: 1, dialogue_ratio: '0.1' } },
      { chapter: 3, metrics: { avg_sentence_zishu: 1 } },
      { chapter: 3, metrics: { dialogue_ratio: 0.1 } },
    ]) {
      expect(reportMetrics(r), JSON.stringify(r)).toBeNull();
    }
  });
});

describe('styleDrift: when there is enough to compare', () => {
  it('needs five reports before the chapter', () => {
    expect(styleDrift(run(1, 4, 40, 0.9), 5, PROFILE)).toBeNull();
    expect(styleDrift(run(1, 5, 40, 0.3), 6, PROFILE)?.chapters).toEqual([1, 2, 3, 4, 5]);
  });

  it('ignores reports of the chapter itself and later ones', () => {
    const reports = run(2, 9, 40, 0.3);
    expect(styleDrift(reports, 6, PROFILE)).toBeNull();
    expect(styleDrift(reports, 7, PROFILE)?.chapters).toEqual([2, 3, 4, 5, 6]);
  });

  it('is null for an empty report list', () => {
    expect(styleDrift([], 20, PROFILE)).toBeNull();
  });

  it(
    'uses the five latest chapters before the given one, ' + 'whatever the input order, and does not mutate the input',
    () => {
      const reports = [...run(1, 3, 100, 0.3), ...run(4, 8, 30, 0.3)].reverse();
      const copy = reports.map((r) => ({ ...r }));
      expect(styleDrift(reports, 9, PROFILE)).toStrictEqual({
        chapters: [4, 5, 6, 7, 8],
        avg_sentence_zishu: { recent: 30, baseline: 20, direction: 'higher' },
        note: '近 5 章句子平均 30 字，比基线 20 字长：多用短句',
      });
      expect(reports).toStrictEqual(copy);
    },
  );

  it('is null when nothing drifts', () => {
    expect(styleDrift(run(1, 5, 20, 0.3), 6, PROFILE)).toBeNull();
    expect(styleDrift(run(1, 5, 22, 0.4), 6, PROFILE)).toBeNull();
  });
});

describe('styleDrift: sentence length', () => {
  it('longer sentences: direction higher and a note asking for shorter ones', () => {
    expect(styleDrift(run(1, 5, 30, 0.3), 6, PROFILE)).toStrictEqual({
      chapters: [1, 2, 3, 4, 5],
      avg_sentence_zishu: { recent: 30, baseline: 20, direction: 'higher' },
      note: '近 5 章句子平均 30 字，比基线 20 字长：多用短句',
    });
  });

  it('shorter sentences: direction lower and a note asking for longer ones', () => {
    expect(styleDrift(run(1, 5, 10, 0.3), 6, PROFILE)).toStrictEqual({
      chapters: [1, 2, 3, 4, 5],
      avg_sentence_zishu: { recent: 10, baseline: 20, direction: 'lower' },
      note: '近 5 章句子平均 10 字，比基线 20 字短：句式可以舒展些',
    });
  });

  it('exactly 20 % away is not drift; just beyond is', () => {
    expect(styleDrift(run(1, 5, 24, 0.3), 6, PROFILE)).toBeNull();
    expect(styleDrift(run(1, 5, 16, 0.3), 6, PROFILE)).toBeNull();
    expect(styleDrift(run(1, 5, 24.5, 0.3), 6, PROFILE)?.avg_sentence_zishu).toStrictEqual({
      recent: 24.5,
      baseline: 20,
      direction: 'higher',
    });
    expect(styleDrift(run(1, 5, 15.5, 0.3), 6, PROFILE)?.avg_sentence_zishu).toStrictEqual({
      recent: 15.5,
      baseline: 20,
      direction: 'lower',
    });
  });

  it('averages the five chapters and rounds to two decimals', () => {
    const reports = [rep(1, 25, 0.3), rep(2, 25, 0.3), rep(3, 25, 0.3), rep(4, 26, 0.3), rep(5, 26.333, 0.3)];
    const d = styleDrift(reports, 6, { avg_sentence_length: 20.004, dialogue_ratio: 0.3 });
    expect(d?.avg_sentence_zishu).toStrictEqual({ recent: 25.47, baseline: 20, direction: 'higher' });
    expect(d?.note).toBe('近 5 章句子平均 25.47 字，比基线 20 字长：多用短句');
  });
});

describe('styleDrift: dialogue ratio', () => {
  it('more dialogue: direction higher and a note asking for more narration', () => {
    expect(styleDrift(run(1, 5, 20, 0.5), 6, PROFILE)).toStrictEqual({
      chapters: [1, 2, 3, 4, 5],
      dialogue_ratio: { recent: 0.5, baseline: 0.3, direction: 'higher' },
      note: '对话占比 0.5，高于基线 0.3：多些叙述与动作',
    });
  });

  it('less dialogue: direction lower and a note asking the characters to speak', () => {
    expect(styleDrift(run(1, 5, 20, 0.1), 6, PROFILE)).toStrictEqual({
      chapters: [1, 2, 3, 4, 5],
      dialogue_ratio: { recent: 0.1, baseline: 0.3, direction: 'lower' },
      note: '对话占比 0.1，低于基线 0.3：让人物多开口',
    });
  });

  it('exactly 0.15 away is not drift; just beyond is', () => {
    expect(styleDrift(run(1, 5, 20, 0.15), 6, { avg_sentence_length: 20, dialogue_ratio: 0 })).toBeNull();
    expect(styleDrift(run(1, 5, 20, 0), 6, { avg_sentence_length: 20, dialogue_ratio: 0.15 })).toBeNull();
    expect(
      styleDrift(run(1, 5, 20, 0.16), 6, { avg_sentence_length: 20, dialogue_ratio: 0 })?.dialogue_ratio,
    ).toStrictEqual({ recent: 0.16, baseline: 0, direction: 'higher' });
    expect(
      styleDrift(run(1, 5, 20, 0), 6, { avg_sentence_length: 20, dialogue_ratio: 0.16 })?.dialogue_ratio,
    ).toStrictEqual({ recent: 0, baseline: 0.16, direction: 'lower' });
  });

  it('rounds the dialogue numbers to two decimals', () => {
    const reports = [rep(1, 20, 0.6), rep(2, 20, 0.6), rep(3, 20, 0.6), rep(4, 20, 0.6), rep(5, 20, 0.666)];
    expect(styleDrift(reports, 6, { avg_sentence_length: 20, dialogue_ratio: 0.3333 })).toStrictEqual({
      chapters: [1, 2, 3, 4, 5],
      dialogue_ratio: { recent: 0.61, baseline: 0.33, direction: 'higher' },
      note: '对话占比 0.61，高于基线 0.33：多些叙述与动作',
    });
  });
});

describe('styleDrift: both and the baseline', () => {
  it('both drifting: both entries, notes joined with "；", sentence first', () => {
    expect(styleDrift(run(1, 5, 10, 0.6), 6, PROFILE)).toStrictEqual({
      chapters: [1, 2, 3, 4, 5],
      avg_sentence_zishu: { recent: 10, baseline: 20, direction: 'lower' },
      dialogue_ratio: { recent: 0.6, baseline: 0.3, direction: 'higher' },
      note: '近 5 章句子平均 10 字，比基线 20 字短：句式可以舒展些；对话占比 0.6，高于基线 0.3：多些叙述与动作',
    });
  });

  it('without a profile: the mean of chapters 1–10 (chapter 10 included, 11 not)', () => {
    const reports = [...run(1, 9, 20, 0.3), rep(10, 30, 0.3), ...run(11, 15, 40, 0.3)];
    expect(styleDrift(reports, 16, undefined)).toStrictEqual({
      chapters: [11, 12, 13, 14, 15],
      avg_sentence_zishu: { recent: 40, baseline: 21, direction: 'higher' },
      note: '近 5 章句子平均 40 字，比基线 21 字长：多用短句',
    });
  });

  it('without a profile, the early chapters can overlap the recent window', () => {
    const reports = [...run(1, 5, 20, 0.1), ...run(6, 10, 20, 0.5)];
    expect(styleDrift(reports, 11, null)).toStrictEqual({
      chapters: [6, 7, 8, 9, 10],
      dialogue_ratio: { recent: 0.5, baseline: 0.3, direction: 'higher' },
      note: '对话占比 0.5，高于基线 0.3：多些叙述与动作',
    });
  });

  it('without a profile or early chapters: null, however different the chapters are', () => {
    expect(styleDrift([...run(11, 12, 5, 0.9), ...run(13, 15, 80, 0)], 16, undefined)).toBeNull();
  });

  it('falls back to the early mean for a non-positive or non-numeric profile sentence length', () => {
    const reports = [...run(1, 10, 30, 0.3), ...run(11, 15, 40, 0.3)];
    for (const avg_sentence_length of [0, -5, '20', null]) {
      expect(
        styleDrift(reports, 16, { avg_sentence_length, dialogue_ratio: 0.3 })?.avg_sentence_zishu,
        String(avg_sentence_length),
      ).toStrictEqual({ recent: 40, baseline: 30, direction: 'higher' });
    }
  });

  it('falls back to the early mean for each metric the profile lacks', () => {
    const reports = [...run(1, 10, 30, 0.1), ...run(11, 15, 30, 0.3)];
    expect(styleDrift(reports, 16, { avg_sentence_length: 20 })).toStrictEqual({
      chapters: [11, 12, 13, 14, 15],
      avg_sentence_zishu: { recent: 30, baseline: 20, direction: 'higher' },
      dialogue_ratio: { recent: 0.3, baseline: 0.1, direction: 'higher' },
      note: '近 5 章句子平均 30 字，比基线 20 字长：多用短句；对话占比 0.3，高于基线 0.1：多些叙述与动作',
    });
    expect(styleDrift(reports, 16, { dialogue_ratio: 0.3, avg_sentence_length: '20' })).toBeNull();
    expect(styleDrift(reports, 16, { dialogue_ratio: '0.3' })?.dialogue_ratio).toStrictEqual({
      recent: 0.3,
      baseline: 0.1,
      direction: 'higher',
    });
  });

  it('a profile dialogue ratio of 0 is a real baseline', () => {
    const reports = [...run(1, 10, 20, 0.3), ...run(11, 15, 20, 0.2)];
    expect(styleDrift(reports, 16, { avg_sentence_length: 20, dialogue_ratio: 0 })?.dialogue_ratio).toStrictEqual({
      recent: 0.2,
      baseline: 0,
      direction: 'higher',
    });
  });

  it('ignores a profile that is not an object', () => {
    const reports = [...run(1, 10, 20, 0.3), ...run(11, 15, 30, 0.3)];
    for (const profile of [[20, 0.3], 'profile', 7]) {
      expect(styleDrift(reports, 16, profile)?.avg_sentence_zishu).toStrictEqual({
        recent: 30,
        baseline: 20,
        direction: 'higher',
      });
    }
  });

  it('an early sentence mean of 0 gives no sentence drift (no division by zero)', () => {
    const reports = [...run(1, 10, 0, 0.3), ...run(11, 15, 10, 0.3)];
    expect(styleDrift(reports, 16, undefined)).toBeNull();
  });
});
