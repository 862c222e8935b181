/**
 * blacklist.ts: the effective AI blacklist (words minus the whitelist, in
 * file order, PROTOCOL §1.1) and its first ten words (ai_blacklist_top10).
 */
import { describe, expect, it } from 'vitest';
import { blacklistTop10, effectiveBlacklist } from '../../../src/core/context/blacklist.js';

describe('effectiveBlacklist', () => {
  it('returns the words in file order when there is no whitelist', () => {
    expect(effectiveBlacklist({ words: ['不禁', '缓缓', '仿佛', '不禁'] })).toEqual(['不禁', '缓缓', '仿佛', '不禁']);
  });

  it('removes every occurrence of a whitelisted word and keeps the order of the rest', () => {
    expect(effectiveBlacklist({ words: ['甲', '乙', '丙', '乙', '丁'], whitelist: { words: ['乙', '戊'] } })).toEqual([
      '甲',
      '丙',
      '丁',
    ]);
  });

  it('is empty for a file that is not an object or has no words array', () => {
    expect(effectiveBlacklist(undefined)).toEqual([]);
    expect(effectiveBlacklist(null)).toEqual([]);
    expect(effectiveBlacklist(['甲'])).toEqual([]);
    expect(effectiveBlacklist('甲')).toEqual([]);
    expect(effectiveBlacklist({})).toEqual([]);
    expect(effectiveBlacklist({ words: '甲' })).toEqual([]);
    expect(effectiveBlacklist({ words: { 0: '甲' } })).toEqual([]);
  });

  it('is empty for an empty words list, whatever the whitelist', () => {
    expect(effectiveBlacklist({ words: [], whitelist: { words: ['甲'] } })).toEqual([]);
  });

  it('ignores a whitelist that is not an object with a words array', () => {
    expect(effectiveBlacklist({ words: ['甲', '乙'], whitelist: ['甲'] })).toEqual(['甲', '乙']);
    expect(effectiveBlacklist({ words: ['甲', '乙'], whitelist: { words: '甲' } })).toEqual(['甲', '乙']);
    expect(effectiveBlacklist({ words: ['甲', '乙'], whitelist: null })).toEqual(['甲', '乙']);
    expect(effectiveBlacklist({ words: ['甲', '乙'], whitelist: {} })).toEqual(['甲', '乙']);
  });

  it('turns non-string words into strings and compares the whitelist as strings', () => {
    expect(effectiveBlacklist({ words: [1, '2', true, null], whitelist: { words: [2] } })).toEqual([
      '1',
      'true',
      'null',
    ]);
  });

  it('matches whole words exactly (no substring or case folding)', () => {
    expect(
      effectiveBlacklist({ words: ['缓缓地', 'Very', 'very'], whitelist: { words: ['缓缓', 'VERY', 'very'] } }),
    ).toEqual(['缓缓地', 'Very']);
  });
});

describe('blacklistTop10', () => {
  const letters = (n: number): string[] => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + i));

  it('returns the first ten words of an 11-word list', () => {
    expect(blacklistTop10({ words: letters(11) })).toEqual(letters(10));
  });

  it('returns all words when there are ten or fewer', () => {
    expect(blacklistTop10({ words: letters(10) })).toEqual(letters(10));
    expect(blacklistTop10({ words: letters(3) })).toEqual(['a', 'b', 'c']);
  });

  it('takes the ten after removing whitelisted words', () => {
    const file = { words: letters(12), whitelist: { words: ['a', 'e'] } };
    expect(blacklistTop10(file)).toEqual(['b', 'c', 'd', 'f', 'g', 'h', 'i', 'j', 'k', 'l']);
  });

  it('is empty for a missing or malformed file', () => {
    expect(blacklistTop10(undefined)).toEqual([]);
    expect(blacklistTop10({ words: null })).toEqual([]);
  });
});
