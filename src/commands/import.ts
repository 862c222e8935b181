import { Command, Option } from 'clipanion';
import { say } from '../core/messages.js';
import { importBook } from '../io/import-book.js';
import { NovelCommand, type CommandResult } from './base-command.js';

export class ImportCommand extends NovelCommand {
  static override paths = [['import']];

  static override usage = Command.Usage({
    category: 'Project',
    description: 'Make a project from an existing book: a TXT split at its chapter headings, or a folder of chapter files',
    details: `
      The text's encoding is detected (UTF-8 with or without BOM, UTF-16, GBK/GB18030). A TXT is split at chapter headings — \`第12章\`, \`第十二章\`, \`第一百零二章\`, full-width digits — alone on their line or followed by whitespace and a title; a heading whose number does not go on the ascending sequence is prose (a line like \`第3章节奏说明\` is never a heading). A folder takes one chapter per .txt or .md file, in the order of the numbers in their names.

      The project is \`--project DIR\` (created when missing; an \`init\`ed project without chapters is used as it is); a project that has chapters is refused. The chapters go to \`chapters/chapter-NNN.md\` with their headings as \`# \` titles, recorded as committed; the report (chapters, 字数, encoding, the lines that looked like headings but were kept as prose) is printed and written to \`logs/import-report.json\`.
    `,
    examples: [
      ['Import a GBK TXT into a new project', '$0 import 逆鳞.txt --project nilin'],
      ['Import a folder of chapter files', '$0 import ./chapters-from-my-site --project nilin'],
    ],
  });

  source = Option.String({ name: 'FILE|DIR' });

  run(): CommandResult {
    const { root, created, report } = importBook(this.context, this.source, this.project);
    const lines = [
      say(this.lang, 'import.done', { n: report.chapters, root, created, encoding: report.encoding, zishu: report.zishu }),
      say(this.lang, 'import.range', { first: report.first_title ?? '-', last: report.last_title ?? '-' }),
      ...(report.preface_lines ? [say(this.lang, 'import.preface', { n: report.preface_lines })] : []),
      ...(report.skipped.length ? [say(this.lang, 'import.skipped', { n: report.skipped.length }), ...report.skipped.slice(0, 20).map((s) => `  ${s.line}: ${s.text}`)] : []),
      say(this.lang, 'import.next'),
    ];
    return { data: { root, created, ...report }, text: lines.join('\n') };
  }
}
