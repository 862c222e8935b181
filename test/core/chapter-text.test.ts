import { describe, expect, it } from 'vitest';
import { chapterTitle, firstNonEmptyLine, isNonEmptyText } from '../../src/core/chapter-text.js';

describe('chapter text', () => {
  it('isNonEmptyText', () => {
    expect(isNonEmptyText('')).toBe(false);
    expect(isNonEmptyText(' \n\t\r\n　')).toBe(false);
    expect(isNonEmptyText('\n字')).toBe(true);
  });
  it('firstNonEmptyLine, without its line ending', () => {
    expect(firstNonEmptyLine('\n  \r\n# T\r\nbody')).toBe('# T');
    expect(firstNonEmptyLine('  a  \nb')).toBe('  a  ');
    expect(firstNonEmptyLine('\n\n')).toBeUndefined();
  });
  it('chapterTitle: a "# " line or a bare "#", trimmed', () => {
    expect(chapterTitle('\n# 第4章 雨夜  \n正文')).toBe('# 第4章 雨夜');
    expect(chapterTitle('#\n正文')).toBe('#');
    expect(chapterTitle('  #  \n正文')).toBe('#');
    expect(chapterTitle('#标题\n正文')).toBeUndefined();
    expect(chapterTitle('## 二级\n正文')).toBeUndefined();
    expect(chapterTitle('正文\n# 标题')).toBeUndefined();
    expect(chapterTitle(' # 缩进')).toBeUndefined();
    expect(chapterTitle('')).toBeUndefined();
  });
});
