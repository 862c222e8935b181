/**
 * `novel quality eval` as a person reads it, in English or Chinese: the
 * AUC with its interval, the thresholds' precision and recall, each feature,
 * and the held-out sources. Pure.
 */
import { AI_FEATURES } from './ai-flavour.js';
import type { Lang } from './messages.js';
import type { QualityEval, ThresholdResult } from './quality-eval.js';

const n2 = (x: number | null): string => (x === null ? '–' : x.toFixed(2));
const n3 = (x: number | null): string => (x === null ? '–' : x.toFixed(3));
const pct = (x: number | null): string => (x === null ? '–' : `${Math.round(x * 100)}%`);

export function qualityEvalLines(r: QualityEval, lang: Lang): string[] {
  const zh = lang === 'zh';
  const level = (name: string, t: ThresholdResult): string =>
    zh
      ? `  ${name === 'soft' ? '提示' : '硬伤'}阈值 ${n2(t.threshold)}：精确率 ${pct(t.precision)}，召回率 ${pct(t.recall)}，标出 ${t.flagged} 篇，其中人类文本占人类总数 ${pct(t.human_flagged_rate)}`
      : `  ${name} ≥ ${n2(t.threshold)}: precision ${pct(t.precision)}, recall ${pct(t.recall)}, ${t.flagged} flagged, ${pct(t.human_flagged_rate)} of human texts`;
  const lines = [
    zh ? `AI 文本 ${r.n.ai} 篇，人类文本 ${r.n.human} 篇` : `${r.n.ai} AI text(s), ${r.n.human} human text(s)`,
    zh ? `AI味得分的 AUC：${n3(r.auc)}（95% 区间 ${r.auc_ci95 ? `${n3(r.auc_ci95[0])}–${n3(r.auc_ci95[1])}` : '–'}）` : `AUC of the AI-flavour score: ${n3(r.auc)} (95% interval ${r.auc_ci95 ? `${n3(r.auc_ci95[0])}–${n3(r.auc_ci95[1])}` : '–'})`,
    level('soft', r.soft),
    level('hard', r.hard),
    zh ? '各项特征（AUC；出现率 AI / 人类；权重）：' : 'features (AUC; present in AI / human; weight):',
    ...r.features.map((f) => {
      const def = AI_FEATURES.find((x) => x.id === f.id);
      const name = def ? (zh ? def.zh.name : def.en.name) : f.id;
      return `  ${f.id} — ${name}: ${n3(f.auc)}; ${pct(f.hit_rate_ai)} / ${pct(f.hit_rate_human)}; ${f.weight.toFixed(2)}`;
    }),
  ];
  if (r.by_source) {
    lines.push(zh ? '逐一留出来源（不用该来源重新拟合，再给它打分）：' : 'leave one source out (refitted without the source, then scored on it):');
    for (const s of r.by_source) lines.push(`  ${s.source} (${zh ? (s.label === 'ai' ? 'AI' : '人类') : s.label}, ${s.n}): AUC ${n3(s.auc)}`);
  }
  return lines;
}
