import { describe, expect, it } from 'vitest';
import { clicheKindOf, clicheKinds, clicheLexicon } from '../../src/core/cliche-lexicon.js';

describe('the cliché lexicon', () => {
  it('holds hundreds of Chinese web-fiction tics, none hard, each kind with its fix in both languages', () => {
    const lexicon = clicheLexicon();
    expect(Object.keys(lexicon).length).toBeGreaterThanOrEqual(200);
    expect(new Set(Object.values(lexicon))).toEqual(new Set(['soft', 'warn']));
    for (const k of clicheKinds()) {
      expect(k.zh.fix, k.id).toMatch(/[\u4e00-\u9fff]/);
      expect(k.en.fix.length, k.id).toBeGreaterThan(0);
      for (const w of k.words) expect(w, k.id).toMatch(/^[\u4e00-\u9fff，、O]+$/);
    }
  });

  it('a word listed twice keeps its first kind', () => {
    expect(clicheKindOf('倒吸一口凉气')?.id).toBe('body');
    expect(clicheKindOf('空气仿佛凝固')?.id).toBe('atmosphere');
    expect(clicheKindOf('not a cliché')).toBeUndefined();
  });
});
