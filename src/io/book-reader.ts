/**
 * Reading the committed book for the book tools (export, chapters): which
 * volume each chapter belongs to, the volume headings, the title and author
 * (config, else brief.md) and the time of the last commit. Read-only.
 */
import { diagnosticsError } from '../core/errors.js';
import type { BookMeta } from '../core/export.js';
import { said } from '../core/messages.js';
import { BookJsonSchema, type BookJson } from '../schemas/inputs.js';
import { outlineChapters } from '../core/outline.js';
import { paths, volumeOfDirName } from '../core/paths.js';
import type { Settings } from '../core/settings.js';
import type { ProjectFs } from './project-fs.js';

const text = (fs: ProjectFs, rel: string): string | undefined => {
  const r = fs.readTextChecked(rel);
  return r && 'text' in r ? r.text : undefined;
};

/** Chapter → volume, from the outlines on disk (chapters_per_volume where no outline says). */
export function volumeMap(
  fs: ProjectFs,
  settings: Settings,
): { volumeOf: (chapter: number) => number; headings: Map<number, string> } {
  const byChapter = new Map<number, number>();
  const headings = new Map<number, string>();
  for (const dir of fs.listDirs('volumes')) {
    const v = volumeOfDirName(dir);
    if (v === null) continue;
    const outline = text(fs, paths.volumeOutline(v));
    if (outline === undefined) continue;
    for (const c of outlineChapters(outline)) if (!byChapter.has(c)) byChapter.set(c, v);
    const first = outline.split('\n').find((l) => /\S/.test(l)) ?? '';
    if (first.startsWith('# ')) headings.set(v, first.slice(2).trim());
  }
  return { volumeOf: (c) => byChapter.get(c) ?? Math.ceil(c / settings.chapters_per_volume), headings };
}

/** book.json (§18), or null when there is none; a broken one is exit 2 naming the file and the field. */
export function readBookJson(fs: ProjectFs): BookJson | null {
  const r = fs.readJson(paths.book, BookJsonSchema, 'invalid_book_json');
  if (r === null) return null;
  if (!r.ok)
    throw diagnosticsError(
      'invalid_book_json',
      said('bookfile.invalid', { file: paths.book }),
      r.diagnostics,
      said('bookfile.book.hint'),
    );
  return r.value;
}

/**
 * Title, author and blurb: book.json, else novel.config.json (title, author), else brief.md (its 《title》 heading, a
 * 作者/Author line, its 简介).
 */
export function bookMeta(fs: ProjectFs, settings: Settings, lastChapter: number): BookMeta {
  const book = readBookJson(fs);
  const brief = text(fs, 'brief.md') ?? '';
  const heading =
    brief
      .split('\n')
      .find((l) => l.startsWith('# '))
      ?.slice(2)
      .trim() ?? '';
  const quoted = /\u300a([^\u300b]+)\u300b/.exec(heading)?.[1]; // 《title》
  const title =
    book?.title ?? settings.title ?? quoted ?? (heading.replace(/\u4f5c\u54c1\u7b80\u4ecb$/, '').trim() || '未命名');
  const author =
    book?.author ??
    settings.author ??
    (/(?:\u4f5c\u8005|Author)\s*[:\uff1a]\s*(.+)/i.exec(brief)?.[1]?.trim() || '佚名');
  let modified = '2000-01-01T00:00:00Z';
  const log = lastChapter > 0 ? text(fs, paths.chapterLog(lastChapter)) : undefined;
  try {
    const at = log ? (JSON.parse(log) as { committed_at?: unknown }).committed_at : undefined;
    if (typeof at === 'string' && !Number.isNaN(Date.parse(at)))
      modified = `${new Date(at).toISOString().slice(0, 19)}Z`;
  } catch {
    /* a damaged log: the default time */
  }
  const description = book?.blurb?.trim() || blurbOf(brief);
  const cover = coverOf(fs);
  return {
    title,
    author,
    language: settings.language,
    modified,
    volumes: volumeMap(fs, settings).headings,
    ...(description ? { description } : {}),
    ...(cover ? { cover } : {}),
  };
}

/** brief.md's 简介: the lines under a heading that names it (up to the next heading), or a line "简介：…". */
export function blurbOf(brief: string): string | undefined {
  const lines = brief.split(/\r?\n/);
  const at = lines.findIndex((l) => /^#{1,6}\s*.*\u7b80\u4ecb/.test(l));
  if (at >= 0) {
    const rest: string[] = [];
    // Up to the next heading or the first list (the brief's own notes: 类型, 基调, …).
    for (const l of lines.slice(at + 1)) {
      if (/^#{1,6}\s/.test(l) || /^\s*[-*+]\s/.test(l)) break;
      rest.push(l);
    }
    const text = rest.join('\n').trim();
    if (text) return text;
  }
  return /^\u7b80\u4ecb\s*[:\uff1a]\s*(.+)$/m.exec(brief)?.[1]?.trim() || undefined;
}

/** cover.jpg, cover.jpeg or cover.png at the project root. */
function coverOf(fs: ProjectFs): BookMeta['cover'] | undefined {
  for (const [name, type] of [
    ['cover.jpg', 'image/jpeg'],
    ['cover.jpeg', 'image/jpeg'],
    ['cover.png', 'image/png'],
  ] as const) {
    if (!fs.isFile(name)) continue;
    try {
      return { bytes: fs.readBytes(name), type };
    } catch {
      /* unreadable: the generated cover */
    }
  }
  return undefined;
}
