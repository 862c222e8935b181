import { describe, expect, it } from 'vitest';
import { proseHtml, proseParagraphs, SCENE_BREAK } from '../../src/core/prose-markdown.js';

describe('proseHtml', () => {
  it('every line a paragraph, emphasis rendered', () => {
    expect(proseHtml('第一行\n第二行 **强调** 与 *斜体*')).toBe(
      '<p>第一行</p>\n<p>第二行 <strong>强调</strong> 与 <em>斜体</em></p>',
    );
  });
  it('scene breaks and quotes', () => {
    expect(proseHtml('甲\n* * *\n乙')).toBe(`<p>甲</p>\n<p class="scene-break">${SCENE_BREAK}</p>\n<p>乙</p>`);
    expect(proseHtml('> 引文')).toBe('<blockquote>\n<p>引文</p>\n</blockquote>');
  });
  it('HTML is escaped, not passed through', () => {
    expect(proseHtml('a <script>x</script> & b')).toBe('<p>a &lt;script&gt;x&lt;/script&gt; &amp; b</p>');
  });
  it('an empty body renders nothing', () => {
    expect(proseHtml('\n \n')).toBe('');
  });
});

describe('proseParagraphs', () => {
  it('plain paragraphs without marks; quotes and breaks told apart', () => {
    expect(proseParagraphs('  第一段 **强调**  \n\n> 引文 `code`\n---\n![图](x.png)')).toEqual([
      { kind: 'p', text: '第一段 强调' },
      { kind: 'quote', text: '引文 code' },
      { kind: 'break', text: SCENE_BREAK },
      { kind: 'p', text: '图' },
    ]);
  });
  it('a line that is only marks leaves nothing', () => {
    expect(proseParagraphs('****')).toEqual([{ kind: 'break', text: SCENE_BREAK }]);
    expect(proseParagraphs('')).toEqual([]);
  });
  it('the ornament', () => {
    expect(SCENE_BREAK).toBe('＊　＊　＊');
  });
});
