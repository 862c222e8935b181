import { Command, Option } from 'clipanion';
import { NovelError } from '../core/errors.js';
import { parseChapterRef } from '../core/step-id.js';
import { lintReportLines } from '../core/lint-render.js';
import { lintOf } from '../io/chapter-lint.js';
import { openProject } from '../io/project.js';
import { NovelCommand, type CommandResult } from './base-command.js';

export class LintCommand extends NovelCommand {
  static override paths = [['lint']];

  static override usage = Command.Usage({
    category: 'Book',
    description: "Measure a chapter: 字数 against the platform's range, AI clichés per 1,000 字, repeated openings, patterns, paragraphs, title",
    details: `
      Lints the staged chapter while it is in flight, else the committed one. The settings are \`quality\` in novel.config.json (platform presets qidian, tomato, none); the word lists are ai-blacklist.json (its whitelist masked first) and the optional cliche-lint.json. Each finding names the rule, its severity (hard findings make the gate revise), the line, an excerpt and the fix. The same text and settings always give the same report.
    `,
    examples: [
      ['Lint chapter 12', '$0 lint chapter:012'],
      ['The report as JSON', '$0 lint chapter:012 --json'],
    ],
  });

  chapter = Option.String({ name: 'chapter:NNN' });

  run(): CommandResult {
    const ref = parseChapterRef(this.chapter);
    if (!ref.ok) throw new NovelError('invalid_step', `"${this.chapter}": ${ref.reason}`, { hint: 'e.g. novel lint chapter:012' });
    const report = lintOf(openProject(this.context, this.project), ref.chapter);
    return { data: { ...report }, text: lintReportLines(report).join('\n') };
  }
}
