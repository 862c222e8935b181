import { describe, expect, it } from 'vitest';
import { AI_FLAVOUR_MODEL } from '../../src/core/ai-flavour.js';
import { evaluate, leaveOneSourceOut, type EvalSample } from '../../src/core/quality-eval.js';

const sample = (name: string, source: string, label: 0 | 1, neg: number, excl: number): EvalSample => ({
  name,
  source,
  label,
  values: { negation_correction: neg, exclamation: excl },
});
const SAMPLES: EvalSample[] = [
  sample('a1', 'gen-a', 1, 2, 0),
  sample('a2', 'gen-a', 1, 1.5, 0.2),
  sample('b1', 'gen-b', 1, 1, 0.5),
  sample('b2', 'gen-b', 1, 3, 0),
  sample('h1', 'old', 0, 0, 6),
  sample('h2', 'old', 0, 0.2, 4),
  sample('w1', 'web', 0, 0, 9),
  sample('w2', 'web', 0, 0.5, 3),
];

describe('quality eval', () => {
  it('AUC with an interval, the thresholds, each feature', () => {
    const r = evaluate(SAMPLES, AI_FLAVOUR_MODEL, { soft: 0.6, hard: 0.9 });
    expect(r.n).toEqual({ ai: 4, human: 4 });
    expect(r.auc).toBe(1);
    expect(r.auc_ci95).toEqual([1, 1]);
    expect(r.soft.recall).toBeGreaterThan(0);
    expect(r.soft.human_flagged_rate).toBe(0);
    expect(r.features.find((f) => f.id === 'negation_correction')).toMatchObject({
      auc: 1,
      hit_rate_ai: 1,
      hit_rate_human: 0.5,
    });
    expect(r.features.find((f) => f.id === 'exclamation')?.auc).toBe(0);
    expect(r.by_source).toBeUndefined();
    expect(evaluate(SAMPLES, AI_FLAVOUR_MODEL, { soft: 0.6, hard: 0.9 })).toEqual(r);
  });

  it('leaves each source out: refitted without it, scored on it against the other class', () => {
    const { bySource, heldOutScores } = leaveOneSourceOut(SAMPLES, AI_FLAVOUR_MODEL);
    expect(bySource.map((b) => [b.source, b.label, b.n])).toEqual([
      ['gen-a', 'ai', 2],
      ['gen-b', 'ai', 2],
      ['old', 'human', 2],
      ['web', 'human', 2],
    ]);
    for (const b of bySource) expect(b.auc).toBe(1);
    expect(heldOutScores.size).toBe(SAMPLES.length);
  });
});
