import { Option } from 'clipanion';
import { say } from '../core/messages.js';
import { importBook } from '../io/import-book.js';
import { usageOf, NovelCommand, type CommandResult } from './base-command.js';

export class ImportCommand extends NovelCommand {
  static override paths = [['import']];

  static override usage = usageOf('import', 'project', [
    '$0 import 逆鳞.txt --project nilin',
    '$0 import ./chapters-from-my-site --project nilin',
  ]);

  source = Option.String({ name: 'FILE|DIR' });

  run(): CommandResult {
    const { root, created, report } = importBook(this.context, this.source, this.project);
    const lines = [
      say(this.lang, 'import.done', {
        n: report.chapters,
        root,
        created,
        encoding: report.encoding,
        zishu: report.zishu,
      }),
      say(this.lang, 'import.range', { first: report.first_title ?? '-', last: report.last_title ?? '-' }),
      ...(report.preface_lines ? [say(this.lang, 'import.preface', { n: report.preface_lines })] : []),
      ...(report.book.title !== undefined
        ? [
            say(this.lang, 'import.book', {
              title: report.book.title,
              author: report.book.author ?? '',
              blurb: report.book.blurb !== undefined,
            }),
          ]
        : []),
      ...report.volumes.map((v) =>
        say(this.lang, 'import.volume', {
          volume: v.volume,
          title: v.title,
          first: v.first_chapter,
          last: v.last_chapter,
        }),
      ),
      ...(report.skipped.length
        ? [
            say(this.lang, 'import.skipped', { n: report.skipped.length }),
            ...report.skipped
              .slice(0, 20)
              .map(
                (s) =>
                  `  ${s.line}: ${s.text}${s.reason === 'heading_like' ? say(this.lang, 'import.heading_like') : ''}`,
              ),
          ]
        : []),
      say(this.lang, 'import.next', { volume: report.volumes.length + 1 }),
    ];
    return { data: { root, created, ...report }, text: lines.join('\n') };
  }
}
