/**
 * A logistic regression fitted by Newton's method with an L2 penalty, on
 * features taken as log1p and scaled by their spread, the classes weighted to
 * count equally. Without an intercept (the AI-flavour model's form) the
 * features are not centred either: a text with none of them scores 0.5,
 * so that only what a text does moves its score, never what it lacks: how scripts/fit-ai-flavour.ts makes the
 * AI-flavour model, and how `novel quality eval --by-source` refits it without one source. Same rows ⇒
 * same weights (a fixed number of steps, no randomness). Pure.
 */

export interface FitRow {
  values: Readonly<Record<string, number>>;
  /** 1: AI, 0: human. */
  label: 0 | 1;
}

export interface FittedModel {
  features: Array<{ id: string; mean: number; sd: number; weight: number }>;
  intercept: number;
}

const round = (x: number): number => Math.round(x * 1e6) / 1e6;

/** Solves A x = b by Gaussian elimination with partial pivoting (A is small and positive definite here). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] as number]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++)
      if (Math.abs((m[r] as number[])[c] as number) > Math.abs((m[p] as number[])[c] as number)) p = r;
    [m[c], m[p]] = [m[p] as number[], m[c] as number[]];
    const pivot = (m[c] as number[])[c] as number;
    if (Math.abs(pivot) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = ((m[r] as number[])[c] as number) / pivot;
      if (f === 0) continue;
      for (let k = c; k <= n; k++)
        (m[r] as number[])[k] = ((m[r] as number[])[k] as number) - f * ((m[c] as number[])[k] as number);
    }
  }
  return m.map((row, i) => {
    const d = row[i] as number;
    return Math.abs(d) < 1e-12 ? 0 : (row[n] as number) / d;
  });
}

/**
 * Fits weights for `ids` on `rows`; `lambda` is the L2 penalty on the weights (not the intercept). With
 * `intercept: false` the intercept is 0 and each feature's `mean` is 0 (scaled, not centred).
 */
export function fitLogistic(
  rows: readonly FitRow[],
  ids: readonly string[],
  lambda = 1,
  options: { intercept?: boolean; scale?: boolean; steps?: number } = {},
): FittedModel {
  const withIntercept = options.intercept ?? true;
  const withScale = options.scale ?? true;
  const steps = options.steps ?? 50;
  const d = ids.length;
  const raw = rows.map((r) => ids.map((id) => Math.log1p(r.values[id] ?? 0)));
  const mean = ids.map((_, j) => raw.reduce((a, x) => a + (x[j] as number), 0) / Math.max(1, raw.length));
  const sd = ids.map((_, j) => {
    const v = raw.reduce((a, x) => a + ((x[j] as number) - (mean[j] as number)) ** 2, 0) / Math.max(1, raw.length);
    return withScale ? Math.sqrt(v) || 1 : 1;
  });
  const centre = (j: number): number => (withIntercept ? (mean[j] as number) : 0);
  const z = raw.map((x) => [withIntercept ? 1 : 0, ...x.map((v, j) => (v - centre(j)) / (sd[j] as number))]);
  const pos = rows.filter((r) => r.label === 1).length;
  const neg = rows.length - pos;
  const cw = rows.map((r) =>
    r.label === 1 ? rows.length / (2 * Math.max(1, pos)) : rows.length / (2 * Math.max(1, neg)),
  );
  let w = new Array<number>(d + 1).fill(0);
  for (let s = 0; s < steps; s++) {
    const grad = new Array<number>(d + 1).fill(0);
    const hess = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    z.forEach((x, i) => {
      const eta = x.reduce((a, v, j) => a + v * (w[j] as number), 0);
      const p = 1 / (1 + Math.exp(-eta));
      const c = cw[i] as number;
      const e = (p - (rows[i] as FitRow).label) * c;
      const h = p * (1 - p) * c;
      for (let j = 0; j <= d; j++) {
        grad[j] = (grad[j] as number) + e * (x[j] as number);
        for (let k = 0; k <= d; k++)
          (hess[j] as number[])[k] = ((hess[j] as number[])[k] as number) + h * (x[j] as number) * (x[k] as number);
      }
    });
    if (!withIntercept) (hess[0] as number[])[0] = 1;
    for (let j = 1; j <= d; j++) {
      grad[j] = (grad[j] as number) + lambda * (w[j] as number);
      (hess[j] as number[])[j] = ((hess[j] as number[])[j] as number) + lambda;
    }
    const step = solve(hess, grad);
    w = w.map((v, j) => v - (step[j] as number));
    if (step.every((v) => Math.abs(v) < 1e-10)) break;
  }
  return {
    features: ids.map((id, j) => ({
      id,
      mean: round(centre(j)),
      sd: round(sd[j] as number),
      weight: round(w[j + 1] as number),
    })),
    intercept: round(w[0] as number),
  };
}
