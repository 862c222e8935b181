/**
 * `novel quality eval` (PROTOCOL §16): how well the AI-flavour score
 * separates AI chapters from human ones on labelled texts. The AUC with its
 * bootstrap interval, precision and recall at the soft and hard thresholds,
 * each feature's own AUC and hit rates, and, by source, leave-one-source-out:
 * the model refitted without a source, then scored on it against the other
 * class. Same texts ⇒ same numbers. Pure.
 */
import { AI_FEATURES, scoreOf, type AiFlavourModel } from './ai-flavour.js';
import { fitLogistic } from './logistic-fit.js';
import { atThreshold, auc, aucInterval } from './roc.js';

export interface EvalSample {
  name: string;
  source: string;
  label: 0 | 1;
  values: Readonly<Record<string, number>>;
}

export interface ThresholdResult {
  threshold: number;
  precision: number | null;
  recall: number | null;
  flagged: number;
  human_flagged_rate: number | null;
}

export interface QualityEval {
  n: { ai: number; human: number };
  auc: number | null;
  auc_ci95: [number, number] | null;
  soft: ThresholdResult;
  hard: ThresholdResult;
  features: Array<{ id: string; auc: number | null; hit_rate_ai: number; hit_rate_human: number; weight: number }>;
  by_source?: Array<{ source: string; label: 'ai' | 'human'; n: number; auc: number | null }>;
}

const r4 = (x: number): number | null => (Number.isFinite(x) ? Math.round(x * 10000) / 10000 : null);

function atLevel(scores: number[], labels: (0 | 1)[], threshold: number): ThresholdResult {
  const t = atThreshold(scores, labels, threshold);
  return {
    threshold,
    precision: r4(t.precision),
    recall: r4(t.recall),
    flagged: t.flagged,
    human_flagged_rate: r4(t.false_positive_rate),
  };
}

/** Fits the model's features on `train` with the model's penalty: the refit a held-out source is scored by. */
export function refit(train: readonly EvalSample[], model: AiFlavourModel): AiFlavourModel {
  const fitted = fitLogistic(
    train.map((s) => ({ values: s.values, label: s.label })),
    model.features.map((f) => f.id),
    model.lambda,
    { intercept: model.fit_intercept, scale: model.fit_scale },
  );
  return { ...model, features: fitted.features, intercept: fitted.intercept };
}

/** Each held-out source scored by the model fitted without it, against every text of the other class. */
export function leaveOneSourceOut(
  samples: readonly EvalSample[],
  model: AiFlavourModel,
): { bySource: NonNullable<QualityEval['by_source']>; heldOutScores: Map<string, number> } {
  const sources = [...new Set(samples.map((s) => s.source))].sort();
  const bySource: NonNullable<QualityEval['by_source']> = [];
  const heldOutScores = new Map<string, number>();
  for (const source of sources) {
    const held = samples.filter((s) => s.source === source);
    const label = (held[0] as EvalSample).label;
    const m = refit(
      samples.filter((s) => s.source !== source),
      model,
    );
    for (const s of held) heldOutScores.set(s.name, scoreOf(s.values, m));
    const others = samples.filter((s) => s.label !== label);
    const scores = [...held.map((s) => scoreOf(s.values, m)), ...others.map((s) => scoreOf(s.values, m))];
    const labels = [...held.map((s) => s.label), ...others.map((s) => s.label)];
    bySource.push({ source, label: label === 1 ? 'ai' : 'human', n: held.length, auc: r4(auc(scores, labels)) });
  }
  return { bySource, heldOutScores };
}

export function evaluate(
  samples: readonly EvalSample[],
  model: AiFlavourModel,
  thresholds: { soft: number; hard: number },
  bySource = false,
): QualityEval {
  const labels = samples.map((s) => s.label);
  const scores = samples.map((s) => scoreOf(s.values, model));
  const a = auc(scores, labels);
  const ci = Number.isFinite(a) ? aucInterval(scores, labels) : null;
  const ai = samples.filter((s) => s.label === 1);
  const human = samples.filter((s) => s.label === 0);
  const hit = (xs: readonly EvalSample[], id: string): number =>
    xs.length ? (r4(xs.filter((s) => (s.values[id] ?? 0) > 0).length / xs.length) ?? 0) : 0;
  return {
    n: { ai: ai.length, human: human.length },
    auc: r4(a),
    auc_ci95: ci ? [r4(ci[0]) ?? 0, r4(ci[1]) ?? 0] : null,
    soft: atLevel(scores, labels, thresholds.soft),
    hard: atLevel(scores, labels, thresholds.hard),
    features: AI_FEATURES.map((f) => ({
      id: f.id,
      auc: r4(
        auc(
          samples.map((s) => s.values[f.id] ?? 0),
          labels,
        ),
      ),
      hit_rate_ai: hit(ai, f.id),
      hit_rate_human: hit(human, f.id),
      weight: model.features.find((x) => x.id === f.id)?.weight ?? 0,
    })),
    ...(bySource ? { by_source: leaveOneSourceOut(samples, model).bySource } : {}),
  };
}
