import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recentMemory, upsertChapterMemory } from '../../src/core/chapter-memory.js';

describe('upsertChapterMemory', () => {
  it('adds an entry in chapter order', () => {
    expect(upsertChapterMemory([{ chapter: 1 }, { chapter: 3 }], { chapter: 2, x: 1 })).toEqual([
      { chapter: 1 },
      { chapter: 2, x: 1 },
      { chapter: 3 },
    ]);
  });
  it("replaces the chapter's entry", () => {
    const ledger = [
      { chapter: 1, v: 'old' },
      { chapter: 2, v: 'old' },
    ];
    expect(upsertChapterMemory(ledger, { chapter: 1, v: 'new' })).toEqual([
      { chapter: 1, v: 'new' },
      { chapter: 2, v: 'old' },
    ]);
    expect(ledger[0]!.v).toBe('old');
  });
  it('property: one entry per chapter, sorted, the upserted one present', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 100 })), fc.integer({ min: 1, max: 100 }), (chapters, c) => {
        const out = upsertChapterMemory(
          chapters.map((n) => ({ chapter: n })),
          { chapter: c, mark: true },
        );
        const ns = out.map((e) => e.chapter as number);
        expect(ns).toEqual([...new Set([...chapters, c])].sort((a, b) => a - b));
        expect(out.filter((e) => e.chapter === c)).toEqual([{ chapter: c, mark: true }]);
      }),
    );
  });
});

describe('recentMemory', () => {
  const ledger = [1, 2, 3, 4, 5, 6].map((chapter) => ({ chapter }));
  it('the latest entries strictly before the chapter, oldest first', () => {
    expect(recentMemory(ledger, 5, 2)).toEqual([{ chapter: 3 }, { chapter: 4 }]);
    expect(recentMemory(ledger, 2, 5)).toEqual([{ chapter: 1 }]);
    expect(recentMemory(ledger, 1, 3)).toEqual([]);
    expect(recentMemory(ledger, 100, 1)).toEqual([{ chapter: 6 }]);
  });
  it('none when none are asked for (memory_context_chapters 0)', () => {
    expect(recentMemory(ledger, 5, 0)).toEqual([]);
  });
  it('entries without a numeric chapter are skipped', () => {
    expect(recentMemory([{ chapter: '1' }, { chapter: 2 }, {}], 5, 5)).toEqual([{ chapter: 2 }]);
  });
});
