/** The run's own policy over `next`: targets, --until, --pause-after, --force, retries, budgets. Pure. */
import { describe, expect, it } from 'vitest';
import type { NextDecision } from '../../src/core/next.js';
import { parseStepId, type StepId } from '../../src/core/step-id.js';

/** A step id text, typed (as `next` carries it). */
const id = (text: string): StepId => (parseStepId(text) as { ok: true; step: StepId }).step;
import {
  attemptAllowed,
  formatCost,
  unenforceableBudget,
  budgetStop,
  nextMove,
  pauseAfterAdvance,
  RUN_EXIT,
  type RunLimits,
} from '../../src/core/run-policy.js';
import { render, type Said } from '../../src/core/messages.js';

/** Said words in English (null as it is). */
const en = (w: Said | null): string | null => (w === null ? null : render('en', w));

const limits = (over: Partial<RunLimits> = {}): RunLimits => ({
  targetChapter: 60,
  pauseAfter: new Set(),
  force: false,
  retries: 1,
  ...over,
});
const next = (over: Partial<NextDecision>): NextDecision => ({
  id: id(over.step ?? 'chapter:004:draft'),
  step: 'chapter:004:draft',
  action: 'execute',
  reason: 'r',
  chapter: 4,
  stage: null,
  revision_count: 0,
  mode: 'draft',
  state: 'draft',
  volume: 1,
  evidence: {},
  diagnostics: [],
  command: 'c',
  ...over,
});

describe('run policy', () => {
  it('executes, advances, commits chapters and volume plans as next says', () => {
    expect(nextMove(next({}), limits(), 3, new Set())).toEqual({
      kind: 'execute',
      step: 'chapter:004:draft',
      id: id('chapter:004:draft'),
    });
    expect(nextMove(next({ action: 'advance' }), limits(), 3, new Set(['chapter:004:draft']))).toEqual({
      kind: 'advance',
      step: 'chapter:004:draft',
      id: id('chapter:004:draft'),
      reused: false,
    });
    expect(nextMove(next({ action: 'advance' }), limits(), 3, new Set())).toEqual({
      kind: 'advance',
      step: 'chapter:004:draft',
      id: id('chapter:004:draft'),
      reused: true,
    });
    expect(nextMove(next({ step: 'chapter:004:commit', action: 'commit' }), limits(), 3, new Set())).toEqual({
      kind: 'commit',
      step: 'chapter:004:commit',
      id: id('chapter:004:commit'),
      chapter: 4,
      volume: null,
    });
    expect(
      nextMove(next({ step: 'volume:02:plan', action: 'execute', state: 'planning' }), limits(), 30, new Set()),
    ).toEqual({ kind: 'execute', step: 'volume:02:plan', id: id('volume:02:plan') });
    expect(
      nextMove(next({ step: 'volume:02:commit', action: 'commit', state: 'planning' }), limits(), 30, new Set()),
    ).toEqual({ kind: 'commit', step: 'volume:02:commit', id: id('volume:02:commit'), chapter: null, volume: 2 });
  });

  it('stops at the target, at --until, for a review and at the end of the book', () => {
    expect(nextMove(next({}), limits({ targetChapter: 3 }), 3, new Set())).toMatchObject({
      kind: 'stop',
      exit: RUN_EXIT.done,
    });
    expect(nextMove(next({}), limits({ until: 'chapter:004:draft' }), 3, new Set())).toMatchObject({
      kind: 'stop',
      exit: 0,
      reason: expect.stringMatching(/--until/),
    });
    expect(nextMove(next({ action: 'review', step: 'chapter:004:review' }), limits(), 3, new Set())).toMatchObject({
      kind: 'stop',
      exit: RUN_EXIT.review,
    });
    expect(nextMove(next({ action: 'done', step: 'book:complete' }), limits(), 5, new Set())).toMatchObject({
      kind: 'stop',
      exit: 0,
    });
  });

  it('a recovery is done even when the target is reached', () => {
    expect(
      nextMove(next({ step: 'chapter:004:commit', action: 'recover' }), limits({ targetChapter: 3 }), 3, new Set()),
    ).toMatchObject({ kind: 'commit', chapter: 4 });
  });

  it(
    '--force re-executes a step whose outputs are present; ' +
      '--pause-after plan stops before the plan commit it executed',
    () => {
      expect(nextMove(next({ action: 'advance' }), limits({ force: true }), 3, new Set())).toEqual({
        kind: 'execute',
        step: 'chapter:004:draft',
        id: id('chapter:004:draft'),
      });
      const planned = nextMove(
        next({ step: 'volume:02:commit', action: 'commit' }),
        limits({ pauseAfter: new Set(['plan']) }),
        30,
        new Set(['volume:02:plan']),
      );
      expect(planned).toMatchObject({
        kind: 'stop',
        exit: 0,
        reason: expect.stringMatching(/paused after volume:02:plan/),
      });
      // A plan staged by someone else is committed, not paused on.
      expect(
        nextMove(
          next({ step: 'volume:02:commit', action: 'commit' }),
          limits({ pauseAfter: new Set(['plan']) }),
          30,
          new Set(),
        ),
      ).toMatchObject({ kind: 'commit', volume: 2 });
      expect(en(pauseAfterAdvance(id('chapter:004:judge'), limits({ pauseAfter: new Set(['judge']) })))).toMatch(
        /paused after chapter:004:judge/,
      );
      expect(pauseAfterAdvance(id('chapter:004:draft'), limits({ pauseAfter: new Set(['judge']) }))).toBeNull();
    },
  );

  it('retries up to executor.retries, then gives up; budgets stop before an execution', () => {
    expect([1, 2, 3].map((a) => attemptAllowed(a, limits({ retries: 1 })))).toEqual([true, true, false]);
    expect(en(budgetStop({ cost_usd: 1, tokens: 10, cost_unknown: false }, limits({ budgetUsd: 1 })))).toMatch(
      /budget reached/,
    );
    expect(
      budgetStop({ cost_usd: 0.5, tokens: 10, cost_unknown: false }, limits({ budgetUsd: 1, budgetTokens: 11 })),
    ).toBeNull();
    expect(en(budgetStop({ cost_usd: 0, tokens: 11, cost_unknown: true }, limits({ budgetTokens: 11 })))).toBe(
      'budget reached: ? and 11 tokens reported so far; `novel run` continues with a larger budget',
    );
  });

  it('a dollar budget is refused for an executor that reports no cost, unless a token budget is given too', () => {
    expect(en(unenforceableBudget('codex', { budgetUsd: 5 }))).toMatch(/codex executor reports no cost/);
    expect(unenforceableBudget('codex', { budgetUsd: 5, budgetTokens: 1000 })).toBeNull();
    expect(unenforceableBudget('claude', { budgetUsd: 5 })).toBeNull();
    expect(unenforceableBudget('codex', {})).toBeNull();
  });

  it('an unknown cost prints as ?, never as $0.0000', () => {
    expect(formatCost(0, true)).toBe('?');
    expect(formatCost(0.25, true)).toBe('$0.2500+?');
    expect(formatCost(0, false)).toBe('$0.0000');
  });
});
