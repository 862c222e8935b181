/**
 * world-rules.ts: hard_rules_list (PROTOCOL §9) — the hard rules of
 * world/rules.json, sorted by id, each rendered as
 * `- [ID][category] rule (exceptions: a; b)`.
 */
import { describe, expect, it } from 'vitest';
import { hardRulesList } from '../../../src/core/context/world-rules.js';

describe('hardRulesList', () => {
  it('renders hard rules sorted by id, with exceptions joined by "; "', () => {
    expect(
      hardRulesList({
        rules: [
          { id: 'W-3', category: '门规', rule: '不得私斗', constraint_type: 'hard', exceptions: ['比武', '自卫'] },
          { id: 'W-1', category: '灵力', rule: '筑基前不能御剑', constraint_type: 'hard' },
          { id: 'W-2', category: '地理', rule: '北境终年积雪', constraint_type: 'soft' },
        ],
      }),
    ).toEqual(['- [W-1][灵力] 筑基前不能御剑', '- [W-3][门规] 不得私斗 (exceptions: 比武; 自卫)']);
  });

  it('sorts by id as strings in code-unit order, not numerically', () => {
    const rules = ['r10', 'r2', 'R1', 'r1'].map((id) => ({ id, category: 'c', rule: id, constraint_type: 'hard' }));
    expect(hardRulesList({ rules })).toEqual(['- [R1][c] R1', '- [r1][c] r1', '- [r10][c] r10', '- [r2][c] r2']);
  });

  it('keeps file order for rules that share an id', () => {
    const rules = [
      { id: 'same', category: 'a', rule: '先', constraint_type: 'hard' },
      { id: 'same', category: 'b', rule: '后', constraint_type: 'hard' },
    ];
    expect(hardRulesList({ rules })).toEqual(['- [same][a] 先', '- [same][b] 后']);
  });

  it('renders a missing category or rule as empty text', () => {
    expect(hardRulesList({ rules: [{ id: 'x', constraint_type: 'hard' }] })).toEqual(['- [x][] ']);
    expect(hardRulesList({ rules: [{ id: 'x', constraint_type: 'hard', category: null, rule: null }] })).toEqual([
      '- [x][] ',
    ]);
  });

  it('stringifies non-string category, rule and exception values', () => {
    expect(
      hardRulesList({ rules: [{ id: 'n', category: 7, rule: 8, constraint_type: 'hard', exceptions: [1, '二'] }] }),
    ).toEqual(['- [n][7] 8 (exceptions: 1; 二)']);
  });

  it('omits the exceptions suffix for an empty or non-array exceptions field', () => {
    expect(
      hardRulesList({ rules: [{ id: 'e', category: 'c', rule: 'r', constraint_type: 'hard', exceptions: [] }] }),
    ).toEqual(['- [e][c] r']);
    expect(
      hardRulesList({ rules: [{ id: 'e', category: 'c', rule: 'r', constraint_type: 'hard', exceptions: '比武' }] }),
    ).toEqual(['- [e][c] r']);
  });

  it('renders a single exception without a separator', () => {
    expect(
      hardRulesList({ rules: [{ id: 'e', category: 'c', rule: 'r', constraint_type: 'hard', exceptions: ['唯一'] }] }),
    ).toEqual(['- [e][c] r (exceptions: 唯一)']);
  });

  it('leaves out soft rules, rules without a string id, and non-object entries', () => {
    expect(
      hardRulesList({
        rules: [
          { id: 's', rule: 'soft', constraint_type: 'soft' },
          { id: 'u', rule: 'untyped' },
          { id: 'H', rule: 'upper case type', constraint_type: 'HARD' },
          { id: 7, rule: 'numeric id', constraint_type: 'hard' },
          { rule: 'no id', constraint_type: 'hard' },
          'hard',
          null,
          ['hard'],
          { id: 'ok', category: 'c', rule: 'kept', constraint_type: 'hard' },
        ],
      }),
    ).toEqual(['- [ok][c] kept']);
  });

  it('is empty when the file is missing, malformed or has no rules array', () => {
    expect(hardRulesList(undefined)).toEqual([]);
    expect(hardRulesList(null)).toEqual([]);
    expect(hardRulesList([{ id: 'x', constraint_type: 'hard' }])).toEqual([]);
    expect(hardRulesList({})).toEqual([]);
    expect(hardRulesList({ rules: { id: 'x', constraint_type: 'hard' } })).toEqual([]);
    expect(hardRulesList({ rules: [] })).toEqual([]);
  });
});
