/**
 * The gate of PROTOCOL §6 as pure rules: which checks are blocking, the final
 * score, and the first-match decision table. The machine's guards call these;
 * nothing here reads files.
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

export interface EvalForGate {
  overall: number;
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

/** What the judge's evaluation(s) say, before thresholds, budget or policy apply. */
export interface Verdict {
  overall_final: number;
  high_violation: boolean;
  high_confidence_violations: LayeredCheck[];
  warnings: LayeredCheck[];
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

/**
 * Combine the primary and optional secondary evaluation: overall_final is the
 * minimum, high_violation the OR. Violations that do not block (medium/low
 * confidence, soft LS) are warnings.
 */
export function computeVerdict(primary: EvalForGate, secondary?: EvalForGate): Verdict {
  const evaluations = secondary ? [primary, secondary] : [primary];
  const high: LayeredCheck[] = [];
  const warnings: LayeredCheck[] = [];
  for (const evaluation of evaluations) {
    for (const check of layeredChecks(evaluation)) {
      if (isBlocking(check, check.layer)) high.push(check);
      else if (check.status === 'violation') warnings.push(check);
    }
  }
  return {
    overall_final: Math.min(...evaluations.map((e) => e.overall)),
    high_violation: high.length > 0,
    high_confidence_violations: high,
    warnings,
  };
}

/** §6, first match wins. */
export function classifyVerdict(verdict: Pick<Verdict, 'overall_final' | 'high_violation'>, t: Thresholds): GateVerdict {
  if (verdict.high_violation) return 'revise';
  const score = verdict.overall_final;
  if (score >= t.pass) return 'pass';
  if (score >= t.polish) return 'polish';
  if (score >= t.revise) return 'revise';
  if (score >= t.pause) return 'pause_for_user';
  return 'pause_for_user_force_rewrite';
}

/** A revise verdict whose budget is spent still passes when nothing blocks and the score clears `revise`. */
export function forcePassAllowed(verdict: Pick<Verdict, 'overall_final' | 'high_violation'>, t: Thresholds): boolean {
  return !verdict.high_violation && verdict.overall_final >= t.revise;
}
