import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  AI_FEATURES,
  AI_FLAVOUR_MODEL,
  aiFlavourOf,
  aiFlavourOfBody,
  featureSpans,
  featureValues,
  scoreOf,
} from '../../src/core/ai-flavour.js';

const lines = (text: string) => text.split('\n').map((t, i) => ({ n: i + 1, text: t }));
const countOf = (id: string, text: string) => featureSpans(lines(text)).counts[id];

describe('the AI-flavour features', () => {
  it('find the constructions models use, each with its span', () => {
    expect(countOf('negation_correction', '这不是害怕，是预感。不是结束，而是开始。他不是不想去而是不能去。')).toBe(3);
    expect(countOf('negation_correction', '并非偶然，而是必然。与其说是恨，不如说是怕。没有退路，只有向前。')).toBe(3);
    expect(countOf('negation_correction', '不是他。')).toBe(0);
    expect(countOf('soft_adverb', '脚步很轻，声音很低，动作极慢。')).toBe(3);
    expect(countOf('non_action', '他没有说话，也没回头，没有立刻回答。')).toBe(3);
    expect(countOf('precise_seconds', '两秒后，零点五秒，3秒，几秒。')).toBe(4);
    const { spans } = featureSpans(lines('开头\n不是风动，是心动。'));
    expect(spans).toEqual([{ feature: 'negation_correction', line: 2, at: 0, text: '不是风动，是' }]);
  });

  it('count the marks of a human voice without naming them as spans', () => {
    const { counts, spans } = featureSpans(lines('“好啊！你来吧！”他仿佛听见了什么。'));
    expect(counts).toMatchObject({ exclamation: 2, modal_particles: 2, hedging: 1 });
    expect(spans).toEqual([]);
  });

  it('values are counts per 1,000 字', () => {
    expect(featureValues({ negation_correction: 2 }, 4000).negation_correction).toBe(0.5);
    expect(featureValues({ negation_correction: 2 }, 0).negation_correction).toBe(0);
  });
});

describe('the AI-flavour score', () => {
  it('a text with none of the features scores 0.5; the shipped model needs what a text does to move it', () => {
    expect(scoreOf({})).toBe(0.5);
    expect(aiFlavourOfBody('山风从檐角掠过。').score).toBe(0.5);
  });

  it('rises with the constructions of models and falls with a human voice', () => {
    const machine = aiFlavourOfBody('不是害怕，是预感。他没有说话，脚步很轻。两秒后，他才抬头。'.repeat(5));
    const human = aiFlavourOfBody('“你疯了吧！”他一拍桌子，“这怎么行呢！”'.repeat(5));
    expect(machine.score).toBeGreaterThan(AI_FLAVOUR_MODEL.thresholds.hard);
    expect(human.score).toBeLessThan(0.2);
  });

  it('is in [0, 1], deterministic, and its shares are signed parts of one whole', () => {
    const ids = AI_FEATURES.map((f) => f.id);
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 500, noNaN: true }), { minLength: ids.length, maxLength: ids.length }),
        (xs) => {
          const values = Object.fromEntries(ids.map((id, i) => [id, xs[i] as number]));
          const a = aiFlavourOf(values);
          expect(a.score).toBeGreaterThanOrEqual(0);
          expect(a.score).toBeLessThanOrEqual(1);
          expect(aiFlavourOf(values)).toEqual(a);
          const total = a.contributions.reduce((s, c) => s + Math.abs(c.share), 0);
          if (a.contributions.some((c) => c.share !== 0)) expect(total).toBeCloseTo(1, 2);
        },
      ),
    );
  });
});

describe('the shipped model file', () => {
  it(
    'names every feature in order, the corpus by its sha256, ' +
      'the script that fitted it, and thresholds from the curve',
    () => {
      const m = AI_FLAVOUR_MODEL;
      expect(m.features.map((f) => f.id)).toEqual(AI_FEATURES.map((f) => f.id));
      expect(m.corpus.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(existsSync(m.fitted_by)).toBe(true);
      expect(m.thresholds.soft).toBeLessThan(m.thresholds.hard);
      expect(m.thresholds.soft).toBeGreaterThan(0.5);
      for (const auc of Object.values(m.evaluation.loso_auc)) expect(auc).toBeGreaterThanOrEqual(0.85);
    },
  );
});
