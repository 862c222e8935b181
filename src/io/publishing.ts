/**
 * publishing/published.jsonl read and appended (PROTOCOL §18), and the 存稿
 * it leaves: each line parsed by its schema (a broken one is refused, naming
 * the line), the chapters' 字数 from their logs, their bytes as the
 * fingerprint records them.
 */
import { chapterFacts } from '../core/commit-plan.js';
import { diagnosticsError } from '../core/errors.js';
import { said } from '../core/messages.js';
import { paths } from '../core/paths.js';
import { serialBuffer, type PublishedLine, type SerialBuffer } from '../core/publishing.js';
import { parseJsonText, parseWith } from '../schemas/parse.js';
import { PublishedLineSchema } from '../schemas/publishing.js';
import { readFingerprint } from './fingerprint.js';
import * as v from 'valibot';
import { dailyProgress, localDay, type DailyProgress } from '../core/daily-goal.js';
import type { Settings } from '../core/settings.js';
import type { ProjectFs } from './project-fs.js';

/** The lines of publishing/published.jsonl (none when the author has published nothing through novel). */
export function readPublished(fs: ProjectFs): PublishedLine[] {
  const r = fs.readTextChecked(paths.published);
  if (r === null) return [];
  if ('diagnostic' in r)
    throw diagnosticsError('invalid_published', said('bookfile.invalid', { file: paths.published }), [r.diagnostic]);
  const out: PublishedLine[] = [];
  for (const [i, text] of r.text.split('\n').entries()) {
    if (!text.trim()) continue;
    const json = parseJsonText(text, `${paths.published}:${i + 1}`, 'invalid_published');
    const line = json.ok
      ? parseWith(PublishedLineSchema, json.value, `${paths.published}:${i + 1}`, 'invalid_published')
      : json;
    if (!line.ok)
      throw diagnosticsError(
        'invalid_published',
        said('bookfile.invalid', { file: paths.published }),
        line.diagnostics,
        said('publishing.file.hint', { file: paths.published }),
      );
    out.push(line.value);
  }
  return out;
}

/** Lines appended in one write (the file rewritten atomically: a kill leaves it as it was or with all of them). */
export function appendPublished(fs: ProjectFs, lines: readonly PublishedLine[]): void {
  if (lines.length === 0) return;
  const before = fs.exists(paths.published) ? fs.readText(paths.published) : '';
  const sep = before && !before.endsWith('\n') ? '\n' : '';
  fs.writeText(paths.published, `${before}${sep}${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
}

/** A committed chapter's 字数: its log's, else its text's. */
export function chapterZishu(fs: ProjectFs, chapter: number): number {
  const log = fs.readTextChecked(paths.chapterLog(chapter));
  if (log && 'text' in log) {
    try {
      const z = (JSON.parse(log.text) as { zishu?: unknown }).zishu;
      if (typeof z === 'number') return z;
    } catch {
      /* the text counts instead */
    }
  }
  const text = fs.readTextChecked(paths.chapter(chapter));
  return text && 'text' in text ? chapterFacts(text.text).zishu : 0;
}

/**
 * The 存稿 and what is published, or null for a book that has published nothing through novel. A chapter's bytes are
 * the fingerprint's (every change to a committed chapter goes through it), else the file's own.
 */
export function readSerialBuffer(fs: ProjectFs, lastCompleted: number): SerialBuffer | null {
  const lines = readPublished(fs);
  if (lines.length === 0) return null;
  const recorded = readFingerprint(fs);
  return serialBuffer({
    lastCompleted,
    lines,
    zishuOf: (n) => chapterZishu(fs, n),
    shaOf: (n) => recorded?.[paths.chapter(n)] ?? fs.sha256(paths.chapter(n)),
  });
}

/** What `novel publish` recorded. */
export interface Published {
  chapters: number[];
  date: string;
  buffer: SerialBuffer | null;
}

const CommitTimeSchema = v.looseObject({ committed_at: v.optional(v.unknown()), zishu: v.optional(v.unknown()) });

/** The chapters' commit times and 字数 from their logs, newest first, read one at a time as asked. */
function* commitsNewestFirst(
  fs: ProjectFs,
  lastCompleted: number,
): Generator<{ committed_at: string | null; zishu: number }> {
  for (let n = lastCompleted; n >= 1; n--) {
    const log = fs.readJson(paths.chapterLog(n), CommitTimeSchema, 'invalid_chapter_log');
    const value = log?.ok ? log.value : {};
    yield {
      committed_at: typeof value.committed_at === 'string' ? value.committed_at : null,
      zishu: typeof value.zishu === 'number' ? value.zishu : 0,
    };
  }
}

/**
 * The daily goal's figures (§18) for the day `now` falls on in the book's time zone, or null without a goal in the
 * config. `calendarDays` 0 leaves the calendar out (status), 90 draws it (serve).
 */
export function readDailyProgress(
  fs: ProjectFs,
  settings: Settings,
  lastCompleted: number,
  now: Date,
  calendarDays: number,
): DailyProgress | null {
  const goal = settings.serial.daily_zishu;
  if (goal === null) return null;
  const tz = settings.serial.timezone;
  return dailyProgress(commitsNewestFirst(fs, lastCompleted), localDay(now, tz), goal, tz, calendarDays);
}
