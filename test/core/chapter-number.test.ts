import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chineseNumber, numberOf, titleChapterNumber } from '../../src/core/chapter-number.js';

/** Chinese numerals written the way authors write them, for a number below 100,000. */
function toChinese(n: number): string {
  const d = '零一二三四五六七八九';
  if (n === 0) return '零';
  const parts: string[] = [];
  const units = ['', '十', '百', '千'];
  const section = (x: number): string => {
    let out = '';
    let zero = false;
    for (let i = 3; i >= 0; i--) {
      const v = Math.floor(x / 10 ** i) % 10;
      if (v === 0) {
        if (out) zero = true;
        continue;
      }
      if (zero) out += '零';
      zero = false;
      out += (v === 1 && i === 1 && !out ? '' : (d[v] as string)) + (units[i] as string);
    }
    return out;
  };
  const wan = Math.floor(n / 10000);
  const rest = n % 10000;
  if (wan) parts.push(`${section(wan)}万`);
  if (rest) parts.push((wan && rest < 1000 ? '零' : '') + section(rest));
  return parts.join('');
}

describe('chapter numbers as authors write them', () => {
  it('reads the common forms', () => {
    expect(chineseNumber('十二')).toBe(12);
    expect(chineseNumber('十')).toBe(10);
    expect(chineseNumber('一百零二')).toBe(102);
    expect(chineseNumber('一千零一')).toBe(1001);
    expect(chineseNumber('两百')).toBe(200);
    expect(chineseNumber('二〇二六')).toBe(2026);
    expect(chineseNumber('三万零五')).toBe(30005);
    expect(chineseNumber('十十')).toBeNull();
    expect(chineseNumber('十百')).toBeNull();
    expect(numberOf('１２')).toBe(12);
    expect(numberOf('048')).toBe(48);
    expect(titleChapterNumber('# 第6章 雨夜')).toBe(6);
    expect(titleChapterNumber('# 第 十二 章')).toBe(12);
    expect(titleChapterNumber('# 雨夜')).toBeNull();
  });

  it('round-trips every number below 100,000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999 }), (n) => {
        expect(chineseNumber(toChinese(n)), toChinese(n)).toBe(n);
      }),
    );
  });
});
