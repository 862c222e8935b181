/**
 * The AI-flavour score (AI味, PROTOCOL §16): deterministic features of a
 * chapter's body, each a count per 1,000 字 of one construction, combined by
 * the weights of a shipped model file (ai-flavour.model.json) into a number in
 * [0, 1]. The weights are fitted offline by scripts/fit-ai-flavour.ts on a
 * labelled corpus; nothing here learns. Features that raise the score name
 * their spans, each with a fix an author can act on. Pure.
 *
 * The features describe how models write, whatever the genre: the
 * negation-correction (不是X，是Y), the soft adverb that stands in for a sound
 * or a movement (很轻、很慢), the non-action (他没有说话), pauses timed to the
 * second; and, lowering the score, the marks of a human voice that models
 * rarely produce (exclamations, modal particles, hedged similes). Paragraph
 * length and dialogue share are left out on purpose: they tell web fiction
 * from older fiction, not people from models.
 */
import model from './ai-flavour.model.json' with { type: 'json' };
import { countZishu } from './zishu.js';

export interface FeatureDef {
  id: string;
  /** Matches of one construction; its rate per 1,000 字 is the feature's value. */
  pattern: RegExp;
  /** Raising features name their spans as findings; lowering ones (a human voice) only count. */
  raises: boolean;
  zh: { name: string; fix: string };
  en: { name: string; fix: string };
}

const NOT_END = '[^\u3002\uff01\uff1f\\n]'; // not 。！？ or a line break

/** The features, in the model's order. A feature's id is stable: the model file and reports name it. */
export const AI_FEATURES: readonly FeatureDef[] = [
  {
    id: 'negation_correction',
    pattern: new RegExp(
      [
        `不是${NOT_END}{1,24}?[，,；;]\\s*(?:而是|就是|只是|是)`,
        `不是[^\u3002\uff01\uff1f\\n\uff0c]{1,20}而是`,
        `不是${NOT_END}{1,24}?[\u3002\uff01\uff1f\u2014]+[\u201d\u300d"]?\\s*(?:而是|是)`,
        `并非${NOT_END}{1,24}?[，,]\\s*而是`,
        `不再是${NOT_END}{1,24}?[，,]\\s*而是`,
        `与其说${NOT_END}{1,30}?不如说`,
        `没有${NOT_END}{1,16}?[，,]\\s*只有`,
      ].join('|'),
      'gu',
    ),
    raises: true,
    zh: { name: '否定-纠正句式（不是X，是Y）', fix: '直接写出它是什么；不要先否定一个读者并没有想到的说法' },
    en: {
      name: 'negation-correction (not X, but Y)',
      fix: 'say what it is; do not first deny something no reader thought',
    },
  },
  {
    id: 'soft_adverb',
    pattern: new RegExp('[很极](?:轻|慢|淡|稳|静|低)', 'gu'),
    raises: true,
    zh: { name: '以“很轻、很慢”概括声音和动作', fix: '写出具体的声音、动作或距离，让读者自己感到轻重快慢' },
    en: {
      name: 'a soft adverb standing in for a sound or a movement',
      fix: 'write the actual sound, movement or distance',
    },
  },
  {
    id: 'non_action',
    pattern: new RegExp('没(?:有)?(?:说话|回答|出声|吭声|接话|回头|动|立刻|马上|立即)', 'gu'),
    raises: true,
    zh: { name: '写人物“没有做什么”', fix: '写人物此刻做了什么、看见了什么，而不是他没有做什么' },
    en: { name: 'what a character did not do', fix: 'write what the character does or sees instead' },
  },
  {
    id: 'precise_seconds',
    pattern: new RegExp('[一二三两四五六七八九十半几零\\d\\uff10-\\uff19]+(?:点[一二三四五六七八九零\\d]+)?秒', 'gu'),
    raises: true,
    zh: { name: '精确到秒的停顿', fix: '去掉“两秒”“三秒后”这样的计时，用动作或对白写出停顿' },
    en: { name: 'a pause timed to the second', fix: 'drop the stopwatch; show the pause by an action or a line' },
  },
  {
    id: 'exclamation',
    pattern: new RegExp('[！!]', 'gu'),
    raises: false,
    zh: { name: '感叹号', fix: '' },
    en: { name: 'exclamation marks', fix: '' },
  },
  {
    id: 'modal_particles',
    pattern: new RegExp('[啊呀吧呢嘛哦哇啦]', 'gu'),
    raises: false,
    zh: { name: '语气词', fix: '' },
    en: { name: 'modal particles', fix: '' },
  },
  {
    id: 'hedging',
    pattern: new RegExp('仿佛|似乎|好像|彷佛', 'gu'),
    raises: false,
    zh: { name: '“仿佛、似乎”式的含糊比喻', fix: '' },
    en: { name: 'hedged similes', fix: '' },
  },
];

export interface AiFlavourModel {
  version: number;
  transform: string;
  features: Array<{ id: string; mean: number; sd: number; weight: number }>;
  intercept: number;
  /**
   * The L2 penalty the weights were fitted with, and whether an intercept was (a refit without a source does the same).
   */
  lambda: number;
  fit_intercept: boolean;
  fit_scale: boolean;
  thresholds: { soft: number; hard: number; rule: string };
  corpus: { name: string; sha256: string; ai: number; human: number; sources: string[] };
  fitted_by: string;
  evaluation: { in_sample_auc: number; loso_auc: Record<string, number> };
}

/** The shipped model. */
export const AI_FLAVOUR_MODEL = model as AiFlavourModel;

export interface FeatureSpan {
  feature: string;
  /** 1-based line in the file. */
  line: number;
  /** Offset in the line, in UTF-16 units. */
  at: number;
  text: string;
}

export interface AiFlavour {
  score: number;
  features: Record<string, number>;
  contributions: Array<{ feature: string; value: number; weight: number; share: number }>;
}

const round = (x: number, digits: number): number => {
  const k = 10 ** digits;
  return Math.round(x * k) / k;
};

/** Each feature's count and spans over the body's lines. */
export function featureSpans(lines: ReadonlyArray<{ n: number; text: string }>): {
  counts: Record<string, number>;
  spans: FeatureSpan[];
} {
  const counts: Record<string, number> = {};
  const spans: FeatureSpan[] = [];
  for (const f of AI_FEATURES) {
    let n = 0;
    for (const l of lines) {
      for (const m of l.text.matchAll(f.pattern)) {
        n += 1;
        if (f.raises) spans.push({ feature: f.id, line: l.n, at: m.index ?? 0, text: m[0] });
      }
    }
    counts[f.id] = n;
  }
  return { counts, spans: spans.sort((a, b) => a.line - b.line || a.at - b.at) };
}

/** Feature values: counts per 1,000 字 of the body, four decimals. */
export function featureValues(counts: Readonly<Record<string, number>>, zishu: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of AI_FEATURES) out[f.id] = zishu > 0 ? round(((counts[f.id] ?? 0) * 1000) / zishu, 4) : 0;
  return out;
}

/** The model's linear predictor's terms: weight × the standardised log1p of each value. */
export function modelTerms(
  values: Readonly<Record<string, number>>,
  m: AiFlavourModel = AI_FLAVOUR_MODEL,
): Array<{ feature: string; value: number; weight: number; term: number }> {
  return m.features.map((f) => {
    const value = values[f.id] ?? 0;
    const z = f.sd > 0 ? (Math.log1p(value) - f.mean) / f.sd : 0;
    return { feature: f.id, value, weight: f.weight, term: f.weight * Math.max(-4, Math.min(4, z)) };
  });
}

export function scoreOf(values: Readonly<Record<string, number>>, m: AiFlavourModel = AI_FLAVOUR_MODEL): number {
  const eta = modelTerms(values, m).reduce((a, t) => a + t.term, m.intercept);
  return round(1 / (1 + Math.exp(-eta)), 4);
}

/** The score of feature values, with each feature's share of what moved it (signed; shares' magnitudes sum to 1). */
export function aiFlavourOf(values: Readonly<Record<string, number>>, m: AiFlavourModel = AI_FLAVOUR_MODEL): AiFlavour {
  const terms = modelTerms(values, m);
  const total = terms.reduce((a, t) => a + Math.abs(t.term), 0);
  return {
    score: scoreOf(values, m),
    features: { ...values },
    contributions: terms.map((t) => ({
      feature: t.feature,
      value: t.value,
      weight: round(t.weight, 4),
      share: total > 0 ? round(t.term / total, 4) : 0,
    })),
  };
}

/** The AI-flavour of a body text alone (for `quality eval` and the fitting script): no title, no settings. */
export function aiFlavourOfBody(body: string, m: AiFlavourModel = AI_FLAVOUR_MODEL): AiFlavour {
  const lines = body.split(/\r?\n/).map((text, i) => ({ n: i + 1, text }));
  const { counts } = featureSpans(lines);
  return aiFlavourOf(featureValues(counts, countZishu(body).zishu), m);
}

export function featureDef(id: string): FeatureDef | undefined {
  return AI_FEATURES.find((f) => f.id === id);
}
