/**
 * `novel quality eval` as a person reads it, in English or Chinese: the
 * AUC with its interval, the thresholds' precision and recall, each feature,
 * and the held-out sources. Pure.
 */
import { AI_FEATURES } from './ai-flavour.js';
import { sayer, type Lang } from './messages.js';
import type { QualityEval, ThresholdResult } from './quality-eval.js';

const n2 = (x: number | null): string => (x === null ? '–' : x.toFixed(2));
const n3 = (x: number | null): string => (x === null ? '–' : x.toFixed(3));
const pct = (x: number | null): string => (x === null ? '–' : `${Math.round(x * 100)}%`);

export function qualityEvalLines(r: QualityEval, lang: Lang): string[] {
  const t = sayer(lang);
  const level = (name: 'soft' | 'hard', l: ThresholdResult): string =>
    t('qeval.level', {
      name,
      threshold: n2(l.threshold),
      precision: pct(l.precision),
      recall: pct(l.recall),
      flagged: l.flagged,
      human: pct(l.human_flagged_rate),
    });
  const lines = [
    t('qeval.counts', { ai: r.n.ai, human: r.n.human }),
    t('qeval.auc', { auc: n3(r.auc), interval: r.auc_ci95 ? `${n3(r.auc_ci95[0])}–${n3(r.auc_ci95[1])}` : '–' }),
    level('soft', r.soft),
    level('hard', r.hard),
    t('qeval.features'),
    ...r.features.map((f) => {
      const def = AI_FEATURES.find((x) => x.id === f.id);
      const name = def ? def[lang].name : f.id;
      return (
        `  ${f.id} — ${name}: ${n3(f.auc)}; ${pct(f.hit_rate_ai)} ` +
        `/ ${pct(f.hit_rate_human)}; ${f.weight.toFixed(2)}`
      );
    }),
  ];
  if (r.by_source) {
    lines.push(t('qeval.by_source'));
    for (const s of r.by_source)
      lines.push(t('qeval.source', { source: s.source, label: s.label, n: s.n, auc: n3(s.auc) }));
  }
  return lines;
}
