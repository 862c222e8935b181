/**
 * How well a score separates two classes: the AUC (the chance that a random
 * positive scores above a random negative, ties counting half), its
 * bootstrap 95 % interval from a seeded generator, and precision and recall
 * at a threshold. Same scores ⇒ same numbers. Pure.
 */
import { seededRandom } from './seeded-random.js';

/** AUC of `scores` for `labels` (1 positive); NaN without both classes. */
export function auc(scores: readonly number[], labels: readonly (0 | 1)[]): number {
  const idx = scores.map((s, i) => ({ s, y: labels[i] as 0 | 1 })).sort((a, b) => a.s - b.s);
  let pos = 0;
  let neg = 0;
  let rankSum = 0;
  // Mid-ranks for ties.
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j < idx.length && (idx[j] as { s: number }).s === (idx[i] as { s: number }).s) j++;
    const mid = (i + j + 1) / 2;
    for (let k = i; k < j; k++) {
      if ((idx[k] as { y: number }).y === 1) {
        pos++;
        rankSum += mid;
      } else neg++;
    }
    i = j;
  }
  if (pos === 0 || neg === 0) return Number.NaN;
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

/** The 2.5 % and 97.5 % quantiles of the AUC over `rounds` resamples, each class resampled on its own. */
export function aucInterval(
  scores: readonly number[],
  labels: readonly (0 | 1)[],
  rounds = 1000,
  seed = 20261128,
): [number, number] {
  const pos = scores.filter((_, i) => labels[i] === 1);
  const neg = scores.filter((_, i) => labels[i] === 0);
  if (!pos.length || !neg.length) return [Number.NaN, Number.NaN];
  const next = seededRandom(seed);
  const pick = (xs: readonly number[]): number[] => xs.map(() => xs[Math.floor(next() * xs.length)] as number);
  const out: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const p = pick(pos);
    const n = pick(neg);
    out.push(auc([...p, ...n], [...p.map(() => 1 as const), ...n.map(() => 0 as const)]));
  }
  out.sort((a, b) => a - b);
  return [out[Math.floor(0.025 * (rounds - 1))] as number, out[Math.ceil(0.975 * (rounds - 1))] as number];
}

/** Precision and recall of "score ≥ threshold" as positive; precision is NaN when nothing is flagged. */
export function atThreshold(
  scores: readonly number[],
  labels: readonly (0 | 1)[],
  threshold: number,
): { precision: number; recall: number; flagged: number; false_positive_rate: number } {
  let tp = 0;
  let fp = 0;
  let pos = 0;
  let neg = 0;
  scores.forEach((s, i) => {
    const y = labels[i];
    if (y === 1) pos++;
    else neg++;
    if (s >= threshold) {
      if (y === 1) tp++;
      else fp++;
    }
  });
  return {
    precision: tp + fp ? tp / (tp + fp) : Number.NaN,
    recall: pos ? tp / pos : Number.NaN,
    flagged: tp + fp,
    false_positive_rate: neg ? fp / neg : Number.NaN,
  };
}
