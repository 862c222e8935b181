import { Command, Option } from 'clipanion';
import { NovelError } from '../core/errors.js';
import { say } from '../core/messages.js';
import { parseChapterRef } from '../core/step-id.js';
import { rewindBook } from '../io/rewind.js';
import { NovelCommand, type CommandResult } from './base-command.js';

export class RewindCommand extends NovelCommand {
  static override paths = [['rewind']];

  static override usage = Command.Usage({
    category: 'Book',
    description: 'Go back to before a chapter: it and every later one are drafted again',
    details: `
      Moves chapters ≥ NNN (the chapter, its summary, evaluations, crossref and logs) and anything staged to \`staging/revisions/rewind-K/\`, replays the state from the changelog up to chapter NNN−1 and gives the foreshadowing, the storyline memories and the memory ledger back the text they had after it (each commit keeps what it replaced in \`.novel/history/\`), cuts the changelog back (the cut lines are kept in the rewind folder), moves aside the plans of volumes that start after chapter NNN (a rewind to a volume's first chapter keeps its plan) and sets the checkpoint to draft chapter NNN, in the volume that holds it, with \`--note\` for the writer (\`inline.author_note\` of the next draft packet).

      Crash-safe like a commit: a journal first, applied idempotently; a kill at any point is rolled forward by the next mutating command. Refused while the lock is held. \`--dry-run\` prints what would move and changes nothing.
    `,
    examples: [
      ['Redo chapters 38 onward', '$0 rewind --to chapter:038 --note "林青岚不该这么早暴露身份"'],
      ['See what would move', '$0 rewind --to chapter:038 --dry-run'],
    ],
  });

  to = Option.String('--to', { required: true, description: 'The first chapter to draft again (chapter:NNN)' });
  note = Option.String('--note', { description: 'Your words for the writer of the redraft (inline.author_note)' });
  dryRun = Option.Boolean('--dry-run', false, { description: 'Print the plan; change nothing' });

  run(): CommandResult {
    const ref = parseChapterRef(this.to);
    if (!ref.ok) throw new NovelError('invalid_step', `"${this.to}": ${ref.reason}`, { hint: 'e.g. novel rewind --to chapter:038' });
    const r = rewindBook(this.context, this.project, ref.chapter, this.note ?? null, this.dryRun);
    if (!r.plan) {
      return { data: { dry_run: false, recovered: true, chapter: ref.chapter, next: { step: r.next.step, action: r.next.action } }, text: `${say(this.lang, 'rewind.recovered', { chapter: ref.chapter })}\n${say(this.lang, 'done.next', { step: r.next.step, action: r.next.action })}` };
    }
    const p = r.plan;
    const data = { dry_run: this.dryRun, recovered: false, chapter: p.chapter, chapters: p.chapters, volume: p.volume, volumes: p.volumes, folder: p.folder, moved: p.moved.map(({ from, to }) => ({ from, to })), restored: p.restored, changelog_lines_cut: p.changelog_lines_cut, checkpoint: p.checkpoint, next: { step: r.next.step, action: r.next.action } };
    const lines = [
      say(this.lang, 'rewind.head', { dry: this.dryRun, chapter: p.chapter, n: p.chapters.length, folder: p.folder }),
      ...p.moved.map((m) => `  ${m.from} → ${m.to}`),
      ...p.restored.map((f) => say(this.lang, 'rewind.restored', { file: f })),
      say(this.lang, 'rewind.changelog', { n: p.changelog_lines_cut }),
      ...(this.dryRun ? [] : [say(this.lang, 'done.next', { step: r.next.step, action: r.next.action })]),
    ];
    return { data, text: lines.join('\n') };
  }
}
