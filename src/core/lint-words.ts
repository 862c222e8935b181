/**
 * What each lint finding says, in English and in Chinese (PROTOCOL §16): one
 * entry per rule, each giving the message and the fix in both languages from
 * the same arguments. The report keeps `message`/`fix` in English and adds
 * `message_zh`/`fix_zh`; a person reading under zh_* sees the Chinese. A
 * test checks that every rule the lint raises has both. Pure.
 */
export interface Words {
  message: string;
  fix: string;
  message_zh: string;
  fix_zh: string;
}

const w = (message: string, fix: string, message_zh: string, fix_zh: string): Words => ({
  message,
  fix,
  message_zh,
  fix_zh,
});
const q = (s: string): string => `“${s}”`;

export const LINT_WORDS = {
  zishu_hard_short: (a: { zishu: number; min: number; max: number }) =>
    w(
      `${a.zishu} 字, outside the platform's range ${a.min}–${a.max}`,
      `expand the chapter by at least ${a.min - a.zishu} 字 with scenes that move the plot (no filler)`,
      `${a.zishu} 字，不在平台要求的 ${a.min}–${a.max} 字之内`,
      `至少补写 ${a.min - a.zishu} 字推动情节的场景（不要注水）`,
    ),
  zishu_hard_long: (a: { zishu: number; min: number; max: number }) =>
    w(
      `${a.zishu} 字, outside the platform's range ${a.min}–${a.max}`,
      `cut at least ${a.zishu - a.max} 字, or split the chapter`,
      `${a.zishu} 字，不在平台要求的 ${a.min}–${a.max} 字之内`,
      `至少删去 ${a.zishu - a.max} 字，或把这一章拆成两章`,
    ),
  zishu_target_short: (a: { zishu: number; min: number; max: number }) =>
    w(
      `${a.zishu} 字, outside the target ${a.min}–${a.max}`,
      `add about ${a.min - a.zishu} 字 of scene, not description for its own sake`,
      `${a.zishu} 字，不在目标 ${a.min}–${a.max} 字之内`,
      `补写约 ${a.min - a.zishu} 字的场景，不要为描写而描写`,
    ),
  zishu_target_long: (a: { zishu: number; min: number; max: number }) =>
    w(
      `${a.zishu} 字, outside the target ${a.min}–${a.max}`,
      `tighten by about ${a.zishu - a.max} 字`,
      `${a.zishu} 字，不在目标 ${a.min}–${a.max} 字之内`,
      `精简约 ${a.zishu - a.max} 字`,
    ),
  banned_word: (a: { word: string }) =>
    w(
      `banned word "${a.word}"`,
      `remove or rephrase "${a.word}" (quality.banned_words: platform compliance)`,
      `违禁词${q(a.word)}`,
      `删除或改写${q(a.word)}（quality.banned_words：平台合规）`,
    ),
  sensitive_word: (a: { word: string; category: string | null }) =>
    w(
      `sensitive word "${a.word}"${a.category ? ` (${a.category})` : ''}`,
      `rephrase "${a.word}" before the chapter is published (sensitive-words.json)`,
      `敏感词${q(a.word)}${a.category ? `（${a.category}）` : ''}`,
      `发布前改写${q(a.word)}（sensitive-words.json）`,
    ),
  cliche: (a: { word: string; kind?: { en: { name: string; fix: string }; zh: { name: string; fix: string } } }) =>
    w(
      `cliché "${a.word}"${a.kind ? ` (${a.kind.en.name})` : ''}`,
      a.kind ? a.kind.en.fix : `say it in the scene's own concrete words instead of "${a.word}"`,
      `套话${q(a.word)}${a.kind ? `（${a.kind.zh.name}）` : ''}`,
      a.kind ? a.kind.zh.fix : `换成这个场景自己的具体说法，不要用${q(a.word)}`,
    ),
  blacklist_density: (a: { hits: number; perK: number; limit: number; words: string[] }) =>
    w(
      `${a.hits} AI-cliché hit(s), ${a.perK} per 1,000 字 (limit ${a.limit})`,
      `rewrite the sentences that use ${a.words.map((x) => `"${x}"`).join(', ')} ` +
        `(ai-blacklist.json) until at most ${a.limit} per 1,000 字 remain`,
      `AI 黑名单词 ${a.hits} 处，每千字 ${a.perK} 处（上限 ${a.limit}）`,
      `改写用到${a.words.map(q).join('、')}的句子（ai-blacklist.json），直到每千字不超过 ${a.limit} 处`,
    ),
  repeated_opening: (a: { n: number; window: number; opening: string; max: number }) =>
    w(
      `${a.n} of ${a.window} consecutive sentences open with "${a.opening}"`,
      `vary how these sentences begin (more than ${a.max} in ${a.window} open with "${a.opening}")`,
      `连续 ${a.window} 句中有 ${a.n} 句以${q(a.opening)}开头`,
      `换几种句子开头（${a.window} 句里超过 ${a.max} 句以${q(a.opening)}开头）`,
    ),
  pattern_overuse: (a: { id: string; n: number; rate: number; limit: number }) =>
    w(
      `pattern ${a.id}: ${a.n} time(s), ${a.rate} per 1,000 字 (limit ${a.limit})`,
      `keep at most ${a.limit} per 1,000 字: say the thing directly instead of negating another`,
      `句式 ${a.id}：${a.n} 次，每千字 ${a.rate} 次（上限 ${a.limit}）`,
      `每千字最多 ${a.limit} 次：直接说它是什么，不要先否定另一种说法`,
    ),
  paragraph_too_long: (a: { zishu: number; limit: number }) =>
    w(
      `a paragraph of ${a.zishu} 字 (limit ${a.limit})`,
      `split it into paragraphs of at most ${a.limit} 字 (short paragraphs read on a phone)`,
      `一段长达 ${a.zishu} 字（上限 ${a.limit}）`,
      `拆成每段不超过 ${a.limit} 字（手机上短段落更好读）`,
    ),
  punctuation_mixed: () =>
    w(
      'ASCII punctuation between Chinese characters',
      'use full-width punctuation (，。？！“” ……)',
      '中文之间用了半角标点',
      '改用全角标点（，。？！“” ……）',
    ),
  title_missing_empty: (a: { chapter: number }) =>
    w(
      'the title line has no text',
      `start the chapter with "# 第${a.chapter}章 <title>"`,
      '标题行没有文字',
      `以“# 第${a.chapter}章 标题”开头`,
    ),
  title_missing_none: (a: { chapter: number }) =>
    w(
      'no `# ` title line',
      `start the chapter with "# 第${a.chapter}章 <title>"`,
      '没有“# ”标题行',
      `以“# 第${a.chapter}章 标题”开头`,
    ),
  title_length: (a: { len: number; min: number; max: number }) =>
    w(
      `a title of ${a.len} 字 (allowed ${a.min}–${a.max})`,
      `a title of ${a.min}–${a.max} 字 that names what happens`,
      `标题 ${a.len} 字（允许 ${a.min}–${a.max} 字）`,
      `用 ${a.min}–${a.max} 字点出这一章发生了什么`,
    ),
  title_control: (a: { title: string }) =>
    w(
      `the title holds a control or bidirectional character (${a.title}): a terminal or a reader would act on it`,
      'retype the title without it',
      `标题含控制字符或双向文字控制符（${a.title}）：终端或阅读器会执行它`,
      '重新输入标题，去掉它',
    ),
  title_forbidden: (a: { word: string }) =>
    w(
      `the title uses "${a.word}"`,
      'give the chapter a real title',
      `标题用了${q(a.word)}`,
      '给这一章起一个真正的标题',
    ),
  title_chapter_mismatch: (a: { named: number; chapter: number }) =>
    w(
      `the title names chapter ${a.named}, this is chapter ${a.chapter}`,
      `write 第${a.chapter}章 in the title`,
      `标题写的是第${a.named}章，这是第${a.chapter}章`,
      `标题里写“第${a.chapter}章”`,
    ),
  ai_flavour: (a: { score: number; threshold: number; top: Array<{ en: string; zh: string }> }) =>
    w(
      `AI flavour ${a.score.toFixed(2)} (threshold ${a.threshold.toFixed(2)}), ${
        a.top.length
          ? `mostly from ${a.top.map((t) => t.en).join('; ')}`
          : 'with none of the exclamations, particles or hedges of a human voice'
      }`,
      'rewrite the spans listed as ai_pattern findings, each by its own fix',
      `AI味 ${a.score.toFixed(2)}（阈值 ${a.threshold.toFixed(2)}），${
        a.top.length ? `主要来自${a.top.map((t) => t.zh).join('；')}` : '通篇缺少人物口吻里的感叹、语气词和含糊的比喻'
      }`,
      '逐条改写下面列出的 ai_pattern 片段，按各自的修改建议来',
    ),
  repeated_passage: (a: { chapter: number; line: number; length: number }) =>
    w(
      `a passage of ${a.length} 字 also stands in chapter ${a.chapter} (line ${a.line})`,
      `rewrite it: tell what is new in this chapter instead of repeating chapter ${a.chapter}`,
      `这一段 ${a.length} 字与第${a.chapter}章（第 ${a.line} 行）重复`,
      `改写这一段：写这一章新发生的事，不要照搬第${a.chapter}章`,
    ),
  recycled_chapter: (a: { chapter: number; line: number; percent: number }) =>
    w(
      `${a.percent}% of this chapter's 8-字 shingles also stand in chapter ${a.chapter}`,
      `write the chapter anew from its outline: reordering the ` +
        `paragraphs of chapter ${a.chapter} does not make a new chapter`,
      `本章 ${a.percent}% 的八字片段也出现在第${a.chapter}章`,
      `按大纲重写这一章：把第${a.chapter}章的段落调换顺序不算新的一章`,
    ),
  ai_pattern: (a: { text: string; en: { name: string; fix: string }; zh: { name: string; fix: string } }) =>
    w(`${a.en.name}: "${a.text}"`, a.en.fix, `${a.zh.name}：${q(a.text)}`, a.zh.fix),
} as const;

export type LintRule = keyof typeof LINT_WORDS;
