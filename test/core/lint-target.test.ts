/** Which chapter a lint of the book's own text is about: the staged text, a committed chapter's file. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chapterOfProjectFile, stagedChapterOf } from '../../src/core/lint-target.js';
import { paths } from '../../src/core/paths.js';

describe('the chapter a lint of the book’s own text is about', () => {
  it('the staged text is the chapter in flight’s, else the next chapter’s', () => {
    expect(stagedChapterOf({ inflight_chapter: 7, last_completed_chapter: 6 })).toBe(7);
    expect(stagedChapterOf({ inflight_chapter: null, last_completed_chapter: 6 })).toBe(7);
    expect(stagedChapterOf({ inflight_chapter: null, last_completed_chapter: 0 })).toBe(1);
  });

  it('a committed chapter’s file is that chapter; one not committed yet, or another file, is none', () => {
    const cp = { inflight_chapter: 4, last_completed_chapter: 3 };
    expect(chapterOfProjectFile('chapters/chapter-001.md', cp)).toBe(1);
    expect(chapterOfProjectFile('chapters/chapter-003.md', cp)).toBe(3);
    expect(chapterOfProjectFile('chapters/chapter-004.md', cp)).toBeNull();
    expect(chapterOfProjectFile('chapters/chapter-000.md', cp)).toBeNull();
    expect(chapterOfProjectFile('summaries/chapter-001-summary.md', cp)).toBeNull();
    expect(chapterOfProjectFile('notes/chapter-001.md', cp)).toBeNull();
  });

  it('the staged chapter file is the chapter whose staged text a lint reads, and no other staged chapter', () => {
    expect(
      chapterOfProjectFile('staging/chapters/chapter-004.md', { inflight_chapter: 4, last_completed_chapter: 3 }),
    ).toBe(4);
    expect(
      chapterOfProjectFile('staging/chapters/chapter-004.md', { inflight_chapter: null, last_completed_chapter: 3 }),
    ).toBe(4);
    expect(
      chapterOfProjectFile('staging/chapters/chapter-005.md', { inflight_chapter: 4, last_completed_chapter: 3 }),
    ).toBeNull();
  });

  it('for any book: every committed chapter’s file is its chapter, the staged one is the chapter in flight', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.boolean(), (last, inFlight) => {
        const cp = { inflight_chapter: inFlight ? last + 1 : null, last_completed_chapter: last };
        for (const n of [1, Math.ceil(last / 2), last].filter((c) => c >= 1 && c <= last))
          expect(chapterOfProjectFile(paths.chapter(n), cp)).toBe(n);
        expect(chapterOfProjectFile(paths.chapter(last + 1), cp)).toBeNull();
        expect(chapterOfProjectFile(paths.stagingChapter(last + 1), cp)).toBe(last + 1);
      }),
    );
  });
});
