import { describe, expect, it } from 'vitest';
import { atThreshold, auc, aucInterval } from '../../src/core/roc.js';

describe('AUC and its interval', () => {
  it('counts pairs, ties as half', () => {
    expect(auc([0.9, 0.8, 0.1, 0.2], [1, 1, 0, 0])).toBe(1);
    expect(auc([0.1, 0.2, 0.9, 0.8], [1, 1, 0, 0])).toBe(0);
    expect(auc([0.5, 0.5], [1, 0])).toBe(0.5);
    expect(auc([0.9, 0.3, 0.5, 0.1], [1, 1, 0, 0])).toBe(0.75);
    expect(auc([1, 2], [1, 1])).toBeNaN();
  });

  it('the bootstrap interval is the same on every run and holds the AUC', () => {
    const s = [0.9, 0.7, 0.6, 0.4, 0.65, 0.3, 0.2, 0.1];
    const y = [1, 1, 1, 1, 0, 0, 0, 0] as const;
    const [lo, hi] = aucInterval(s, [...y]);
    expect(aucInterval(s, [...y])).toEqual([lo, hi]);
    expect(lo).toBeLessThanOrEqual(auc(s, [...y]));
    expect(hi).toBeGreaterThanOrEqual(auc(s, [...y]));
  });

  it('precision and recall at a threshold', () => {
    expect(atThreshold([0.9, 0.7, 0.8, 0.1], [1, 1, 0, 0], 0.75)).toEqual({
      precision: 0.5,
      recall: 0.5,
      flagged: 2,
      false_positive_rate: 0.5,
    });
  });
});
