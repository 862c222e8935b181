/**
 * The commit journal: write it (fsync'd, atomic) before touching any target,
 * apply it idempotently, delete it last. Applying the same journal any number
 * of times, from any interruption point, yields the same bytes.
 */
import * as nodePath from 'node:path';
import { prettyJson } from '../core/canonical-json.js';
import type { CommitPlan } from '../core/commit-plan.js';
import type { VolumeCommitPlan } from '../core/volume-plan.js';
import type { SetupStep } from '../core/step-id.js';
import { diagnosticsError, NovelError } from '../core/errors.js';
import { said, type Said } from '../core/messages.js';
import { paths } from '../core/paths.js';
import { JournalSchema, type Journal } from '../schemas/journal.js';
import { refreshBookLedger } from './book-files.js';
import { noteInputWrites } from './planning-inputs.js';
import {
  fileValue,
  hasFingerprint,
  hashAll,
  listFinalTrees,
  updateFingerprint,
  writeFingerprint,
} from './fingerprint.js';
import { sha256Hex, type ProjectFs } from './project-fs.js';
import { isWriteOnce, keepObject } from './book-objects.js';

/** The journal of a plan without its writes, which stageJournalWrites stages and adds. */
export function journalFromPlan(
  plan:
    | CommitPlan
    | VolumeCommitPlan
    | {
        kind: 'setup';
        step: SetupStep;
        writes: CommitPlan['writes'];
        appends: [];
        removes: string[];
        checkpoint: Record<string, unknown>;
        fingerprint_paths: string[];
      },
): Journal {
  return {
    version: 1,
    kind: plan.kind,
    ...(plan.kind === 'setup' ? { setup: plan.step } : {}),
    chapter: plan.kind === 'chapter' ? plan.chapter : null,
    volume: plan.kind === 'volume' ? plan.volume : null,
    writes: [],
    appends: plan.appends.map((a) => ({ path: a.path, before: a.before, text: a.text })),
    removes: plan.removes,
    checkpoint: plan.checkpoint,
    fingerprint_paths: plan.fingerprint_paths,
  };
}

export function writeJournal(fs: ProjectFs, rel: string, journal: Journal): void {
  fs.writeText(rel, prettyJson(journal));
}

/**
 * The commit's new bytes go to staging/.commit/new/ first (each fsync'd),
 * and the journal names them instead of holding them: a commit writes the
 * bytes of a large state once, not once in the journal and again in place.
 * Each text is encoded once, and hashed and written from those bytes.
 * Leftovers of a commit killed before its journal was written go first.
 */
export function stageJournalWrites(fs: ProjectFs, plan: Parameters<typeof journalFromPlan>[0]): Journal {
  if (fs.exists(paths.commitNewDir)) fs.remove(paths.commitNewDir);
  const journal = journalFromPlan(plan);
  const writes = plan.writes.map((w, i) => {
    const bytes = typeof w.content === 'string' ? Buffer.from(w.content, 'utf8') : w.content;
    const sha256 = (w as { sha256?: string }).sha256 ?? sha256Hex(bytes);
    const staged = `${paths.commitNewDir}/${i}-${sha256.slice(0, 16)}`;
    fs.writeText(staged, bytes);
    return { path: w.path, staged, sha256 };
  });
  return { ...journal, writes };
}

export function readJournal(fs: ProjectFs, rel: string): Journal {
  const parsed = fs.readJson(rel, JournalSchema, 'invalid_journal');
  if (parsed === null) throw new NovelError('journal_missing', said('journal.missing', { file: rel }));
  if (!parsed.ok) {
    throw diagnosticsError(
      'invalid_journal',
      said('journal.damaged', { file: rel }),
      parsed.diagnostics,
      said('journal.damaged.hint'),
    );
  }
  return parsed.value;
}

/** Remove leftovers of interrupted atomic writes (write-file-atomic names them FILE.<digits>). */
export function sweepAtomicTemps(fs: ProjectFs, targets: readonly string[]): string[] {
  const removed: string[] = [];
  const dirs = new Map<string, Set<string>>();
  for (const t of targets) {
    const dir = nodePath.posix.dirname(t);
    if (!dirs.has(dir)) dirs.set(dir, new Set());
    dirs.get(dir)?.add(nodePath.posix.basename(t));
  }
  for (const [dir, bases] of dirs) {
    const names = fs.readDir(dir === '.' ? '' : dir).map((e) => e.name);
    for (const name of names) {
      const m = /^(.*)\.\d+$/.exec(name);
      if (m && bases.has(m[1] as string)) {
        const rel = dir === '.' ? name : `${dir}/${name}`;
        fs.remove(rel);
        removed.push(rel);
      }
    }
  }
  return removed;
}

/**
 * Apply every effect of the journal; each step checks before it writes. Right
 * after the journal was written (`fresh`) no target holds its new bytes yet
 * that matters: the writes are made without reading the targets first.
 */
export function applyJournal(fs: ProjectFs, rel: string, journal: Journal, options: { fresh?: boolean } = {}): void {
  if (journal.kind === 'rewind') return applyRewind(fs, rel, journal);
  for (const w of journal.writes) {
    if (options.fresh || fs.sha256(w.path) !== w.sha256) writeOnce(fs, rel, w, options.fresh === true);
    // A copy of what a commit writes once, for the step guard to restore from (book-objects.ts); novel's own history
    // needs none.
    if (!w.path.startsWith('.novel/') && isWriteOnce(w.path))
      keepObject(fs, w.path, w.content ?? fs.readBytes(w.path), w.sha256);
  }
  if (fs.exists(paths.commitNewDir)) fs.remove(paths.commitNewDir);
  for (const a of journal.appends) {
    // Only the appended bytes are read: the journal recorded the length before the append.
    const size = fs.size(a.path) ?? 0;
    if (size < a.before) {
      throw new NovelError(
        'journal_conflict',
        said('journal.cut_short', { file: a.path, size, before: a.before, journal: rel }),
        {
          hint: said('journal.cut_short.hint'),
        },
      );
    }
    const text = Buffer.from(a.text, 'utf8');
    const done = size === a.before + text.length && fs.readRange(a.path, a.before, text.length).equals(text);
    if (!done) fs.appendAt(a.path, a.before, text);
  }
  // The fingerprint follows the files this commit wrote (a project without one gets its first, of every file).
  if (!hasFingerprint(fs)) writeFingerprint(fs, hashAll(fs, listFinalTrees(fs)));
  else {
    const changes: Record<string, string> = {};
    // A file written above holds the bytes the journal hashed; only the appended logs are hashed here.
    const written = new Map(journal.writes.map((w) => [w.path, w.sha256]));
    for (const p of journal.fingerprint_paths) {
      const value = written.get(p) ?? fileValue(fs, p);
      if (value !== null) changes[p] = value;
    }
    updateFingerprint(fs, changes);
  }
  // The planning inputs a commit writes (the cast and world of a setup commit) are novel's, not the author's edits.
  noteInputWrites(fs, journal.writes);
  const checkpointText = prettyJson(journal.checkpoint);
  if (fs.sha256(paths.checkpoint) !== sha256Hex(checkpointText)) fs.writeText(paths.checkpoint, checkpointText);
  for (const r of journal.removes) if (r.startsWith('staging/')) fs.remove(r);
  // Leftovers of interrupted writes elsewhere are swept by the next mutating command (src/io/temp-sweep.ts).
  sweepAtomicTemps(fs, [paths.checkpoint, paths.fingerprint, rel]);
  // The book's totals for `novel status`, before the journal goes: a kill up to here rolls forward to the same ledger.
  if (journal.kind === 'chapter' && journal.chapter !== null) refreshBookLedger(fs, journal.chapter);
  fs.remove(rel);
}

/**
 * A rewind (§14): its moves (renames into the rewind folder), its cuts of the
 * logs (the cut bytes kept first, then the log written back to its first
 * bytes), the restored texts, the removals, the whole fingerprint taken afresh
 * (a rewind is rare and may touch any book file), the checkpoint, and the
 * journal last. Every step is idempotent, so a kill anywhere rolls forward to
 * the same bytes.
 */
function applyRewind(fs: ProjectFs, rel: string, journal: Journal): void {
  for (const m of journal.moves ?? []) moveOnce(fs, rel, m);
  for (const c of journal.cuts ?? []) cutOnce(fs, rel, c);
  for (const w of journal.writes) if (fs.sha256(w.path) !== w.sha256) writeOnce(fs, rel, w, false);
  for (const r of journal.removes) if (fs.exists(r)) fs.remove(r);
  writeFingerprint(fs, hashAll(fs, listFinalTrees(fs)));
  const checkpointText = prettyJson(journal.checkpoint);
  if (fs.sha256(paths.checkpoint) !== sha256Hex(checkpointText)) fs.writeText(paths.checkpoint, checkpointText);
  sweepAtomicTemps(fs, [paths.checkpoint, paths.fingerprint, rel]);
  fs.remove(rel);
}

function journalConflict(message: Said): NovelError {
  return new NovelError('journal_conflict', message, { hint: said('journal.conflict.hint') });
}

/**
 * A journal's write: its content written, or its staged file renamed into place (checked first when rolling forward).
 */
function writeOnce(fs: ProjectFs, rel: string, w: Journal['writes'][number], fresh: boolean): void {
  if (w.content !== undefined) return fs.writeText(w.path, w.content);
  const staged = w.staged as string;
  if (fs.lstat(staged) === null)
    throw journalConflict(said('journal.write_lost', { file: w.path, sha256: w.sha256, staged, journal: rel }));
  if (!fresh && fs.sha256(staged) !== w.sha256)
    throw journalConflict(said('journal.staged_changed', { staged, journal: rel, file: w.path }));
  fs.move(staged, w.path);
}

/** A move by rename: done when the source is gone and the destination holds what the journal recorded. */
function moveOnce(fs: ProjectFs, rel: string, m: NonNullable<Journal['moves']>[number]): void {
  if (fs.lstat(m.from) !== null) {
    fs.move(m.from, m.to);
    return;
  }
  if (fs.lstat(m.to) === null)
    throw journalConflict(said('journal.move_lost', { from: m.from, to: m.to, journal: rel }));
  if (m.sha256 !== null && fs.sha256(m.to) !== m.sha256)
    throw journalConflict(said('journal.move_changed', { to: m.to, journal: rel, from: m.from }));
}

/**
 * A cut of a log: the bytes after `at` are kept at `tail_to` first (read from the log, which is cut only after), then
 * the log is written back to its first `at` bytes.
 */
function cutOnce(fs: ProjectFs, rel: string, c: NonNullable<Journal['cuts']>[number]): void {
  const size = fs.size(c.path);
  if (size === null) throw journalConflict(said('journal.cut_missing', { file: c.path, journal: rel, at: c.at }));
  if (fs.sha256(c.tail_to) !== c.tail_sha256) {
    const tail = size > c.at ? fs.readRange(c.path, c.at, size - c.at) : Buffer.alloc(0);
    if (sha256Hex(tail) !== c.tail_sha256)
      throw journalConflict(said('journal.tail_changed', { file: c.path, at: c.at, journal: rel, tail: c.tail_to }));
    fs.writeText(c.tail_to, tail);
  }
  if (size !== c.at || fs.sha256(c.path) !== c.sha256) {
    const kept = fs.readRange(c.path, 0, c.at);
    if (kept.length !== c.at || sha256Hex(kept) !== c.sha256)
      throw journalConflict(said('journal.head_changed', { file: c.path, at: c.at, journal: rel }));
    fs.writeText(c.path, kept);
  }
}

export function recoverJournal(fs: ProjectFs, rel: string): Journal {
  const journal = readJournal(fs, rel);
  applyJournal(fs, rel, journal);
  return journal;
}
