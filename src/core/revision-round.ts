/**
 * Which staged files belong to a judged round (PROTOCOL §6, plus the refiner's
 * change log): they are copied to
 * staging/revisions/chapter-NNN/round-K/ and removed from the live paths when a
 * revision starts, so each round starts clean and stays auditable. The chapter
 * itself stays: it is the revision's input.
 */
import { archivedAt, paths } from './paths.js';
import { matchPattern } from './path-pattern.js';
import { CHAPTER_OUTPUTS, keysOf } from './step-table.js';
import type { StagingView } from './staging-view.js';

export interface ArchivePlan {
  /** Project-relative archive directory. */
  dir: string;
  /** Live staging paths moved into it (their path below staging/ is kept). */
  files: string[];
  /** Live staging paths copied into it and left in place (the judged chapter: the revision's input). */
  copies?: string[];
}

/** The outputs a revision round moves aside (the step table's `archived`). */
const ARCHIVED = keysOf(CHAPTER_OUTPUTS).filter((o) => CHAPTER_OUTPUTS[o].archived);

export function roundFiles(view: StagingView, chapter: number): string[] {
  const ofRound = (p: string): boolean =>
    ARCHIVED.some((o) => {
      const args = matchPattern(CHAPTER_OUTPUTS[o].staged, p);
      // A storyline memory belongs to whichever chapter is in flight.
      return args !== null && (args.chapter === undefined || args.chapter === chapter);
    });
  return [...view.files.keys()].filter(ofRound).sort();
}

/** A revision round's archive: the round's files move there; the chapter the judge scored is copied (draft history). */
export function revisionArchive(view: StagingView, chapter: number, round: number): ArchivePlan {
  const live = paths.stagingChapter(chapter);
  return {
    dir: paths.revisionRoundDir(chapter, round),
    files: roundFiles(view, chapter),
    ...(view.files.has(live) ? { copies: [live] } : {}),
  };
}

/** Where a live staging file lands inside an archive directory. */
export const archivedPath = archivedAt;

/** A rewrite discards every staged output of the chapter into rewrite-K. */
export function rewriteArchive(view: StagingView, chapter: number, k: number): ArchivePlan {
  return { dir: paths.rewriteDir(chapter, k), files: [...view.files.keys()].sort() };
}

/**
 * Before a title-fix: a copy of the refined chapter (the reference of the body that must not change); an evaluation of
 * an earlier pass moves aside (the fixed chapter is judged).
 */
export function titleFixArchive(view: StagingView, chapter: number): ArchivePlan {
  const live = paths.stagingChapter(chapter);
  return {
    dir: paths.titleFixDir(chapter),
    files: evaluationsOf(view, chapter),
    ...(view.files.has(live) ? { copies: [live] } : {}),
  };
}

/** The chapter's staged evaluations (primary and secondary). */
function evaluationsOf(view: StagingView, chapter: number): string[] {
  const evals = new Set([paths.stagingEval(chapter), paths.stagingEvalSecondary(chapter)]);
  return [...view.files.keys()].filter((p) => evals.has(p)).sort();
}

/**
 * Before a hook-fix: the judged chapter is copied, its evaluations move aside (the chapter is judged again after the
 * fix).
 */
export function hookFixArchive(view: StagingView, chapter: number, round: number): ArchivePlan {
  const live = paths.stagingChapter(chapter);
  return {
    dir: paths.hookFixDir(chapter, round),
    files: evaluationsOf(view, chapter),
    ...(view.files.has(live) ? { copies: [live] } : {}),
  };
}
