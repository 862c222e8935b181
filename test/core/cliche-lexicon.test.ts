import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { clicheKindOf, clicheKinds, clicheLexicon, SHIPPED_LEXICON_SHA256 } from '../../src/core/cliche-lexicon.js';
import { lintInputsKey } from '../../src/core/lint.js';
import { resolveQuality } from '../../src/core/quality-settings.js';

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

  it("its sha256 is the one a lint's inputs key names it by (a change of the lexicon changes both)", () => {
    expect(createHash('sha256').update(JSON.stringify(clicheLexicon())).digest('hex')).toBe(SHIPPED_LEXICON_SHA256);
  });

  it("a key names the shipped lexicon by its sha256, an author's list word by word", () => {
    const q = resolveQuality(undefined);
    const shipped = lintInputsKey(q, { blacklist: [], whitelist: [], cliche: {}, clicheShipped: true });
    expect(shipped).toContain(`"shipped":"${SHIPPED_LEXICON_SHA256}"`);
    const own = lintInputsKey(q, { blacklist: [], whitelist: [], cliche: { 嘴角勾起一抹: 'soft' } });
    expect(own).toContain('"嘴角勾起一抹":"soft"');
    expect(own).not.toBe(shipped);
  });
});
