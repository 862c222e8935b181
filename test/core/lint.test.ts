import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chapterBody, countZishu } from '../../src/core/zishu.js';
import { lintChapter, openingOf, sentencesOf, type LintLists } from '../../src/core/lint.js';
import { resolveQuality } from '../../src/core/quality-settings.js';

const NO_LISTS: LintLists = { blacklist: [], whitelist: [], cliche: {} };
const lint = (text: string, quality = {}, lists: Partial<LintLists> = {}, chapter = 5) =>
  lintChapter({
    chapter,
    source: 'staging',
    text,
    settings: resolveQuality(quality),
    lists: { ...NO_LISTS, ...lists },
  });
const rules = (r: ReturnType<typeof lint>) => r.findings.map((f) => `${f.rule}:${f.severity}`);

const TEXT = '# 第5章 雨夜\n\n他不禁笑了。她不禁哭了。他不禁叹气。\n“你来了。”她说。\n不是风动，而是心动。\n';

describe('the lint report', () => {
  it("property: its 字数 and han are the body's count, its paragraphs and sentences each counted as a whole", () => {
    const unit = fc.constantFrom('字', '。', '！', '…', '”', '"', "'", 'a', 'Z', '7', ' ', '\n', '，', 'か', '\u3000');
    const chapter = fc
      .tuple(fc.boolean(), fc.string({ unit, maxLength: 200 }))
      .map(([titled, body]) => `${titled ? '# 第5章 题\n' : ''}${body}`);
    fc.assert(
      fc.property(chapter, (text) => {
        const r = lint(text);
        expect([r.zishu, r.han]).toEqual(Object.values(countZishu(chapterBody(text))));
        const lines = chapterBody(text)
          .split(/\r?\n/)
          .filter((l) => countZishu(l).zishu > 0);
        expect(r.paragraphs).toBe(lines.length);
        expect(r.sentences).toBe(lines.flatMap((l) => sentencesOf(l)).length);
        expect(r.metrics.max_paragraph_zishu).toBe(Math.max(0, ...lines.map((l) => countZishu(l).zishu)));
      }),
      { numRuns: 300 },
    );
  });

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
    // Above the limit of 3 per 1,000 字: soft (never hard, §16); the pattern is above 1 per 1,000 字: soft. The
    // negation-correction on line 5 in 37 字 makes the AI-flavour score hard, and is named as its span.
    expect(rules(r)).toEqual(['ai_flavour:hard', 'blacklist_density:soft', 'ai_pattern:warn', 'pattern_overuse:soft']);
    const density = r.findings.find((f) => f.rule === 'blacklist_density');
    expect(density).toMatchObject({ line: 3, excerpt: expect.stringContaining('不禁') });
    expect(density?.fix).toContain('"不禁"');
  });

  it('blacklist density: soft above the limit, hard above twice it', () => {
    const body = `# 第5章 雨夜\n${'风'.repeat(996)}不禁不禁不禁不禁\n`; // 1,004 字, 4 hits: 3.98 per 1,000
    expect(rules(lint(body, {}, { blacklist: ['不禁'] }))).toEqual(['blacklist_density:soft']);
    expect(rules(lint(body, { blacklist_max_per_kchars: 1.5 }, { blacklist: ['不禁'] }))).toEqual([
      'blacklist_density:soft',
    ]);
    expect(rules(lint(body, { blacklist_max_per_kchars: 4 }, { blacklist: ['不禁'] }))).toEqual([]);
  });

  it('word lists match longest first, mask what they matched, and whitelisted phrases first', () => {
    const r = lint(
      '# 第5章 雨夜\n眼中闪过一道光，眼中含泪。他一丝不苟，一丝笑意。\n',
      {},
      { blacklist: ['眼中', '眼中闪过', '一丝'], whitelist: ['一丝不苟'] },
    );
    // 眼中闪过 (1) and 眼中 once more (1), 一丝 outside 一丝不苟 (1).
    expect(r.metrics.blacklist_hits).toBe(3);
    const banned = lint('# 第5章 雨夜\n他杀人了，杀人不眨眼。\n', { banned_words: ['杀人', '杀人不眨眼'] });
    expect(banned.metrics.banned_hits).toBe(2);
    expect(rules(banned)).toEqual(['banned_word:hard', 'banned_word:hard']);
    // The author's sensitive words (§18): hard, named with their category, in both languages.
    const sensitive = lint(
      '# 第5章 雨夜\n想看后续请加微信，扫码关注。\n',
      {},
      {
        sensitive: [
          { word: '加微信', category: null },
          { word: '扫码关注', category: '广告' },
        ],
      },
    );
    expect(sensitive.findings.filter((f) => f.rule === 'sensitive_word')).toEqual([
      expect.objectContaining({
        severity: 'hard',
        line: 2,
        message: 'sensitive word "加微信"',
        message_zh: '敏感词“加微信”',
      }),
      expect.objectContaining({ message: 'sensitive word "扫码关注" (广告)', message_zh: '敏感词“扫码关注”（广告）' }),
    ]);
    const cliche = lint(
      '# 第5章 雨夜\n嘴角微微上扬，深吸一口气。\n',
      {},
      { cliche: { 嘴角微微上扬: 'hard', 深吸一口气: 'warn' } },
    );
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
    const target = lint(`# 第5章 雨夜\n${[...'风雨雷电云雾霜'].map((c) => `${c.repeat(299)}。\n`).join('')}`, {
      platform: 'qidian',
    });
    expect(target.zishu).toBe(2100);
    expect(rules(target)).toEqual(['zishu_target:soft']);
    const para = lint('# 第5章 雨夜\n他不禁笑了。她不禁哭了。他不禁叹气。\n', { max_paragraph_zishu: 10 });
    expect(rules(para)).toEqual(['paragraph_too_long:hard']);
    expect(rules(lint('# 第5章 雨夜\n他不禁笑了。她不禁哭了。\n', { max_paragraph_zishu: 10 }))).toEqual([
      'paragraph_too_long:soft',
    ]);
  });

  it("the title: missing, empty, too short or long, forbidden, another chapter's number; mixed punctuation", () => {
    expect(rules(lint('雨下了一夜。\n'))).toEqual(['title_missing:hard']);
    // A control or bidi character in the title: hard, shown escaped.
    const control = lint('# 雨夜\u001b]0;x\u0007\u202e\n\n雨下了一夜。\n').findings.find(
      (f) => f.rule === 'title_control',
    );
    expect(control).toMatchObject({
      rule: 'title_control',
      severity: 'hard',
      line: 1,
      excerpt: '雨夜\\u001b]0;x\\u0007\\u202e',
    });
    expect(rules(lint('# 雨夜\n\n雨下了一夜。\n'))).not.toContain('title_control:hard');
    expect(lint('# \n雨下了一夜。\n').findings[0]).toMatchObject({ rule: 'title_missing', line: 1 });
    expect(rules(lint('# 雨\n雨下了一夜。\n'))).toEqual(['title_length:soft']);
    expect(rules(lint('# 第5章 无题\n雨下了一夜。\n'))).toEqual(['title_forbidden:soft']);
    expect(rules(lint('# 第六章 雨夜\n雨下了一夜。\n'))).toEqual(['title_chapter_mismatch:soft']);
    // On a platform (§18) the number and the platform's title rules are hard: the title-fix repairs the line.
    expect(
      rules(lint('# 第六章 雨夜\n雨下了一夜。\n', { platform: 'qidian' })).filter((r) => r.startsWith('title_')),
    ).toEqual(['title_chapter_mismatch:hard']);
    expect(rules(lint('# 第5章 雨夜\n他说,好的.走吧\n'))).toEqual(['punctuation_mixed:warn']);
  });

  it('is deterministic: the same text and settings give the same report', () => {
    expect(JSON.stringify(lint(TEXT, { platform: 'tomato' }, { blacklist: ['不禁'] }))).toBe(
      JSON.stringify(lint(TEXT, { platform: 'tomato' }, { blacklist: ['不禁'] })),
    );
  });
});

describe('the lint after §16', () => {
  it('a whitelisted word is masked only where it stands alone, never inside a longer listed phrase', () => {
    const r = lint(
      '# 第5章 雨夜\n空气仿佛凝固。他仿佛没听见。\n',
      {},
      { cliche: { 空气仿佛凝固: 'soft' }, blacklist: ['仿佛'], whitelist: ['仿佛'] },
    );
    expect(r.metrics.cliche_hits).toBe(1);
    expect(r.metrics.blacklist_hits).toBe(0);
  });

  it('dialogue is text between “ ”, 「 」, 『 』 or ASCII " pairs; U+3000 is not a 字', () => {
    expect(lint('# 第5章 雨夜\n"你来了。"他说。\n').metrics.dialogue_ratio).toBeGreaterThan(0);
    expect(lint('# 第5章 雨夜\n『你来了。』他说。\n').metrics.dialogue_ratio).toBeGreaterThan(0);
    expect(lint('# 第5章 雨夜\n\u3000\u3000他说。\n').zishu).toBe(3);
  });

  it("the cast's names are not sentence openings", () => {
    const text = '# 第5章 雨夜\n林枫走了。林枫笑了。林枫说了。风停了。\n';
    expect(rules(lint(text))).toContain('repeated_opening:soft');
    expect(rules(lint(text, {}, { names: ['林枫'] }))).not.toContain('repeated_opening:soft');
  });

  it('every finding says its message and fix in Chinese too, with no English sentence in them', () => {
    const text = '# 第6章 雨夜\n不是害怕，是预感。他没有说话，脚步很轻。两秒后，他倒吸一口凉气。"好."\n';
    const r = lint(
      text,
      { platform: 'qidian', title: { forbidden: ['雨夜'] } },
      { cliche: { 倒吸一口凉气: 'soft' }, blacklist: ['不是'] },
      5,
    );
    expect(new Set(r.findings.map((f) => f.rule)).size).toBeGreaterThanOrEqual(6);
    for (const f of r.findings) {
      expect(f.message_zh, f.rule).toMatch(/[\u4e00-\u9fff]/);
      expect(f.fix_zh, f.rule).toMatch(/[\u4e00-\u9fff]/);
      // Ids, numbers and file names may stay; an English word of three letters or more may not.
      const words = `${f.message_zh} ${f.fix_zh}`
        .replace(/[a-z_]+\.json|quality\.[a-z_.]+|ai_pattern|ASCII/g, '')
        .match(/[A-Za-z]{3,}/g);
      expect(words, `${f.rule}: ${f.message_zh} / ${f.fix_zh}`).toBeNull();
    }
  });

  it('the shipped lexicon reports the common planted tics', async () => {
    const { clicheLexicon } = await import('../../src/core/cliche-lexicon.js');
    const tics = [
      '嘴角勾起一抹弧度',
      '倒吸一口凉气',
      '心中一凛',
      '空气仿佛凝固',
      '眼中闪过一丝',
      '深吸一口气',
      '瞳孔骤缩',
      '喉结滚动',
      '指节发白',
      '不由得',
      '心跳漏了一拍',
      '死一般的寂静',
    ];
    const body = tics.map((t, i) => `第${i}段，他${t}，然后离开了。`).join('\n');
    const r = lint(`# 第5章 雨夜\n${body}\n`, {}, { cliche: clicheLexicon(), whitelist: ['仿佛'] });
    const found = tics.filter((t) => r.findings.some((f) => f.rule === 'cliche' && f.excerpt?.includes(t)));
    expect(found).toEqual(tics);
    expect(Object.keys(clicheLexicon()).length).toBeGreaterThanOrEqual(200);
    expect(Object.values(clicheLexicon())).not.toContain('hard');
  });

  it(
    'the AI-flavour score is in every report, with a hard ' +
      'finding above the threshold and the spans that raised it',
    () => {
      const r = lint('# 第5章 雨夜\n不是害怕，是预感。\n他没有说话，脚步很轻。\n');
      expect(r.ai_flavour.score).toBeGreaterThanOrEqual(0.9);
      expect(rules(r)).toEqual(['ai_flavour:hard', 'ai_pattern:warn', 'ai_pattern:warn', 'ai_pattern:warn']);
      expect(r.findings.filter((f) => f.rule === 'ai_pattern').map((f) => [f.feature, f.line])).toEqual([
        ['negation_correction', 2],
        ['non_action', 3],
        ['soft_adverb', 3],
      ]);
      const mildText = `# 第5章 雨夜\n不是害怕，是预感。${'“好啊！”他笑了。'.repeat(8)}\n`;
      const aiRules = (r: ReturnType<typeof lint>) => rules(r).filter((x) => x.startsWith('ai_'));
      const mild = lint(mildText);
      expect(mild.ai_flavour.score).toBeGreaterThan(0.5);
      expect(mild.ai_flavour.score).toBeLessThan(0.9);
      expect(aiRules(lint(mildText, { ai_flavour: { soft: 0.5, hard: 0.95 } }))).toEqual([
        'ai_flavour:soft',
        'ai_pattern:warn',
      ]);
      expect(aiRules(lint(mildText, { ai_flavour: { soft: 0.95, hard: 1 } }))).toEqual(['ai_pattern:warn']);
      const clean = lint('# 第5章 雨夜\n“好啊！”他笑了。\n');
      expect(clean.ai_flavour.score).toBeLessThan(0.5);
      expect(rules(clean)).toEqual([]);
    },
  );
});

describe('the word lists, searched over the joined body', () => {
  type Kind = 'banned' | 'sensitive' | 'cliche' | 'blacklist';
  /**
   * The definition, line by line: every word longest first (banned, sensitive, cliché, blacklist among equals, then
   * by code units), each match masking its characters within its line; whitelisted words first, except inside a
   * longer listed word that holds them. Returns the hits in reading order.
   */
  function reference(
    lines: ReadonlyArray<{ n: number; text: string }>,
    entries: ReadonlyArray<{ word: string; kind: Kind }>,
    whitelist: readonly string[],
  ) {
    const masks = lines.map((l) => new Uint8Array(l.text.length));
    for (const w of [...whitelist].sort((a, b) => b.length - a.length || (a < b ? -1 : 1))) {
      if (!w) continue;
      lines.forEach((l, i) => {
        for (let at = l.text.indexOf(w); at >= 0; at = l.text.indexOf(w, at + 1)) {
          const held = entries.some((e) => {
            if (e.word.length <= w.length) return false;
            for (let k = e.word.indexOf(w); k >= 0; k = e.word.indexOf(w, k + 1))
              if (at - k >= 0 && l.text.startsWith(e.word, at - k)) return true;
            return false;
          });
          if (!held) (masks[i] as Uint8Array).fill(1, at, at + w.length);
        }
      });
    }
    const rank = { banned: 0, sensitive: 1, cliche: 2, blacklist: 3 };
    const sorted = [...entries].sort(
      (a, b) => b.word.length - a.word.length || rank[a.kind] - rank[b.kind] || (a.word < b.word ? -1 : 1),
    );
    const hits: Array<{ kind: Kind; word: string; line: number; at: number }> = [];
    for (const e of sorted) {
      if (!e.word) continue;
      lines.forEach((l, i) => {
        const mask = masks[i] as Uint8Array;
        for (let at = l.text.indexOf(e.word); at >= 0; ) {
          if (mask.subarray(at, at + e.word.length).includes(1)) at = l.text.indexOf(e.word, at + 1);
          else {
            mask.fill(1, at, at + e.word.length);
            hits.push({ kind: e.kind, word: e.word, line: l.n, at });
            at = l.text.indexOf(e.word, at + e.word.length);
          }
        }
      });
    }
    return hits.sort((a, b) => a.line - b.line || a.at - b.at);
  }

  it('property: the hits, their lines and counts are those of each line searched on its own', () => {
    const unit = fc.constantFrom('风', '雨', '夜', '。', '\n', '\r', 'a');
    const word = fc.string({ unit, minLength: 0, maxLength: 4 });
    const words = fc.uniqueArray(word, { maxLength: 5 });
    const input = fc.record({
      body: fc.string({ unit, maxLength: 120 }),
      banned: fc.array(word, { maxLength: 5 }),
      sensitive: words,
      cliche: words,
      blacklist: words,
      whitelist: fc.array(word, { maxLength: 3 }),
    });
    fc.assert(
      fc.property(input, ({ body, banned, sensitive, cliche, blacklist, whitelist }) => {
        const text = `# 第5章 雨夜\n${body}`;
        const r = lint(
          text,
          { banned_words: banned },
          {
            sensitive: sensitive.map((w) => ({ word: w, category: null })),
            cliche: Object.fromEntries(cliche.map((w) => [w, 'warn' as const])),
            blacklist,
            whitelist,
          },
        );
        const lines = text
          .split(/\r?\n/)
          .map((t, i) => ({ n: i + 1, text: t }))
          .slice(1);
        const entries = [
          ...banned.map((w) => ({ word: w, kind: 'banned' as const })),
          ...sensitive.map((w) => ({ word: w, kind: 'sensitive' as const })),
          ...cliche.map((w) => ({ word: w, kind: 'cliche' as const })),
          ...blacklist.map((w) => ({ word: w, kind: 'blacklist' as const })),
        ];
        const hits = reference(lines, entries, whitelist);
        const count = (kind: Kind) => hits.filter((h) => h.kind === kind).length;
        expect([r.metrics.banned_hits, r.metrics.blacklist_hits, r.metrics.cliche_hits]).toEqual([
          count('banned'),
          count('blacklist'),
          count('cliche'),
        ]);
        const rule = { banned: 'banned_word', sensitive: 'sensitive_word', cliche: 'cliche' } as const;
        const listed = r.findings
          .filter((f) => ['banned_word', 'sensitive_word', 'cliche'].includes(f.rule))
          .map((f) => `${f.rule} ${f.line} ${f.excerpt}`)
          .sort();
        const expected = hits
          .filter((h) => h.kind !== 'blacklist')
          .map((h) => {
            const line = (lines.find((l) => l.n === h.line) as { text: string }).text;
            const from = Math.max(0, h.at - 8);
            const to = Math.min(line.length, h.at + h.word.length + 8);
            const excerpt = `${from > 0 ? '…' : ''}${line.slice(from, to)}${to < line.length ? '…' : ''}`;
            return `${rule[h.kind as keyof typeof rule]} ${h.line} ${excerpt}`;
          })
          .sort();
        expect(listed).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });
});
