import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chapterBody, countZishu } from '../../src/core/zishu.js';

describe('chapterBody', () => {
  it('drops the first non-empty line when it is a "# " title', () => {
    expect(chapterBody('\n# 第1章 雨夜\n正文。\n')).toBe('\n正文。\n');
    expect(chapterBody('# T\r\nA\r\nB')).toBe('A\nB');
  });
  it('keeps everything else', () => {
    expect(chapterBody('正文。\n# 不是标题')).toBe('正文。\n# 不是标题');
    expect(chapterBody('#没有空格\n正文')).toBe('#没有空格\n正文');
    expect(chapterBody('## 二级\n正文')).toBe('## 二级\n正文');
    expect(chapterBody('')).toBe('');
  });
});

describe('countZishu', () => {
  it('one per Han character, kana, hangul and full-width punctuation', () => {
    expect(countZishu('你好，世界。')).toEqual({ zishu: 6, han: 4 });
    expect(countZishu('ひらがなカタカナ')).toEqual({ zishu: 8, han: 0 });
    expect(countZishu('한국어')).toEqual({ zishu: 3, han: 0 });
    expect(countZishu('“你”……——·')).toEqual({ zishu: 8, han: 1 });
    expect(countZishu('「」『』【】《》、！？（）：；')).toEqual({ zishu: 15, han: 0 });
  });

  it('a run of Latin letters or digits is one; ASCII punctuation, spaces and Markdown count nothing', () => {
    expect(countZishu('hello world')).toEqual({ zishu: 2, han: 0 });
    expect(countZishu('2024 年')).toEqual({ zishu: 2, han: 1 });
    expect(countZishu('abc123')).toEqual({ zishu: 2, han: 0 });
    expect(countZishu('**强调** > 引用 * * * ,.!?;: -_')).toEqual({ zishu: 4, han: 4 });
    expect(countZishu('  \n\t\n')).toEqual({ zishu: 0, han: 0 });
  });

  it('CJK next to Latin splits the runs', () => {
    expect(countZishu('A计划B')).toEqual({ zishu: 4, han: 2 });
    expect(countZishu('第3章')).toEqual({ zishu: 3, han: 2 });
  });

  it('extension A and compatibility ideographs are Han', () => {
    expect(countZishu('\u3400\uf900')).toEqual({ zishu: 2, han: 2 });
  });

  it('property: counts add up over concatenation with a separating space', () => {
    const text = fc.string({ unit: fc.constantFrom('字', '。', 'a', 'b', '1', ' ', '\n', '，', 'か', '*', '#') });
    fc.assert(
      fc.property(text, text, (a, b) => {
        const ab = countZishu(`${a} ${b}`);
        expect(ab.zishu).toBe(countZishu(a).zishu + countZishu(b).zishu);
        expect(ab.han).toBe(countZishu(a).han + countZishu(b).han);
      }),
    );
  });

  it('property: n Han characters count n, and han never exceeds zishu', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.string(), (n, s) => {
        expect(countZishu('汉'.repeat(n))).toEqual({ zishu: n, han: n });
        const c = countZishu(s);
        expect(c.han).toBeLessThanOrEqual(c.zishu);
      }),
    );
  });
});
