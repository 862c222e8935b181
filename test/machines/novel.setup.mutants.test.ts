/**
 * The gate records the named actions of novel.setup.ts write: the decision,
 * the verdict, the recorded figures and the reason in full, for each way out
 * of the gate (docs/decisions.md, "Mutation testing").
 */
import { transition } from 'xstate';
import { describe, expect, it } from 'vitest';
import { initialContext, pipelineMachine, type PipelineContext } from '../../machines/pipeline.machine.js';
import type { PipelineEvent } from '../../machines/pipeline.events.js';
import type { Verdict } from '../../machines/pipeline.gate.js';
import { gateReason, type GateRecord } from '../../machines/novel.setup.js';
import { render, said } from '../../src/core/messages.js';

const judged = (overall: number, over: Partial<Verdict> = {}): PipelineEvent => ({
  type: 'JUDGED',
  overall_final: overall,
  high_violation: false,
  high_confidence_violations: [],
  warnings: [],
  ...over,
});
const HIGH = { layer: 'l1', rule_id: 'w', status: 'violation', confidence: 'high' } as never;

function step(state: string, context: Partial<PipelineContext>, event: PipelineEvent) {
  const snapshot = pipelineMachine.resolveState({
    value: state,
    context: { ...initialContext({ chapter: 4 }), ...context },
  });
  const [next] = transition(pipelineMachine, snapshot, event);
  return next;
}
const SCORE = (o: string): string => `overall_final ${o} (pass ≥ 4, polish ≥ 3.5, revise ≥ 3, pause ≥ 2)`;

describe('gate records', () => {
  it('pass: the figures recorded, optional ones only when the verdict has them', () => {
    const plain = step('judge', {}, judged(4.256));
    expect(plain.context.gate).toEqual({
      decision: 'pass',
      verdict: 'pass',
      overall_final: 4.256,
      high_violation: false,
      high_confidence_violations: [],
      warnings: [],
      reason: `pass: ${SCORE('4.26')}`,
      words: said('gate.pass', {
        score: said('gate.score', { overall: '4.26', pass: 4, polish: 3.5, revise: 3, pause: 2 }),
      }),
    });
    const full = step(
      'judge',
      {},
      judged(4.5, {
        overall_judge: 4.8,
        weights: { plot: 1 },
        lint: [],
        warnings: [{ layer: 'score', rule: 'x', message: 'm' } as never],
      }),
    );
    expect(full.context.gate).toEqual({
      decision: 'pass',
      verdict: 'pass',
      overall_final: 4.5,
      overall_judge: 4.8,
      weights: { plot: 1 },
      lint: [],
      high_violation: false,
      high_confidence_violations: [],
      warnings: [{ layer: 'score', rule: 'x', message: 'm' }],
      reason: `pass: ${SCORE('4.50')}`,
      words: expect.objectContaining({ id: 'gate.pass' }),
    });
    expect(full.context.verdict).toEqual({
      overall_final: 4.5,
      overall_judge: 4.8,
      weights: { plot: 1 },
      lint: [],
      high_violation: false,
      high_confidence_violations: [],
      warnings: [{ layer: 'score', rule: 'x', message: 'm' }],
    });
  });

  it('a weak hook already fixed this round is recorded as a warning on a pass and on a polish', () => {
    const pass = step('judge', { hook_fixed_round: 0 }, judged(4.5, { hook_weak: true }));
    expect(pass.value).toBe('commit');
    expect(pass.context.verdict).toMatchObject({ hook_weak: true });
    expect(pass.context.gate!.warnings).toEqual([
      {
        layer: 'score',
        rule: 'hook_weak',
        message: 'chapter 4: the chapter-end hook is still weak after hook-fix; the chapter goes on',
      },
    ]);
    const polish = step('judge', { hook_fixed_round: 0 }, judged(3.7, { hook_weak: true }));
    expect(polish.value).toBe('polishing');
    expect(polish.context.gate!.warnings).toHaveLength(1);
    // A weak hook on a revise is not recorded as a warning; a verdict without hook_weak has no such key.
    const revise = step('judge', {}, judged(3.2, { hook_weak: true }));
    expect(revise.context.gate!.warnings).toEqual([]);
    expect('hook_weak' in step('judge', {}, judged(4.5, { hook_weak: false })).context.verdict!).toBe(false);
  });

  it('the hook is fixed once a round: a new round fixes it again', () => {
    expect(step('judge', { revision_count: 1, hook_fixed_round: 0 }, judged(4.5, { hook_weak: true })).value).toBe(
      'hookFix',
    );
    const fixed = step('judge', { revision_count: 2, hook_fixed_round: null }, judged(3.7, { hook_weak: true }));
    expect(fixed.value).toBe('hookFix');
    expect(fixed.context).toMatchObject({ hook_fixed_round: 2, gate: null });
    expect(step('judge', {}, judged(1.5, { hook_weak: true })).value).toBe('review');
  });

  it('polish, revise, pause and force-rewrite reasons', () => {
    expect(step('judge', {}, judged(3.7)).context.gate).toMatchObject({
      decision: 'polish',
      verdict: 'polish',
      reason: `polish: ${SCORE('3.70')}; one extra refine, then commit`,
    });
    const revise = step('judge', { max_revisions: 2 }, judged(3.2));
    expect(revise.value).toBe('revising');
    expect(revise.context.revision_count).toBe(1);
    expect(revise.context.gate).toMatchObject({
      decision: 'revise',
      verdict: 'revise',
      reason: `revise: ${SCORE('3.20')}; revision 1 of 2`,
    });
    expect(step('judge', {}, judged(2.5)).context.gate).toMatchObject({
      decision: 'pause_for_user',
      verdict: 'pause_for_user',
      reason: `score below the revise threshold: ${SCORE('2.50')}`,
    });
    expect(step('judge', {}, judged(1.5)).context.gate).toMatchObject({
      decision: 'pause_for_user_force_rewrite',
      verdict: 'pause_for_user_force_rewrite',
      reason: `pause, rewrite advised: ${SCORE('1.50')}`,
    });
  });

  it('revise under the policies and with the budget spent', () => {
    const none = step('judge', { revision_policy: 'none' }, judged(3.2));
    expect(none.value).toBe('commit');
    expect(none.context.gate).toMatchObject({
      decision: 'pass',
      verdict: 'revise',
      reason: `revise not acted on (revision_policy none): ${SCORE('3.20')}`,
    });
    expect(none.context.gate!.warnings).toEqual([
      {
        layer: 'gate',
        decision: 'revise',
        message:
          `gate decided revise for chapter 4 (${SCORE('3.20')}); ` +
          `revision_policy "none" records it and allows the commit`,
      },
    ]);
    const manual = step('judge', { revision_policy: 'manual_confirm' }, judged(3.2));
    expect(manual.value).toBe('review');
    expect(manual.context.gate).toMatchObject({
      decision: 'pause_for_user',
      reason: `revise awaits confirmation (revision_policy manual_confirm): ${SCORE('3.20')}`,
    });
    const forced = step('judge', { revision_count: 2, max_revisions: 2 }, judged(3.2));
    expect(forced.context.gate).toMatchObject({
      decision: 'pass',
      force_passed: true,
      reason: `force pass: revision budget spent (2/2), ${SCORE('3.20')}, no high-confidence violation or hard lint`,
    });
    const spent = step(
      'judge',
      { revision_count: 2, max_revisions: 2 },
      judged(4.5, { high_violation: true, high_confidence_violations: [HIGH] }),
    );
    expect(spent.value).toBe('review');
    expect(spent.context.gate).toMatchObject({
      decision: 'pause_for_user',
      reason: 'revision budget spent (2/2) and 1 high-confidence violation(s)',
    });
  });

  it('the reason names high-confidence violations and hard lint findings', () => {
    const lint = [
      { rule: 'blacklist', severity: 'hard' },
      { rule: 'blacklist', severity: 'hard' },
      { rule: 'cliche', severity: 'hard' },
    ] as never;
    const both = step(
      'judge',
      {},
      judged(4.5, { high_violation: true, high_confidence_violations: [HIGH, HIGH], lint }),
    );
    expect(both.context.gate!.reason).toBe(
      'revise: 2 high-confidence violation(s) and 3 hard lint finding(s) (blacklist, cliche); revision 1 of 2',
    );
    const onlyLint = step('judge', {}, judged(4.5, { lint }));
    expect(onlyLint.context.gate!.reason).toBe('revise: 3 hard lint finding(s) (blacklist, cliche); revision 1 of 2');
    const onlyHigh = step('judge', {}, judged(4.5, { high_violation: true, high_confidence_violations: [HIGH] }));
    expect(onlyHigh.context.gate!.reason).toBe('revise: 1 high-confidence violation(s); revision 1 of 2');
  });

  it('the author accepts or asks for a revision; without a gate record nothing is made up', () => {
    const gate = step('judge', {}, judged(2.5)).context.gate!;
    expect(step('review', { gate }, { type: 'ACCEPT' }).context.gate).toMatchObject({
      decision: 'accepted_by_user',
      reason: `accepted by the author (${gate.reason})`,
      overall_final: 2.5,
    });
    expect(step('review', { gate, revision_count: 0 }, { type: 'REVISE' }).context.gate).toMatchObject({
      decision: 'revise',
      reason: `revision 1 requested by the author (${gate.reason})`,
    });
    // The author's decision is said around the gate's own words.
    const accepted = step('review', { gate }, { type: 'ACCEPT' }).context.gate!;
    expect(render('en', gateReason(accepted))).toBe(accepted.reason);
    expect(render('zh', gateReason(accepted))).toBe(
      '作者已接受（分数低于修改阈值：最终总分 2.50（通过 ≥ 4，打磨 ≥ 3.5，修改 ≥ 3，暂停 ≥ 2））',
    );
    expect(step('review', { gate: null }, { type: 'ACCEPT' }).context.gate).toBeNull();
    expect(step('review', { gate: null }, { type: 'REVISE' }).context.gate).toBeNull();
    expect(step('polishing', { gate: null }, { type: 'REFINED' }).context.gate).toBeNull();
  });
});

describe('the gate reason said', () => {
  it(
    'each reason is recorded in English (reason) and said (words): ' +
      'its English is the rendered words, its Chinese the same parts',
    () => {
      const lint = [
        { rule: 'blacklist', severity: 'hard' },
        { rule: 'cliche', severity: 'hard' },
      ] as never;
      const gates = [
        step('judge', {}, judged(4.2)),
        step('judge', {}, judged(3.7)),
        step('judge', {}, judged(3.2)),
        step('judge', {}, judged(4.5, { high_violation: true, high_confidence_violations: [HIGH], lint })),
        step('judge', { revision_policy: 'none' }, judged(3.2)),
        step('judge', { revision_policy: 'manual_confirm' }, judged(3.2)),
        step('judge', { revision_count: 2 }, judged(3.2)),
        step('judge', {}, judged(2.5)),
        step('judge', {}, judged(1.5)),
      ].map((s) => s.context.gate as GateRecord);
      for (const gate of gates) {
        expect(gate.words, gate.reason).toBeDefined();
        expect(render('en', gateReason(gate))).toBe(gate.reason);
        expect(render('zh', gateReason(gate))).toMatch(/[\u4e00-\u9fff]/);
      }
      expect(render('zh', gateReason(gates[3] as GateRecord))).toBe(
        '修改：1 处高置信度违规，且2 处检查硬伤（blacklist, cliche）；第 1/2 轮修改',
      );
      expect(render('zh', gateReason(gates[0] as GateRecord))).toBe(
        '通过：最终总分 4.20（通过 ≥ 4，打磨 ≥ 3.5，修改 ≥ 3，暂停 ≥ 2）',
      );
    },
  );

  it(
    'a record written before the words shows its English as ' + "it is, and the author's decision wraps that English",
    () => {
      const legacy = { ...step('judge', {}, judged(2.5)).context.gate!, words: undefined };
      delete legacy.words;
      expect(gateReason(legacy)).toBe(legacy.reason);
      const accepted = step('review', { gate: legacy }, { type: 'ACCEPT' }).context.gate!;
      expect(accepted.reason).toBe(`accepted by the author (${legacy.reason})`);
      expect(render('zh', gateReason(accepted))).toBe(`作者已接受（${legacy.reason}）`);
    },
  );
});
