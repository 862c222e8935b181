import { Option } from 'clipanion';
import { NovelError } from '../core/errors.js';
import { say, said } from '../core/messages.js';
import { wanzi } from '../core/publishing.js';
import { publishChapters } from '../io/publish.js';
import { helpOf, NovelCommand, usageOf, type CommandResult } from './base-command.js';
import { isCount } from './option-validators.js';

export class PublishCommand extends NovelCommand {
  static override paths = [['publish']];

  static override usage = usageOf('publish', 'book', [
    '$0 publish --through 12',
    '$0 publish --chapter 13 --date 2026-11-28',
  ]);

  through = Option.String('--through', { validator: isCount, description: helpOf('help.publish.--through') });
  chapter = Option.String('--chapter', { validator: isCount, description: helpOf('help.publish.--chapter') });
  date = Option.String('--date', { description: helpOf('help.publish.--date') });

  run(): CommandResult {
    if ((this.through === undefined) === (this.chapter === undefined))
      throw new NovelError('invalid_option', said('publishing.pick'), {
        hint: said('cmd.example', { example: 'novel publish --through 12' }),
      });
    const date = this.date;
    if (date !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))))
      throw new NovelError('invalid_option', said('publishing.date', { found: JSON.stringify(date) }), {
        hint: said('cmd.example', { example: 'novel publish --through 12 --date 2026-11-28' }),
      });
    const pick = this.chapter !== undefined ? { chapter: this.chapter } : { through: this.through as number };
    const r = publishChapters(this.context, this.project, pick, date);
    const lines = [
      say(this.lang, 'publishing.done', {
        n: r.chapters.length,
        from: r.chapters[0] ?? 0,
        to: r.chapters.at(-1) ?? 0,
        date: r.date,
      }),
    ];
    const b = r.buffer;
    if (b)
      lines.push(
        say(this.lang, 'publishing.buffer', {
          published: b.published,
          through: b.through,
          stock: b.stock.chapters,
          zishu: b.stock.zishu,
          wan: wanzi(b.stock.zishu),
          rate: b.rate_per_day,
          days: b.days_of_buffer,
        }),
      );
    return { data: { published: r.chapters, date: r.date, buffer: b }, text: lines.join('\n') };
  }
}
