import { describe, expect, it } from 'vitest';
import {
  bookTotals,
  consistencyConflicts,
  EMPTY_TOTALS,
  ledgerTotals,
  stageRecords,
  zishuOfLog,
} from '../../src/core/chapter-log.js';

describe('stageRecords', () => {
  const history = [
    { step: 'chapter:004:draft', from: 'chapter_ready', to: 'drafted', at: '2025-01-01T00:00:00Z' },
    { step: 'chapter:004:summarize', from: 'drafted', to: 'summarized', at: 't2' },
    { step: 'chapter:004:title-fix', from: 'x', to: 'y', at: 't3' },
    { step: 'chapter:004:commit', from: 'x', to: 'y', at: 't4' },
    { step: 'chapter:004:judge', from: 'refined', to: 'revising', at: 't5' },
    { step: 'chapter:004:draft', from: 'revising', to: 'drafted', at: 't6' },
    { step: 7 },
  ];
  const executions = [
    {
      step: 'chapter:004:draft',
      executor: 'claude',
      model: 'opus',
      attempts: 1,
      duration_ms: 1200,
      input_tokens: 10,
      output_tokens: 20,
      cost_usd: 0.5,
    },
    { step: 'chapter:004:judge', executor: 'codex', model: 5, attempts: '2', cost_usd: Number.NaN },
    { step: 'chapter:004:draft', executor: 'claude', model: 'sonnet', attempts: 2 },
  ];

  it('keeps the four logged stages in history order, joining the k-th advance with the k-th execution', () => {
    const r = stageRecords(history, executions);
    expect(r.map((s) => s.name)).toEqual(['draft', 'summarize', 'judge', 'draft']);
    expect(r[0]).toEqual({
      name: 'draft',
      step: 'chapter:004:draft',
      executor: 'claude',
      model: 'opus',
      attempts: 1,
      duration_ms: 1200,
      input_tokens: 10,
      output_tokens: 20,
      cost_usd: 0.5,
      from: 'chapter_ready',
      to: 'drafted',
      at: '2025-01-01T00:00:00Z',
    });
    expect(r[3]).toMatchObject({ model: 'sonnet', attempts: 2, from: 'revising', at: 't6', cost_usd: null });
  });

  it('unknown or mistyped values are null', () => {
    const r = stageRecords(history, executions);
    expect(r[1]).toMatchObject({ name: 'summarize', executor: null, model: null, attempts: null, input_tokens: null });
    expect(r[2]).toMatchObject({ executor: 'codex', model: null, attempts: null, cost_usd: null });
  });
});

describe('zishuOfLog', () => {
  it('prefers zishu, falls back to words, else null', () => {
    expect(zishuOfLog({ zishu: 3000, words: 10 })).toBe(3000);
    expect(zishuOfLog({ words: 10 })).toBe(10);
    expect(zishuOfLog({ zishu: 0, words: 10 })).toBe(0);
    expect(zishuOfLog({ zishu: '3000' })).toBeNull();
    expect(zishuOfLog({})).toBeNull();
  });
});

describe('bookTotals', () => {
  it('adds chapters, 字数, tokens and cost; counts executed stages without a cost', () => {
    const logs = [
      {
        zishu: 3000,
        stages: [
          { executor: 'claude', input_tokens: 100, output_tokens: 50, cost_usd: 0.1 },
          { executor: 'codex', input_tokens: 5 },
          { executor: null },
        ],
      },
      { words: 2000, stages: [{ executor: 'claude', cost_usd: 0.2, output_tokens: 'x' }] },
      { stages: 'not an array' },
    ];
    expect(bookTotals(logs)).toEqual({
      chapters: 3,
      zishu: 5000,
      input_tokens: 105,
      output_tokens: 50,
      cost_usd: 0.3,
      cost_unknown: 1,
    });
  });

  it('adds to a base and rounds cost to micro-dollars', () => {
    const base = { chapters: 10, zishu: 1, input_tokens: 2, output_tokens: 3, cost_usd: 1.0000001, cost_unknown: 4 };
    expect(bookTotals([{ zishu: 5, stages: [{ cost_usd: 0.0000002 }] }], base)).toEqual({
      chapters: 11,
      zishu: 6,
      input_tokens: 2,
      output_tokens: 3,
      cost_usd: 1,
      cost_unknown: 4,
    });
    expect(base.chapters).toBe(10);
  });

  it('no logs: the empty totals', () => {
    expect(bookTotals([])).toEqual(EMPTY_TOTALS);
    expect(EMPTY_TOTALS).toEqual({
      chapters: 0,
      zishu: 0,
      input_tokens: 0,
      output_tokens: 0,
      cost_usd: 0,
      cost_unknown: 0,
    });
  });
});

describe('ledgerTotals', () => {
  const ledger = {
    last_completed_chapter: 12,
    chapters: 12,
    zishu: 36000,
    input_tokens: 1,
    output_tokens: 2,
    cost_usd: 3.5,
    cost_unknown: 0,
    extra: 'x',
  };

  it('uses a ledger of the same chapter, keeping only the totals', () => {
    expect(ledgerTotals(ledger, 12)).toEqual({
      chapters: 12,
      zishu: 36000,
      input_tokens: 1,
      output_tokens: 2,
      cost_usd: 3.5,
      cost_unknown: 0,
    });
  });

  it('ignores a ledger of another chapter, a missing or non-finite figure, or no object', () => {
    expect(ledgerTotals(ledger, 11)).toBeNull();
    expect(ledgerTotals({ ...ledger, cost_usd: undefined }, 12)).toBeNull();
    expect(ledgerTotals({ ...ledger, zishu: Number.POSITIVE_INFINITY }, 12)).toBeNull();
    expect(ledgerTotals({ ...ledger, chapters: '12' }, 12)).toBeNull();
    expect(ledgerTotals(null, 12)).toBeNull();
    expect(ledgerTotals('ledger', 12)).toBeNull();
  });
});

describe('consistencyConflicts', () => {
  it('one conflict per violation in every layer, with the id, detail and all fix instructions', () => {
    const evaluation = {
      contract_verification: {
        l1_checks: [
          { rule_id: 'w1', status: 'violation', confidence: 'high', detail: 'magic without cost' },
          { rule_id: 'w2', status: 'pass', confidence: 'high' },
        ],
        l2_checks: [{ contract_id: 'c-lin', status: 'violation', confidence: 'low' }],
        l3_checks: [{ objective_id: 'o1', status: 'violation' }],
        ls_checks: [{ status: 'violation', confidence: 'medium', detail: 'leak' }],
      },
      required_fixes: [{ instruction: 'fix A' }, { target: 'x' }, { instruction: 'fix B' }],
    };
    const fixes = ['fix A', 'fix B'];
    expect(consistencyConflicts(evaluation)).toEqual([
      {
        type: 'l1_violation',
        entities: ['w1'],
        description: 'magic without cost',
        confidence: 'high',
        fix_instructions: fixes,
      },
      { type: 'l2_violation', entities: ['c-lin'], description: '', confidence: 'low', fix_instructions: fixes },
      { type: 'l3_violation', entities: ['o1'], description: '', confidence: null, fix_instructions: fixes },
      { type: 'ls_violation', entities: [], description: 'leak', confidence: 'medium', fix_instructions: fixes },
    ]);
  });

  it('no violations or no contract verification: none', () => {
    expect(consistencyConflicts({})).toEqual([]);
    expect(consistencyConflicts({ contract_verification: { l1_checks: 'x' }, required_fixes: 'y' })).toEqual([]);
  });
});
