import { describe, expect, it } from 'vitest';
import { diffRounds, roundsOf } from '../../src/core/draft-history.js';

const at = (k: number): string => `staging/revisions/chapter-004/round-${k}/chapters/chapter-004.md`;

describe('roundsOf', () => {
  it('sorts archived rounds and adds the current chapter after the last', () => {
    expect(roundsOf([2, 1], at, 'staging/chapters/chapter-004.md')).toEqual([
      { round: 1, path: at(1) },
      { round: 2, path: at(2) },
      { round: 3, path: 'staging/chapters/chapter-004.md' },
    ]);
  });
  it('numbers by the last archived round, gaps included', () => {
    expect(roundsOf([1, 5], at, 'c').at(-1)).toEqual({ round: 6, path: 'c' });
  });
  it('no archive: the current chapter is round 1; no current: only the archive', () => {
    expect(roundsOf([], at, 'c')).toEqual([{ round: 1, path: 'c' }]);
    expect(roundsOf([3], at, null)).toEqual([{ round: 3, path: at(3) }]);
    expect(roundsOf([], at, null)).toEqual([]);
  });
  it('leaves its input unsorted', () => {
    const archived = [3, 1, 2];
    roundsOf(archived, at, null);
    expect(archived).toEqual([3, 1, 2]);
  });
});

describe('diffRounds', () => {
  const from = { round: 1, path: 'a.md' };
  const to = { round: 2, path: 'b.md' };

  it('a unified patch with labelled files and counts of added and removed lines', () => {
    const d = diffRounds(from, '# T\none\ntwo\nthree\n', to, '# T\none\n2\nthree\nfour\n');
    expect(d.from).toBe(from);
    expect(d.to).toBe(to);
    expect(d.added).toBe(2);
    expect(d.removed).toBe(1);
    expect(d.patch).toContain('--- round-1: a.md');
    expect(d.patch).toContain('+++ round-2: b.md');
    expect(d.patch).toContain('\n-two\n');
    expect(d.patch).toContain('\n+2\n');
    expect(d.patch).toContain('\n+four\n');
  });

  it('identical texts: no hunks', () => {
    const d = diffRounds(from, 'same\n', to, 'same\n');
    expect(d.added).toBe(0);
    expect(d.removed).toBe(0);
    expect(d.patch).not.toContain('@@');
  });

  it('the ---/+++ header lines are not counted', () => {
    const d = diffRounds(from, '', to, 'a\nb\n');
    expect(d).toMatchObject({ added: 2, removed: 0 });
  });
});
