import { Option } from 'clipanion';
import { chapterFacts } from '../core/commit-plan.js';
import { renderTable, rowOf, totalOf, type ChapterRowView } from '../core/chapter-table.js';
import { NovelError } from '../core/errors.js';
import { said } from '../core/messages.js';
import { serialLines } from '../core/publishing.js';
import { readSerialBuffer } from '../io/publishing.js';
import { paths } from '../core/paths.js';
import { openProject } from '../io/project.js';
import { dormantCount } from '../io/dormant-count.js';
import { usageOf, helpOf, NovelCommand, type CommandResult } from './base-command.js';
import { isCount } from './option-validators.js';

export class ChaptersCommand extends NovelCommand {
  static override paths = [['chapters']];

  static override usage = usageOf('chapters', 'book', ['$0 chapters', '$0 chapters --from 100 --to 200 --json']);

  from = Option.String('--from', { validator: isCount, description: helpOf('help.chapters.--from') });
  to = Option.String('--to', { validator: isCount, description: helpOf('help.chapters.--to') });

  run(): CommandResult {
    const p = openProject(this.context, this.project);
    const last = p.loaded.checkpoint.last_completed_chapter;
    const from = this.from ?? 1;
    const to = Math.min(this.to ?? last, last);
    if (from > (this.to ?? last))
      throw new NovelError('invalid_option', said('cmd.chapters.from_after_to', { from, to: this.to ?? last }), {
        hint: said('cmd.example', { example: 'novel chapters --from 1 --to 30' }),
      });
    const rows: ChapterRowView[] = [];
    for (let c = from; c <= to; c++) {
      const r = p.fs.readTextChecked(paths.chapterLog(c));
      let log: Record<string, unknown> = {};
      try {
        if (r && 'text' in r) log = JSON.parse(r.text) as Record<string, unknown>;
      } catch {
        log = {};
      }
      if (typeof log.zishu !== 'number' && p.fs.exists(paths.chapter(c)))
        log = { ...log, ...chapterFacts(p.fs.readText(paths.chapter(c))) };
      rows.push(rowOf(c, log));
    }
    const total = totalOf(rows);
    const dormant = dormantCount(p.fs, last + 1, p.settings.quality.dormancy);
    // What is published and the 存稿 (§18), for a book that publishes through novel.
    const serial = readSerialBuffer(p.fs, last);
    const serialLine = serial
      ? serialLines(this.lang, serial)
          .map((l) => `\n${l}`)
          .join('')
      : '';
    return {
      data: { rows, total, dormant_foreshadowing: dormant, serial },
      text: `${renderTable(rows, this.lang)}${serialLine}`,
    };
  }
}
