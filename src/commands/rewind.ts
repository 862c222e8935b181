import { Option } from 'clipanion';
import { NovelError } from '../core/errors.js';
import { said, say } from '../core/messages.js';
import { parseChapterRef } from '../core/step-id.js';
import { rewindBook } from '../io/rewind.js';
import { usageOf, helpOf, NovelCommand, type CommandResult } from './base-command.js';

export class RewindCommand extends NovelCommand {
  static override paths = [['rewind']];

  static override usage = usageOf('rewind', 'book', [
    '$0 rewind --to chapter:038 --note "林青岚不该这么早暴露身份"',
    '$0 rewind --to chapter:038 --dry-run',
  ]);

  to = Option.String('--to', { required: true, description: helpOf('help.rewind.--to') });
  note = Option.String('--note', { description: helpOf('help.rewind.--note') });
  dryRun = Option.Boolean('--dry-run', false, { description: helpOf('help.rewind.--dry-run') });
  force = Option.Boolean('--force', false, { description: helpOf('help.rewind.--force') });

  run(): CommandResult {
    // chapter:NNN, or the chapter's number alone (as `novel chapters` shows it).
    const ref = parseChapterRef(/^[0-9]+$/.test(this.to) ? `chapter:${this.to}` : this.to);
    if (!ref.ok)
      throw new NovelError('invalid_step', said('cmd.chapter_ref_invalid', { value: this.to, reason: ref.words }), {
        hint: said('cmd.example', { example: 'novel rewind --to chapter:038' }),
      });
    const r = rewindBook(this.context, this.project, ref.chapter, this.note ?? null, this.dryRun, this.force);
    if (!r.plan && r.nothing) {
      return {
        data: {
          dry_run: this.dryRun,
          recovered: false,
          nothing: true,
          chapter: ref.chapter,
          next: { step: r.next.step, action: r.next.action },
        },
        text:
          `${say(this.lang, 'rewind.nothing', { chapter: ref.chapter })}\n` +
          `${say(this.lang, 'done.next', { step: r.next.step, action: r.next.action })}`,
      };
    }
    if (!r.plan) {
      return {
        data: {
          dry_run: false,
          recovered: true,
          chapter: ref.chapter,
          next: { step: r.next.step, action: r.next.action },
        },
        text:
          `${say(this.lang, 'rewind.recovered', { chapter: ref.chapter })}\n` +
          `${say(this.lang, 'done.next', { step: r.next.step, action: r.next.action })}`,
      };
    }
    const p = r.plan;
    const data = {
      dry_run: this.dryRun,
      recovered: false,
      chapter: p.chapter,
      chapters: p.chapters,
      volume: p.volume,
      volumes: p.volumes,
      folder: p.folder,
      moved: p.moved.map(({ from, to }) => ({ from, to })),
      restored: p.restored,
      changelog_lines_cut: p.changelog_lines_cut,
      checkpoint: p.checkpoint,
      next: { step: r.next.step, action: r.next.action },
    };
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
