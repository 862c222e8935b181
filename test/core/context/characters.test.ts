/**
 * characters.ts: L2 pruning (PROTOCOL §9). With a contract's
 * preconditions.character_states, exactly those characters (display names or
 * slugs → slugs, sorted, no cap; unknown names warned about). Otherwise at most
 * 15 characters by last appearance in the 10 latest summaries (newest first),
 * then slug ascending.
 */
import { describe, expect, it } from 'vitest';
import { L2_CAP, L2_SUMMARY_WINDOW, selectCharacters } from '../../../src/core/context/characters.js';
import type { Diagnostic } from '../../../src/schemas/diagnostics.js';

/** Diagnostics as their English reads (the said words they carry render to it). */
const english = (ds: readonly Diagnostic[]): Diagnostic[] => ds.map(({ words: _words, ...d }) => d);

const CONTRACT = 'volumes/vol-01/chapter-contracts/chapter-007.json';

describe('constants', () => {
  it('caps at 15 characters over a 10-summary window', () => {
    expect(L2_CAP).toBe(15);
    expect(L2_SUMMARY_WINDOW).toBe(10);
  });
});

describe('selectCharacters: contract preconditions', () => {
  const map = { lin: '林青岚', su: '苏晚雪', heisha: '黑煞', 'a-zhu': '阿竹' };

  it('loads exactly the named characters, mapped to slugs and sorted by slug', () => {
    const sel = selectCharacters(
      map,
      { preconditions: { character_states: { 黑煞: {}, 林青岚: { mood: '怒' } } } },
      CONTRACT,
      [{ chapter: 6, text: '苏晚雪 阿竹' }],
    );
    expect(sel).toEqual({ slugs: ['heisha', 'lin'], rule: 'contract_preconditions', problems: [] });
  });

  it('accepts a slug in place of a display name and does not list a character twice', () => {
    const sel = selectCharacters(
      map,
      { preconditions: { character_states: { su: {}, 苏晚雪: {}, 'a-zhu': {} } } },
      CONTRACT,
      [],
    );
    expect(sel.slugs).toEqual(['a-zhu', 'su']);
    expect(sel.problems).toEqual([]);
  });

  it('prefers a display-name match over a slug match for the same key', () => {
    const sel = selectCharacters(
      { alpha: 'beta', beta: '乙' },
      { preconditions: { character_states: { beta: {} } } },
      CONTRACT,
      [],
    );
    expect(sel.slugs).toEqual(['alpha']);
  });

  it('warns about each unknown name, naming the contract and the field, and keeps the known ones', () => {
    const sel = selectCharacters(
      map,
      { preconditions: { character_states: { 路人: {}, 林青岚: {}, ghost: {} } } },
      CONTRACT,
      [],
    );
    expect(sel.slugs).toEqual(['lin']);
    expect(sel.rule).toBe('contract_preconditions');
    expect(english(sel.problems)).toEqual([
      {
        severity: 'warning',
        code: 'unknown_character',
        file: CONTRACT,
        field: 'preconditions.character_states.路人',
        expected: 'the display_name of a character in characters/active/',
        found: '"路人"',
        fix: 'add the character file or correct the name',
        message:
          `${CONTRACT}: field "preconditions.character_states.路人": expected ` +
          `the display_name of a character in characters/active/, found "路人"`,
      },
      expect.objectContaining({
        code: 'unknown_character',
        field: 'preconditions.character_states.ghost',
        found: '"ghost"',
      }),
    ]);
  });

  it('has no cap: twenty named characters give twenty slugs', () => {
    const big = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`c${String(i).padStart(2, '0')}`, `角色${i}`]),
    );
    const states = Object.fromEntries(
      Object.values(big)
        .reverse()
        .map((n) => [n, {}]),
    );
    const sel = selectCharacters(big, { preconditions: { character_states: states } }, CONTRACT, []);
    expect(sel.slugs).toEqual(Object.keys(big));
  });

  it('an empty character_states object loads no character (it does not fall back to recency)', () => {
    const sel = selectCharacters(map, { preconditions: { character_states: {} } }, CONTRACT, [
      { chapter: 6, text: '林青岚' },
    ]);
    expect(sel).toEqual({ slugs: [], rule: 'contract_preconditions', problems: [] });
  });
});

describe('selectCharacters: recent appearance', () => {
  it('falls back to recency without a contract, without preconditions, or when they are not objects', () => {
    const map = { lin: '林青岚' };
    const summaries = [{ chapter: 3, text: '林青岚' }];
    for (const contract of [
      undefined,
      {},
      { preconditions: [] },
      { preconditions: 'x' },
      { preconditions: {} },
      { preconditions: { character_states: [] } },
      { preconditions: { character_states: null } },
    ]) {
      expect(selectCharacters(map, contract, CONTRACT, summaries)).toEqual({
        slugs: ['lin'],
        rule: 'recent_appearance',
        problems: [],
      });
    }
  });

  it('orders by the chapter of the newest summary naming the character, then slug ascending for the rest', () => {
    const map = { zed: '甲', yan: '乙', xu: '丙', wu: '丁', vo: '戊' };
    const summaries = [
      { chapter: 9, text: '丙与甲' },
      { chapter: 8, text: '乙' },
      { chapter: 5, text: '甲、乙' },
    ];
    const sel = selectCharacters(map, undefined, CONTRACT, summaries);
    expect(sel).toEqual({ slugs: ['xu', 'zed', 'yan', 'vo', 'wu'], rule: 'recent_appearance', problems: [] });
  });

  it('uses the summary chapter numbers, not their positions', () => {
    const map = { a: '甲', b: '乙' };
    // Newest first by contract; the chapter numbers decide, so b (ch. 40) comes before a (ch. 2).
    const sel = selectCharacters(map, undefined, CONTRACT, [
      { chapter: 2, text: '甲' },
      { chapter: 40, text: '乙' },
    ]);
    expect(sel.slugs).toEqual(['b', 'a']);
  });

  it('takes the first (newest) summary that names a character', () => {
    const map = { a: '甲', b: '乙' };
    const sel = selectCharacters(map, undefined, CONTRACT, [
      { chapter: 9, text: '乙' },
      { chapter: 8, text: '甲' },
      { chapter: 2, text: '乙' },
    ]);
    // b's newest appearance is chapter 9 (not 2), so b (9) before a (8).
    expect(sel.slugs).toEqual(['b', 'a']);
  });

  it('a character seen only in chapter 1 still comes before characters never seen', () => {
    const sel = selectCharacters({ a: '甲', z: '乙' }, undefined, CONTRACT, [{ chapter: 1, text: '乙' }]);
    expect(sel.slugs).toEqual(['z', 'a']);
  });

  it('breaks ties in the same summary by slug ascending, whatever the map order', () => {
    expect(
      selectCharacters({ c: '丙', a: '甲', b: '乙' }, undefined, CONTRACT, [{ chapter: 4, text: '乙丙甲' }]).slugs,
    ).toEqual(['a', 'b', 'c']);
    expect(selectCharacters({ b: '乙', c: '丙', a: '甲' }, undefined, CONTRACT, []).slugs).toEqual(['a', 'b', 'c']);
  });

  it('looks only at the first 10 summaries', () => {
    const summaries = Array.from({ length: 11 }, (_, i) => ({
      chapter: 20 - i,
      text: i === 10 ? '乙' : i === 9 ? '甲' : '无名',
    }));
    // 甲 is in the 10th summary (chapter 11): seen. 乙 only in the 11th: unseen, so after 丙 (never seen) by slug.
    expect(selectCharacters({ z: '甲', b: '乙', a: '丙' }, undefined, CONTRACT, summaries).slugs).toEqual([
      'z',
      'a',
      'b',
    ]);
  });

  it('keeps at most 15 characters: the most recent ones', () => {
    const map = Object.fromEntries(
      Array.from({ length: 17 }, (_, i) => [
        `c${String(i).padStart(2, '0')}`,
        `角色${String.fromCharCode(0x4e00 + i)}`,
      ]),
    );
    const sel = selectCharacters(map, undefined, CONTRACT, [{ chapter: 3, text: `${map.c16}${map.c15}` }]);
    expect(sel.slugs).toHaveLength(15);
    expect(sel.slugs).toEqual([
      'c15',
      'c16',
      ...Array.from({ length: 13 }, (_, i) => `c${String(i).padStart(2, '0')}`),
    ]);
  });

  it('keeps all when there are exactly 15', () => {
    const map = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`c${String(i).padStart(2, '0')}`, `名${i}`]));
    expect(selectCharacters(map, undefined, CONTRACT, []).slugs).toEqual(Object.keys(map));
  });

  it('is empty for an empty entity map', () => {
    expect(selectCharacters({}, undefined, CONTRACT, [{ chapter: 1, text: '林青岚' }])).toEqual({
      slugs: [],
      rule: 'recent_appearance',
      problems: [],
    });
  });
});
