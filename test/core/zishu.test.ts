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

  it("property: a text counts what its lines count (the lint counts a chapter's body line by line)", () => {
    const unit = fc.constantFrom(
      '字',
      '龥',
      '㐀',
      '。',
      'a',
      'Z',
      '1',
      ' ',
      '\n',
      '\r',
      '，',
      'か',
      '한',
      '*',
      '…',
      '\u3000',
    );
    fc.assert(
      fc.property(fc.string({ unit }), (text) => {
        const lines = text.split('\n').map(countZishu);
        expect(countZishu(text)).toEqual({
          zishu: lines.reduce((a, l) => a + l.zishu, 0),
          han: lines.reduce((a, l) => a + l.han, 0),
        });
      }),
      { numRuns: 300 },
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

  it('property: the same count as the definition written as regular expressions, at every range boundary', () => {
    // The definition the one-pass count implements: CJK and full-width punctuation one each, then a run of letters or
    // digits one.
    const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]/gu;
    const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/gu;
    const PUNCT =
      /[\u3001-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65\u2018\u2019\u201c\u201d\u2026\u2014\u00b7]/gu;
    const reference = (body: string) => ({
      zishu:
        (body.match(CJK)?.length ?? 0) +
        (body.match(PUNCT)?.length ?? 0) +
        (body
          .replace(CJK, ' ')
          .replace(PUNCT, ' ')
          .match(/[A-Za-z]+|[0-9]+/g)?.length ?? 0),
      han: body.match(HAN)?.length ?? 0,
    });
    const edges = [
      0x3400, 0x4dbf, 0x4e00, 0x9fff, 0xf900, 0xfaff, 0x3040, 0x30ff, 0xac00, 0xd7af, 0x3000, 0x303f, 0xff01, 0xff0f,
      0xff1a, 0xff20, 0xff3b, 0xff40, 0xff5b, 0xff65, 0x2018, 0x2019, 0x201c, 0x201d, 0x2026, 0x2014, 0xb7, 0x41, 0x5a,
      0x61, 0x7a, 0x30, 0x39,
    ];
    const near = edges.flatMap((c) => [c - 1, c, c + 1]).map((c) => String.fromCharCode(c));
    const unit = fc.oneof(
      fc.constantFrom(...near, ' ', '\n', '\u{1F600}', 'é', '_'),
      fc.string({ unit: 'binary', maxLength: 1 }),
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 60 }), (s) => {
        expect(countZishu(s)).toEqual(reference(s));
      }),
      { numRuns: 3000 },
    );
  });
});
