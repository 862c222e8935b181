import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookRules,
  GATE_DECISIONS,
  RESUMABLE_STATES,
  SETUP_STEPS,
  type BookContext,
} from '../../machines/novel.setup.js';
import { initialContext } from '../../machines/pipeline.states.js';

const ctx = (over: Partial<BookContext> = {}): BookContext => ({ ...initialContext({ chapter: 1 }), ...over });

describe('constants', () => {
  it('gate decisions, resumable states and setup steps', () => {
    expect([...GATE_DECISIONS]).toEqual([
      'pass',
      'polish',
      'revise',
      'pause_for_user',
      'pause_for_user_force_rewrite',
      'accepted_by_user',
    ]);
    expect([...RESUMABLE_STATES]).toEqual([
      'draft',
      'summarize',
      'audit',
      'refine',
      'titleFix',
      'judge',
      'hookFix',
      'revising',
      'polishing',
    ]);
    expect([...SETUP_STEPS]).toEqual(['world', 'characters', 'style']);
  });
});

describe('bookRules', () => {
  it('journalPending, chapterInFlight, planningRecorded', () => {
    expect(bookRules.journalPending(ctx())).toBe(false);
    expect(bookRules.journalPending(ctx({ journal: { kind: 'volume', volume: 1 } }))).toBe(true);
    expect(bookRules.chapterInFlight(ctx())).toBe(false);
    expect(bookRules.chapterInFlight(ctx({ resume: 'judge' }))).toBe(true);
    expect(bookRules.planningRecorded(ctx({ planning: true }))).toBe(true);
    expect(bookRules.planningRecorded(ctx())).toBe(false);
  });

  it('bookComplete: only with a planned length, at or past it', () => {
    expect(bookRules.bookComplete(ctx({ book_chapters: null, last_completed_chapter: 1000 }))).toBe(false);
    expect(bookRules.bookComplete(ctx({ book_chapters: 10, last_completed_chapter: 9 }))).toBe(false);
    expect(bookRules.bookComplete(ctx({ book_chapters: 10, last_completed_chapter: 10 }))).toBe(true);
    expect(bookRules.bookComplete(ctx({ book_chapters: 10, last_completed_chapter: 11 }))).toBe(true);
  });

  it('volumeComplete: at the last outlined chapter; never without an outline', () => {
    expect(bookRules.volumeComplete(ctx({ outline_chapters: [], last_completed_chapter: 50 }))).toBe(false);
    expect(bookRules.volumeComplete(ctx({ outline_chapters: [12, 11, 10], last_completed_chapter: 11 }))).toBe(false);
    expect(bookRules.volumeComplete(ctx({ outline_chapters: [12, 11, 10], last_completed_chapter: 12 }))).toBe(true);
  });

  it('nextChapterPlanned: the outline has the next chapter', () => {
    expect(bookRules.nextChapterPlanned(ctx({ outline_chapters: [1, 2, 3], last_completed_chapter: 2 }))).toBe(true);
    expect(bookRules.nextChapterPlanned(ctx({ outline_chapters: [1, 2, 3], last_completed_chapter: 3 }))).toBe(false);
    expect(bookRules.nextChapterPlanned(ctx({ outline_chapters: [1, 2, 5], last_completed_chapter: 3 }))).toBe(false);
  });

  it('setupPending: a missing setup step before the first chapter only', () => {
    expect(bookRules.setupPending(ctx({ setup: 'world', last_completed_chapter: 0 }))).toBe(true);
    expect(bookRules.setupPending(ctx({ setup: 'world', last_completed_chapter: 1 }))).toBe(false);
    expect(bookRules.setupPending(ctx({ setup: null, last_completed_chapter: 0 }))).toBe(false);
  });

  it('importPending: fewer caught up than imported', () => {
    expect(bookRules.importPending(ctx({ imported_chapters: 3, import_caught_up: 2 }))).toBe(true);
    expect(bookRules.importPending(ctx({ imported_chapters: 3, import_caught_up: 3 }))).toBe(false);
    expect(bookRules.importPending(ctx())).toBe(false);
  });

  it('property: volumeComplete and nextChapterPlanned agree with the outline', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 15 }),
        fc.integer({ min: 0, max: 45 }),
        (outline, last) => {
          const c = ctx({ outline_chapters: outline, last_completed_chapter: last });
          expect(bookRules.volumeComplete(c)).toBe(outline.length > 0 && outline.every((n) => n <= last));
          expect(bookRules.nextChapterPlanned(c)).toBe(outline.includes(last + 1));
        },
      ),
    );
  });
});
