import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convergenceChapters, isKeyChapter } from '../../src/core/key-chapters.js';

describe('convergenceChapters', () => {
  it('every chapter of every range, once, ascending; null and malformed ranges skipped', () => {
    const schedule = {
      convergence_events: [
        { chapter_range: [14, 16], involved_storylines: ['a', 'b'] },
        { chapter_range: [12, 14] },
        { chapter_range: null },
        { chapter_range: [1, 2, 3] },
        { chapter_range: [5.5, 7] },
        { chapter_range: ['1', '2'] },
        'not an object',
      ],
    };
    expect(convergenceChapters(schedule)).toEqual([12, 13, 14, 15, 16]);
  });
  it('no schedule or no events: none; an inverted range: none', () => {
    expect(convergenceChapters(null)).toEqual([]);
    expect(convergenceChapters({})).toEqual([]);
    expect(convergenceChapters({ convergence_events: 'x' })).toEqual([]);
    expect(convergenceChapters({ convergence_events: [{ chapter_range: [9, 3] }] })).toEqual([]);
  });
  it('a huge range is bounded to 10 000 chapters', () => {
    expect(convergenceChapters({ convergence_events: [{ chapter_range: [1, 1e9] }] })).toHaveLength(10_000);
  });
});

describe('isKeyChapter', () => {
  const outline = [11, 12, 13, 14, 15];
  it('the first and last outlined chapters and convergence chapters are key', () => {
    expect(isKeyChapter(11, outline, [])).toBe(true);
    expect(isKeyChapter(15, outline, [])).toBe(true);
    expect(isKeyChapter(13, outline, [])).toBe(false);
    expect(isKeyChapter(13, outline, [13])).toBe(true);
    expect(isKeyChapter(13, [], [])).toBe(false);
    expect(isKeyChapter(13, [], [12, 13])).toBe(true);
  });
  it('property: matches the definition, outline order irrelevant', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 20 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 5 }),
        (c, o, conv) => {
          const expected = (o.length > 0 && (c === Math.min(...o) || c === Math.max(...o))) || conv.includes(c);
          expect(isKeyChapter(c, o, conv)).toBe(expected);
        },
      ),
    );
  });
});
