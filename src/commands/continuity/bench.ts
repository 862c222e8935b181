import { Option } from 'clipanion';
import { runContinuityBench } from '../../core/continuity-bench.js';
import { say } from '../../core/messages.js';
import { readContinuityBook, readDemoContinuityBook } from '../../io/continuity-book.js';
import { openProjectIfAny } from '../../io/project.js';
import { helpOf, NovelCommand, usageOf, type CommandResult } from '../base-command.js';
import { isCount } from '../option-validators.js';

export class ContinuityBenchCommand extends NovelCommand {
  static override paths = [['continuity', 'bench']];

  static override usage = usageOf('continuity.bench', 'book', [
    '$0 continuity bench',
    '$0 continuity bench --project my-book --json',
  ]);

  seed = Option.String('--seed', { description: helpOf('help.continuity.bench.--seed'), validator: isCount });

  run(): CommandResult {
    const p = openProjectIfAny(this.context, this.project);
    const book = p
      ? { name: p.fs.root, book: readContinuityBook(p.fs, p.loaded.checkpoint.last_completed_chapter) }
      : { name: 'demo', book: readDemoContinuityBook() };
    const report = runContinuityBench(book.book, this.seed ?? 1);
    const pct = (x: number): string => x.toFixed(3).padStart(6);
    const lines = [
      say(this.lang, 'continuity.bench.head', { book: book.name, chapters: report.chapters, seed: report.seed }),
      say(this.lang, 'continuity.bench.columns'),
      ...report.kinds.map(
        (k) =>
          `${k.kind.padEnd(20)} ${String(k.planted).padStart(7)} ${String(k.found).padStart(6)} ` +
          `${String(k.false_positives).padStart(7)}  ${pct(k.recall)}  ${pct(k.precision)}`,
      ),
      say(this.lang, 'continuity.bench.clean', { n: report.clean_findings }),
    ];
    return { data: { book: book.name, ...report }, text: lines.join('\n') };
  }
}
