import { Command, Option } from 'clipanion';
import { chapterFacts } from '../core/commit-plan.js';
import { renderTable, rowOf, totalOf, type ChapterRowView } from '../core/chapter-table.js';
import { NovelError } from '../core/errors.js';
import { paths } from '../core/paths.js';
import { openProject } from '../io/project.js';
import { dormantCount } from '../io/dormant-count.js';
import { NovelCommand, type CommandResult } from './base-command.js';
import { isCount } from './option-validators.js';

export class ChaptersCommand extends NovelCommand {
  static override paths = [['chapters']];

  static override usage = Command.Usage({
    category: 'Book',
    description: 'One row per committed chapter: title, 字数, score, gate, revisions, tokens, cost; and the book total',
    details: `
      Rows come from the chapter logs written at commit (\`logs/chapter-NNN-log.json\`); the chapter texts are read only for chapters whose log predates the 字数 record. 字数 counts as Chinese platforms do: every CJK character and every full-width punctuation mark one, a Latin word or a run of digits one; the title line is not counted. 汉字 counts Han characters only. A cost no executor reported shows as ?.
    `,
    examples: [
      ['The whole book', '$0 chapters'],
      ['Chapters 100 to 200 as JSON', '$0 chapters --from 100 --to 200 --json'],
    ],
  });

  from = Option.String('--from', { validator: isCount, description: 'First chapter (default 1)' });
  to = Option.String('--to', { validator: isCount, description: 'Last chapter (default the last committed)' });

  run(): CommandResult {
    const p = openProject(this.context, this.project);
    const last = p.loaded.checkpoint.last_completed_chapter;
    const from = this.from ?? 1;
    const to = Math.min(this.to ?? last, last);
    if (from > (this.to ?? last)) throw new NovelError('invalid_option', `--from ${from} is after --to ${this.to ?? last}`, { hint: 'e.g. novel chapters --from 1 --to 30' });
    const rows: ChapterRowView[] = [];
    for (let c = from; c <= to; c++) {
      const r = p.fs.readTextChecked(paths.chapterLog(c));
      let log: Record<string, unknown> = {};
      try {
        if (r && 'text' in r) log = JSON.parse(r.text) as Record<string, unknown>;
      } catch {
        log = {};
      }
      if (typeof log.zishu !== 'number' && p.fs.exists(paths.chapter(c))) log = { ...log, ...chapterFacts(p.fs.readText(paths.chapter(c))) };
      rows.push(rowOf(c, log));
    }
    const total = totalOf(rows);
    const dormant = dormantCount(p.fs, last + 1, p.settings.quality.dormancy);
    return { data: { rows, total, dormant_foreshadowing: dormant }, text: renderTable(rows, this.lang) };
  }
}
