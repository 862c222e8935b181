/** The pure decisions of novel doctor: orphaned staging files, outline and contract coverage. */
import { describe, expect, it } from 'vitest';
import { orphanedStaging, upcomingCoverage } from '../../src/core/doctor-rules.js';

describe('doctor rules', () => {
  it(
    'a staged file belongs to the chapter in progress, a storyline ' +
      'memory or the plan being made; bookkeeping is never an orphan',
    () => {
      const files = [
        'staging/chapters/chapter-004.md',
        'staging/state/chapter-004-delta.json',
        'staging/storylines/main-sword/memory.md',
        'staging/chapters/chapter-019.md',
        'staging/volumes/vol-02/outline.md',
        'staging/revisions/chapter-003/round-1/chapters/chapter-003.md',
        'staging/manifests/chapter-003-draft.json',
      ];
      expect(orphanedStaging(files, { chapter: 4, mode: 'normal', volume: 1 }, 3)).toEqual([
        'staging/chapters/chapter-019.md',
        'staging/volumes/vol-02/outline.md',
      ]);
      expect(orphanedStaging(files, { chapter: null, mode: 'plan', volume: 2 }, 30)).toEqual([
        'staging/chapters/chapter-004.md',
        'staging/state/chapter-004-delta.json',
        'staging/chapters/chapter-019.md',
      ]);
    },
  );

  it(
    'coverage looks ahead to the end of the book, past the end of the ' +
      'volume (the next volume is planned when the book gets there)',
    () => {
      const outlined = new Set([4, 5, 6, 8]);
      const hasContract = (c: number) => c !== 5;
      expect(
        upcomingCoverage({
          lastCompleted: 3,
          volume: 1,
          chaptersPerVolume: 30,
          bookChapters: null,
          upcoming: 10,
          outlined,
          hasContract,
        }),
      ).toEqual({ missing: [7, 9, 10, 11, 12, 13], noContract: [5] });
      expect(
        upcomingCoverage({
          lastCompleted: 3,
          volume: 1,
          chaptersPerVolume: 6,
          bookChapters: null,
          upcoming: 10,
          outlined,
          hasContract,
        }),
      ).toEqual({ missing: [7, 9, 10, 11, 12, 13], noContract: [5] });
      expect(
        upcomingCoverage({
          lastCompleted: 3,
          volume: 1,
          chaptersPerVolume: 30,
          bookChapters: 8,
          upcoming: 10,
          outlined,
          hasContract,
        }),
      ).toEqual({ missing: [7], noContract: [5] });
    },
  );
});
