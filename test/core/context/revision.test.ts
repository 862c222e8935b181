/**
 * revision.ts: requiredFixes for revision mode (PROTOCOL §6) — the
 * evaluation's required_fixes ({target?, instruction}), or when it lists none,
 * the reasons of its two lowest-scoring dimensions (ties by dimension name).
 */
import { describe, expect, it } from 'vitest';
import { requiredFixes } from '../../../src/core/context/revision.js';

describe('requiredFixes: listed fixes', () => {
  it('returns the listed fixes in order, with target only when it is a string', () => {
    const evaluation = {
      required_fixes: [
        { target: '第三段', instruction: '删去重复的心理描写', severity: 'high' },
        { instruction: '结尾补一个悬念' },
        { target: 3, instruction: '统一称呼' },
        { target: null, instruction: '压缩打斗' },
      ],
      scores: { pacing: { score: 1, reason: '拖沓' } },
    };
    expect(requiredFixes(evaluation)).toStrictEqual([
      { target: '第三段', instruction: '删去重复的心理描写' },
      { instruction: '结尾补一个悬念' },
      { instruction: '统一称呼' },
      { instruction: '压缩打斗' },
    ]);
  });

  it('keeps an empty-string target and an empty instruction as given', () => {
    expect(requiredFixes({ required_fixes: [{ target: '', instruction: '' }] })).toStrictEqual([
      { target: '', instruction: '' },
    ]);
  });

  it('drops entries without a string instruction and non-object entries', () => {
    expect(
      requiredFixes({
        required_fixes: [{ target: 'a' }, { instruction: 5 }, '改结尾', null, ['x'], { instruction: '保留' }],
      }),
    ).toStrictEqual([{ instruction: '保留' }]);
  });
});

describe('requiredFixes: fallback to the lowest scores', () => {
  const scores = {
    plot: { score: 3.5, reason: '情节尚可' },
    pacing: { score: 2, reason: '中段拖沓' },
    style: { score: 4, reason: '文风稳定' },
    dialogue: { score: 2.5, reason: '对白生硬' },
  };

  it('with no required_fixes: the two lowest-scoring dimensions, lowest first', () => {
    expect(requiredFixes({ scores })).toStrictEqual([
      { target: 'pacing', instruction: '中段拖沓' },
      { target: 'dialogue', instruction: '对白生硬' },
    ]);
  });

  it('falls back when required_fixes is empty, not an array, or has no usable entry', () => {
    const expected = [
      { target: 'pacing', instruction: '中段拖沓' },
      { target: 'dialogue', instruction: '对白生硬' },
    ];
    expect(requiredFixes({ required_fixes: [], scores })).toStrictEqual(expected);
    expect(requiredFixes({ required_fixes: { instruction: 'x' }, scores })).toStrictEqual(expected);
    expect(requiredFixes({ required_fixes: [{ target: 'x' }], scores })).toStrictEqual(expected);
  });

  it('never takes a dimension scored at or above the pass score: praise is no instruction', () => {
    const praised = {
      character: { score: 4.5, reason: '人物行为符合设定' },
      plot: { score: 4.6, reason: '情节紧凑' },
      pacing: { score: 3.5, reason: '中段拖沓' },
    };
    expect(requiredFixes({ scores: praised }, 4)).toStrictEqual([{ target: 'pacing', instruction: '中段拖沓' }]);
    expect(requiredFixes({ scores: { plot: praised.plot, character: praised.character } }, 4)).toStrictEqual([]);
  });

  it('breaks score ties by dimension name, whatever the key order', () => {
    const tie = (order: string[]) => Object.fromEntries(order.map((d) => [d, { score: d === 'z' ? 1 : 2, reason: d }]));
    expect(requiredFixes({ scores: tie(['c', 'a', 'b', 'z']) }).map((f) => f.target)).toEqual(['z', 'a']);
    expect(requiredFixes({ scores: tie(['b', 'c', 'a']) }).map((f) => f.target)).toEqual(['a', 'b']);
    expect(requiredFixes({ scores: tie(['a', 'b', 'c']) }).map((f) => f.target)).toEqual(['a', 'b']);
  });

  it('handles negative and zero scores numerically', () => {
    expect(
      requiredFixes({
        scores: { a: { score: 0, reason: '零' }, b: { score: -1, reason: '负' }, c: { score: 10, reason: '十' } },
      }).map((f) => f.target),
    ).toEqual(['b', 'a']);
  });

  it('returns one entry when only one dimension has a numeric score', () => {
    expect(
      requiredFixes({
        scores: {
          a: { score: '1', reason: 'x' },
          b: 2,
          c: null,
          d: { reason: 'no score' },
          e: { score: 3, reason: '唯一' },
        },
      }),
    ).toStrictEqual([{ target: 'e', instruction: '唯一' }]);
  });

  it('turns a missing or non-string reason into text', () => {
    expect(requiredFixes({ scores: { a: { score: 1 }, b: { score: 2, reason: 42 } } })).toStrictEqual([
      { target: 'a', instruction: '' },
      { target: 'b', instruction: '42' },
    ]);
    expect(requiredFixes({ scores: { a: { score: 1, reason: null } } })).toStrictEqual([
      { target: 'a', instruction: '' },
    ]);
  });

  it('is empty without scores or with scores that are not an object', () => {
    expect(requiredFixes({})).toEqual([]);
    expect(requiredFixes({ scores: [{ score: 1, reason: 'x' }] })).toEqual([]);
    expect(requiredFixes({ scores: 'low' })).toEqual([]);
    expect(requiredFixes({ required_fixes: [] })).toEqual([]);
  });

  it('is empty for an evaluation that is not an object', () => {
    expect(requiredFixes(undefined)).toEqual([]);
    expect(requiredFixes(null)).toEqual([]);
    expect(requiredFixes([{ instruction: 'x' }])).toEqual([]);
    expect(requiredFixes('needs work')).toEqual([]);
  });
});
