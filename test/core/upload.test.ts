import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveQuality } from '../../src/core/quality-settings.js';
import { titleProblem, titleRefusal, uploadNote, uploadText, uploadTitle } from '../../src/core/upload.js';

describe('upload-ready text (PROTOCOL §18)', () => {
  it('the title line is 第N章 and the name, whatever numbering the chapter file wrote', () => {
    expect(uploadTitle(12, '第十二章 残剑')).toBe('第12章 残剑');
    expect(uploadTitle(12, '# 第12章：残剑')).toBe('第12章 残剑');
    expect(uploadTitle(3, '残剑')).toBe('第3章 残剑');
    expect(uploadTitle(3, '第三章')).toBe('第3章');
  });

  it('no Markdown, two U+3000 before every paragraph; a blank line apart on qidian, one break on tomato', () => {
    const body = '他**握紧**了剑。\n\n> 一段引文\n\n* * *\n\n# 不是标题的井号\n夜深了。';
    const qidian = uploadText(5, '第5章 夜', body, 'qidian');
    expect(qidian).toBe(
      '第5章 夜\n\n\u3000\u3000他握紧了剑。\n\n\u3000\u3000一段引文\n\n\u3000\u3000＊\u3000＊\u3000＊\n\n' +
        '\u3000\u3000不是标题的井号\n\n\u3000\u3000夜深了。\n',
    );
    expect(uploadText(5, '第5章 夜', '甲。\n乙。', 'tomato')).toBe('第5章 夜\n\n\u3000\u3000甲。\n\u3000\u3000乙。\n');
    // Any chapter of Markdown lines an author writes: plain, emphasised, quoted, a heading mark, a scene break.
    const han = fc.stringMatching(/^[\u4e00-\u9fa5，。]{1,12}$/);
    const line = fc.oneof(
      han,
      han.map((t) => `**${t}**`),
      han.map((t) => `*${t}*`),
      han.map((t) => `> ${t}`),
      han.map((t) => `# ${t}`),
      fc.constant('* * *'),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (lines) => {
        const text = uploadText(1, '第1章 一', lines.join('\n'), 'qidian');
        for (const l of text.split('\n').slice(2)) if (l !== '') expect(l.startsWith('\u3000\u3000')).toBe(true);
        expect(text).not.toMatch(/\*\*|\*[^\u3000]|^\u3000*[#>]/m);
      }),
    );
  });

  it('the 作者的话 is plain text; an empty one is none', () => {
    expect(uploadNote('# 作者的话\n\n感谢**各位**的月票！\n\n明天加更。\n')).toBe('感谢各位的月票！\n明天加更。\n');
    expect(uploadNote('\n\n')).toBeNull();
  });

  it("the platform's title rules: a forbidden word or another chapter's number; none without a platform", () => {
    const qidian = resolveQuality({ platform: 'qidian', title: { forbidden: ['最终章'] } });
    expect(titleProblem(7, '第7章 最终章', qidian)).toEqual({ kind: 'forbidden', word: '最终章' });
    expect(titleProblem(7, '第八章 雨夜', qidian)).toEqual({ kind: 'number', named: 8 });
    expect(titleProblem(7, '第七章 雨夜', qidian)).toBeNull();
    expect(titleProblem(7, '第八章 雨夜', resolveQuality({ platform: 'none' }))).toBeNull();
  });
});

describe('titleRefusal: one refusal for export --upload and publish', () => {
  it('names the chapter, the title and the rule; none for a title the platform takes', async () => {
    const { render } = await import('../../src/core/messages.js');
    const qidian = resolveQuality({ platform: 'qidian', title: { forbidden: ['最终章'] } });
    const refused = titleRefusal(7, '第八章 雨夜', qidian, 'publish');
    expect(refused?.code).toBe('title_refused');
    expect(refused?.exitCode).toBe(2);
    expect(render('en', refused?.said ?? '')).toBe(
      'chapter 7\'s title "第八章 雨夜" names chapter 8: nothing was published',
    );
    const exported = titleRefusal(7, '第7章 最终章', qidian, 'export');
    expect(render('zh', exported?.said ?? '')).toBe(
      '第 7 章的标题“第7章 最终章”含 qidian 不允许出现在标题中的“最终章”：未导出任何文件',
    );
    expect(titleRefusal(7, '第七章 雨夜', qidian, 'export')).toBeNull();
  });
});
