/**
 * The lint of one chapter as it stands: the staged text while it is in
 * flight, else the committed one (PROTOCOL §13.2).
 */
import { NovelError } from '../core/errors.js';
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
    throw new NovelError('chapter_missing', `chapter ${chapter}: neither staged (${paths.stagingChapter(chapter)}) nor committed (${paths.chapter(chapter)})`, {
      hint: 'lint a chapter in flight or committed: `novel chapters` lists the committed ones, `novel next` the one in flight',
    });
  }
  if ('diagnostic' in read) throw new NovelError(read.diagnostic.code, read.diagnostic.message, read.diagnostic.fix ? { hint: read.diagnostic.fix } : {});
  return lintChapter({ chapter, source, text: read.text, settings: p.settings.quality, lists: readLintLists(p.fs) });
}
