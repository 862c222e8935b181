import { describe, expect, it } from 'vitest';
import { qualityEvalLines } from '../../src/core/quality-eval-render.js';
import type { QualityEval } from '../../src/core/quality-eval.js';

const R: QualityEval = {
  n: { ai: 60, human: 19 },
  auc: 0.9947,
  auc_ci95: [0.98, 1],
  soft: { threshold: 0.6, precision: 1, recall: 0.93, flagged: 56, human_flagged_rate: 0 },
  hard: { threshold: 0.9, precision: 1, recall: 0.75, flagged: 45, human_flagged_rate: 0 },
  features: [{ id: 'negation_correction', auc: 0.916, hit_rate_ai: 0.9, hit_rate_human: 0.16, weight: 2.58 }],
  by_source: [{ source: 'qwen3-8b', label: 'ai', n: 12, auc: 0.9693 }],
};

describe('quality eval as a person reads it', () => {
  it('in English', () => {
    const lines = qualityEvalLines(R, 'en');
    expect(lines[1]).toBe('AUC of the AI-flavour score: 0.995 (95% interval 0.980–1.000)');
    expect(lines[3]).toBe('  hard ≥ 0.90: precision 100%, recall 75%, 45 flagged, 0% of human texts');
    expect(lines.at(-1)).toBe('  qwen3-8b (ai, 12): AUC 0.969');
  });
  it('in Chinese, with no English sentence', () => {
    const lines = qualityEvalLines(R, 'zh');
    expect(lines[1]).toBe('AI味得分的 AUC：0.995（95% 区间 0.980–1.000）');
    for (const l of lines) expect(l.replace(/[a-z0-9_-]+|AUC|AI/g, '')).not.toMatch(/[A-Za-z]{3,}/);
  });
});
