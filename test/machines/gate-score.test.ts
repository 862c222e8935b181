/**
 * §13.3 in the gate: overall_final computed from the judge's weighted
 * dimensions (the judge's overall recorded beside it), the genre profiles
 * rescaled over the dimensions in use, hard lint findings that revise and
 * are never force-passed, soft ones listed as warnings.
 */
import { transition } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  classifyVerdict,
  computeVerdict,
  DEFAULT_THRESHOLDS,
  DIMENSIONS,
  forcePassAllowed,
  weightedScore,
  weightsInUse,
  WEIGHT_PROFILES,
  type EvalForGate,
  type GateLintFinding,
} from '../../machines/pipeline.gate.js';
import { initialContext, pipelineMachine } from '../../machines/pipeline.machine.js';

const clean = { l1_checks: [], l2_checks: [], l3_checks: [], ls_checks: [] };
function evaluation(overall: number, scores: Record<string, number>): EvalForGate {
  return {
    overall,
    contract_verification: clean,
    scores: Object.fromEntries(Object.entries(scores).map(([d, s]) => [d, { score: s, reason: 'r' }])),
  };
}
const all = (score: number, extra: Record<string, number> = {}): Record<string, number> => ({
  ...Object.fromEntries(DIMENSIONS.map((d) => [d, score])),
  ...extra,
});
const hard: GateLintFinding = { rule: 'zishu_hard', severity: 'hard', message: '1200 字', fix: 'expand' };
const soft: GateLintFinding = {
  rule: 'repeated_opening',
  severity: 'soft',
  message: '3 of 5',
  line: 7,
  excerpt: '他说',
  fix: 'vary',
};

describe('the weighted score (§13.3)', () => {
  it('every profile sums to 1 with hook_strength and is rescaled to 1 without it', () => {
    for (const profile of Object.keys(WEIGHT_PROFILES) as Array<keyof typeof WEIGHT_PROFILES>) {
      const withHook = weightsInUse({ weights: profile, hook_required: true });
      const without = weightsInUse({ weights: profile, hook_required: false });
      expect(Object.keys(withHook)).toEqual([...DIMENSIONS, 'hook_strength']);
      expect(Object.keys(without)).toEqual([...DIMENSIONS]);
      expect(Object.values(withHook).reduce((a, w) => a + w, 0)).toBeCloseTo(1, 10);
      expect(Object.values(without).reduce((a, w) => a + w, 0)).toBeCloseTo(1, 10);
    }
    // plot without the hook: .22 / .94
    expect(weightsInUse({ weights: 'plot', hook_required: false }).plot_logic).toBeCloseTo(0.22 / 0.94, 10);
  });

  it('a judge whose dimensions average 3.0 but who writes overall 4.6 is revised on 3.0, with overall_mismatch', () => {
    const v = computeVerdict(evaluation(4.6, all(3)), undefined, { weights: 'plot', hook_required: false });
    expect(v.overall_final).toBe(3);
    expect(v.overall_judge).toBe(4.6);
    expect(v.weights?.plot_logic).toBe(0.234);
    expect(v.warnings).toEqual([expect.objectContaining({ layer: 'score', rule: 'overall_mismatch' })]);
    expect(classifyVerdict(v, DEFAULT_THRESHOLDS)).toBe('revise');
  });

  it('exact arithmetic of the plot profile with the hook: two decimals', () => {
    const scores = {
      plot_logic: 5,
      character: 4,
      immersion: 4,
      foreshadowing: 3,
      pacing: 3,
      style_naturalness: 4,
      emotional_impact: 2,
      storyline_coherence: 5,
      hook_strength: 1,
    };
    // .22*5 + .16*4 + .13*4 + .11*3 + .08*3 + .11*4 + .06*2 + .07*5 + .06*1 = 3.80
    expect(weightedScore(evaluation(4, scores), weightsInUse({ weights: 'plot', hook_required: true }))).toBe(3.8);
    const v = computeVerdict(evaluation(4, scores), undefined, { weights: 'plot', hook_required: true });
    expect(v.overall_final).toBe(3.8);
    expect(v.warnings).toEqual([]);
  });

  it(
    'a missing dimension falls back to the judge overall ' +
      '(weights null); a difference of exactly 0.5 is no mismatch',
    () => {
      const partial = all(3);
      delete partial.pacing;
      const v = computeVerdict(evaluation(4.2, partial), undefined, { weights: 'plot', hook_required: false });
      expect(v).toMatchObject({ overall_final: 4.2, overall_judge: 4.2, weights: null });
      const edge = computeVerdict(evaluation(3.5, all(4)), undefined, { weights: 'plot', hook_required: false });
      expect(edge.warnings).toEqual([]);
      expect(edge.overall_final).toBe(4);
    },
  );

  it('custom weights count only the dimensions they name; with a secondary evaluation the lower score wins', () => {
    const s = { weights: { plot_logic: 3, character: 1 }, hook_required: false };
    expect(weightsInUse(s)).toEqual({ plot_logic: 0.75, character: 0.25 });
    const v = computeVerdict(
      evaluation(5, { plot_logic: 4, character: 2 }),
      evaluation(3, { plot_logic: 4, character: 4 }),
      s,
    );
    expect(v.overall_final).toBe(3.5);
    expect(v.overall_judge).toBe(3);
  });
});

describe('lints in the gate (§13.3)', () => {
  it('a hard finding turns a 4.5 into revise; soft findings are warnings; warn ones are not', () => {
    const v = computeVerdict(evaluation(4.5, {}), undefined, undefined, [
      hard,
      soft,
      { ...soft, rule: 'punctuation_mixed', severity: 'warn' },
    ]);
    expect(v.lint).toEqual([hard]);
    expect(v.warnings).toEqual([{ ...soft, layer: 'lint' }]);
    expect(classifyVerdict(v, DEFAULT_THRESHOLDS)).toBe('revise');
    expect(forcePassAllowed(v, DEFAULT_THRESHOLDS)).toBe(false);
  });

  it('the machine: revise with the budget left, pause (never force pass) with it spent, gate.lint recorded', () => {
    const verdict = computeVerdict(evaluation(4.5, {}), undefined, undefined, [hard]);
    const at = (revision_count: number) => {
      const snapshot = pipelineMachine.resolveState({
        value: 'judge',
        context: { ...initialContext({ chapter: 4 }), revision_count },
      });
      return transition(pipelineMachine, snapshot, { type: 'JUDGED', ...verdict })[0];
    };
    const left = at(0);
    expect(left.value).toBe('revising');
    expect(left.context.gate).toMatchObject({ decision: 'revise', lint: [hard] });
    expect(left.context.gate?.reason).toContain('1 hard lint finding(s) (zishu_hard)');
    const spent = at(2);
    expect(spent.value).toBe('review');
    expect(spent.context.gate).toMatchObject({ decision: 'pause_for_user', lint: [hard] });
    expect(spent.context.gate?.force_passed).toBeUndefined();
    // Without the hard finding the same budget-spent revise at 3.2 is force-passed.
    const plain = transition(
      pipelineMachine,
      pipelineMachine.resolveState({
        value: 'judge',
        context: { ...initialContext({ chapter: 4 }), revision_count: 2 },
      }),
      { type: 'JUDGED', ...computeVerdict(evaluation(3.2, {})) },
    )[0];
    expect(plain.context.gate?.force_passed).toBe(true);
  });
});
