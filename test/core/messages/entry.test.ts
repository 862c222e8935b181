/** A message entry and said words: the leaf the catalogue builds on. */
import { describe, expect, it } from 'vitest';
import { entry, isSaid } from '../../../src/core/messages/entry.js';

describe('message entries and said words', () => {
  it('an entry holds both languages over one argument type', () => {
    const e = entry<{ n: number }>(
      (a) => `${a.n} chapter(s)`,
      (a) => `${a.n} 章`,
    );
    expect([e.en({ n: 2 }), e.zh({ n: 2 })]).toEqual(['2 chapter(s)', '2 章']);
  });
  it('tells said words from plain text and other values', () => {
    expect(isSaid({ id: 'error.hint', args: {} })).toBe(true);
    expect(isSaid('error.hint')).toBe(false);
    expect(isSaid({ id: 'x' })).toBe(false);
    expect(isSaid(null)).toBe(false);
  });
});
