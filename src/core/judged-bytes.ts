/**
 * The judged bytes are the committed bytes (PROTOCOL §17): the judge's
 * advance records the sha256 of the staged chapter and evaluations it judged
 * (`judged_hashes` in the checkpoint); a chapter or evaluation that differs
 * afterwards — an author's edit, or a process that outlived its step — is
 * judged again, and a commit of other bytes is refused. Pure.
 */
import { paths } from './paths.js';
import type { StagingView } from './staging-view.js';

/** The staged files a judgement is about. */
export function judgedFiles(chapter: number): string[] {
  return [paths.stagingChapter(chapter), paths.stagingEval(chapter), paths.stagingEvalSecondary(chapter)];
}

/** {path → sha256} of the judged files as the judge's advance sees them. */
export function judgedHashes(view: StagingView, chapter: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of judgedFiles(chapter)) {
    const sha = view.files.get(rel)?.sha256;
    if (sha) out[rel] = sha;
  }
  return out;
}

/**
 * The first judged file whose bytes are no longer those judged (changed,
 * removed or added since), or null. Nothing recorded for the chapter (a
 * checkpoint written before the record existed): null.
 */
export function judgedChange(
  recorded: Readonly<Record<string, string>> | undefined,
  chapter: number,
  hashOf: (rel: string) => string | null,
): { path: string; judged: string | null; now: string | null } | null {
  if (!recorded || recorded[paths.stagingChapter(chapter)] === undefined) return null;
  for (const rel of judgedFiles(chapter)) {
    const judged = recorded[rel] ?? null;
    const now = hashOf(rel);
    if (judged !== now) return { path: rel, judged, now };
  }
  return null;
}

/**
 * The staged evaluations that are still the ones judged while the chapter is
 * no longer the one judged: an evaluation of other text, which does not count
 * as the judge's output (the judge runs again).
 */
export function staleEvaluations(
  recorded: Readonly<Record<string, string>> | undefined,
  chapter: number,
  hashOf: (rel: string) => string | null,
): string[] {
  const chapterRel = paths.stagingChapter(chapter);
  if (!recorded || recorded[chapterRel] === undefined || hashOf(chapterRel) === recorded[chapterRel]) return [];
  return judgedFiles(chapter).filter(
    (rel) => rel !== chapterRel && recorded[rel] !== undefined && hashOf(rel) === recorded[rel],
  );
}
