/**
 * The gate of PROTOCOL §6 and §13.3 as pure rules: which checks are blocking,
 * the final score (novel's weighted mean of the judge's dimensions, or the
 * judge's own overall when a dimension is missing), the lints that block, and
 * the first-match decision table. The machine's guards call these; nothing
 * here reads files.
 */

export type Layer = 'l1' | 'l2' | 'l3' | 'ls';
export const LAYERS: readonly Layer[] = ['l1', 'l2', 'l3', 'ls'];

/** One contract check as the judge wrote it; extra fields are kept verbatim. */
export interface EvalCheck {
  status: string;
  confidence: 'high' | 'medium' | 'low';
  constraint_type?: string;
  [key: string]: unknown;
}

/** One dimension score as the judge wrote it. */
export interface DimensionScore {
  score: number;
  [key: string]: unknown;
}

export interface EvalForGate {
  overall: number;
  scores?: Record<string, DimensionScore | unknown>;
  hook?: unknown;
  contract_verification: {
    l1_checks: EvalCheck[];
    l2_checks: EvalCheck[];
    l3_checks: EvalCheck[];
    ls_checks: EvalCheck[];
  };
}

/** A check copied verbatim plus the layer it came from. */
export type LayeredCheck = EvalCheck & { layer: Layer };

export interface Thresholds {
  pass: number;
  polish: number;
  revise: number;
  pause: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = { pass: 4.0, polish: 3.5, revise: 3.0, pause: 2.0 };
export const DEFAULT_MAX_REVISIONS = 2;

/** The judge's named dimensions (§13.3), in the order of the weight profiles. */
export const DIMENSIONS = [
  'plot_logic',
  'character',
  'immersion',
  'foreshadowing',
  'pacing',
  'style_naturalness',
  'emotional_impact',
  'storyline_coherence',
] as const;
/** Scored too when the platform requires a hook (quality.hook.required). */
export const HOOK_DIMENSION = 'hook_strength';

export type WeightProfile = 'plot' | 'character' | 'suspense' | 'slice_of_life';
/** §13.3's genre profiles: the eight dimensions in DIMENSIONS order, then hook_strength. */
export const WEIGHT_PROFILES: Record<WeightProfile, readonly number[]> = {
  plot: [0.22, 0.16, 0.13, 0.11, 0.08, 0.11, 0.06, 0.07, 0.06],
  character: [0.13, 0.24, 0.16, 0.09, 0.06, 0.12, 0.1, 0.05, 0.05],
  suspense: [0.17, 0.12, 0.11, 0.12, 0.11, 0.1, 0.06, 0.09, 0.12],
  slice_of_life: [0.13, 0.2, 0.18, 0.07, 0.05, 0.16, 0.1, 0.08, 0.03],
};

/** How the score is weighted: a profile name or {dimension: weight}, and whether hook_strength counts. */
export interface ScoreSettings {
  weights: WeightProfile | Record<string, number>;
  hook_required: boolean;
  /** Below this hook_strength a required hook is weak (§13.4); default 3. */
  hook_min_strength?: number;
}

export const DEFAULT_SCORE_SETTINGS: ScoreSettings = { weights: 'plot', hook_required: false };
export const DEFAULT_HOOK_MIN_STRENGTH = 3;

/**
 * A required hook is weak (§13.4) when the judge says it is absent or of type
 * none, or scores hook_strength below the minimum (an evaluation with no hook
 * field and no hook_strength says nothing either way).
 */
export function hookWeak(e: EvalForGate, s: ScoreSettings): boolean {
  if (!s.hook_required) return false;
  const hook = e.hook && typeof e.hook === 'object' ? (e.hook as { present?: unknown; type?: unknown }) : null;
  if (hook && (hook.present === false || hook.type === 'none')) return true;
  const strength = dimensionScore(e, HOOK_DIMENSION);
  return strength !== null && strength < (s.hook_min_strength ?? DEFAULT_HOOK_MIN_STRENGTH);
}

/** A lint finding as the gate sees it (PROTOCOL §13.2). */
export interface GateLintFinding {
  rule: string;
  severity: 'hard' | 'soft' | 'warn';
  message: string;
  line?: number;
  excerpt?: string;
  fix: string;
}

/**
 * What the gate records beside the checks: soft lint findings, and a judge whose overall disagrees with its dimensions.
 */
export type LintWarning = GateLintFinding & { layer: 'lint' };
export interface ScoreWarning {
  layer: 'score';
  rule: 'overall_mismatch' | 'hook_weak';
  message: string;
}
export type VerdictWarning = LayeredCheck | LintWarning | ScoreWarning;

/** What the judge's evaluation(s) and novel's own lint say, before thresholds, budget or policy apply. */
export interface Verdict {
  overall_final: number;
  /** The judge's own overall (the lower of two evaluations). */
  overall_judge?: number;
  /** The weights overall_final was computed with (rescaled to sum to 1); null: the judge's overall was used. */
  weights?: Record<string, number> | null;
  high_violation: boolean;
  high_confidence_violations: LayeredCheck[];
  /** Hard lint findings on the judged text: each makes the gate revise. */
  lint?: GateLintFinding[];
  /** A required hook is weak (§13.4): a pass or polish goes through hook-fix first, once per round. */
  hook_weak?: boolean;
  warnings: VerdictWarning[];
}

/** The raw outcome of the first-match table of §6. */
export type GateVerdict = 'revise' | 'pass' | 'polish' | 'pause_for_user' | 'pause_for_user_force_rewrite';

function isBlocking(check: EvalCheck, layer: Layer): boolean {
  if (check.status !== 'violation' || check.confidence !== 'high') return false;
  if (layer !== 'ls') return true;
  return check.constraint_type === undefined || check.constraint_type === 'hard';
}

function layeredChecks(evaluation: EvalForGate): LayeredCheck[] {
  const out: LayeredCheck[] = [];
  for (const layer of LAYERS) {
    for (const check of evaluation.contract_verification[`${layer}_checks`]) out.push({ ...check, layer });
  }
  return out;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;
const round4 = (x: number): number => Math.round(x * 10000) / 10000;

/** The weights in use, rescaled to sum to 1 (dimensions with weight 0 left out); empty when nothing weighs. */
export function weightsInUse(s: ScoreSettings): Record<string, number> {
  const raw: Array<[string, number]> =
    typeof s.weights === 'string'
      ? [...DIMENSIONS, HOOK_DIMENSION].map((d, i) => [d, WEIGHT_PROFILES[s.weights as WeightProfile][i] as number])
      : Object.entries(s.weights);
  const used = raw.filter(
    ([d, w]) => w > 0 && (d !== HOOK_DIMENSION || s.hook_required || typeof s.weights !== 'string'),
  );
  const total = used.reduce((a, [, w]) => a + w, 0);
  return total > 0 ? Object.fromEntries(used.map(([d, w]) => [d, w / total])) : {};
}

function dimensionScore(e: EvalForGate, dimension: string): number | null {
  const entry = e.scores?.[dimension];
  const score = entry && typeof entry === 'object' ? (entry as { score?: unknown }).score : undefined;
  return typeof score === 'number' && Number.isFinite(score) ? score : null;
}

/** novel's score of one evaluation: the weighted mean of its dimensions, or null when one in use is missing. */
export function weightedScore(e: EvalForGate, weights: Readonly<Record<string, number>>): number | null {
  const dims = Object.keys(weights);
  if (!dims.length) return null;
  let sum = 0;
  for (const d of dims) {
    const score = dimensionScore(e, d);
    if (score === null) return null;
    sum += (weights[d] as number) * score;
  }
  return round2(sum);
}

/** A difference between the judge's overall and novel's weighted score above this is warned about. */
export const OVERALL_MISMATCH = 0.5;

/**
 * Combine the primary and optional secondary evaluation with novel's own
 * lint of the judged text: overall_final is the minimum of the two scores
 * (each computed from the weighted dimensions when all are present, else the
 * judge's overall), high_violation the OR. Violations that do not block
 * (medium/low confidence, soft LS) and soft lint findings are warnings; hard
 * lint findings block like a high-confidence violation.
 */
export function computeVerdict(
  primary: EvalForGate,
  secondary?: EvalForGate,
  scoring: ScoreSettings = DEFAULT_SCORE_SETTINGS,
  lint: readonly GateLintFinding[] = [],
): Verdict {
  const evaluations = secondary ? [primary, secondary] : [primary];
  const high: LayeredCheck[] = [];
  const warnings: VerdictWarning[] = [];
  for (const evaluation of evaluations) {
    for (const check of layeredChecks(evaluation)) {
      if (isBlocking(check, check.layer)) high.push(check);
      else if (check.status === 'violation') warnings.push(check);
    }
  }
  const weights = weightsInUse(scoring);
  const scored = evaluations.map((e) => ({ judge: e.overall, computed: weightedScore(e, weights) }));
  const computed = scored.every((s) => s.computed !== null);
  for (const s of scored) {
    if (s.computed !== null && Math.abs(s.computed - s.judge) > OVERALL_MISMATCH) {
      warnings.push({
        layer: 'score',
        rule: 'overall_mismatch',
        message:
          `the judge's overall ${s.judge.toFixed(2)} differs from its weighted dimensions' ` +
          `${s.computed.toFixed(2)} by more than ${OVERALL_MISMATCH}; the gate uses ${s.computed.toFixed(2)}`,
      });
    }
  }
  for (const f of lint) if (f.severity === 'soft') warnings.push({ ...f, layer: 'lint' });
  const hard = lint.filter((f) => f.severity === 'hard');
  return {
    overall_final: Math.min(...scored.map((s) => (computed ? (s.computed as number) : s.judge))),
    overall_judge: Math.min(...scored.map((s) => s.judge)),
    weights: computed ? Object.fromEntries(Object.entries(weights).map(([d, w]) => [d, round4(w)])) : null,
    high_violation: high.length > 0,
    high_confidence_violations: high,
    lint: hard.map((f) => ({ ...f })),
    ...(evaluations.some((e) => hookWeak(e, scoring)) ? { hook_weak: true } : {}),
    warnings,
  };
}

/** Something blocks the chapter whatever its score: a high-confidence violation or a hard lint finding. */
export function blocked(verdict: Pick<Verdict, 'high_violation' | 'lint'>): boolean {
  return verdict.high_violation || (verdict.lint?.length ?? 0) > 0;
}

/** §6 and §13.3, first match wins. */
export function classifyVerdict(
  verdict: Pick<Verdict, 'overall_final' | 'high_violation' | 'lint'>,
  t: Thresholds,
): GateVerdict {
  if (blocked(verdict)) return 'revise';
  const score = verdict.overall_final;
  if (score >= t.pass) return 'pass';
  if (score >= t.polish) return 'polish';
  if (score >= t.revise) return 'revise';
  if (score >= t.pause) return 'pause_for_user';
  return 'pause_for_user_force_rewrite';
}

/**
 * A revise verdict whose budget is spent still passes when nothing blocks (no hard lint either) and the score clears
 * `revise`.
 */
export function forcePassAllowed(
  verdict: Pick<Verdict, 'overall_final' | 'high_violation' | 'lint'>,
  t: Thresholds,
): boolean {
  return !blocked(verdict) && verdict.overall_final >= t.revise;
}
