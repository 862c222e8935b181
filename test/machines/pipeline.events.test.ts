import { describe, expect, it } from 'vitest';
import {
  DECISION_EVENT,
  DECISIONS,
  EVENT_SENT_WHEN,
  STEP_EVENT,
  type AdvanceableStage,
} from '../../machines/pipeline.events.js';
import { CHAPTER_STAGES, CHAPTER_STEP_TABLE, type ChapterStepRow } from '../../src/core/step-table.js';
import { chapterStates, STABLE_STATES, stateMeta, type StableState } from '../../machines/pipeline.states.js';

const onOf = (state: StableState): Record<string, unknown> =>
  'on' in chapterStates[state] ? (chapterStates[state] as { on: Record<string, unknown> }).on : {};

describe('step events', () => {
  it('each advanceable stage has its past-tense event', () => {
    expect(STEP_EVENT).toEqual({
      draft: 'DRAFTED',
      summarize: 'SUMMARIZED',
      audit: 'AUDITED',
      refine: 'REFINED',
      'title-fix': 'TITLE_FIXED',
      judge: 'JUDGED',
      'hook-fix': 'HOOK_FIXED',
      commit: 'COMMITTED',
    });
  });

  it('every state awaiting a step accepts that step’s event', () => {
    let checked = 0;
    for (const s of STABLE_STATES) {
      const step = stateMeta(s).step;
      if (step === null || !(step in STEP_EVENT)) continue;
      expect(Object.keys(onOf(s)), s).toContain(STEP_EVENT[step as AdvanceableStage]);
      checked += 1;
    }
    expect(checked).toBe(10);
  });

  it('every advanceable stage is awaited by some state', () => {
    for (const stage of Object.keys(STEP_EVENT))
      expect(
        STABLE_STATES.some((s) => stateMeta(s).step === stage),
        stage,
      ).toBe(true);
  });
});

describe('decisions', () => {
  it('the author’s three decisions and their events, accepted in review', () => {
    expect([...DECISIONS]).toEqual(['accept', 'revise', 'rewrite']);
    expect(DECISION_EVENT).toEqual({ accept: 'ACCEPT', revise: 'REVISE', rewrite: 'REWRITE' });
    expect(Object.keys(onOf('review')).sort()).toEqual(Object.values(DECISION_EVENT).sort());
  });
});

describe('when each event is sent (docs/pipeline.md)', () => {
  it('a step event says what its row of the step table says; every event says something', () => {
    for (const stage of CHAPTER_STAGES) {
      const row: ChapterStepRow = CHAPTER_STEP_TABLE[stage];
      if (row.event !== null)
        expect(EVENT_SENT_WHEN[row.event as keyof typeof EVENT_SENT_WHEN], stage).toBe(row.sent_when);
    }
    for (const [event, when] of Object.entries(EVENT_SENT_WHEN)) expect(when.length, event).toBeGreaterThan(20);
  });

  it('the table as docs/pipeline.md prints it', () => {
    expect(EVENT_SENT_WHEN).toMatchSnapshot();
  });
});
