import { Command, Option } from 'clipanion';
import { NovelError } from '../core/errors.js';
import { zhPhrase } from '../core/messages.js';
import { parseChapterRef } from '../core/step-id.js';
import { lintReportLines } from '../core/lint-render.js';
import { clicheLexicon } from '../core/cliche-lexicon.js';
import { lintChapter } from '../core/lint.js';
import { resolveQuality } from '../core/quality-settings.js';
import { lintOf } from '../io/chapter-lint.js';
import { readLintLists } from '../io/lint-inputs.js';
import { openProject, openProjectIfAny } from '../io/project.js';
import { readRegularText, userPath } from '../io/text-folder.js';
import { NovelCommand, type CommandResult } from './base-command.js';

export class LintCommand extends NovelCommand {
  static override paths = [['lint']];

  static override usage = Command.Usage({
    category: 'Book',
    description: "Measure a chapter or any text file: the AI-flavour score, clichés, 字数 against the platform's range, repeated openings, patterns, paragraphs, title",
    details: `
      \`novel lint chapter:NNN\` lints the staged chapter while it is in flight, else the committed one. \`novel lint FILE\` lints any text file (a chapter written elsewhere, a sample) with the project's settings, as if it were the next chapter (outside any project: the defaults and the shipped lexicon).

      The settings are \`quality\` in novel.config.json (platform presets qidian, tomato, none; \`quality.ai_flavour.soft\`/\`hard\` for the score's thresholds); the word lists are cliche-lint.json (without one, the shipped lexicon), ai-blacklist.json (its whitelist masked only where it stands alone) and the cast's names (never counted as sentence openings). With the book's shingle index it also finds a passage of 50 字 or more that stands in an earlier chapter (\`repeated_passage\`) and a chapter that shares 30 % of its shingles with one earlier chapter (\`recycled_chapter\`), both hard. Each finding names the rule, its severity (hard findings make the gate revise), the line, an excerpt and the fix, in Chinese under zh_* or --lang zh. The same text and settings always give the same report.
    `,
    examples: [
      ['Lint chapter 12', '$0 lint chapter:012'],
      ['Lint a text written elsewhere', '$0 lint ~/drafts/第十三章.txt'],
      ['The report as JSON', '$0 lint chapter:012 --json'],
    ],
  });

  target = Option.String({ name: 'chapter:NNN|FILE' });

  run(): CommandResult {
    const ref = parseChapterRef(this.target);
    const report = ref.ok ? lintOf(openProject(this.context, this.project), ref.chapter) : this.lintFile();
    return { data: { ...report }, text: lintReportLines(report, this.lang).join('\n') };
  }

  /** A text file, linted as the project's next chapter (the project's settings and lists). */
  private lintFile() {
    if (/^chapter:/i.test(this.target)) {
      const ref = parseChapterRef(this.target);
      const reason = ref.ok ? '' : ref.reason;
      throw new NovelError('invalid_step', `"${this.target}": ${reason}`, { hint: 'e.g. novel lint chapter:012, or novel lint FILE', zh: { message: `"${this.target}"：${zhPhrase(reason)}`, hint: '例如 novel lint chapter:012，或 novel lint 文件路径' } });
    }
    const read = readRegularText(userPath(this.context.cwd, this.target));
    if (!read) {
      throw new NovelError('not_a_file', `${this.target}: not a regular text file`, {
        hint: 'give chapter:NNN or the path of a text file',
        zh: { message: `${this.target}：不是普通文本文件`, hint: '请给出 chapter:NNN 或一个文本文件的路径' },
      });
    }
    // Outside any project (and without --project), the defaults: no platform, the shipped lexicon, chapter 1.
    const p = openProjectIfAny(this.context, this.project);
    if (!p) return lintChapter({ chapter: 1, source: 'file', text: read.text, settings: resolveQuality(undefined), lists: { blacklist: [], whitelist: [], cliche: clicheLexicon() } });
    const chapter = p.loaded.checkpoint.last_completed_chapter + 1;
    return lintChapter({ chapter, source: 'file', text: read.text, settings: p.settings.quality, lists: readLintLists(p.fs) });
  }
}
