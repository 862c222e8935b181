import { describe, expect, it } from 'vitest';
import { renderTable, rowOf, totalOf } from '../../src/core/chapter-table.js';

const LOG = {
  title: '第1章 雨夜',
  zishu: 3000,
  han: 2800,
  overall: 4.2,
  gate: { decision: 'pass', overall_final: 4.0 },
  revisions: 1,
  committed_at: '2025-01-01T00:00:00Z',
  lint: { hard: 0, soft: 2, blacklist_per_kchars: 1.5 },
  hook_strength: 4,
  stages: [
    { executor: 'claude', input_tokens: 100, output_tokens: 50, cost_usd: 0.1, duration_ms: 1000 },
    { executor: 'claude', input_tokens: 10, output_tokens: 5, cost_usd: 0.2, duration_ms: 500 },
  ],
};

describe('rowOf', () => {
  it('reads the chapter log', () => {
    expect(rowOf(1, LOG)).toEqual({
      chapter: 1,
      title: '第1章 雨夜',
      zishu: 3000,
      han: 2800,
      overall: 4.2,
      gate: 'pass',
      revisions: 1,
      tokens: 165,
      cost_usd: 0.3,
      duration_ms: 1500,
      committed_at: '2025-01-01T00:00:00Z',
      lint_hard: 0,
      lint_soft: 2,
      blacklist_per_kchars: 1.5,
      hook_strength: 4,
    });
  });
  it('a stage of an executor without a cost makes the cost unknown; no stages: unknown too', () => {
    expect(rowOf(1, { ...LOG, stages: [...LOG.stages, { executor: 'codex' }] }).cost_usd).toBeNull();
    expect(rowOf(1, {}).cost_usd).toBeNull();
  });
  it('fallbacks: the gate overall, force pass, nulls', () => {
    expect(rowOf(2, { gate: { force_passed: true, decision: 'revise', overall_final: 3.1 } })).toMatchObject({
      overall: 3.1,
      gate: 'force pass',
      revisions: 0,
      title: null,
      zishu: null,
      lint_hard: null,
      tokens: 0,
    });
    expect(rowOf(2, { gate: { decision: 7 }, lint: 'x' })).toMatchObject({ gate: null, lint_hard: null });
  });
});

describe('totalOf and renderTable', () => {
  it('sums the rows; cost is unknown when any is', () => {
    const a = rowOf(1, LOG);
    const b = rowOf(2, { ...LOG, zishu: null, revisions: 2 });
    expect(totalOf([a, b])).toEqual({
      chapters: 2,
      zishu: 3000,
      han: 5600,
      revisions: 3,
      tokens: 330,
      cost_usd: 0.6,
      duration_ms: 3000,
    });
    expect(totalOf([a, rowOf(3, {})]).cost_usd).toBeNull();
    expect(totalOf([]).cost_usd).toBeNull();
  });
  it('a header, a line per row, and the total', () => {
    const lines = renderTable([rowOf(1, LOG), rowOf(2, {})]).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]!.startsWith('chapter  字数')).toBe(true);
    expect(lines[1]).toContain('pass');
    expect(lines[1]).toContain('0/2');
    expect(lines[1]).toContain('$0.3000');
    expect(lines[1]!.endsWith('第1章 雨夜')).toBe(true);
    expect(lines[2]).toContain('?');
    expect(lines[3]!.startsWith('  total    3000    2800')).toBe(true);
    expect(lines[3]).toContain('2 chapter(s)');
  });
});
