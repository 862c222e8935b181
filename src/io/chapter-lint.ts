/**
 * The lint of one chapter as it stands: the staged text while it is in
 * flight, else the committed one (PROTOCOL §13.2).
 */
import * as path from 'node:path';
import { NovelError } from '../core/errors.js';
import { said } from '../core/messages.js';
import { diagnosticWords } from './said-at.js';
import { lintChapter, type LintReport } from '../core/lint.js';
import { chapterContinuity, continuityLintFinding, type ContinuityFinding } from '../core/continuity.js';
import { benchChaptersOf } from '../core/continuity-bench.js';
import { DeltaSchema } from '../schemas/staging.js';
import { readChangelog } from './book-files.js';
import { readContinuityFacts } from './continuity-book.js';
import { chapterOfProjectFile, stagedChapterOf } from '../core/lint-target.js';
import { paths } from '../core/paths.js';
import { readLintLists } from './lint-inputs.js';
import type { OpenProject } from './project.js';
import { realPathOf } from './text-folder.js';

export function lintOf(p: OpenProject, chapter: number): LintReport {
  const cp = p.loaded.checkpoint;
  const staged = chapter === stagedChapterOf(cp) ? p.fs.readTextChecked(paths.stagingChapter(chapter)) : null;
  const source = staged && 'text' in staged ? 'staging' : 'chapters';
  const read = staged && 'text' in staged ? staged : p.fs.readTextChecked(paths.chapter(chapter));
  if (read === null) {
    throw new NovelError(
      'chapter_missing',
      said('linting.chapter_missing', {
        chapter,
        staged: paths.stagingChapter(chapter),
        committed: paths.chapter(chapter),
      }),
      {
        hint: said('linting.chapter_missing.hint'),
      },
    );
  }
  if ('diagnostic' in read)
    throw new NovelError(
      read.diagnostic.code,
      diagnosticWords(read.diagnostic),
      read.diagnostic.fix ? { hint: read.diagnostic.words?.fix ?? read.diagnostic.fix } : {},
    );
  const report = lintChapter({
    chapter,
    source,
    text: read.text,
    settings: p.settings.quality,
    lists: readLintLists(p.fs),
  });
  const continuity = continuityOf(p, chapter, read.text, source === 'staging');
  return continuity.length
    ? { ...report, findings: [...report.findings, ...continuity.map(continuityLintFinding)] }
    : report;
}

/**
 * The chapter a file given to `novel lint FILE` is in this project, when it is one (else null: a text written
 * elsewhere, linted as the next chapter). A committed chapter's own file (`chapters/chapter-001.md`) is that chapter,
 * and the staged chapter of the chapter in flight is that one: linted as the next chapter instead, a committed chapter
 * would be told its title names the wrong chapter, and its passages found again in the book. `abs`: the file's
 * absolute path as typed; a folder on the way that is a link (the project under a linked home) is followed.
 */
export function projectChapterOf(p: OpenProject, abs: string): number | null {
  const real = realPathOf(abs);
  if (real === null || !real.startsWith(`${p.fs.root}${path.sep}`)) return null;
  return chapterOfProjectFile(p.fs.relative(real), p.loaded.checkpoint);
}

/**
 * The continuity findings of a chapter (§19): one in flight against the
 * committed state and its staged delta; a committed one against the state
 * before it, replayed from the changelog, and the ops its commit applied.
 */
function continuityOf(p: OpenProject, chapter: number, text: string, staged: boolean): ContinuityFinding[] {
  const facts = readContinuityFacts(p.fs, p.settings.continuity);
  if (staged) {
    const delta = p.fs.readJson(paths.stagingDelta(chapter), DeltaSchema, 'invalid_delta');
    if (!delta?.ok) return [];
    return chapterContinuity(facts, {
      chapter,
      text,
      ops: delta.value.ops,
      ...(delta.value.recollections ? { recollections: delta.value.recollections } : {}),
    });
  }
  const before = benchChaptersOf(readChangelog(p.fs).lines, new Map([[chapter, text]])).find(
    (c) => c.chapter === chapter,
  );
  if (!before) return [];
  return chapterContinuity(
    { ...facts, state: before.stateBefore, resolved: before.resolved },
    { chapter, text, ops: before.ops, ...(before.recollections ? { recollections: before.recollections } : {}) },
  );
}
