/**
 * 字数 as Chinese web-novel platforms count it: every CJK character (Han,
 * kana, hangul) and every full-width punctuation mark counts one; a run of
 * Latin letters (a word) or of digits counts one; spaces, line breaks,
 * Markdown markers and ASCII punctuation count nothing. The title line (`# `)
 * is not part of the chapter's text. Pure.
 */

// Han (with extensions A and the compatibility block), kana, hangul.
const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]/gu;
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/gu;
// CJK symbols and punctuation (、。〈〉《》「」『』【】…), full-width forms (！，：；？（）), general punctuation used full width (“”‘’…—).
const FULLWIDTH_PUNCT = /[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65\u2018\u2019\u201c\u201d\u2026\u2014\u00b7]/gu;

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

export function countZishu(body: string): ZishuCount {
  const cjk = body.match(CJK)?.length ?? 0;
  const punct = body.match(FULLWIDTH_PUNCT)?.length ?? 0;
  const rest = body.replace(CJK, ' ').replace(FULLWIDTH_PUNCT, ' ');
  const words = rest.match(/[A-Za-z]+|[0-9]+/g)?.length ?? 0;
  return { zishu: cjk + punct + words, han: body.match(HAN)?.length ?? 0 };
}
