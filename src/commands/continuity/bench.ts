import { Command, Option } from 'clipanion';
import { runContinuityBench } from '../../core/continuity-bench.js';
import { say } from '../../core/messages.js';
import { readContinuityBook, readDemoContinuityBook } from '../../io/continuity-book.js';
import { openProjectIfAny } from '../../io/project.js';
import { NovelCommand, type CommandResult } from '../base-command.js';
import { isCount } from '../option-validators.js';

export class ContinuityBenchCommand extends NovelCommand {
  static override paths = [['continuity', 'bench']];

  static override usage = Command.Usage({
    category: 'Book',
    description: 'Plant contradictions of each kind into copies of a book\'s chapters and report what the continuity checks find',
    details: `
      For every committed chapter, a copy is made (its text, its delta and the state before it, replayed from \`state/changelog.jsonl\`) and one contradiction of each kind is planted into it: a dead character acting, a realm going down, a destroyed item used, story_day going back, one path set twice, a name one character off, a resolved foreshadowing item reopened. Prints, per kind, how many were planted and found (recall) and how many findings were not planted (precision); the book's own chapters count toward precision. Nothing is written.

      Without \`--project\` (and outside a project), the demo book novel ships is measured.
    `,
    examples: [
      ['The demo book', '$0 continuity bench'],
      ['Your book, as JSON', '$0 continuity bench --project my-book --json'],
    ],
  });

  seed = Option.String('--seed', { description: 'Seed of the planting, a whole number ≥ 1 (the same seed plants the same contradictions; default 1)', validator: isCount });

  run(): CommandResult {
    const p = openProjectIfAny(this.context, this.project);
    const book = p ? { name: p.fs.root, book: readContinuityBook(p.fs, p.loaded.checkpoint.last_completed_chapter) } : { name: 'demo', book: readDemoContinuityBook() };
    const report = runContinuityBench(book.book, this.seed ?? 1);
    const pct = (x: number): string => x.toFixed(3).padStart(6);
    const lines = [
      say(this.lang, 'continuity.bench.head', { book: book.name, chapters: report.chapters, seed: report.seed }),
      say(this.lang, 'continuity.bench.columns'),
      ...report.kinds.map((k) => `${k.kind.padEnd(20)} ${String(k.planted).padStart(7)} ${String(k.found).padStart(6)} ${String(k.false_positives).padStart(7)}  ${pct(k.recall)}  ${pct(k.precision)}`),
      say(this.lang, 'continuity.bench.clean', { n: report.clean_findings }),
    ];
    return { data: { book: book.name, ...report }, text: lines.join('\n') };
  }
}
