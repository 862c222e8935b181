/**
 * derived-contract.ts: the contract derived from an outline block's key
 * lines (PROTOCOL §14) — objectives from Conflict / Arc (or a generic outline
 * objective), storyline_id only when it is a slug, optional postconditions
 * and transition hint, always `derived: true`.
 */
import { describe, expect, it } from 'vitest';
import { deriveContract } from '../../../src/core/context/derived-contract.js';

describe('deriveContract', () => {
  it('derives every field from a full block, in a fixed key order', () => {
    const c = deriveContract(4, {
      Storyline: 'main-sword',
      Conflict: '林青岚夜闯藏经阁',
      Arc: '从怯到勇',
      StateChanges: '林青岚受伤',
      TransitionHint: '转入暗流',
      POV: '林青岚',
    });
    expect(c).toStrictEqual({
      chapter: 4,
      storyline_id: 'main-sword',
      objectives: [
        { id: 'c004-o1', type: 'conflict', required: true, description: '林青岚夜闯藏经阁' },
        { id: 'c004-o2', type: 'arc', required: false, description: '从怯到勇' },
      ],
      postconditions: { state_changes: '林青岚受伤' },
      transition_hint: { note: '转入暗流' },
      derived: true,
    });
    expect(Object.keys(c)).toEqual([
      'chapter',
      'storyline_id',
      'objectives',
      'postconditions',
      'transition_hint',
      'derived',
    ]);
  });

  it('without key lines: one required outline objective and nothing optional', () => {
    expect(deriveContract(12, {})).toStrictEqual({
      chapter: 12,
      objectives: [
        { id: 'c012-o1', type: 'outline', required: true, description: 'the chapter does what its outline block says' },
      ],
      derived: true,
    });
  });

  it('Conflict only: one required conflict objective', () => {
    expect(deriveContract(1, { Conflict: '冲突' }).objectives).toStrictEqual([
      { id: 'c001-o1', type: 'conflict', required: true, description: '冲突' },
    ]);
  });

  it('Arc only: the arc objective (still id o2) becomes required', () => {
    expect(deriveContract(1, { Arc: '成长' }).objectives).toStrictEqual([
      { id: 'c001-o2', type: 'arc', required: true, description: '成长' },
    ]);
  });

  it('treats empty key values as absent', () => {
    expect(
      deriveContract(2, { Conflict: '', Arc: '', Storyline: '', StateChanges: '', TransitionHint: '' }),
    ).toStrictEqual({
      chapter: 2,
      objectives: [
        { id: 'c002-o1', type: 'outline', required: true, description: 'the chapter does what its outline block says' },
      ],
      derived: true,
    });
  });

  it('pads the chapter to three digits and leaves longer numbers as they are', () => {
    expect(deriveContract(48, { Conflict: 'x' }).objectives).toEqual([expect.objectContaining({ id: 'c048-o1' })]);
    expect(
      (deriveContract(1200, { Conflict: 'x', Arc: 'y' }).objectives as Array<{ id: string }>).map((o) => o.id),
    ).toEqual(['c1200-o1', 'c1200-o2']);
  });

  it('keeps storyline_id only when the Storyline line is a slug', () => {
    const storyline = (s: string): unknown => deriveContract(3, { Storyline: s }).storyline_id;
    expect(storyline('main')).toBe('main');
    expect(storyline('0-side_line')).toBe('0-side_line');
    expect(storyline('a'.repeat(64))).toBe('a'.repeat(64));
    for (const bad of ['主线', 'Main', '-main', '_main', 'main line', 'main!', '!main', 'a'.repeat(65), ' main']) {
      expect(storyline(bad), bad).toBeUndefined();
      expect('storyline_id' in deriveContract(3, { Storyline: bad }), bad).toBe(false);
    }
  });

  it('only StateChanges or only TransitionHint adds just that field', () => {
    expect(deriveContract(5, { StateChanges: '得剑' })).toStrictEqual({
      chapter: 5,
      objectives: [
        { id: 'c005-o1', type: 'outline', required: true, description: 'the chapter does what its outline block says' },
      ],
      postconditions: { state_changes: '得剑' },
      derived: true,
    });
    expect(deriveContract(5, { TransitionHint: '下一章转回宗门' })).toStrictEqual({
      chapter: 5,
      objectives: [
        { id: 'c005-o1', type: 'outline', required: true, description: 'the chapter does what its outline block says' },
      ],
      transition_hint: { note: '下一章转回宗门' },
      derived: true,
    });
  });

  it('returns a fresh object each call', () => {
    const a = deriveContract(6, { Conflict: 'x' });
    const b = deriveContract(6, { Conflict: 'x' });
    expect(a).toStrictEqual(b);
    expect(a).not.toBe(b);
  });
});
