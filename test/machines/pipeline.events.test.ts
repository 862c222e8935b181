import { describe, expect, it } from 'vitest';
import { DECISION_EVENT, DECISIONS, STEP_EVENT, type AdvanceableStage } from '../../machines/pipeline.events.js';
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
