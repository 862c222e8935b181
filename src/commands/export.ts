import { Option } from 'clipanion';
import { NovelError } from '../core/errors.js';
import { said, say } from '../core/messages.js';
import { openProject } from '../io/project.js';
import { exportBook, exportUpload } from '../io/export-file.js';
import { usageOf, helpOf, NovelCommand, type CommandResult } from './base-command.js';
import { isChapterRange, isCount, isOneOf } from './option-validators.js';

const FORMATS = ['txt', 'md', 'epub'] as const;

export class ExportCommand extends NovelCommand {
  static override paths = [['export']];

  static override usage = usageOf('export', 'book', [
    '$0 export --format epub',
    '$0 export --format txt --volume 2 --crlf --out vol2.txt',
    '$0 export --format md --chapters 1-100',
    '$0 export --upload --from 41 --to 45 --out upload/',
  ]);

  format = Option.String('--format', {
    validator: isOneOf(FORMATS),
    description: helpOf('help.export.--format'),
  });
  upload = Option.Boolean('--upload', false, { description: helpOf('help.export.--upload') });
  from = Option.String('--from', { validator: isCount, description: helpOf('help.export.--from') });
  to = Option.String('--to', { validator: isCount, description: helpOf('help.export.--to') });
  volume = Option.String('--volume', { validator: isCount, description: helpOf('help.export.--volume') });
  chapters = Option.String('--chapters', { validator: isChapterRange, description: helpOf('help.export.--chapters') });
  out = Option.String('--out', { description: helpOf('help.export.--out') });
  crlf = Option.Boolean('--crlf', false, { description: helpOf('help.export.--crlf') });
  force = Option.Boolean('--force', false, { description: helpOf('help.export.--force') });

  run(): CommandResult {
    if (this.upload) return this.uploadFiles();
    if (this.format === undefined)
      throw new NovelError('usage', said('cmd.export.format_or_upload'), {
        hint: said('cmd.export.format_or_upload.hint'),
      });
    if (this.from !== undefined || this.to !== undefined)
      throw new NovelError('usage', said('cmd.export.from_with_upload'), {
        hint: said('cmd.export.from_with_upload.hint'),
      });
    if (this.volume !== undefined && this.chapters !== undefined)
      throw new NovelError('usage', said('cmd.export.volume_or_chapters'));
    const p = openProject(this.context, this.project);
    const { out, wanted, bytes, meta } = exportBook(p, {
      format: this.format,
      ...(this.volume !== undefined ? { volume: this.volume } : {}),
      ...(this.chapters !== undefined ? { chapters: this.chapters.split('-').map(Number) as [number, number] } : {}),
      ...(this.out !== undefined ? { out: this.out, force: this.force } : {}),
      cwd: this.context.cwd,
      crlf: this.crlf,
      progress: this.json ? null : (line) => this.context.stderr.write(line),
    });
    return {
      data: {
        format: this.format,
        out,
        chapters: wanted.length,
        first: wanted[0],
        last: wanted.at(-1),
        bytes,
        title: meta.title,
        author: meta.author,
        language: meta.language,
      },
      text: say(this.lang, 'cmd.export.done', {
        n: wanted.length,
        first: wanted[0],
        last: wanted.at(-1),
        title: meta.title,
        out,
        bytes,
      }),
    };
  }

  /** --upload: a folder of upload-ready chapter files. */
  private uploadFiles(): CommandResult {
    if (this.format !== undefined || this.volume !== undefined || this.chapters !== undefined)
      throw new NovelError('usage', said('cmd.export.upload_alone'), {
        hint: said('cmd.export.from_with_upload.hint'),
      });
    if (this.out === undefined)
      throw new NovelError('usage', said('cmd.export.upload_out'), { hint: said('cmd.export.from_with_upload.hint') });
    const p = openProject(this.context, this.project);
    const r = exportUpload(p, {
      ...(this.from !== undefined ? { from: this.from } : {}),
      ...(this.to !== undefined ? { to: this.to } : {}),
      out: this.out,
      force: this.force,
      cwd: this.context.cwd,
    });
    return {
      data: { upload: true, ...r },
      text: say(this.lang, 'cmd.export.upload_done', {
        n: r.chapters,
        first: r.first,
        last: r.last,
        notes: r.notes,
        out: r.out,
      }),
    };
  }
}
