import { describe, expect, it } from 'vitest';
import {
  BOOK_ROWS,
  CHAPTER_ROWS,
  chapterStateOf,
  PIPELINE_STAGES,
  type ChapterRestState,
} from '../../machines/book.table.js';
import { GATE_DECISIONS } from '../../machines/novel.setup.js';
import { STABLE_STATES } from '../../machines/pipeline.states.js';

describe('tables', () => {
  it('pipeline stages in pipeline order', () => {
    expect([...PIPELINE_STAGES]).toEqual([
      'drafting',
      'drafted',
      'audited',
      'refined',
      'title_fixing',
      'judged',
      'hook_fixing',
      'revising',
      'committed',
    ]);
  });

  it('a row for every stable chapter state but done', () => {
    expect(Object.keys(CHAPTER_ROWS).sort()).toEqual(STABLE_STATES.filter((s) => s !== 'done').sort());
    for (const row of Object.values(CHAPTER_ROWS)) {
      if (row.stage !== null) expect(PIPELINE_STAGES).toContain(row.stage);
      for (const d of row.decisions) expect(GATE_DECISIONS).toContain(d);
    }
  });

  it('book states and their orchestrator_state', () => {
    expect(BOOK_ROWS).toEqual({
      setup: 'VOL_PLANNING',
      importing: 'WRITING',
      planning: 'VOL_PLANNING',
      planReady: 'VOL_PLANNING',
      writing: 'WRITING',
      retrying: 'ERROR_RETRY',
      complete: 'WRITING',
    });
  });
});

describe('chapterStateOf', () => {
  it('round trip: every state projects to fields that restore it', () => {
    for (const [state, row] of Object.entries(CHAPTER_ROWS) as Array<
      [ChapterRestState, (typeof CHAPTER_ROWS)[ChapterRestState]]
    >) {
      const decisions = row.decisions.length ? row.decisions : [undefined];
      for (const d of decisions)
        expect(chapterStateOf(row.stage, 4, d), `${state}/${d}`).toEqual({ state, gateMissing: false });
    }
  });

  it('no chapter in flight: draft', () => {
    expect(chapterStateOf(null, 4, undefined)).toEqual({ state: 'draft', gateMissing: false });
    expect(chapterStateOf('committed', 4, 'pass')).toEqual({ state: 'draft', gateMissing: false });
    expect(chapterStateOf('drafting', null, undefined)).toEqual({ state: 'draft', gateMissing: false });
  });

  it('judged restores by its gate; without one (or another decision) the gate is computed again', () => {
    expect(chapterStateOf('judged', 4, 'pass').state).toBe('commit');
    expect(chapterStateOf('judged', 4, 'accepted_by_user').state).toBe('commit');
    expect(chapterStateOf('judged', 4, 'pause_for_user').state).toBe('review');
    expect(chapterStateOf('judged', 4, 'pause_for_user_force_rewrite').state).toBe('review');
    expect(chapterStateOf('judged', 4, undefined)).toEqual({ state: 'judge', gateMissing: true });
    expect(chapterStateOf('judged', 4, 'revise')).toEqual({ state: 'judge', gateMissing: true });
  });

  it('revising is a polish pass only when its gate says polish', () => {
    expect(chapterStateOf('revising', 4, 'polish').state).toBe('polishing');
    expect(chapterStateOf('revising', 4, 'revise').state).toBe('revising');
    expect(chapterStateOf('revising', 4, undefined).state).toBe('revising');
  });

  it('the other stages map one to one', () => {
    expect(chapterStateOf('drafting', 4, undefined).state).toBe('summarize');
    expect(chapterStateOf('drafted', 4, undefined).state).toBe('audit');
    expect(chapterStateOf('audited', 4, undefined).state).toBe('refine');
    expect(chapterStateOf('refined', 4, 'revise').state).toBe('judge');
    expect(chapterStateOf('title_fixing', 4, undefined).state).toBe('titleFix');
    expect(chapterStateOf('hook_fixing', 4, undefined).state).toBe('hookFix');
  });
});
