import { describe, expect, it } from 'vitest';
import { LINT_WORDS } from '../../src/core/lint-words.js';

/** Arguments that fit every entry: numbers, a word, lists. */
const ARGS = {
  percent: 40,
  length: 60,
  line: 3,
  zishu: 1000,
  min: 1800,
  max: 4500,
  word: '不禁',
  hits: 3,
  perK: 3.5,
  limit: 3,
  words: ['不禁'],
  n: 3,
  window: 5,
  opening: '他们',
  id: 'p',
  rate: 2,
  chapter: 5,
  len: 40,
  named: 6,
  score: 0.95,
  threshold: 0.9,
  top: [{ en: 'x', zh: '某项' }],
  text: '不是X，是',
  en: { name: 'n', fix: 'f' },
  zh: { name: '名', fix: '改' },
};

describe('the words of lint findings', () => {
  it('every rule has a message and a fix in English and in Chinese', () => {
    for (const [rule, words] of Object.entries(LINT_WORDS)) {
      const w = (words as unknown as (a: typeof ARGS) => Record<string, string>)(ARGS);
      expect(Object.keys(w).sort(), rule).toEqual(['fix', 'fix_zh', 'message', 'message_zh']);
      for (const k of ['message', 'fix']) expect(w[k]?.length, `${rule}.${k}`).toBeGreaterThan(0);
      for (const k of ['message_zh', 'fix_zh']) expect(w[k], `${rule}.${k}`).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
