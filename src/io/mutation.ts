/**
 * Every mutating command runs inside withMutation: the project lock, the
 * sweep of leftovers of interrupted writes, the roll-forward of a pending
 * commit journal, the write-boundary check before acting, and afterwards the
 * records that keep the next command's checks cheap (first fingerprint, stat
 * signature, staged-file hashes, sweep record). Readers never load this module.
 */
import { CAST_CACHE, recordCast } from './cast-cache.js';
import { ensureStagedLint } from './lint-cache.js';
import { ensureCachedStateFacts } from './continuity-book.js';
import { langOf, said, say } from '../core/messages.js';
import { FINAL_TREES, paths } from '../core/paths.js';
import { NovelError } from '../core/errors.js';
import type { Journal } from '../schemas/journal.js';
import { completeInterruptedArchive } from './apply-transition.js';
import { isObjectInFlight, isObjectShard } from './book-objects.js';
import { recordBoundary } from './boundary-cache.js';
import { readCheckpoint } from './checkpoint.js';
import { recoverJournal, sweepAtomicTemps } from './commit-journal.js';
import { refreshDormantCount } from './dormant-count.js';
import { refreshForeshadowingRecord } from './foreshadowing-record.js';
import { refreshBookLedger } from './book-files.js';
import { checkFinalTrees, logAuthorEdits, recordAuthorEdits, recordFirstFingerprint } from './fingerprint.js';
import { checkPlanningInputs } from './planning-inputs.js';
import { probeBoxCached } from './sandbox.js';
import { clockNow } from './clock.js';
import type { FingerprintDiff } from '../core/fingerprint-rules.js';

/** Two sets of edits as one list for the notice. */
function mergedEdits(a: FingerprintDiff | null, b: FingerprintDiff | null): FingerprintDiff | null {
  if (!a) return b;
  if (!b) return a;
  const sorted = (x: string[], y: string[]) => [...x, ...y].sort();
  return {
    added: sorted(a.added, b.added),
    changed: sorted(a.changed, b.changed),
    removed: sorted(a.removed, b.removed),
  };
}
import { syncWriter } from './stdio.js';
import { findJournal } from './journal.js';
import { acquireLock, type LockHandle } from './lock.js';
import { lockEnvFor, openFs, openProject, type CommandEnv, type OpenProject } from './project.js';
import type { ProjectFs } from './project-fs.js';
import { readStagingView, recordStagingHashes } from './staging-probe.js';
import { recordSweep, sweepTemps, type Sweep, type SweepScope } from './temp-sweep.js';

function testHoldLock(env: NodeJS.ProcessEnv): void {
  const ms = Number(env.NOVEL_TEST_LOCK_HOLD_MS ?? '');
  if (Number.isFinite(ms) && ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.min(ms, 10_000));
}

export interface MutationOptions {
  /** Chapter recorded in the lock's info.json. */
  chapter: number | null;
  /** Check the final trees against the fingerprint before acting (default true). */
  checkFingerprint?: boolean;
  /** Refuse instead of rolling forward a pending commit journal (state rebuild). */
  refuseJournal?: boolean;
}

export interface MutationContext {
  lock: LockHandle;
  /** The commit journal this command rolled forward before acting, if any. */
  recovered: Journal | null;
}

/**
 * The temporary name novel's atomic writer (write-file-atomic) gives a file
 * while writing it: FILE.<digits>, for the kinds of file novel writes (and
 * `.novel/objects/complete`, the copies' marker, which has no extension). An
 * author's file never matches unless it mimics exactly that.
 */
export const WRITER_TEMP_RE = /(\.(json|jsonl|md|log|txt)|\/[0-9a-f]{64}|^\.novel\/objects\/complete)\.\d+$/;

/**
 * Every directory novel writes in (the root's own files are swept on their own, below); the copies' shards take only
 * whole files.
 */
const SWEPT: SweepScope = { roots: ['staging', '.novel', 'logs', ...FINAL_TREES], fullOnly: isObjectShard };

/** What a killed writer leaves: a temp of the atomic writer, or a copy not yet in its shard (book-objects.ts). */
const isWriterLeftover = (rel: string): boolean => WRITER_TEMP_RE.test(rel) || isObjectInFlight(rel);

/**
 * Leftovers of interrupted atomic writes, wherever novel writes, removed by
 * every mutating command before it acts (a kill mid-write leaves FILE.<digits>).
 * Directories unchanged since the last successful mutation are not listed
 * again (src/io/temp-sweep.ts).
 */
export function sweepWriterTemps(fs: ProjectFs): Sweep {
  const removed: string[] = [];
  for (const rel of fs.rootEntries('').filter((n) => fs.isFile(n))) {
    if (WRITER_TEMP_RE.test(rel)) {
      fs.remove(rel);
      removed.push(rel);
    }
  }
  const sweep = sweepTemps(fs, SWEPT, isWriterLeftover);
  sweepAtomicTemps(fs, [paths.checkpoint, paths.fingerprint]);
  for (const f of fs.listFiles(paths.commitJournalDir)) if (!f.endsWith('.json')) fs.remove(f);
  return { ...sweep, removed: [...removed, ...sweep.removed] };
}

/** The dormant foreshadowing count for readers (src/io/dormant-count.ts): a cache, never a failure. */
function recordDormant(fs: ProjectFs, project: OpenProject): void {
  try {
    refreshDormantCount(
      fs,
      readCheckpoint(fs).checkpoint.last_completed_chapter + 1,
      project.settings.quality.dormancy,
    );
  } catch {
    /* a cache */
  }
}

/**
 * The next chapter's foreshadowing for its packets (src/io/foreshadowing-record.ts), unless this command moved the book
 * to another chapter (a commit, a rewind): a cache, never a failure.
 */
function recordForeshadowing(fs: ProjectFs, project: OpenProject): void {
  try {
    const checkpoint = readCheckpoint(fs).checkpoint;
    if (checkpoint.last_completed_chapter !== project.loaded.checkpoint.last_completed_chapter) return;
    refreshForeshadowingRecord(fs, checkpoint, project.settings);
  } catch {
    /* a cache */
  }
}

export function withMutation<R>(
  cenv: CommandEnv,
  projectFlag: string | undefined,
  options: MutationOptions,
  fn: (project: OpenProject, mutation: MutationContext) => R,
): R {
  const fs = openFs(cenv, projectFlag);
  const lock = acquireLock(fs, lockEnvFor(cenv, fs), options.chapter);
  // What this mutation writes: the temp-sweep record follows it.
  const touched = new Set<string>();
  fs.observer = (rel) => {
    touched.add(rel);
  };
  fs.mutating = true;
  try {
    testHoldLock(cenv.env);
    const sweep = sweepWriterTemps(fs);
    let recovered: Journal | null = null;
    const pending = findJournal(fs);
    if (pending !== null) {
      if (options.refuseJournal) {
        throw new NovelError('commit_pending', said('journal.pending', { file: pending }), {
          hint: said('journal.pending.hint'),
        });
      }
      recovered = recoverJournal(fs, pending);
    }
    let project = openProject(cenv, projectFlag, fs, { hashStaged: true });
    const checked =
      options.checkFingerprint !== false
        ? checkFinalTrees(fs, project.loaded.checkpoint)
        : { viaSignature: false, authorEdits: null };
    const viaSignature = checked.viaSignature;
    // The author's edits of planning inputs (§14): recorded, named, never refused. Those in the book's trees (outlines,
    // contracts, storylines) through the fingerprint; the cast, the world, the brief and the samples by their record.
    const inputs = checkPlanningInputs(fs);
    const edits = mergedEdits(checked.authorEdits, inputs.edits);
    if (edits) {
      if (checked.authorEdits)
        recordAuthorEdits(fs, checked.authorEdits, project.loaded.checkpoint, clockNow(cenv.env));
      if (inputs.edits) logAuthorEdits(fs, inputs.edits, project.loaded.checkpoint, clockNow(cenv.env));
      const { changed, added, removed } = edits;
      syncWriter(2).write(
        `${say(cenv.lang ?? langOf(cenv.env), 'mutation.author_edits', {
          list: said('fingerprint.list', { changed, added, removed }),
        })}\n`,
      );
    }
    const finished = completeInterruptedArchive(fs, project.loaded);
    if (finished.loaded !== project.loaded)
      project = { ...project, loaded: finished.loaded, view: readStagingView(fs, false) };
    const result = fn(project, { lock, recovered });
    // Whether a box starts here, for `status` to read (a spawn of bwrap only when bwrap or the kernel changed).
    if (project.settings.executor.sandbox !== 'off') probeBoxCached(fs, cenv.env);
    // The staged chapter's lint, where none of its text is recorded: its packets take it instead of linting afresh.
    if (project.probe.lintLists)
      ensureStagedLint(
        fs,
        readCheckpoint(fs).checkpoint.inflight_chapter ?? null,
        project.settings.quality,
        project.probe.lintLists,
      );
    for (const write of fs.afterSuccess.splice(0)) write();
    if (options.checkFingerprint !== false) recordFirstFingerprint(fs);
    // Checked before, written through the fingerprint since: the trees match it
    // now, and the next commands check them by stats.
    if (options.checkFingerprint !== false && fs.exists(paths.fingerprint))
      recordBoundary(fs, readCheckpoint(fs).checkpoint, viaSignature && recovered === null ? touched : null);
    inputs.settle();
    // A book without a record of its cast gets one (a command that read the cast has just brought it up to date).
    if (fs.lstat(CAST_CACHE) === null) recordCast(fs);
    // Likewise the continuity checks' facts, where there is no record of this version's shape.
    ensureCachedStateFacts(fs, project.settings.continuity);
    recordDormant(fs, project);
    recordForeshadowing(fs, project);
    // The book's totals, for a book whose ledger is missing or behind (made by hand, or by an older version): built
    // once here, so that readers read one file (a current ledger costs one small read).
    const last = readCheckpoint(fs).checkpoint.last_completed_chapter;
    if (last > 0) refreshBookLedger(fs, last);
    recordStagingHashes(fs, readStagingView(fs, false));
    recordSweep(fs, sweep, touched, SWEPT);
    return result;
  } finally {
    lock.release();
  }
}
