import { Option } from 'clipanion';
import { NovelError } from '../core/errors.js';
import { said } from '../core/messages.js';
import { parseChapterRef } from '../core/step-id.js';
import { lintReportLines } from '../core/lint-render.js';
import { clicheLexicon } from '../core/cliche-lexicon.js';
import { lintChapter } from '../core/lint.js';
import { resolveQuality } from '../core/quality-settings.js';
import { lintOf, projectChapterOf } from '../io/chapter-lint.js';
import { readLintLists } from '../io/lint-inputs.js';
import { openProject, openProjectIfAny } from '../io/project.js';
import { readRegularText, userPath } from '../io/text-folder.js';
import { usageOf, NovelCommand, type CommandResult } from './base-command.js';

export class LintCommand extends NovelCommand {
  static override paths = [['lint']];

  static override usage = usageOf('lint', 'book', [
    '$0 lint chapter:012',
    '$0 lint ~/drafts/第十三章.txt',
    '$0 lint chapter:012 --json',
  ]);

  target = Option.String({ name: 'chapter:NNN|FILE' });

  run(): CommandResult {
    const ref = parseChapterRef(this.target);
    const report = ref.ok ? lintOf(openProject(this.context, this.project), ref.chapter) : this.lintFile();
    return { data: { ...report }, text: lintReportLines(report, this.lang).join('\n') };
  }

  /**
   * A text file, linted as the project's next chapter (the project's settings and lists); the project's own chapter
   * file as its chapter.
   */
  private lintFile() {
    if (/^chapter:/i.test(this.target)) {
      const ref = parseChapterRef(this.target);
      throw new NovelError(
        'invalid_step',
        said('cmd.chapter_ref_invalid', { value: this.target, reason: ref.ok ? '' : ref.words }),
        { hint: said('cmd.lint.ref_hint') },
      );
    }
    const read = readRegularText(userPath(this.context.cwd, this.target));
    if (!read) {
      throw new NovelError('not_a_file', said('cmd.lint.not_a_file', { target: this.target }), {
        hint: said('cmd.lint.not_a_file.hint'),
      });
    }
    // Outside any project (and without --project), the defaults: no platform, the shipped lexicon, chapter 1.
    const p = openProjectIfAny(this.context, this.project);
    if (!p)
      return lintChapter({
        chapter: 1,
        source: 'file',
        text: read.text,
        settings: resolveQuality(undefined),
        lists: { blacklist: [], whitelist: [], cliche: clicheLexicon() },
      });
    // The project's own chapter file is that chapter (as `lint chapter:NNN`), not the next one.
    const own = projectChapterOf(p, userPath(this.context.cwd, this.target));
    if (own !== null) return lintOf(p, own);
    const chapter = p.loaded.checkpoint.last_completed_chapter + 1;
    return lintChapter({
      chapter,
      source: 'file',
      text: read.text,
      settings: p.settings.quality,
      lists: readLintLists(p.fs),
    });
  }
}
