/** The logs novel appends JSON lines to (a chapter's history, its executions): appended whole, read line by line. */
import { paths } from '../core/paths.js';
import type { ProjectFs } from './project-fs.js';
import { nestedTooDeep } from '../schemas/parse.js';

type Obj = Record<string, unknown>;

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

/** JSON Lines of a log; unreadable lines are skipped (logs are informative). */
export function readJsonLines(fs: ProjectFs, rel: string): Obj[] {
  const r = fs.readTextChecked(rel);
  if (r === null || 'diagnostic' in r) return [];
  const out: Obj[] = [];
  for (const line of r.text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const v = JSON.parse(line) as unknown;
      // A line nested deeper than novel writes any is no line of novel's (what compares or walks it would overflow).
      if (v && typeof v === 'object' && !Array.isArray(v) && nestedTooDeep(v) === null) out.push(v as Obj);
    } catch {
      /* a torn last line of an interrupted append */
    }
  }
  return out;
}
