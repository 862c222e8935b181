/**
 * Chapter numbers as authors write them: ASCII or full-width digits (第１２章)
 * and Chinese numerals (第十二章, 第一百零二章, 第一千零一章, 第两百章). One
 * home for the rule, used by title checks, outline headings and imports. Pure.
 */

const DIGIT: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const UNIT: Record<string, number> = { 十: 10, 百: 100, 千: 1000, 万: 10000 };

/** Chinese numerals (regular expressions are built from strings: the bundle stays ASCII). */
const CN_DIGITS = '零〇一二两三四五六七八九';
const CN_UNITS = '十百千万';
const CN_ONLY = new RegExp(`^[${CN_DIGITS}${CN_UNITS}]+$`);
const HAS_UNIT = new RegExp(`[${CN_UNITS}]`);

/** The characters a chapter number may be written with. */
export const NUMERAL_CLASS = `0-9\uff10-\uff19${CN_DIGITS}${CN_UNITS}`;

/** The value of Chinese numerals (十二 → 12, 一百零二 → 102, 二〇二六 → 2026); null when they are not a number. */
export function chineseNumber(s: string): number | null {
  if (!s || !CN_ONLY.test(s)) return null;
  // Digit by digit (二〇二六): no unit at all.
  if (!HAS_UNIT.test(s)) return s.length > 1 ? Number([...s].map((c) => DIGIT[c]).join('')) : (DIGIT[s] as number);
  let total = 0;
  let section = 0;
  let digit: number | null = null;
  let lastUnit = Infinity;
  for (const c of s) {
    if (c in DIGIT) {
      // Two digits in a row only after a zero (一百零二); 零 itself may repeat.
      if (digit !== null && digit !== 0 && DIGIT[c] !== 0) return null;
      digit = DIGIT[c] as number;
      continue;
    }
    const unit = UNIT[c] as number;
    if (unit === 10000) {
      total = (total + section + (digit ?? 0)) * 10000;
      section = 0;
      digit = null;
      lastUnit = Infinity;
      continue;
    }
    if (unit >= lastUnit) return null;
    lastUnit = unit;
    // A unit after 零 or at the start has an implied 一 (六万零十 = 60010, 十二 = 12).
    section += (digit === null || digit === 0 ? 1 : digit) * unit;
    digit = null;
  }
  return total + section + (digit ?? 0);
}

/** The value of a chapter number as written (ASCII, full-width or Chinese); null when it is none. */
export function numberOf(written: string): number | null {
  const ascii = written.replace(/[\uff10-\uff19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  if (/^[0-9]+$/.test(ascii)) return Number(ascii);
  return chineseNumber(written);
}

const IN_TITLE = new RegExp(`\u7b2c\\s*([${NUMERAL_CLASS}]+)\\s*\u7ae0`);

/** The chapter number a title names (`# 第6章 雨夜` → 6), or null when it names none. */
export function titleChapterNumber(title: string): number | null {
  const m = IN_TITLE.exec(title);
  return m ? numberOf(m[1] as string) : null;
}
