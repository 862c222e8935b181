/**
 * Reading the book's state files for a commit or a verification, each parsed
 * by its schema; a damaged file is a refusal naming it, never a guess.
 */
import { chapterFacts } from '../core/commit-plan.js';
import { zishuOfLog } from '../core/chapter-log.js';
import type * as v from 'valibot';
import { diagnosticsError } from '../core/errors.js';
import { said } from '../core/messages.js';
import { EMPTY_STATE, type ChangelogLine, type StateDoc } from '../core/state-ops.js';
import { parseJsonText, parseWith } from '../schemas/parse.js';
import {
  BookLedgerSchema,
  ChangelogLineSchema,
  GlobalForeshadowingSchema,
  LedgerSchema,
  StateSchema,
  VolumeForeshadowingSchema,
} from '../schemas/book.js';
import { BOOK_LEDGER, bookTotals, ledgerTotals, type BookLedger, type BookTotals } from '../core/chapter-log.js';
import { chapterOfLog, chapterOfText, paths } from '../core/paths.js';
import type { ProjectFs } from './project-fs.js';
import { readCheckpoint } from './checkpoint.js';

type Obj = Record<string, unknown>;

/**
 * The texts a commit read, by path: its history keeps what each file it
 * replaces held, and decoding a large state twice costs as much as parsing it.
 */
export type TextsRead = Map<string, string>;

function readOr<S extends v.GenericSchema>(
  fs: ProjectFs,
  rel: string,
  schema: S,
  fallback: v.InferOutput<S>,
  texts?: TextsRead,
): v.InferOutput<S> {
  const parsed = fs.readJson(rel, schema, 'invalid_book_file', undefined, texts);
  if (parsed === null) return fallback;
  if (!parsed.ok)
    throw diagnosticsError(
      'invalid_book_file',
      said('bookfile.damaged', { file: rel }),
      parsed.diagnostics,
      said('bookfile.restore.hint'),
    );
  return parsed.value;
}

export const STATE_FILE = paths.state;
export const CHANGELOG_FILE = 'state/changelog.jsonl';
export const LEDGER_FILE = paths.chapterMemory;

export function readState(fs: ProjectFs, texts?: TextsRead): StateDoc {
  return readOr(fs, STATE_FILE, StateSchema, { ...EMPTY_STATE, schema_version: 1 as const }, texts) as StateDoc;
}

export function readGlobalForeshadowing(fs: ProjectFs, texts?: TextsRead): Obj[] {
  return readOr(fs, paths.globalForeshadowing, GlobalForeshadowingSchema, { foreshadowing: [] }, texts).foreshadowing;
}

export function readVolumePlan(fs: ProjectFs, volumeDir: string): Obj[] {
  return readOr(fs, `${volumeDir}/foreshadowing.json`, VolumeForeshadowingSchema, { foreshadowing: [] }).foreshadowing;
}

export function readLedger(fs: ProjectFs, texts?: TextsRead): Obj[] {
  return readOr(fs, LEDGER_FILE, LedgerSchema, [], texts);
}

export function readChangelog(fs: ProjectFs): { lines: ChangelogLine[]; bytes: number; endsWithNewline: boolean } {
  if (!fs.exists(CHANGELOG_FILE)) return { lines: [], bytes: 0, endsWithNewline: true };
  const bytes = fs.readBytes(CHANGELOG_FILE);
  const text = fs.readText(CHANGELOG_FILE);
  const lines: ChangelogLine[] = [];
  const problems = [];
  let lineNo = 0;
  for (const raw of text.split('\n')) {
    lineNo += 1;
    if (raw.trim() === '') continue;
    const where = `${CHANGELOG_FILE} line ${lineNo}`;
    const json = parseJsonText(raw, where, 'invalid_changelog');
    const parsed = json.ok ? parseWith(ChangelogLineSchema, json.value, where, 'invalid_changelog') : json;
    if (!parsed.ok) problems.push(...parsed.diagnostics);
    else lines.push(parsed.value as ChangelogLine);
  }
  if (problems.length)
    throw diagnosticsError(
      'invalid_changelog',
      said('bookfile.damaged', { file: CHANGELOG_FILE }),
      problems,
      said('bookfile.changelog.hint'),
    );
  return { lines, bytes: bytes.length, endsWithNewline: bytes.length === 0 || bytes[bytes.length - 1] === 0x0a };
}

/** Byte length of the changelog and whether it ends with a newline, without parsing it (commit). */
export function changelogTail(fs: ProjectFs): { bytes: number; endsWithNewline: boolean } {
  const size = fs.size(CHANGELOG_FILE);
  if (size === null || size === 0) return { bytes: 0, endsWithNewline: true };
  return { bytes: size, endsWithNewline: fs.readRange(CHANGELOG_FILE, size - 1, 1)[0] === 0x0a };
}

export function fileBytes(fs: ProjectFs, rel: string): number {
  return fs.size(rel) ?? 0;
}

/** The committed memory of a storyline (storylines/{id}/memory.md), if any; ids are slugs. */
export function committedMemory(fs: ProjectFs, storylineId: string): string | undefined {
  if (!/^[a-z0-9][a-z0-9_-]{0,63}$/.test(storylineId)) return undefined;
  const r = fs.readTextChecked(paths.storylineMemory(storylineId));
  return r && 'text' in r ? r.text : undefined;
}

/**
 * A reader computes the book's totals from its chapters only up to this many: a longer book without a ledger (made by
 * hand or by an older version) gets a hint to build it once, not a read of every chapter on each call.
 */
export const TOTALS_COMPUTED_UP_TO = 100;

/** The book's totals as the ledger gives them, when it agrees with the checkpoint (null: no such ledger). */
export function readLedgerTotals(fs: ProjectFs, lastCompleted: number): BookTotals | null {
  const parsed = fs.readJson(BOOK_LEDGER, BookLedgerSchema, 'invalid_book_ledger');
  return ledgerTotals(parsed?.ok ? parsed.value : null, lastCompleted);
}

/**
 * The book's totals as of the last committed chapter: the ledger when it agrees with the checkpoint, else every chapter
 * log.
 */
export function readBookTotals(fs: ProjectFs, lastCompleted: number): BookTotals {
  // None yet, or damaged: computed from the logs.
  const parsed = fs.readJson(BOOK_LEDGER, BookLedgerSchema, 'invalid_book_ledger');
  const fromLedger = ledgerTotals(parsed?.ok ? parsed.value : null, lastCompleted);
  if (fromLedger) return fromLedger;
  const logs: Obj[] = [];
  const logged = new Set<number>();
  for (const f of fs.listFiles('logs')) {
    const n = chapterOfLog(f);
    if (n === null) continue;
    if (n > lastCompleted) continue;
    try {
      const log = JSON.parse(fs.readText(f)) as Obj;
      logs.push(log);
      if (zishuOfLog(log) !== null) logged.add(n);
    } catch {
      /* an unreadable log counts for nothing */
    }
  }
  const totals = bookTotals(logs);
  const imported = readCheckpoint(fs).checkpoint.imported_chapters ?? 0;
  // Chapters committed without a log (written before novel, or imported) count their text: one 字数 with novel
  // chapters.
  for (const f of fs.listFiles('chapters')) {
    const n = chapterOfText(f) ?? NaN;
    if (!Number.isInteger(n) || n > lastCompleted || logged.has(n)) continue;
    const r = fs.readTextChecked(f);
    if (!r || !('text' in r)) continue;
    // An imported chapter before its catch-up cost nothing; one written by hand has no known cost.
    if (n <= imported) totals.chapters += 1;
    totals.zishu += chapterFacts(r.text).zishu;
  }
  return totals;
}

/**
 * After a chapter's commit (or its roll-forward): the ledger as of that
 * chapter — the ledger of the chapter before plus this chapter's log, or,
 * when there is none to build on, every chapter log. Applied before the
 * journal is deleted, so a kill at any point leaves it rebuilt by the
 * roll-forward; the same inputs always give the same bytes.
 */
export function refreshBookLedger(fs: ProjectFs, chapter: number): void {
  const parsed = fs.readJson(BOOK_LEDGER, BookLedgerSchema, 'invalid_book_ledger');
  const current = parsed?.ok ? parsed.value : null;
  if (ledgerTotals(current, chapter)) return;
  const base = ledgerTotals(current, chapter - 1);
  let totals: BookTotals;
  if (base) {
    const r = fs.readTextChecked(paths.chapterLog(chapter));
    let log: Obj | null = null;
    try {
      log = r !== null && 'text' in r ? (JSON.parse(r.text) as Obj) : null;
    } catch {
      log = null;
    }
    totals = log ? bookTotals([log], base) : readBookTotals(fs, chapter);
  } else totals = readBookTotals(fs, chapter);
  const ledger: BookLedger = { last_completed_chapter: chapter, ...totals };
  fs.writeJson(BOOK_LEDGER, ledger);
}

/**
 * After hand edits of committed chapters are accepted (`state verify
 * --accept`): their chapter logs take the title and 字数 of the text as it
 * is now, and the book's totals are computed afresh, so that no command
 * shows a count of the text as it was.
 */
export function refreshChapterFacts(fs: ProjectFs, accepted: readonly string[]): number[] {
  const refreshed: number[] = [];
  for (const rel of accepted) {
    const chapter = chapterOfText(rel);
    if (chapter === null) continue;
    const logRel = paths.chapterLog(chapter);
    const text = fs.readTextChecked(rel);
    const logText = fs.readTextChecked(logRel);
    if (!text || !('text' in text) || !logText || !('text' in logText)) continue;
    let log: Obj;
    try {
      log = JSON.parse(logText.text) as Obj;
    } catch {
      continue;
    }
    fs.writeJson(logRel, { ...log, ...chapterFacts(text.text) });
    refreshed.push(chapter);
  }
  if (refreshed.length && fs.exists(BOOK_LEDGER)) fs.remove(BOOK_LEDGER);
  return refreshed;
}
