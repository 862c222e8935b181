import { describe, expect, it } from 'vitest';
import { fitLogistic } from '../../src/core/logistic-fit.js';

describe('the logistic fit', () => {
  const rows = [
    ...[3, 4, 5, 6].map((x) => ({ values: { a: x, b: 1 }, label: 1 as const })),
    ...[0, 0.5, 1, 0].map((x) => ({ values: { a: x, b: 1 }, label: 0 as const })),
  ];
  it('gives the separating feature a positive weight, and the same weights every time', () => {
    const m = fitLogistic(rows, ['a', 'b']);
    expect(m.features[0]?.weight).toBeGreaterThan(0);
    expect(fitLogistic(rows, ['a', 'b'])).toEqual(m);
  });
  it('without an intercept nothing is centred: the intercept and means are 0', () => {
    const m = fitLogistic(rows, ['a'], 1, { intercept: false, scale: false });
    expect(m.intercept).toBe(0);
    expect(m.features).toEqual([{ id: 'a', mean: 0, sd: 1, weight: expect.any(Number) }]);
    expect(m.features[0]?.weight).toBeGreaterThan(0);
  });
  it('a larger penalty shrinks the weights', () => {
    const small = fitLogistic(rows, ['a'], 0.1).features[0]?.weight as number;
    const large = fitLogistic(rows, ['a'], 10).features[0]?.weight as number;
    expect(Math.abs(large)).toBeLessThan(Math.abs(small));
  });
});
