/**
 * summaries.ts: the latest committed summaries before a chapter (newest
 * first, gaps skipped, at most `count`) and the previous chapter's summary.
 */
import { describe, expect, it } from 'vitest';
import { latestSummaries, latestSummaryTexts, prevSummary } from '../../../src/core/context/summaries.js';
import { memoryView } from '../../helpers/memory-view.js';

const s = (n: string): string => `summaries/chapter-${n}-summary.md`;

describe('latestSummaries', () => {
  const view = memoryView({
    [s('001')]: '1',
    [s('002')]: '2',
    [s('004')]: '4',
    [s('005')]: '5',
    [s('007')]: '7',
    'staging/summaries/chapter-006-summary.md': '6',
  });

  it('returns the latest `count` before the chapter, newest first, skipping gaps', () => {
    expect(latestSummaries(view, 7, 3)).toStrictEqual([
      { chapter: 5, path: s('005') },
      { chapter: 4, path: s('004') },
      { chapter: 2, path: s('002') },
    ]);
  });

  it('never includes the chapter itself or staged summaries', () => {
    expect(latestSummaries(view, 7, 1)).toStrictEqual([{ chapter: 5, path: s('005') }]);
  });

  it('returns fewer when fewer exist, down to chapter 1', () => {
    expect(latestSummaries(view, 3, 5).map((r) => r.chapter)).toEqual([2, 1]);
    expect(latestSummaries(view, 100, 10).map((r) => r.chapter)).toEqual([7, 5, 4, 2, 1]);
  });

  it('is empty for chapter 1, a zero count, or a project without summaries', () => {
    expect(latestSummaries(view, 1, 3)).toEqual([]);
    expect(latestSummaries(view, 7, 0)).toEqual([]);
    expect(latestSummaries(memoryView({}), 7, 3)).toEqual([]);
  });

  it('never looks at a chapter 0 summary', () => {
    const v = memoryView({ [s('000')]: '0', [s('001')]: '1' });
    expect(latestSummaries(v, 3, 5)).toStrictEqual([{ chapter: 1, path: s('001') }]);
  });

  it('uses at-least-three-digit chapter numbers', () => {
    const v = memoryView({ [s('1199')]: 'x', [s('099')]: 'y' });
    expect(latestSummaries(v, 1200, 1)).toStrictEqual([{ chapter: 1199, path: s('1199') }]);
    expect(latestSummaries(v, 100, 1)).toStrictEqual([{ chapter: 99, path: s('099') }]);
  });
});

describe('latestSummaryTexts', () => {
  it('gives what latestSummaries gives, with each text', () => {
    const view = memoryView({ [s('001')]: '一', [s('002')]: '二', [s('004')]: '四' });
    expect(latestSummaryTexts(view, 5, 2)).toStrictEqual([
      { chapter: 4, path: s('004'), text: '四' },
      { chapter: 2, path: s('002'), text: '二' },
    ]);
    expect(latestSummaryTexts(view, 5, 10).map(({ chapter, path }) => ({ chapter, path }))).toStrictEqual(
      latestSummaries(view, 5, 10),
    );
  });

  it('counts a summary that is there but cannot be read, with no text', () => {
    const base = memoryView({ [s('001')]: '一', [s('002')]: '二', [s('003')]: '三' });
    const view = { ...base, text: (rel: string) => (rel === s('002') ? undefined : base.text(rel)) };
    expect(latestSummaryTexts(view, 4, 2)).toStrictEqual([
      { chapter: 3, path: s('003'), text: '三' },
      { chapter: 2, path: s('002'), text: '' },
    ]);
  });
});

describe('prevSummary', () => {
  const view = memoryView({ [s('000')]: '0', [s('004')]: '4' });

  it("is the previous chapter's summary when it exists", () => {
    expect(prevSummary(view, 5)).toBe(s('004'));
  });

  it('is undefined when the previous summary is missing (no fallback to older ones)', () => {
    expect(prevSummary(view, 6)).toBeUndefined();
  });

  it('is undefined for chapter 1, even if a chapter 0 summary exists', () => {
    expect(prevSummary(view, 1)).toBeUndefined();
  });
});
