import { createActor, transition } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  initialContext,
  pipelineMachine,
  PIPELINE_MACHINE_ID,
  type GateRecord,
  type PipelineContext,
} from '../../machines/pipeline.machine.js';
import type { PipelineEvent } from '../../machines/pipeline.events.js';
import type { Verdict } from '../../machines/pipeline.gate.js';

const judged = (overall: number, over: Partial<Verdict> = {}): PipelineEvent => ({
  type: 'JUDGED',
  overall_final: overall,
  high_violation: false,
  high_confidence_violations: [],
  warnings: [],
  ...over,
});
const HIGH: Partial<Verdict> = {
  high_violation: true,
  high_confidence_violations: [{ layer: 'l1', status: 'violation', confidence: 'high' } as never],
};

function run(events: PipelineEvent[], input: Parameters<typeof initialContext>[0] = { chapter: 4 }) {
  const actor = createActor(pipelineMachine, { input });
  actor.start();
  for (const e of events) actor.send(e);
  const s = actor.getSnapshot();
  actor.stop();
  return s;
}

/** The snapshot after resolving `state` with `context` and sending one event, plus the actions taken. */
function step(state: string, context: Partial<PipelineContext>, event: PipelineEvent) {
  const snapshot = pipelineMachine.resolveState({
    value: state,
    context: { ...initialContext({ chapter: 4 }), ...context },
  });
  const [next, actions] = transition(pipelineMachine, snapshot, event);
  return { next, actions: actions.map((a) => a.type) };
}

describe('pipeline machine', () => {
  it('is versioned and starts a fresh chapter at draft', () => {
    expect(pipelineMachine.id).toBe(PIPELINE_MACHINE_ID);
    const s = run([], { chapter: 4, title_fixed: true, hook_fixed_round: 1 });
    expect(s.value).toBe('draft');
    expect(s.context).toMatchObject({
      chapter: 4,
      revision_count: 0,
      verdict: null,
      gate: null,
      title_fixed: false,
      hook_fixed_round: null,
      claimed: false,
    });
  });

  it('the happy path: draft → summarize → audit → refine → judge → commit → done', () => {
    const states: unknown[] = [];
    const actor = createActor(pipelineMachine, { input: { chapter: 4 } });
    actor.subscribe((s) => states.push(s.value));
    actor.start();
    for (const e of [
      { type: 'DRAFTED' },
      { type: 'SUMMARIZED' },
      { type: 'AUDITED' },
      { type: 'REFINED' },
      judged(4.5),
      { type: 'COMMITTED' },
    ] as PipelineEvent[])
      actor.send(e);
    expect(states).toEqual(['draft', 'summarize', 'audit', 'refine', 'judge', 'commit', 'done']);
    const s = actor.getSnapshot();
    expect(s.status).toBe('done');
    expect(s.context.claimed).toBe(true);
    expect(s.context.gate).toMatchObject({ decision: 'pass', verdict: 'pass', overall_final: 4.5 });
    expect(s.context.gate!.reason).toBe('pass: overall_final 4.50 (pass ≥ 4, polish ≥ 3.5, revise ≥ 3, pause ≥ 2)');
  });

  it('events a state does not await are ignored', () => {
    expect(run([{ type: 'SUMMARIZED' }, { type: 'COMMITTED' }, { type: 'ACCEPT' }]).value).toBe('draft');
  });

  describe('the gate', () => {
    it('polish: one extra refine, then commit as a polished pass', () => {
      const s = run([
        { type: 'DRAFTED' },
        { type: 'SUMMARIZED' },
        { type: 'AUDITED' },
        { type: 'REFINED' },
        judged(3.7),
      ]);
      expect(s.value).toBe('polishing');
      expect(s.context.gate?.decision).toBe('polish');
      const t = run([
        { type: 'DRAFTED' },
        { type: 'SUMMARIZED' },
        { type: 'AUDITED' },
        { type: 'REFINED' },
        judged(3.7),
        { type: 'REFINED' },
      ]);
      expect(t.value).toBe('commit');
      expect(t.context.gate).toMatchObject({ decision: 'pass', polished: true, verdict: 'polish' });
      expect(t.context.gate!.reason.endsWith('; polished')).toBe(true);
    });

    it('revise within budget: a revision round, counted and archived', () => {
      const { next, actions } = step('judge', { max_revisions: 2 }, judged(3.2));
      expect(next.value).toBe('revising');
      expect(next.context.revision_count).toBe(1);
      expect(next.context.gate).toMatchObject({ decision: 'revise', verdict: 'revise' });
      expect(next.context.gate!.reason).toContain('revision 1 of 2');
      expect(actions).toContain('archiveRound');
    });

    it('revise with the budget spent: force pass when nothing blocks and the score clears revise', () => {
      const { next } = step('judge', { revision_count: 2, max_revisions: 2 }, judged(3.2));
      expect(next.value).toBe('commit');
      expect(next.context.gate).toMatchObject({ decision: 'pass', force_passed: true, verdict: 'revise' });
    });

    it('revise with the budget spent and a high-confidence violation: the author decides', () => {
      const { next } = step('judge', { revision_count: 2, max_revisions: 2 }, judged(4.8, HIGH));
      expect(next.value).toBe('review');
      expect(next.context.gate).toMatchObject({ decision: 'pause_for_user', verdict: 'revise', high_violation: true });
      expect(next.context.gate!.reason).toContain('1 high-confidence violation(s)');
    });

    it('a high-confidence violation revises whatever the score', () => {
      expect(step('judge', {}, judged(5, HIGH)).next.value).toBe('revising');
    });

    it('a hard lint finding revises; the reason names its rule once', () => {
      const lint = [
        { rule: 'zishu_low', severity: 'hard', message: 'short' },
        { rule: 'zishu_low', severity: 'hard', message: 'short' },
      ] as Verdict['lint'];
      const { next } = step('judge', {}, judged(4.9, { lint }));
      expect(next.value).toBe('revising');
      expect(next.context.gate!.reason).toContain('2 hard lint finding(s) (zishu_low)');
    });

    it('revision_policy none: the revise is recorded, with a warning, and the chapter commits', () => {
      const { next } = step('judge', { revision_policy: 'none' }, judged(3.2));
      expect(next.value).toBe('commit');
      expect(next.context.gate?.decision).toBe('pass');
      expect(next.context.gate?.warnings).toContainEqual(
        expect.objectContaining({ layer: 'gate', decision: 'revise' }),
      );
    });

    it('revision_policy manual_confirm: a revise within budget waits for the author', () => {
      const { next } = step('judge', { revision_policy: 'manual_confirm' }, judged(3.2));
      expect(next.value).toBe('review');
      expect(next.context.gate?.decision).toBe('pause_for_user');
      expect(next.context.revision_count).toBe(0);
    });

    it('below revise: pause; below pause: pause advising a rewrite', () => {
      expect(step('judge', {}, judged(2.5)).next.context.gate?.decision).toBe('pause_for_user');
      const low = step('judge', {}, judged(1.5)).next;
      expect(low.value).toBe('review');
      expect(low.context.gate?.decision).toBe('pause_for_user_force_rewrite');
    });

    it('thresholds come from the context', () => {
      const t = { pass: 4.5, polish: 4.0, revise: 3.0, pause: 2.0 };
      expect(step('judge', { thresholds: t }, judged(4.2)).next.value).toBe('polishing');
      expect(step('judge', { thresholds: t }, judged(4.5)).next.value).toBe('commit');
    });
  });

  describe('micro-steps', () => {
    it('a hard title finding after refine: title-fix once per chapter', () => {
      const first = step('refine', {}, { type: 'REFINED', title_hard: true });
      expect(first.next.value).toBe('titleFix');
      expect(first.next.context.title_fixed).toBe(true);
      expect(first.actions).toContain('archiveTitleFix');
      expect(step('titleFix', { title_fixed: true }, { type: 'TITLE_FIXED' }).next.value).toBe('judge');
      expect(step('refine', { title_fixed: true }, { type: 'REFINED', title_hard: true }).next.value).toBe('judge');
      expect(step('refine', {}, { type: 'REFINED', title_hard: false }).next.value).toBe('judge');
      expect(step('polishing', {}, { type: 'REFINED', title_hard: true }).next.value).toBe('titleFix');
    });

    it('a weak required hook on a pass: hook-fix once per round, then a pass with a warning', () => {
      const first = step('judge', { revision_count: 1 }, judged(4.5, { hook_weak: true }));
      expect(first.next.value).toBe('hookFix');
      expect(first.next.context.hook_fixed_round).toBe(1);
      expect(first.next.context.gate).toBeNull();
      expect(first.actions).toContain('archiveHookFix');
      expect(step('hookFix', {}, { type: 'HOOK_FIXED' }).next.value).toBe('judge');
      const again = step('judge', { revision_count: 1, hook_fixed_round: 1 }, judged(4.5, { hook_weak: true }));
      expect(again.next.value).toBe('commit');
      expect(again.next.context.gate?.warnings).toContainEqual(expect.objectContaining({ rule: 'hook_weak' }));
      // A weak hook does not turn a revise into a hook-fix.
      expect(step('judge', {}, judged(3.2, { hook_weak: true })).next.value).toBe('revising');
    });
  });

  describe('the author', () => {
    const gate: GateRecord = {
      decision: 'pause_for_user',
      verdict: 'pause_for_user',
      overall_final: 2.5,
      high_violation: false,
      high_confidence_violations: [],
      warnings: [],
      reason: 'low',
    };

    it('accept commits, recording the decision', () => {
      const { next } = step('review', { gate: { ...gate } }, { type: 'ACCEPT' });
      expect(next.value).toBe('commit');
      expect(next.context.gate).toMatchObject({ decision: 'accepted_by_user', reason: 'accepted by the author (low)' });
    });

    it('revise starts a counted revision round, even past the budget', () => {
      const { next, actions } = step(
        'review',
        { gate: { ...gate }, revision_count: 2, max_revisions: 2 },
        { type: 'REVISE' },
      );
      expect(next.value).toBe('revising');
      expect(next.context.revision_count).toBe(3);
      expect(next.context.gate?.reason).toBe('revision 3 requested by the author (low)');
      expect(actions).toContain('archiveRound');
    });

    it('rewrite starts the chapter over', () => {
      const { next, actions } = step(
        'review',
        { gate: { ...gate }, revision_count: 2, title_fixed: true },
        { type: 'REWRITE' },
      );
      expect(next.value).toBe('draft');
      expect(next.context).toMatchObject({ revision_count: 0, gate: null, title_fixed: false });
      expect(actions).toContain('archiveRewrite');
    });
  });

  it('a lost draft goes back to draft, or to revising in a revision round', () => {
    expect(step('summarize', {}, { type: 'DRAFT_LOST' }).next.value).toBe('draft');
    expect(step('summarize', { revision_count: 1 }, { type: 'DRAFT_LOST' }).next.value).toBe('revising');
  });

  it('a revision draft goes on to summarize', () => {
    expect(step('revising', { revision_count: 1 }, { type: 'DRAFTED' }).next.value).toBe('summarize');
  });
});
