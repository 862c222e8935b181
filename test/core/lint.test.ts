import { describe, expect, it } from 'vitest';
import { lintChapter, openingOf, sentencesOf, type LintLists } from '../../src/core/lint.js';
import { resolveQuality } from '../../src/core/quality-settings.js';

const NO_LISTS: LintLists = { blacklist: [], whitelist: [], cliche: {} };
const lint = (text: string, quality = {}, lists: Partial<LintLists> = {}, chapter = 5) => lintChapter({ chapter, source: 'staging', text, settings: resolveQuality(quality), lists: { ...NO_LISTS, ...lists } });
const rules = (r: ReturnType<typeof lint>) => r.findings.map((f) => `${f.rule}:${f.severity}`);

const TEXT = '# 第5章 雨夜\n\n他不禁笑了。她不禁哭了。他不禁叹气。\n“你来了。”她说。\n不是风动，而是心动。\n';

describe('the lint report', () => {
  it('counts 字数, han, paragraphs, sentences and the metrics exactly', () => {
    const r = lint(TEXT, {}, { blacklist: ['不禁'] });
    expect(r).toMatchObject({ chapter: 5, source: 'staging', zishu: 37, han: 28, paragraphs: 3, sentences: 6 });
    expect(r.metrics).toEqual({
      blacklist_hits: 3,
      blacklist_per_kchars: 81.08,
      banned_hits: 0,
      cliche_hits: 0,
      pattern_hits: { 'bushi-ershi': 1 },
      avg_sentence_zishu: 6.17,
      dialogue_ratio: 0.11,
      avg_paragraph_zishu: 12.33,
      max_paragraph_zishu: 18,
    });
    // Above twice the limit of 3 per 1,000 字: hard; the pattern is above 1 per 1,000 字: soft.
    expect(rules(r)).toEqual(['blacklist_density:hard', 'pattern_overuse:soft']);
    const density = r.findings[0];
    expect(density).toMatchObject({ line: 3, excerpt: expect.stringContaining('不禁') });
    expect(density?.fix).toContain('"不禁"');
  });

  it('blacklist density: soft above the limit, hard above twice it', () => {
    const body = `# 第5章 雨夜\n${'风'.repeat(996)}不禁不禁不禁不禁\n`; // 1,004 字, 4 hits: 3.98 per 1,000
    expect(rules(lint(body, {}, { blacklist: ['不禁'] }))).toEqual(['blacklist_density:soft']);
    expect(rules(lint(body, { blacklist_max_per_kchars: 1.5 }, { blacklist: ['不禁'] }))).toEqual(['blacklist_density:hard']);
    expect(rules(lint(body, { blacklist_max_per_kchars: 4 }, { blacklist: ['不禁'] }))).toEqual([]);
  });

  it('word lists match longest first, mask what they matched, and whitelisted phrases first', () => {
    const r = lint('# 第5章 雨夜\n眼中闪过一道光，眼中含泪。他一丝不苟，一丝笑意。\n', {}, { blacklist: ['眼中', '眼中闪过', '一丝'], whitelist: ['一丝不苟'] });
    // 眼中闪过 (1) and 眼中 once more (1), 一丝 outside 一丝不苟 (1).
    expect(r.metrics.blacklist_hits).toBe(3);
    const banned = lint('# 第5章 雨夜\n他杀人了，杀人不眨眼。\n', { banned_words: ['杀人', '杀人不眨眼'] });
    expect(banned.metrics.banned_hits).toBe(2);
    expect(rules(banned)).toEqual(['banned_word:hard', 'banned_word:hard']);
    const cliche = lint('# 第5章 雨夜\n嘴角微微上扬，深吸一口气。\n', {}, { cliche: { 嘴角微微上扬: 'hard', 深吸一口气: 'warn' } });
    expect(cliche.metrics.cliche_hits).toBe(2);
    expect(rules(cliche)).toEqual(['cliche:hard', 'cliche:warn']);
  });

  it('repeated openings: one finding per run of windows', () => {
    const r = lint('# 第5章 雨夜\n他们走了。他们笑了。他们说了。风停了。\n');
    expect(rules(r)).toEqual(['repeated_opening:soft']);
    expect(r.findings[0]).toMatchObject({ line: 2, message: expect.stringContaining('"他们"') });
    expect(openingOf('“你来了。”')).toBe('你来');
    expect(sentencesOf('“你来了。”她说。')).toEqual(['“你来了。”', '她说。']);
  });

  it('platform presets: 字数 hard and target ranges, paragraph length', () => {
    const short = lint(TEXT, { platform: 'qidian' });
    expect(rules(short)).toContain('zishu_hard:hard');
    // Seven paragraphs of 300 字, each opening differently: 2,100 字, inside 1800–4500 but short of 2500–3500.
    const target = lint(`# 第5章 雨夜\n${[...'风雨雷电云雾霜'].map((c) => `${c.repeat(299)}。\n`).join('')}`, { platform: 'qidian' });
    expect(target.zishu).toBe(2100);
    expect(rules(target)).toEqual(['zishu_target:soft']);
    const para = lint('# 第5章 雨夜\n他不禁笑了。她不禁哭了。他不禁叹气。\n', { max_paragraph_zishu: 10 });
    expect(rules(para)).toEqual(['paragraph_too_long:hard']);
    expect(rules(lint('# 第5章 雨夜\n他不禁笑了。她不禁哭了。\n', { max_paragraph_zishu: 10 }))).toEqual(['paragraph_too_long:soft']);
  });

  it('the title: missing, empty, too short or long, forbidden, another chapter\'s number; mixed punctuation', () => {
    expect(rules(lint('雨下了一夜。\n'))).toEqual(['title_missing:hard']);
    expect(lint('# \n雨下了一夜。\n').findings[0]).toMatchObject({ rule: 'title_missing', line: 1 });
    expect(rules(lint('# 雨\n雨下了一夜。\n'))).toEqual(['title_length:soft']);
    expect(rules(lint('# 第5章 无题\n雨下了一夜。\n'))).toEqual(['title_forbidden:soft']);
    expect(rules(lint('# 第六章 雨夜\n雨下了一夜。\n'))).toEqual(['title_chapter_mismatch:soft']);
    expect(rules(lint('# 第5章 雨夜\n他说,好的.走吧\n'))).toEqual(['punctuation_mixed:warn']);
  });

  it('is deterministic: the same text and settings give the same report', () => {
    expect(JSON.stringify(lint(TEXT, { platform: 'tomato' }, { blacklist: ['不禁'] }))).toBe(JSON.stringify(lint(TEXT, { platform: 'tomato' }, { blacklist: ['不禁'] })));
  });
});
