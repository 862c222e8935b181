// A synthetic Chinese web novel as one TXT, as authors import them: a blurb,
// 1,000+ chapters with Chinese-numeral headings (第一千零一章 …), paragraphs
// indented with full-width spaces, CRLF line ends, a noise line that looks
// like a heading (第3章节奏说明) and a quoted heading out of sequence.
const DIGITS = '零一二三四五六七八九';

/** A chapter number in Chinese numerals (up to 9,999): 十二, 一百零二, 一千零一. */
export function chineseNumeral(n) {
  const units = [
    [1000, '千'],
    [100, '百'],
    [10, '十'],
  ];
  let out = '';
  let zero = false;
  for (const [v, u] of units) {
    const q = Math.floor(n / v);
    n %= v;
    if (q) {
      if (zero && out) out += '零';
      out += (v === 10 && q === 1 && !out ? '' : DIGITS[q]) + u;
      zero = false;
    } else if (out) zero = true;
  }
  if (n) out += (zero && out ? '零' : '') + DIGITS[n];
  return out;
}

/** The text of a book of `chapters` chapters of about `zishu` 字 each. */
export function syntheticTxt(chapters, zishu = 3000) {
  const para = '夜色沉沉，山风卷过青石阶，檐角的铜铃叮当作响。他握紧了手中的残剑，一步一步走进黑暗里。';
  const perChapter = Math.max(1, Math.round(zishu / para.length));
  const lines = ['《逆鳞》 作者：某某', '简介：少年持剑入江湖。', ''];
  for (let c = 1; c <= chapters; c++) {
    lines.push(`第${chineseNumeral(c)}章 逆鳞之${c}`);
    for (let p = 0; p < perChapter; p += 3) {
      lines.push(`\u3000\u3000${para.repeat(Math.min(3, perChapter - p))}`);
      if (c === 3 && p === 0) lines.push('第3章节奏说明：这一章写得快了些。');
      if (c === 200 && p === 0) lines.push('第五章');
    }
  }
  return lines.join('\r\n');
}
