/**
 * Which staged files belong to a judged round (PROTOCOL §6, plus the refiner's
 * change log): they are copied to
 * staging/revisions/chapter-NNN/round-K/ and removed from the live paths when a
 * revision starts, so each round starts clean and stays auditable. The chapter
 * itself stays: it is the revision's input.
 */
import { paths } from './paths.js';
import { padChapter } from './step-id.js';
import type { StagingView } from './staging-view.js';

export interface ArchivePlan {
  /** Project-relative archive directory. */
  dir: string;
  /** Live staging paths moved into it (their path below staging/ is kept). */
  files: string[];
  /** Live staging paths copied into it and left in place (the judged chapter: the revision's input). */
  copies?: string[];
}

export function roundFiles(view: StagingView, chapter: number): string[] {
  const exact = new Set([
    paths.stagingSummary(chapter),
    paths.stagingDelta(chapter),
    paths.stagingCrossref(chapter),
    paths.stagingChapterMemory(chapter),
    paths.stagingChangeLog(chapter),
  ]);
  const memoryRe = /^staging\/storylines\/[^/]+\/memory\.md$/;
  const evaluations = new Set(evaluationsOf(view, chapter));
  return [...view.files.keys()].filter((p) => exact.has(p) || evaluations.has(p) || memoryRe.test(p)).sort();
}

/** A revision round's archive: the round's files move there; the chapter the judge scored is copied (draft history). */
export function revisionArchive(view: StagingView, chapter: number, round: number): ArchivePlan {
  const live = paths.stagingChapter(chapter);
  return { dir: paths.revisionRoundDir(chapter, round), files: roundFiles(view, chapter), ...(view.files.has(live) ? { copies: [live] } : {}) };
}

/** Where a live staging file lands inside an archive directory. */
export function archivedPath(dir: string, live: string): string {
  return `${dir}/${live.replace(/^staging\//, '')}`;
}

/** A rewrite discards every staged output of the chapter into rewrite-K. */
export function rewriteArchive(view: StagingView, chapter: number, k: number): ArchivePlan {
  return { dir: paths.rewriteDir(chapter, k), files: [...view.files.keys()].sort() };
}

/** Before a title-fix: a copy of the refined chapter (the reference of the body that must not change); an evaluation of an earlier pass moves aside (the fixed chapter is judged). */
export function titleFixArchive(view: StagingView, chapter: number): ArchivePlan {
  const live = paths.stagingChapter(chapter);
  return { dir: paths.titleFixDir(chapter), files: evaluationsOf(view, chapter), ...(view.files.has(live) ? { copies: [live] } : {}) };
}

/** The chapter's staged evaluations (primary and secondary). */
function evaluationsOf(view: StagingView, chapter: number): string[] {
  const evalRe = new RegExp(`^staging/evaluations/chapter-${padChapter(chapter)}-eval[^/]*\\.json$`);
  return [...view.files.keys()].filter((p) => evalRe.test(p)).sort();
}

/** Before a hook-fix: the judged chapter is copied, its evaluations move aside (the chapter is judged again after the fix). */
export function hookFixArchive(view: StagingView, chapter: number, round: number): ArchivePlan {
  const live = paths.stagingChapter(chapter);
  return { dir: paths.hookFixDir(chapter, round), files: evaluationsOf(view, chapter), ...(view.files.has(live) ? { copies: [live] } : {}) };
}
