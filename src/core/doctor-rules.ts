/**
 * The decisions of `novel doctor` that need no disk: which staged files belong
 * to the step the book is at, and which of the next chapters lack an outline
 * block or a contract. Pure.
 */
import type { NextDecision } from './next.js';
import { isStagingBookkeeping, namesChapter, paths } from './paths.js';

/** Staged files that belong to no step: not the current chapter's, not a storyline memory, not the plan being made. */
export function orphanedStaging(
  files: readonly string[],
  next: Pick<NextDecision, 'chapter' | 'mode' | 'volume'>,
  lastCompleted: number,
): string[] {
  const chapter = next.chapter ?? lastCompleted + 1;
  const belongs = (rel: string): boolean =>
    namesChapter(rel, chapter) ||
    rel.startsWith('staging/storylines/') ||
    (next.mode === 'plan' && rel.startsWith(`${paths.stagedVolumeDir(next.volume)}/`));
  return files.filter((rel) => !isStagingBookkeeping(rel) && !belongs(rel));
}

/**
 * Of the next `upcoming` chapters of the volume (and the book), those without an outline block, and those without a
 * contract.
 */
export function upcomingCoverage(input: {
  lastCompleted: number;
  volume: number;
  chaptersPerVolume: number;
  bookChapters: number | null;
  upcoming: number;
  outlined: ReadonlySet<number>;
  hasContract: (chapter: number) => boolean;
}): { missing: number[]; noContract: number[] } {
  // A volume ends at its outline's last block (§14): the chapters after it are the next volume's, planned when the book
  // gets there.
  const end = Math.min(input.lastCompleted + input.upcoming, input.bookChapters ?? Infinity);
  const missing: number[] = [];
  const noContract: number[] = [];
  for (let c = input.lastCompleted + 1; c <= end; c++) {
    if (!input.outlined.has(c)) missing.push(c);
    else if (!input.hasContract(c)) noContract.push(c);
  }
  return { missing, noContract };
}
