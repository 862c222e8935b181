/**
 * The lint of one chapter as it stands: the staged text while it is in
 * flight, else the committed one (PROTOCOL §13.2).
 */
import { NovelError } from '../core/errors.js';
import { said } from '../core/messages.js';
import { diagnosticWords } from './said-at.js';
import { lintChapter, type LintReport } from '../core/lint.js';
import { paths } from '../core/paths.js';
import { readLintLists } from './lint-inputs.js';
import type { OpenProject } from './project.js';

export function lintOf(p: OpenProject, chapter: number): LintReport {
  const cp = p.loaded.checkpoint;
  const staged = cp.inflight_chapter === chapter ? p.fs.readTextChecked(paths.stagingChapter(chapter)) : null;
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
  return lintChapter({ chapter, source, text: read.text, settings: p.settings.quality, lists: readLintLists(p.fs) });
}
