/**
 * The text files of a folder, as `novel quality eval` and the fitting script
 * read a labelled corpus: regular `.txt`/`.md` files only (a link, a folder,
 * a FIFO or a device is passed over), strict UTF-8 (a BOM dropped), sorted by
 * name. A file's source is its name without the extension and a trailing
 * `-NNN` (`qwen3-8b-010.txt` → `qwen3-8b`): the unit left out by
 * leave-one-source-out checks.
 */
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { NovelError } from '../core/errors.js';
import { said } from '../core/messages.js';
import { lintChapter } from '../core/lint.js';
import type { EvalSample } from '../core/quality-eval.js';
import type { QualitySettings } from '../core/quality-settings.js';
import { decodeUtf8 } from '../core/utf8.js';

export interface TextFile {
  name: string;
  source: string;
  text: string;
  sha256: string;
}

/** A path the author typed, taken from the directory they typed it in. */
export function userPath(cwd: string, typed: string): string {
  return isAbsolute(typed) ? typed : resolve(cwd, typed);
}

/** Where a path the author typed really is (every link on the way followed); null when it does not resolve. */
export function realPathOf(typed: string): string | null {
  try {
    return realpathSync.native(typed);
  } catch {
    return null;
  }
}

export function sourceOf(name: string): string {
  return name.replace(/\.(txt|md)$/i, '').replace(/[-_]\d+$/, '');
}

/** Every text file directly in `dir`; `label` names the folder in errors (e.g. "--ai"). */
export function readTextFolder(dir: string, label: string): TextFile[] {
  let names: string[];
  try {
    if (!lstatSync(dir).isDirectory()) throw new Error('not a folder');
    names = readdirSync(dir)
      .filter((n) => /\.(txt|md)$/i.test(n) && !n.startsWith('.'))
      .sort();
  } catch {
    throw new NovelError('invalid_option', said('fs.folder_unreadable', { label, dir }), {
      hint: said('fs.folder_unreadable.hint', { label }),
    });
  }
  const out: TextFile[] = [];
  for (const name of names) {
    const path = join(dir, name);
    if (!lstatSync(path).isFile()) continue;
    const read = readRegularText(path);
    if (read) out.push({ name, source: sourceOf(name), ...read });
  }
  if (!out.length)
    throw new NovelError('invalid_option', said('fs.folder_empty', { label, dir }), {
      hint: said('fs.folder_empty.hint', { label }),
    });
  return out;
}

/** Largest text file read: far above any chapter or sample. */
const MAX_TEXT_BYTES = 16 * 1024 * 1024;

/**
 * A regular file's text (strict UTF-8, a BOM dropped) and its sha256; null when `path` is not a regular file
 * (opened without following a link and without blocking, so a FIFO or a device never holds the read up).
 */
export function readRegularText(path: string): { text: string; sha256: string } | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch {
    return null;
  }
  let bytes: Buffer;
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return null;
    if (st.size > MAX_TEXT_BYTES)
      throw new NovelError('file_too_large', said('fs.text_too_large', { path, size: st.size, max: MAX_TEXT_BYTES }), {
        hint: said('fs.text_too_large.hint'),
      });
    bytes = readFileSync(fd);
  } finally {
    closeSync(fd);
  }
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok)
    throw new NovelError('invalid_encoding', said('fs.not_utf8', { path, offset: decoded.offset }), {
      hint: said('fs.save_as_utf8'),
    });
  return { text: decoded.text.replace(/^\ufeff/, ''), sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** One hash for a labelled corpus: each file's class, name and sha256, in order. */
export function corpusSha256(files: ReadonlyArray<{ label: string; file: TextFile }>): string {
  const h = createHash('sha256');
  for (const { label, file } of [...files].sort((a, b) =>
    `${a.label}/${a.file.name}` < `${b.label}/${b.file.name}` ? -1 : 1,
  ))
    h.update(`${label}/${file.name}\t${file.sha256}\n`);
  return h.digest('hex');
}

/**
 * The labelled samples of `novel quality eval`: every text file of both folders, linted as the lint lints a
 * chapter (its `# ` title left out), each with its source, its label (1: AI) and its AI-flavour feature values.
 */
export function labelledSamples(folders: { ai: string; human: string }, settings: QualitySettings): EvalSample[] {
  const lists = { blacklist: [], whitelist: [], cliche: {} };
  return [
    ...readTextFolder(folders.ai, '--ai').map((file) => ({ file, label: 1 as const })),
    ...readTextFolder(folders.human, '--human').map((file) => ({ file, label: 0 as const })),
  ].map(({ file, label }) => ({
    name: file.name,
    source: file.source,
    label,
    values: lintChapter({ chapter: 1, source: 'file', text: file.text, settings, lists }).ai_flavour.features,
  }));
}
