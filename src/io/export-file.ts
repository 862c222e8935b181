/**
 * `novel export`: the committed chapters read, rendered by core/export.ts and
 * written atomically to one file (export/novel.FORMAT unless --out says where).
 */
import { lstatSync, mkdirSync, realpathSync } from 'node:fs';
import * as path from 'node:path';
import { isatty } from 'node:tty';
import writeFileAtomic from 'write-file-atomic';
import { NovelError } from '../core/errors.js';
import { exportEpub, exportMarkdown, exportTxt, splitChapter, type ExportChapter } from '../core/export.js';
import { said } from '../core/messages.js';
import { FINAL_TREES, paths } from '../core/paths.js';
import { formatChapterRef } from '../core/step-id.js';
import { firstSensitiveWord } from '../core/publishing.js';
import { titleRefusal, uploadNote, uploadText } from '../core/upload.js';
import { readLintLists } from './lint-inputs.js';
import { bookMeta, volumeMap } from './book-reader.js';
import type { OpenProject } from './project.js';

export interface ExportOptions {
  format: 'txt' | 'md' | 'epub';
  volume?: number;
  chapters?: [number, number];
  /** The output file as given (relative to cwd); undefined: export/novel.FORMAT in the project. */
  out?: string;
  /** --out may replace an existing file (never one of the project's own). */
  force?: boolean;
  cwd: string;
  crlf: boolean;
  /** Progress lines on a terminal (never with --json). */
  progress: ((line: string) => void) | null;
}

/**
 * What an export may never replace: the book, its settings and story bible, novel's own records, the steps' area
 * (PROTOCOL §17).
 */
const PROJECT_OWN = new Set<string>([
  ...FINAL_TREES,
  'audits',
  'staging',
  '.novel',
  '.novel.lock',
  '.checkpoint.json',
  paths.config,
  'brief.md',
  paths.book,
  'sensitive-words.json',
  'cliche-lint.json',
  'publishing',
  'notes',
  'samples',
  'style-profile.json',
  'ai-blacklist.json',
  'world',
  'characters',
  'logs',
]);

/** The real path of `file`: its nearest existing ancestor resolved through links, the rest as given. */
function realOf(file: string): string {
  let dir = file;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(realpathSync(dir), ...rest);
    } catch {
      const up = path.dirname(dir);
      if (up === dir) return file;
      rest.unshift(path.basename(dir));
      dir = up;
    }
  }
}

/** --out inside the project's own files, or over an existing file without --force: exit 2, naming it. */
function refuseOut(root: string, out: string, force: boolean): void {
  const rel = path.relative(realOf(root), realOf(out));
  const inside = rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  const top = inside ? (rel.split(path.sep)[0] as string) : null;
  if (rel === '' || (top !== null && PROJECT_OWN.has(top))) {
    throw new NovelError('export_out_refused', said('exporting.out_refused', { out, rel, top: top ?? '' }), {
      hint: said('exporting.out_refused.hint'),
      details: { out, project_path: rel },
    });
  }
  let st;
  try {
    st = lstatSync(out);
  } catch {
    return;
  }
  if (!st.isFile() || !force) {
    const found = st.isFile() ? 'file' : st.isDirectory() ? 'dir' : st.isSymbolicLink() ? 'link' : 'other';
    throw new NovelError('export_out_exists', said('exporting.out_exists', { out, found }), {
      hint: said('exporting.out_exists.hint', { found }),
      details: { out },
    });
  }
}

export function exportBook(p: OpenProject, o: ExportOptions) {
  const last = p.loaded.checkpoint.last_completed_chapter;
  const { volumeOf } = volumeMap(p.fs, p.settings);
  const [from, to] = o.chapters ?? [1, last];
  const wanted: number[] = [];
  for (let c = from; c <= Math.min(to, last); c++)
    if (o.volume === undefined || volumeOf(c) === o.volume) wanted.push(c);
  if (wanted.length === 0)
    throw new NovelError('nothing_to_export', said('exporting.nothing', { volume: o.volume ?? null, from, to, last }), {
      hint: said('error.nothing_to_export.hint'),
    });
  const tty = o.progress !== null && isatty(2);
  const chapters: ExportChapter[] = [];
  for (const [i, c] of wanted.entries()) {
    chapters.push(splitChapter(c, volumeOf(c), p.fs.readText(paths.chapter(c))));
    if (tty && (i % 50 === 0 || i === wanted.length - 1)) o.progress?.(`\rexport: chapter ${i + 1}/${wanted.length}`);
  }
  if (tty) o.progress?.('\n');
  const meta = bookMeta(p.fs, p.settings, last);
  const bytes =
    o.format === 'epub'
      ? exportEpub(meta, chapters)
      : o.format === 'md'
        ? exportMarkdown(meta, chapters)
        : exportTxt(meta, chapters, o.crlf);
  const out = o.out !== undefined ? path.resolve(o.cwd, o.out) : path.join(p.fs.root, 'export', `novel.${o.format}`);
  if (o.out !== undefined) refuseOut(p.fs.root, out, o.force === true);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileAtomic.sync(out, Buffer.from(bytes));
  return { out, wanted, bytes: bytes.length, meta };
}

export interface UploadOptions {
  from?: number;
  to?: number;
  /** The folder, as given (relative to cwd). */
  out: string;
  force: boolean;
  cwd: string;
}

/**
 * `novel export --upload` (§18): one plain-text file per committed chapter in `out`, as the platform takes it, and
 * each chapter's 作者的话 in a file of its own. Checked first, written after: a chapter holding a sensitive word, or a
 * title the platform refuses, stops it with nothing written; so does a file of the folder that would be replaced
 * without --force.
 */
export function exportUpload(p: OpenProject, o: UploadOptions) {
  const last = p.loaded.checkpoint.last_completed_chapter;
  const from = o.from ?? 1;
  const to = Math.min(o.to ?? last, last);
  if (from > to)
    throw new NovelError(
      'nothing_to_export',
      said('exporting.nothing', { volume: null, from, to: o.to ?? last, last }),
      {
        hint: said('error.nothing_to_export.hint'),
      },
    );
  const dir = path.resolve(o.cwd, o.out);
  refuseOutDir(p.fs.root, dir, o.out);
  const words = (readLintLists(p.fs).sensitive ?? []).map((w) => w.word);
  const quality = p.settings.quality;
  const files: Array<{ name: string; text: string }> = [];
  for (let n = from; n <= to; n++) {
    const text = p.fs.readText(paths.chapter(n));
    const c = splitChapter(n, 0, text);
    const hit = firstSensitiveWord(text, words);
    if (hit)
      throw new NovelError('sensitive_word', said('exporting.upload_sensitive', { chapter: n, ...hit }), {
        hint: said('publishing.refused.hint', { ref: formatChapterRef(n) }),
      });
    const refused = titleRefusal(n, c.title, quality, 'export');
    if (refused) throw refused;
    files.push({ name: paths.uploadChapter(n), text: uploadText(n, c.title, c.body, quality.platform) });
    const noteFile = p.fs.readTextChecked(paths.authorNote(n));
    const note = noteFile && 'text' in noteFile ? uploadNote(noteFile.text) : null;
    if (note !== null) {
      const noteHit = firstSensitiveWord(note, words);
      if (noteHit)
        throw new NovelError(
          'sensitive_word',
          said('exporting.upload_sensitive', { chapter: n, ...noteHit, file: paths.authorNote(n) }),
          { hint: said('exporting.upload_note.hint', { file: paths.authorNote(n) }) },
        );
      files.push({ name: paths.uploadNote(n), text: note });
    }
  }
  if (!o.force)
    for (const f of files) {
      const target = path.join(dir, f.name);
      if (lstatSync(target, { throwIfNoEntry: false }))
        throw new NovelError('export_out_exists', said('exporting.out_exists', { out: target, found: 'file' }), {
          hint: said('exporting.out_exists.hint', { found: 'file' }),
          details: { out: target },
        });
    }
  mkdirSync(dir, { recursive: true });
  for (const f of files) writeFileAtomic.sync(path.join(dir, f.name), f.text);
  return {
    out: dir,
    chapters: to - from + 1,
    first: from,
    last: to,
    notes: files.filter((f) => f.name.endsWith('-author.txt')).length,
    files: files.map((f) => f.name),
  };
}

/** --out DIR inside the project's own files, or a file where the folder should be: exit 2, naming it. */
function refuseOutDir(root: string, dir: string, given: string): void {
  const rel = path.relative(realOf(root), realOf(dir));
  const inside = rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  const top = inside ? (rel.split(path.sep)[0] as string) : null;
  if (rel === '' || (top !== null && PROJECT_OWN.has(top)))
    throw new NovelError('export_out_refused', said('exporting.out_refused', { out: given, rel, top: top ?? '' }), {
      hint: said('exporting.out_refused.hint'),
      details: { out: given, project_path: rel },
    });
  const st = lstatSync(dir, { throwIfNoEntry: false });
  if (st && !st.isDirectory()) {
    const found = st.isFile() ? 'file' : st.isSymbolicLink() ? 'link' : 'other';
    throw new NovelError('export_out_exists', said('exporting.out_exists', { out: dir, found }), {
      hint: said('exporting.upload_dir.hint'),
      details: { out: dir },
    });
  }
}
