import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHAPTER_FILE_FOLDERS,
  chapterOfBookFile,
  FINAL_TREES,
  isStagingBookkeeping,
  journalCommand,
  journalPath,
  paths,
} from '../../src/core/paths.js';

describe('paths', () => {
  it('chapter paths pad to 3 digits, volume paths to 2', () => {
    expect(paths.chapter(4)).toBe('chapters/chapter-004.md');
    expect(paths.chapter(1234)).toBe('chapters/chapter-1234.md');
    expect(paths.summary(4)).toBe('summaries/chapter-004-summary.md');
    expect(paths.evaluation(4)).toBe('evaluations/chapter-004-eval.json');
    expect(paths.crossref(4)).toBe('state/chapter-004-crossref.json');
    expect(paths.commitHistory(4)).toBe('.novel/history/chapter-004.json');
    expect(paths.volumeOutline(3)).toBe('volumes/vol-03/outline.md');
    expect(paths.volumeDir(123)).toBe('volumes/vol-123');
  });

  it('staging paths', () => {
    expect(paths.stagingChapter(4)).toBe('staging/chapters/chapter-004.md');
    expect(paths.stagingSummary(4)).toBe('staging/summaries/chapter-004-summary.md');
    expect(paths.stagingDelta(4)).toBe('staging/state/chapter-004-delta.json');
    expect(paths.stagingCrossref(4)).toBe('staging/state/chapter-004-crossref.json');
    expect(paths.stagingChapterMemory(4)).toBe('staging/state/chapter-004-memory.json');
    expect(paths.stagingStorylineMemory('main')).toBe('staging/storylines/main/memory.md');
    expect(paths.stagingEval(4)).toBe('staging/evaluations/chapter-004-eval.json');
    expect(paths.stagingEvalSecondary(4)).toBe('staging/evaluations/chapter-004-eval-secondary.json');
    expect(paths.stagingChangeLog(4)).toBe('staging/logs/style-refiner-chapter-004-changes.json');
    expect(paths.lintReport(4)).toBe('logs/lint/chapter-004.json');
    expect(paths.revisionRoundDir(4, 2)).toBe('staging/revisions/chapter-004/round-2');
    expect(paths.hookFixDir(4, 0)).toBe('staging/revisions/chapter-004/hook-fix-0');
    expect(paths.titleFixDir(4)).toBe('staging/revisions/chapter-004/title-fix');
    expect(paths.rewriteDir(4, 1)).toBe('staging/revisions/chapter-004/rewrite-1');
    expect(paths.rewindDir(2)).toBe('staging/revisions/rewind-2');
    // Any output by its key in the step table, staged and in the book.
    expect(paths.stagedOutput('summary', 12)).toBe(paths.stagingSummary(12));
    expect(paths.bookOutput('summary', 12)).toBe('summaries/chapter-012-summary.md');
    expect(paths.bookOutput('eval', 1234)).toBe('evaluations/chapter-1234-eval.json');
  });

  it('the folders of per-chapter files hold every per-chapter file, and none lies inside another', () => {
    for (const n of [1, 42, 1234])
      for (const rel of [paths.chapter(n), paths.summary(n), paths.evaluation(n), paths.chapterLog(n)]) {
        expect(chapterOfBookFile(rel)).toBe(n);
        expect(
          CHAPTER_FILE_FOLDERS.some((f) => rel.startsWith(`${f}/`)),
          rel,
        ).toBe(true);
      }
    for (const f of CHAPTER_FILE_FOLDERS)
      expect(CHAPTER_FILE_FOLDERS.filter((g) => g !== f && f.startsWith(`${g}/`))).toEqual([]);
    expect(CHAPTER_FILE_FOLDERS).toContain('.novel/history');
  });

  it('fixed names', () => {
    expect(paths.checkpoint).toBe('.checkpoint.json');
    expect(paths.config).toBe('novel.config.json');
    expect(paths.lockInfo).toBe(`${paths.lockDir}/info.json`);
    expect(paths.rewindJournal.startsWith(`${paths.commitJournalDir}/`)).toBe(true);
    expect([...FINAL_TREES]).toEqual([
      'chapters',
      'summaries',
      'evaluations',
      'state',
      'storylines',
      'foreshadowing',
      'volumes',
    ]);
  });

  it('property: every staging path of a chapter is bookkeeping iff under revisions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99999 }), fc.integer({ min: 0, max: 9 }), (n, k) => {
        for (const p of [
          paths.stagingChapter(n),
          paths.stagingSummary(n),
          paths.stagingDelta(n),
          paths.stagingEval(n),
        ]) {
          expect(p.startsWith('staging/')).toBe(true);
          expect(p).toContain(String(n).padStart(3, '0'));
          expect(isStagingBookkeeping(p)).toBe(false);
        }
        for (const p of [
          paths.revisionRoundDir(n, k),
          paths.hookFixDir(n, k),
          paths.titleFixDir(n),
          paths.rewriteDir(n, k),
        ])
          expect(isStagingBookkeeping(`${p}/x`)).toBe(true);
      }),
    );
  });
});

describe('journals', () => {
  it('journalPath per kind', () => {
    expect(journalPath({ kind: 'chapter', chapter: 4 })).toBe('staging/.commit/chapter-004.json');
    expect(journalPath({ kind: 'chapter', chapter: 4, rewind: true })).toBe('staging/.commit/rewind.json');
    expect(journalPath({ kind: 'volume', volume: 2 })).toBe('staging/.commit/vol-02.json');
    expect(journalPath({ kind: 'setup', step: 'world' })).toBe('staging/.commit/setup-world.json');
  });
  it('journalCommand per kind', () => {
    expect(journalCommand({ kind: 'chapter', chapter: 4 })).toBe('novel commit --chapter 4');
    expect(journalCommand({ kind: 'chapter', chapter: 4, rewind: true })).toBe('novel rewind --to chapter:004');
    expect(journalCommand({ kind: 'volume', volume: 2 })).toBe('novel commit --volume 2');
    expect(journalCommand({ kind: 'setup', step: 'style' })).toBe('novel commit --setup');
  });
});

describe('isStagingBookkeeping', () => {
  it('the commit journals, revisions and manifests', () => {
    expect(isStagingBookkeeping('staging/.commit/x.json')).toBe(true);
    expect(isStagingBookkeeping('staging/revisions/chapter-004/round-1/a')).toBe(true);
    expect(isStagingBookkeeping('staging/manifests/m.json')).toBe(true);
    expect(isStagingBookkeeping('staging/.commit')).toBe(false);
    expect(isStagingBookkeeping('staging/chapters/chapter-004.md')).toBe(false);
    expect(isStagingBookkeeping('x/staging/.commit/y')).toBe(false);
  });
});
