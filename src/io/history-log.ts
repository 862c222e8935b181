/** logs/chapter-NNN-history.jsonl: one line per pipeline transition, for the chapter log. */
import { paths } from '../core/paths.js';
import type { ProjectFs } from './project-fs.js';
import { readJsonLines } from './book-files.js';

export const historyPath = (chapter: number): string => paths.historyLog(chapter);

export const executionsPath = (chapter: number): string => paths.executionsLog(chapter);

/** Append one JSON line to a log file (atomic rewrite). */
export function appendJsonLine(fs: ProjectFs, rel: string, entry: Record<string, unknown>): void {
  const before = fs.exists(rel) ? fs.readBytes(rel) : Buffer.alloc(0);
  const sep = before.length > 0 && before[before.length - 1] !== 0x0a ? '\n' : '';
  fs.writeText(rel, Buffer.concat([before, Buffer.from(`${sep}${JSON.stringify(entry)}\n`, 'utf8')]));
}

export function appendHistory(fs: ProjectFs, chapter: number, entry: Record<string, unknown>): void {
  appendJsonLine(fs, historyPath(chapter), entry);
}

export function readHistory(fs: ProjectFs, chapter: number): Record<string, unknown>[] {
  return readJsonLines(fs, historyPath(chapter));
}
