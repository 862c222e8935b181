/**
 * Opening a project for a command: root, file system door, checkpoint and
 * settings. Mutating commands go through `withMutation`, which takes the lock
 * *before* looking at project state, checks the final trees' fingerprint and
 * always releases a lock it took.
 */
import { NovelError } from '../core/errors.js';
import { decideNext, type NextDecision } from '../core/next.js';
import { FINAL_TREES, paths } from '../core/paths.js';
import type { Settings } from '../core/settings.js';
import { DEFAULT_SETTINGS } from '../core/settings.js';
import type { StagingView } from '../core/staging-view.js';
import { ConfigSchema } from '../schemas/config.js';
import { readCheckpoint, type LoadedCheckpoint } from './checkpoint.js';
import { completeInterruptedArchive } from './apply-transition.js';
import { recoverJournal, sweepAtomicTemps } from './commit-journal.js';
import { checkFinalTrees, recordFirstFingerprint } from './fingerprint.js';
import { recordBoundary } from './boundary-cache.js';
import type { Journal } from '../schemas/journal.js';
import { readBookProbe } from './book-probe.js';
import { findJournal } from './journal.js';
import type { BookProbe } from '../core/rehydrate.js';
import { acquireLock, defaultLockEnv, type LockEnv, type LockHandle } from './lock.js';
import { findProjectRoot, ProjectFs } from './project-fs.js';
import { loadSettings } from './settings.js';
import { recordNestedWrite } from './step-guard.js';
import { readStagingView } from './staging-probe.js';

export interface CommandEnv {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Settings pinned by a run (read once at its start); otherwise read from novel.config.json. */
  settings?: Settings;
}

export interface OpenProject {
  fs: ProjectFs;
  loaded: LoadedCheckpoint;
  settings: Settings;
  view: StagingView;
  /** Project-relative path of an unfinished commit journal, if any. */
  journal: string | null;
  /** What the book machine's guards read besides the checkpoint. */
  probe: BookProbe;
}

function faultKillAt(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.NOVEL_FAULT_KILL_AT;
  if (raw === undefined || raw === '') return undefined;
  const k = Number(raw);
  if (!Number.isInteger(k) || k < 1) {
    throw new NovelError('invalid_env', `NOVEL_FAULT_KILL_AT=${raw}: expected a whole number ≥ 1 (a test hook)`, { hint: 'unset NOVEL_FAULT_KILL_AT' });
  }
  return k;
}

export function openFs(cenv: CommandEnv, projectFlag: string | undefined): ProjectFs {
  const root = findProjectRoot(cenv.cwd, projectFlag);
  const k = faultKillAt(cenv.env);
  return new ProjectFs(root, k === undefined ? {} : { faultKillAt: k });
}

/**
 * Read-only open: checkpoint, settings and the probes. A commit may run
 * meanwhile (readers take no lock): the picture is taken again until the
 * checkpoint reads the same after the probes as before them, so that a reader
 * never mixes an old checkpoint with a staging area the commit already cleared.
 */
export function openProject(cenv: CommandEnv, projectFlag: string | undefined, fs = openFs(cenv, projectFlag)): OpenProject {
  for (let attempt = 0; ; attempt++) {
    const loaded = readCheckpoint(fs);
    const settings = cenv.settings ?? loadSettings(fs);
    const view = readStagingView(fs);
    const { journalPath, ...probe } = readBookProbe(fs, loaded.checkpoint);
    const project = { fs, loaded, settings, view, journal: journalPath, probe };
    if (attempt >= 20 || JSON.stringify(readCheckpoint(fs).raw) === JSON.stringify(loaded.raw)) return project;
  }
}

/** The next step of an opened project (read-only). */
export function nextOf(p: OpenProject): NextDecision {
  return decideNext({ checkpoint: p.loaded.checkpoint, settings: p.settings, view: p.view, probe: p.probe });
}

/** The next step after a command wrote: the project is read again from disk. */
export function nextAfterWrite(cenv: CommandEnv, projectFlag: string | undefined, fs: ProjectFs): NextDecision {
  return nextOf(openProject(cenv, projectFlag, fs));
}

/** Lock staleness needs the config before the project is checked: read it leniently. */
function staleMinutesLenient(fs: ProjectFs): number {
  try {
    const parsed = fs.readJson(paths.config, ConfigSchema, 'invalid_config');
    if (parsed?.ok && parsed.value.lock_stale_minutes !== undefined) return parsed.value.lock_stale_minutes;
  } catch {
    /* validated properly once the lock is held */
  }
  return DEFAULT_SETTINGS.lock_stale_minutes;
}

export function lockEnvFor(cenv: CommandEnv, fs: ProjectFs): LockEnv {
  return defaultLockEnv(cenv.env, staleMinutesLenient(fs));
}

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
 * while writing it: FILE.<digits>, for the kinds of file novel writes. An
 * author's file never matches unless it mimics exactly that.
 */
export const WRITER_TEMP_RE = /\.(json|jsonl|md|log|txt)\.\d+$/;

/** Every directory novel writes in (the project root's own files included). */
const WRITTEN_DIRS = ['staging', '.novel', 'logs', ...FINAL_TREES];

/**
 * Leftovers of interrupted atomic writes, wherever novel writes, removed by
 * every mutating command before it acts (a kill mid-write leaves FILE.<digits>).
 */
export function sweepWriterTemps(fs: ProjectFs): string[] {
  const removed: string[] = [];
  const candidates = fs.rootEntries('').filter((n) => fs.isFile(n));
  for (const dir of WRITTEN_DIRS) candidates.push(...fs.listFiles(dir, { recursive: true }));
  for (const rel of candidates) {
    if (WRITER_TEMP_RE.test(rel)) {
      fs.remove(rel);
      removed.push(rel);
    }
  }
  sweepAtomicTemps(fs, [paths.checkpoint, paths.fingerprint]);
  for (const f of fs.listFiles(paths.commitJournalDir)) if (!f.endsWith('.json')) fs.remove(f);
  return removed;
}

export function withMutation<R>(
  cenv: CommandEnv,
  projectFlag: string | undefined,
  options: MutationOptions,
  fn: (project: OpenProject, mutation: MutationContext) => R,
): R {
  const fs = openFs(cenv, projectFlag);
  const lock = acquireLock(fs, lockEnvFor(cenv, fs), options.chapter);
  // Admitted under a running `novel run`'s owner token (a command its executor runs): tell the run's step guard what novel wrote here.
  if (!lock.owned) fs.observer = (rel) => recordNestedWrite(fs, rel);
  try {
    testHoldLock(cenv.env);
    sweepWriterTemps(fs);
    let recovered: Journal | null = null;
    const pending = findJournal(fs);
    if (pending !== null) {
      if (options.refuseJournal) {
        throw new NovelError('commit_pending', `an unfinished commit journal ${pending} is pending`, {
          hint: 'finish it first with any other mutating command (e.g. `novel commit` as `novel next` names it), then retry',
        });
      }
      recovered = recoverJournal(fs, pending);
    }
    let project = openProject(cenv, projectFlag, fs);
    if (options.checkFingerprint !== false) checkFinalTrees(fs, project.loaded.checkpoint);
    const finished = completeInterruptedArchive(fs, project.loaded);
    if (finished.loaded !== project.loaded) project = { ...project, loaded: finished.loaded, view: readStagingView(fs) };
    const result = fn(project, { lock, recovered });
    if (options.checkFingerprint !== false) recordFirstFingerprint(fs);
    // Checked before, written through the fingerprint since: the trees match it
    // now, and the next commands check them by stats.
    if (options.checkFingerprint !== false && fs.exists(paths.fingerprint)) recordBoundary(fs, readCheckpoint(fs).checkpoint);
    return result;
  } finally {
    lock.release();
  }
}
