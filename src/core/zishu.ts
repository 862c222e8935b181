/**
 * 字数 as Chinese web-novel platforms count it: every CJK character (Han,
 * kana, hangul) and every full-width punctuation mark counts one; a run of
 * Latin letters (a word) or of digits counts one; spaces, line breaks,
 * Markdown markers and ASCII punctuation count nothing. The title line (`# `)
 * is not part of the chapter's text. Pure.
 */

// Han: extension A, the unified block, the compatibility block. Kana and hangul count as CJK too.
export const isHanCode = (c: number): boolean =>
  (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff);
const isKanaOrHangul = (c: number): boolean => (c >= 0x3040 && c <= 0x30ff) || (c >= 0xac00 && c <= 0xd7af);
// CJK symbols and punctuation (、。〈〉《》「」『』【】…; not the ideographic space U+3000, an indent), full-width
// forms (！，：；？（）), general punctuation used full width (“”‘’…—).
export const isFullWidthPunctCode = (c: number): boolean =>
  (c > 0x3000 && c <= 0x303f) ||
  (c >= 0xff01 && c <= 0xff0f) ||
  (c >= 0xff1a && c <= 0xff20) ||
  (c >= 0xff3b && c <= 0xff40) ||
  (c >= 0xff5b && c <= 0xff65) ||
  c === 0x2018 ||
  c === 0x2019 ||
  c === 0x201c ||
  c === 0x201d ||
  c === 0x2026 ||
  c === 0x2014 ||
  c === 0x00b7;

/** A run of ASCII letters or of ASCII digits counts one; anything else ends a run. */
const LETTERS = 1;
const DIGITS = 2;
const asciiRun = (c: number): number =>
  (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) ? LETTERS : c >= 0x30 && c <= 0x39 ? DIGITS : 0;

/** The chapter's text without its `# ` title line. */
export function chapterBody(text: string): string {
  const lines = text.split(/\r?\n/);
  const i = lines.findIndex((l) => /\S/.test(l));
  if (i >= 0 && (lines[i] as string).startsWith('# ')) lines.splice(i, 1);
  return lines.join('\n');
}

export interface ZishuCount {
  /** 字数 as platforms count it. */
  zishu: number;
  /** Han characters only. */
  han: number;
}

/**
 * One pass over the UTF-16 code units: every range counted lies in the Basic Multilingual Plane. The unified block,
 * most of any Chinese text, is counted without a call: a chapter is counted once per process, mostly before the
 * loop is compiled, where each call costs.
 */
export function countZishu(body: string): ZishuCount {
  let zishu = 0;
  let han = 0;
  let run = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c >= 0x4e00 && c <= 0x9fff) {
      han++;
      zishu++;
      run = 0;
      continue;
    }
    if (c < 0x80) {
      const kind = asciiRun(c);
      if (kind !== 0 && kind !== run) zishu++;
      run = kind;
      continue;
    }
    run = 0;
    if (isHanCode(c)) {
      han++;
      zishu++;
    } else if (isKanaOrHangul(c) || isFullWidthPunctCode(c)) zishu++;
  }
  return { zishu, han };
}
