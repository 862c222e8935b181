import { say } from '../core/messages.js';
import * as path from 'node:path';
import { Command, Option } from 'clipanion';
import * as t from 'typanion';
import writeFileAtomic from 'write-file-atomic';
import { NovelError } from '../core/errors.js';
import { exportEpub, exportMarkdown, exportTxt, splitChapter, type ExportChapter } from '../core/export.js';
import { paths } from '../core/paths.js';
import { bookMeta, volumeMap } from '../io/book-reader.js';
import { openProject } from '../io/project.js';
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

  run(): CommandResult {
    if (this.volume !== undefined && this.chapters !== undefined) throw new NovelError('usage', 'export: pass --volume or --chapters, not both');
    const p = openProject(this.context, this.project);
    const last = p.loaded.checkpoint.last_completed_chapter;
    const { volumeOf } = volumeMap(p.fs, p.settings);
    const [from, to] = this.chapters ? (this.chapters.split('-').map(Number) as [number, number]) : [1, last];
    const wanted: number[] = [];
    for (let c = from; c <= Math.min(to, last); c++) if (this.volume === undefined || volumeOf(c) === this.volume) wanted.push(c);
    if (wanted.length === 0) throw new NovelError('nothing_to_export', `export: no committed chapter in ${this.volume !== undefined ? `volume ${this.volume}` : `chapters ${from}–${to}`} (${last} committed)`, { hint: 'novel chapters lists the committed chapters', zh: { message: say('zh', 'error.nothing_to_export', { last }), hint: say('zh', 'error.nothing_to_export.hint') } });
    const tty = (process.getBuiltinModule('node:tty') as typeof import('node:tty')).isatty(2) && !this.json;
    const chapters: ExportChapter[] = [];
    for (const [i, c] of wanted.entries()) {
      chapters.push(splitChapter(c, volumeOf(c), p.fs.readText(paths.chapter(c))));
      if (tty && (i % 50 === 0 || i === wanted.length - 1)) this.context.stderr.write(`\rexport: chapter ${i + 1}/${wanted.length}`);
    }
    if (tty) this.context.stderr.write('\n');
    const meta = bookMeta(p.fs, p.settings, last);
    const bytes = this.format === 'epub' ? exportEpub(meta, chapters) : this.format === 'md' ? exportMarkdown(meta, chapters) : exportTxt(meta, chapters, this.crlf);
    const out = this.out !== undefined ? path.resolve(this.context.cwd, this.out) : path.join(p.fs.root, 'export', `novel.${this.format}`);
    (process.getBuiltinModule('node:fs') as typeof import('node:fs')).mkdirSync(path.dirname(out), { recursive: true });
    writeFileAtomic.sync(out, Buffer.from(bytes));
    return {
      data: { format: this.format, out, chapters: wanted.length, first: wanted[0], last: wanted.at(-1), bytes: bytes.length, title: meta.title, author: meta.author, language: meta.language },
      text: `exported ${wanted.length} chapter(s) (${wanted[0]}–${wanted.at(-1)}) of 《${meta.title}》 to ${out} (${bytes.length} bytes)`,
    };
  }
}
