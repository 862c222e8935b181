import { Command, Option } from 'clipanion';
import * as t from 'typanion';
import { NovelError } from '../core/errors.js';
import { openProject } from '../io/project.js';
import { exportBook } from '../io/export-file.js';
import { NovelCommand, type CommandResult } from './base-command.js';
import { isCount } from './option-validators.js';

const FORMATS = ['txt', 'md', 'epub'] as const;
const isRange = t.makeValidator<unknown, string>({
  test: (value, state): value is string => {
    if (typeof value === 'string' && /^\d+-\d+$/.test(value) && Number(value.split('-')[0]) >= 1 && Number(value.split('-')[0]) <= Number(value.split('-')[1])) return true;
    state?.errors?.push(`${state.p ?? '.'}: expected a range A-B of chapters (1 ≤ A ≤ B), found ${JSON.stringify(value)}`);
    return false;
  },
});

export class ExportCommand extends NovelCommand {
  static override paths = [['export']];

  static override usage = Command.Usage({
    category: 'Book',
    description: 'Export the committed chapters as one txt, Markdown or EPUB 3 file',
    details: `
      Only committed chapters, in order, with their titles; volume headings come from the volume outlines (their first \`# \` line). The title and author come from novel.config.json (\`title\`, \`author\`), else from brief.md (its 《书名》 heading and a 作者： line); the language from \`language\` (default zh-CN).

      - txt: UTF-8, the format Chinese platforms take for uploads (\`--crlf\` for CRLF line ends);
      - md: one Markdown file;
      - epub: EPUB 3 with a navigation document listing every chapter, a stable identifier per book, and \`dcterms:modified\` from the last commit.

      The same book always gives the same bytes. Export only reads the book: it may run while a chapter is in flight. The default output is export/novel.<format> in the project.
    `,
    examples: [
      ['The whole book as EPUB', '$0 export --format epub'],
      ['Volume 2 as txt with CRLF line ends', '$0 export --format txt --volume 2 --crlf --out vol2.txt'],
      ['Chapters 1–100 as Markdown', '$0 export --format md --chapters 1-100'],
    ],
  });

  format = Option.String('--format', { required: true, validator: t.isEnum(FORMATS), description: 'txt, md or epub' });
  volume = Option.String('--volume', { validator: isCount, description: 'Only this volume' });
  chapters = Option.String('--chapters', { validator: isRange, description: 'Only chapters A-B' });
  out = Option.String('--out', { description: 'Output file (default: export/novel.<format> in the project)' });
  crlf = Option.Boolean('--crlf', false, { description: 'txt: CRLF line ends' });
  force = Option.Boolean('--force', false, { description: '--out may replace an existing file (never the book, its settings or novel\'s own files)' });

  run(): CommandResult {
    if (this.volume !== undefined && this.chapters !== undefined) throw new NovelError('usage', 'export: pass --volume or --chapters, not both');
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
      data: { format: this.format, out, chapters: wanted.length, first: wanted[0], last: wanted.at(-1), bytes, title: meta.title, author: meta.author, language: meta.language },
      text: `exported ${wanted.length} chapter(s) (${wanted[0]}–${wanted.at(-1)}) of 《${meta.title}》 to ${out} (${bytes} bytes)`,
    };
  }
}
