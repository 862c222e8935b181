/**
 * Which chapter a lint of the book's own text is about (PROTOCOL §13.2, §16): the staged text belongs to the chapter
 * in flight (or to the next one, its draft staged but not advanced); a committed chapter's file to that chapter. Pure.
 */
import type { Checkpoint } from '../schemas/checkpoint.js';
import { chapterOfText, paths } from './paths.js';

/** The chapter whose staged text a lint reads: the one in flight, or the next one (its draft staged, not advanced). */
export function stagedChapterOf(cp: Pick<Checkpoint, 'inflight_chapter' | 'last_completed_chapter'>): number {
  return cp.inflight_chapter ?? cp.last_completed_chapter + 1;
}

/**
 * The chapter a project file is (`rel`, project-relative): a committed chapter's own file, or the staged chapter of
 * the chapter `stagedChapterOf` names; null for any other file (a text written elsewhere is linted as the next
 * chapter).
 */
export function chapterOfProjectFile(
  rel: string,
  cp: Pick<Checkpoint, 'inflight_chapter' | 'last_completed_chapter'>,
): number | null {
  const committed = chapterOfText(rel);
  if (committed !== null && committed >= 1 && committed <= cp.last_completed_chapter) return committed;
  const staged = stagedChapterOf(cp);
  return rel === paths.stagingChapter(staged) ? staged : null;
}
