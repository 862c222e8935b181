/** The core area's messages: each in both languages, over the same arguments. */
import { describe, expect, it } from 'vitest';
import { CORE_GROUPS } from '../../../src/core/messages/core.js';
import { render, said } from '../../../src/core/messages.js';
import { catalogueProblems, groupsOf } from '../../helpers/catalogue.js';

describe('the core messages', () => {
  it('are each in English and Chinese, over the same arguments', () => {
    expect(catalogueProblems(groupsOf(CORE_GROUPS))).toEqual([]);
  });

  it('a list argument is written the way each language lists (English commas, Chinese 、 or ，)', () => {
    const notNew = said('transition.not_new', { requested: 'chapter:004:refine', files: ['a.md', 'b.json'] });
    expect(render('en', notNew)).toBe(
      'chapter:004:refine: the staged outputs are byte-identical to those recorded at the last advance (a.md, b.json)',
    );
    expect(render('zh', notNew)).toBe('chapter:004:refine：暂存产出与上次登记时完全相同（a.md，b.json）');
    const gap = said('plan.blocks_missing', { chapters: [31, 32] });
    expect(render('en', gap)).toBe('no block for chapter(s) 31, 32');
    expect(render('zh', gap)).toBe('第 31、32 章没有大纲段落');
  });

  it('a part left out in English is left out in Chinese too', () => {
    expect(render('en', said('gate.blocked', { violations: null, lint: 2, rules: 'cliche' }))).toBe(
      '2 hard lint finding(s) (cliche)',
    );
    expect(render('zh', said('gate.blocked', { violations: null, lint: 2, rules: 'cliche' }))).toBe(
      '2 处检查硬伤（cliche）',
    );
    expect(render('zh', said('schema.json_error', { message: 'Unexpected token', line: 3, column: 7 }))).toBe(
      'JSON 语法错误（`Unexpected token`），位置：第 3 行第 7 列',
    );
    expect(
      render('zh', said('schema.json_error', { message: 'Unexpected end of JSON input', line: 2, column: null })),
    ).toBe('JSON 语法错误（`Unexpected end of JSON input`），位置：文件末尾（第 2 行）');
    expect(render('en', said('schema.json_error', { message: 'x', line: null, column: null }))).toBe('x');
  });

  it('an argument said in its own right is said in the same language', () => {
    const refusal = said('transition.out_of_order', {
      requested: 'chapter:004:judge',
      step: 'chapter:004:draft',
      action: said('status.action', { action: 'execute' }),
    });
    expect(render('en', refusal)).toBe(
      'chapter:004:judge: out of order; the pipeline expects chapter:004:draft (execute) now',
    );
    expect(render('zh', refusal)).toBe('chapter:004:judge：顺序不对，流水线现在在等待 chapter:004:draft（执行）');
  });
});
