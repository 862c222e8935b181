import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PATTERNS,
  DEFAULT_TITLE_FORBIDDEN,
  PLATFORM_PRESETS,
  PLATFORMS,
  resolveQuality,
  titleRuleBreaks,
} from '../../src/core/quality-settings.js';

describe('resolveQuality', () => {
  it('no quality block: the "none" preset and the defaults', () => {
    expect(resolveQuality(undefined)).toEqual({
      platform: 'none',
      zishu: { hard: null, target: null },
      banned_words: [],
      blacklist_max_per_kchars: 3,
      repetition: { window: 5, max_same_opening: 2 },
      patterns: DEFAULT_PATTERNS,
      max_paragraph_zishu: null,
      title: { min: 2, max: 30, forbidden: DEFAULT_TITLE_FORBIDDEN },
      hook: { required: false, min_strength: 3 },
      weights: 'plot',
      key_chapters: true,
      dormancy: { short: 6, medium: 12, long: 24 },
      ai_flavour: { soft: 0.6, hard: 0.9 },
    });
  });

  it('a platform preset fills what is not given', () => {
    const q = resolveQuality({ platform: 'qidian' });
    expect(q.zishu).toEqual({ hard: [1800, 4500], target: [2500, 3500] });
    expect(q.max_paragraph_zishu).toBe(320);
    expect(q.hook.required).toBe(true);
    expect(resolveQuality({ platform: 'tomato' }).zishu.hard).toEqual([1000, 3500]);
  });

  it('explicit keys override the preset, including null and false', () => {
    const q = resolveQuality({
      platform: 'qidian',
      zishu: { hard: [100, 200] },
      max_paragraph_zishu: null,
      hook: { required: false, min_strength: 4 },
      key_chapters: false,
      weights: { plot_logic: 1 },
    } as never);
    expect(q.zishu).toEqual({ hard: [100, 200], target: [2500, 3500] });
    expect(q.max_paragraph_zishu).toBeNull();
    expect(q.hook).toEqual({ required: false, min_strength: 4 });
    expect(q.key_chapters).toBe(false);
    expect(q.weights).toEqual({ plot_logic: 1 });
  });

  it('partial nested blocks keep the other defaults', () => {
    const q = resolveQuality({ repetition: { window: 9 }, title: { max: 12 }, dormancy: { long: 50 } } as never);
    expect(q.repetition).toEqual({ window: 9, max_same_opening: 2 });
    expect(q.title).toEqual({ min: 2, max: 12, forbidden: DEFAULT_TITLE_FORBIDDEN });
    expect(q.dormancy).toEqual({ short: 6, medium: 12, long: 50 });
  });

  it('presets and defaults', () => {
    expect([...PLATFORMS]).toEqual(['qidian', 'tomato', 'none']);
    expect(Object.keys(PLATFORM_PRESETS).sort()).toEqual([...PLATFORMS].sort());
    expect(DEFAULT_TITLE_FORBIDDEN).toEqual(['无题', '未命名', '待定']);
    const re = new RegExp(DEFAULT_PATTERNS[0]!.regex, 'u');
    expect(re.test('这不是结束，而是开始')).toBe(true);
    expect(re.test('不是。而是')).toBe(false);
  });
});

describe('titleRuleBreaks (§18): one rule for the lint and for publish / export --upload', () => {
  const q = resolveQuality({ platform: 'qidian', title: { forbidden: ['（求月票）'] } });
  it('names a forbidden word, then another chapter’s number, in that order', () => {
    expect(titleRuleBreaks(7, '第8章 雨夜（求月票）', q)).toEqual([
      { kind: 'forbidden', word: '（求月票）' },
      { kind: 'number', named: 8 },
    ]);
    expect(titleRuleBreaks(8, '第八章 雨夜', q)).toEqual([]);
    expect(titleRuleBreaks(8, '第九章 雨夜', q)).toEqual([{ kind: 'number', named: 9 }]);
    expect(titleRuleBreaks(8, '雨夜', q)).toEqual([]);
  });
});
