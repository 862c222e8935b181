/**
 * Revision-mode context (PROTOCOL §6): the required fixes of the judged round
 * and its high-confidence violations; when the evaluation lists no required
 * fixes, the reasons of its two lowest-scoring dimensions below the pass
 * score (a dimension the judge scored as passing was praised: its reason is
 * no instruction, and the revision follows the gate's own findings).
 */
import { isObj } from './project-view.js';

export interface RequiredFix {
  target?: string;
  instruction: string;
}

export function requiredFixes(evaluation: unknown, below = Number.POSITIVE_INFINITY): RequiredFix[] {
  if (!isObj(evaluation)) return [];
  const listed = Array.isArray(evaluation.required_fixes)
    ? evaluation.required_fixes
        .filter((f) => isObj(f) && typeof f.instruction === 'string')
        .map((f) => {
          const fix = f as { target?: unknown; instruction: string };
          return typeof fix.target === 'string'
            ? { target: fix.target, instruction: fix.instruction }
            : { instruction: fix.instruction };
        })
    : [];
  if (listed.length) return listed;
  const scores = isObj(evaluation.scores) ? evaluation.scores : {};
  return Object.entries(scores)
    .filter(([, v]) => isObj(v) && typeof v.score === 'number' && v.score < below)
    .map(([dimension, v]) => ({
      dimension,
      score: (v as { score: number }).score,
      reason: String((v as { reason?: unknown }).reason ?? ''),
    }))
    .sort((a, b) => a.score - b.score || (a.dimension < b.dimension ? -1 : 1))
    .slice(0, 2)
    .map((d) => ({ target: d.dimension, instruction: d.reason }));
}
