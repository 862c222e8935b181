/** chapterStateOf (machines/book.table.ts): the chapter state a checkpoint's chapter fields describe. */
import { describe, expect, it } from 'vitest';
import { chapterStateOf } from '../../machines/book.table.js';

describe('chapterStateOf', () => {
  it('no stage, a committed stage or no inflight chapter: a draft to start', () => {
    expect(chapterStateOf(null, 5, undefined)).toEqual({ state: 'draft', gateMissing: false });
    expect(chapterStateOf('committed', 5, 'pass')).toEqual({ state: 'draft', gateMissing: false });
    expect(chapterStateOf('refined', null, undefined)).toEqual({ state: 'draft', gateMissing: false });
  });

  it('each stage of a chapter in flight restores its state', () => {
    expect(chapterStateOf('drafting', 5, undefined).state).toBe('summarize');
    expect(chapterStateOf('drafted', 5, undefined).state).toBe('audit');
    expect(chapterStateOf('audited', 5, undefined).state).toBe('refine');
    expect(chapterStateOf('title_fixing', 5, undefined).state).toBe('titleFix');
    expect(chapterStateOf('refined', 5, undefined).state).toBe('judge');
    expect(chapterStateOf('hook_fixing', 5, undefined).state).toBe('hookFix');
  });

  it('judged: the recorded decision picks commit or review; without one the gate is recomputed in judge', () => {
    expect(chapterStateOf('judged', 5, 'pass')).toEqual({ state: 'commit', gateMissing: false });
    expect(chapterStateOf('judged', 5, 'accepted_by_user')).toEqual({ state: 'commit', gateMissing: false });
    expect(chapterStateOf('judged', 5, 'pause_for_user')).toEqual({ state: 'review', gateMissing: false });
    expect(chapterStateOf('judged', 5, 'pause_for_user_force_rewrite')).toEqual({
      state: 'review',
      gateMissing: false,
    });
    expect(chapterStateOf('judged', 5, undefined)).toEqual({ state: 'judge', gateMissing: true });
  });

  it('revising: polishing when the gate says polish, else a revision round', () => {
    expect(chapterStateOf('revising', 5, 'polish')).toEqual({ state: 'polishing', gateMissing: false });
    expect(chapterStateOf('revising', 5, 'revise')).toEqual({ state: 'revising', gateMissing: false });
    expect(chapterStateOf('revising', 5, undefined)).toEqual({ state: 'revising', gateMissing: false });
  });
});
