/** Outline blocks and their key lines (PROTOCOL §9.1), Chinese key names included. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blockKeyLines,
  nearMissHeading,
  OUTLINE_KEY_ALIASES,
  OUTLINE_KEYS,
  outlineBlock,
  outlineBlocks,
  outlineChapters,
} from '../../src/core/outline.js';

const outline = `# 卷

### 第 1 章: 起
- **Storyline**: main
- **POV**: 林

### 第 12 章：中
- **故事线**：main-sword
- **视角**: 林青岚
- **地点：** 藏经阁
- **冲突**：擅闯
- **弧线**：冒险
- **伏笔**：无
- **状态变化**：无
- **过渡提示**：引出第13章
- **Note** without colon

### 第 120 章
- **POV**: 某
`;

describe('outline', () => {
  it('### 第 12 章 matches chapter 12 only, never 1 or 120', () => {
    expect(outlineBlock(outline, 12)?.heading).toBe('### 第 12 章：中');
    expect(outlineBlock(outline, 1)?.heading).toBe('### 第 1 章: 起');
    expect(outlineBlock(outline, 120)?.heading).toBe('### 第 120 章');
    expect(outlineChapters(outline)).toEqual([1, 12, 120]);
  });

  it('Chinese key names are read as their English names, with ASCII or full-width colons', () => {
    const keys = blockKeyLines(outlineBlock(outline, 12)!);
    expect(keys).toEqual({
      Storyline: 'main-sword',
      POV: '林青岚',
      Location: '藏经阁',
      Conflict: '擅闯',
      Arc: '冒险',
      Foreshadowing: '无',
      StateChanges: '无',
      TransitionHint: '引出第13章',
    });
    expect(new Set(Object.values(OUTLINE_KEY_ALIASES))).toEqual(new Set(OUTLINE_KEYS));
  });
});

describe('outline tolerance (PROTOCOL §14)', () => {
  const tolerant = `# 卷

### 第十二章：风起
- 故事线：main-sword
- POV: 林青岚
- **Location**: 藏经阁
- 备注：不是关键行

### 第１３章 雨夜
- **冲突**：擅闯

### 第一百零二章
- Arc: 成长

## 第14章 少了一个井号
###第15章 少了空格
第3章节奏说明
`;

  it('headings with Chinese numerals or full-width digits open blocks; key lines are read with or without bold', () => {
    expect(outlineChapters(tolerant)).toEqual([12, 13, 102]);
    expect(blockKeyLines(outlineBlock(tolerant, 12)!)).toEqual({
      Storyline: 'main-sword',
      POV: '林青岚',
      Location: '藏经阁',
    });
    expect(blockKeyLines(outlineBlock(tolerant, 13)!)).toEqual({ Conflict: '擅闯' });
    expect(blockKeyLines(outlineBlock(tolerant, 102)!)).toEqual({ Arc: '成长' });
  });

  it('a missing block names the closest near-miss line', () => {
    expect(nearMissHeading(tolerant, 14)).toEqual({ line: 15, text: '## 第14章 少了一个井号' });
    expect(nearMissHeading(tolerant, 15)).toEqual({ line: 16, text: '###第15章 少了空格' });
    expect(nearMissHeading(tolerant, 12)).toBeNull();
    expect(nearMissHeading(tolerant, 99)).toBeNull();
  });

  it('a heading-like line with its unit mistyped comes before an earlier line that mentions the chapter', () => {
    const outline = [
      '### 第11章 前夜',
      '- **Arc**: 主角为第12章的大比做准备',
      '',
      '### 第十二张 大比',
      '- **Arc**: 一战成名',
    ].join('\n');
    expect(nearMissHeading(outline, 12)).toEqual({ line: 4, text: '### 第十二张 大比' });
    expect(nearMissHeading('- **Arc**: 为第12章做准备', 12)).toEqual({ line: 1, text: '- **Arc**: 为第12章做准备' });
  });
});

describe('reading one block, and the chapters of an outline read again', () => {
  // Outlines made of chapter headings (some repeated, some written in Chinese numerals or with a CRLF), other headings,
  // key lines and blank lines.
  const line = fc.oneof(
    fc.integer({ min: 1, max: 30 }).map((n) => `### 第 ${n} 章: 题`),
    fc.constantFrom('### 第十二章', '### 第３章\r', '### 备注', '## 第 5 章', '- **POV**: 林', '', '正文一行'),
  );
  const outlines = fc.array(line, { maxLength: 40 }).map((ls) => ls.join('\n'));

  // The blocks as §9.1 words them, written independently of src/core/outline.ts: a `### 第 C 章` line opens a block,
  // any `### ` line (or the end) closes it; the trailing blank lines go.
  const referenceBlocks = (text: string) => {
    const lines = text.split(/\r?\n/);
    const out: Array<{ chapter: number; heading: string; text: string; line: number }> = [];
    let open: { chapter: number; start: number } | null = null;
    const close = (end: number) => {
      if (open)
        out.push({
          chapter: open.chapter,
          heading: lines[open.start] as string,
          text: lines.slice(open.start, end).join('\n').replace(/\n+$/, ''),
          line: open.start + 1,
        });
      open = null;
    };
    lines.forEach((l, i) => {
      if (!l.startsWith('### ')) return;
      close(i);
      const m = /^### 第\s*([0-9０-９一二三四五六七八九十百千零两]+)\s*章(?=$|[:：\s])/.exec(l);
      if (m) open = { chapter: outlineChapters(l)[0] as number, start: i };
    });
    close(lines.length);
    return out;
  };

  it('outlineBlocks gives the blocks §9.1 describes', () => {
    fc.assert(
      fc.property(outlines, (text) => {
        expect(outlineBlocks(text)).toEqual(referenceBlocks(text));
      }),
    );
  });

  it('outlineBlock gives the first block outlineBlocks gives for the chapter', () => {
    fc.assert(
      fc.property(outlines, fc.integer({ min: 1, max: 30 }), (text, chapter) => {
        expect(outlineBlock(text, chapter)).toEqual(outlineBlocks(text).find((b) => b.chapter === chapter));
      }),
    );
  });

  it('outlineChapters answers an outline asked again as the first time; a change of its array changes neither', () => {
    fc.assert(
      fc.property(outlines, outlines, (a, b) => {
        const first = outlineChapters(a);
        const expected = [...new Set(outlineBlocks(a).map((x) => x.chapter))].sort((p, q) => p - q);
        expect(first).toEqual(expected);
        first.push(999);
        expect(outlineChapters(a)).toEqual(expected);
        expect(outlineChapters(b)).toEqual([...new Set(outlineBlocks(b).map((x) => x.chapter))].sort((p, q) => p - q));
        expect(outlineChapters(a)).toEqual(expected);
      }),
    );
  });
});
