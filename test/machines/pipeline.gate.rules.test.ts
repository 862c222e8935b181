/**
 * The pure rules of machines/pipeline.gate.ts one by one: the weak hook
 * (§13.4), which violations block (§6), the weights in use and the weighted
 * score (§13.3), and the force-pass boundary.
 */
import { describe, expect, it } from 'vitest';
import {
  blocked,
  classifyVerdict,
  computeVerdict,
  DEFAULT_THRESHOLDS,
  DIMENSIONS,
  forcePassAllowed,
  hookWeak,
  weightedScore,
  weightsInUse,
  type EvalCheck,
  type EvalForGate,
  type ScoreSettings,
} from '../../machines/pipeline.gate.js';

const clean = { l1_checks: [], l2_checks: [], l3_checks: [], ls_checks: [] };
function evaluation(
  overall: number,
  scores: Record<string, unknown> = {},
  extra: Partial<EvalForGate> = {},
): EvalForGate {
  return {
    overall,
    contract_verification: clean,
    scores: Object.fromEntries(Object.entries(scores).map(([d, s]) => [d, typeof s === 'number' ? { score: s } : s])),
    ...extra,
  };
}
const all = (score: number, extra: Record<string, number> = {}): Record<string, number> => ({
  ...Object.fromEntries(DIMENSIONS.map((d) => [d, score])),
  ...extra,
});
const required: ScoreSettings = { weights: 'plot', hook_required: true };

describe('hookWeak (§13.4)', () => {
  it('never weak when the hook is not required, whatever the judge says', () => {
    const s: ScoreSettings = { weights: 'plot', hook_required: false };
    expect(hookWeak(evaluation(4, { hook_strength: 1 }, { hook: { present: false, type: 'none' } }), s)).toBe(false);
  });

  it('required: weak when the judge says the hook is absent or of type none', () => {
    expect(
      hookWeak(evaluation(4, { hook_strength: 5 }, { hook: { present: false, type: 'cliffhanger' } }), required),
    ).toBe(true);
    expect(hookWeak(evaluation(4, { hook_strength: 5 }, { hook: { present: true, type: 'none' } }), required)).toBe(
      true,
    );
    expect(
      hookWeak(evaluation(4, { hook_strength: 5 }, { hook: { present: true, type: 'cliffhanger' } }), required),
    ).toBe(false);
  });

  it('required: weak below the minimum hook_strength (3 by default, strictly below)', () => {
    const present = { hook: { present: true, type: 'question' } };
    expect(hookWeak(evaluation(4, { hook_strength: 2.9 }, present), required)).toBe(true);
    expect(hookWeak(evaluation(4, { hook_strength: 3 }, present), required)).toBe(false);
    expect(hookWeak(evaluation(4, { hook_strength: 3.5 }, present), { ...required, hook_min_strength: 4 })).toBe(true);
    expect(hookWeak(evaluation(4, { hook_strength: 2 }, present), { ...required, hook_min_strength: 1.5 })).toBe(false);
  });

  it('required: an evaluation with neither a hook field nor hook_strength says nothing either way', () => {
    expect(hookWeak(evaluation(4, all(4)), required)).toBe(false);
  });

  it(
    'computeVerdict marks hook_weak when either evaluation ' + 'finds the hook weak, and leaves the key out otherwise',
    () => {
      const strong = evaluation(4, all(4, { hook_strength: 4 }));
      const weak = evaluation(4, all(4, { hook_strength: 1 }));
      expect(computeVerdict(strong, weak, required).hook_weak).toBe(true);
      expect(computeVerdict(weak, strong, required).hook_weak).toBe(true);
      expect('hook_weak' in computeVerdict(strong, strong, required)).toBe(false);
    },
  );

  it('the default scoring does not require a hook', () => {
    const v = computeVerdict(evaluation(4.2, {}, { hook: { present: false, type: 'none' } }));
    expect('hook_weak' in v).toBe(false);
    expect(classifyVerdict(v, DEFAULT_THRESHOLDS)).toBe('pass');
  });
});

describe('which violations block (§6)', () => {
  const violation = (over: Partial<EvalCheck>): EvalCheck => ({ status: 'violation', confidence: 'high', ...over });
  const withChecks = (layer: 'l1_checks' | 'l2_checks' | 'l3_checks' | 'ls_checks', check: EvalCheck): EvalForGate => ({
    overall: 4.5,
    contract_verification: { ...clean, [layer]: [check] },
  });

  it('a high-confidence violation in L1-L3 blocks whatever its constraint_type', () => {
    const v = computeVerdict(withChecks('l2_checks', violation({ constraint_type: 'soft', rule_id: 'C-1' })));
    expect(v.high_violation).toBe(true);
    expect(v.high_confidence_violations).toEqual([
      { status: 'violation', confidence: 'high', constraint_type: 'soft', rule_id: 'C-1', layer: 'l2' },
    ]);
    expect(v.warnings).toEqual([]);
  });

  it(
    'in LS a high-confidence violation blocks when hard or ' + 'without constraint_type, and is a warning when soft',
    () => {
      expect(computeVerdict(withChecks('ls_checks', violation({}))).high_violation).toBe(true);
      expect(computeVerdict(withChecks('ls_checks', violation({ constraint_type: 'hard' }))).high_violation).toBe(true);
      const soft = computeVerdict(withChecks('ls_checks', violation({ constraint_type: 'soft' })));
      expect(soft.high_violation).toBe(false);
      expect(soft.warnings).toEqual([
        { status: 'violation', confidence: 'high', constraint_type: 'soft', layer: 'ls' },
      ]);
    },
  );

  it('a clean evaluation has no violations and no warnings', () => {
    const v = computeVerdict(evaluation(4.5));
    expect(v).toMatchObject({ high_violation: false, high_confidence_violations: [], warnings: [], lint: [] });
  });

  it('blocked and classifyVerdict accept a verdict without a lint list', () => {
    expect(blocked({ high_violation: false })).toBe(false);
    expect(blocked({ high_violation: true })).toBe(true);
    expect(classifyVerdict({ overall_final: 4.1, high_violation: false }, DEFAULT_THRESHOLDS)).toBe('pass');
  });
});

describe('weights and the weighted score (§13.3)', () => {
  it('custom weights leave out dimensions weighted 0 and keep hook_strength even when the hook is not required', () => {
    expect(weightsInUse({ weights: { plot_logic: 1, character: 0, hook_strength: 1 }, hook_required: false })).toEqual({
      plot_logic: 0.5,
      hook_strength: 0.5,
    });
  });

  it('nothing weighs: no weights, no weighted score, the judge overall is used', () => {
    const s: ScoreSettings = { weights: { plot_logic: 0 }, hook_required: false };
    expect(weightsInUse(s)).toEqual({});
    expect(weightedScore(evaluation(3.3, all(5)), {})).toBeNull();
    expect(computeVerdict(evaluation(3.3, all(5)), undefined, s)).toMatchObject({ overall_final: 3.3, weights: null });
  });

  it('an evaluation without scores, a null entry, or a non-finite score has no weighted score', () => {
    const w = weightsInUse({ weights: { plot_logic: 1 }, hook_required: false });
    expect(weightedScore({ overall: 4, contract_verification: clean }, w)).toBeNull();
    expect(weightedScore(evaluation(4, { plot_logic: null }), w)).toBeNull();
    expect(weightedScore(evaluation(4, { plot_logic: Infinity }), w)).toBeNull();
    expect(weightedScore(evaluation(4, { plot_logic: Number.NaN }), w)).toBeNull();
    expect(weightedScore(evaluation(4, { plot_logic: '4' as unknown as number }), w)).toBeNull();
    expect(weightedScore(evaluation(4, { plot_logic: 3.456 }), w)).toBe(3.46);
  });

  it('when only one of two evaluations has every dimension, both use the judge overall', () => {
    const partial = all(2);
    delete partial.pacing;
    const v = computeVerdict(evaluation(4.4, all(5)), evaluation(3.8, partial), {
      weights: 'plot',
      hook_required: false,
    });
    expect(v).toMatchObject({ overall_final: 3.8, overall_judge: 3.8, weights: null });
  });

  it('the overall_mismatch warning names both scores and the one the gate uses', () => {
    const v = computeVerdict(evaluation(4.6, all(3)), undefined, { weights: 'plot', hook_required: false });
    expect(v.warnings).toEqual([
      {
        layer: 'score',
        rule: 'overall_mismatch',
        message:
          "the judge's overall 4.60 differs from its weighted dimensions' 3.00 by more than 0.5; the gate uses 3.00",
      },
    ]);
  });
});

describe('force pass (§6)', () => {
  it('allowed from exactly the revise threshold when nothing blocks', () => {
    expect(forcePassAllowed({ overall_final: 3, high_violation: false, lint: [] }, DEFAULT_THRESHOLDS)).toBe(true);
    expect(forcePassAllowed({ overall_final: 2.99, high_violation: false, lint: [] }, DEFAULT_THRESHOLDS)).toBe(false);
    expect(forcePassAllowed({ overall_final: 4.5, high_violation: true, lint: [] }, DEFAULT_THRESHOLDS)).toBe(false);
  });
});
