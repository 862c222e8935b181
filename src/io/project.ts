/**
 * Opening a project for a command: root, file system door, checkpoint and
 * settings. Mutating commands go through `withMutation`, which takes the lock
 * *before* looking at project state, checks the final trees' fingerprint and
 * always releases a lock it took.
 */
import { NovelError } from '../core/errors.js';
import { decideNext, type NextDecision } from '../core/next.js';
import { paths } from '../core/paths.js';
import type { Settings } from '../core/settings.js';
import { DEFAULT_SETTINGS } from '../core/settings.js';
import type { StagingView } from '../core/staging-view.js';
import { ConfigSchema } from '../schemas/config.js';
import { readCheckpoint, type LoadedCheckpoint } from './checkpoint.js';
import { completeInterruptedArchive } from './apply-transition.js';
import { recoverJournal, sweepAtomicTemps } from './commit-journal.js';
import { checkFinalTrees } from './fingerprint.js';
import type { Journal } from '../schemas/journal.js';
import { readBookProbe } from './book-probe.js';
import { findJournal } from './journal.js';
import type { BookProbe } from '../core/rehydrate.js';
import { acquireLock, defaultLockEnv, type LockEnv, type LockHandle } from './lock.js';
import { findProjectRoot, ProjectFs } from './project-fs.js';
import { loadSettings } from './settings.js';
import { readStagingView } from './staging-probe.js';

export interface CommandEnv {
  cwd: string;
  env: NodeJS.ProcessEnv;
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

/** Read-only open: checkpoint, settings and staging probe. */
export function openProject(cenv: CommandEnv, projectFlag: string | undefined, fs = openFs(cenv, projectFlag)): OpenProject {
  const loaded = readCheckpoint(fs);
  const settings = loadSettings(fs);
  const { journalPath, ...probe } = readBookProbe(fs, loaded.checkpoint);
  return { fs, loaded, settings, view: readStagingView(fs), journal: journalPath, probe };
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

/** Leftovers of interrupted atomic writes of the bookkeeping files. */
function sweepBookkeepingTemps(fs: ProjectFs): void {
  sweepAtomicTemps(fs, [paths.checkpoint, paths.fingerprint]);
  for (const f of fs.listFiles(paths.commitJournalDir)) if (!f.endsWith('.json')) fs.remove(f);
}

export function withMutation<R>(
  cenv: CommandEnv,
  projectFlag: string | undefined,
  options: MutationOptions,
  fn: (project: OpenProject, mutation: MutationContext) => R,
): R {
  const fs = openFs(cenv, projectFlag);
  const lock = acquireLock(fs, lockEnvFor(cenv, fs), options.chapter);
  try {
    testHoldLock(cenv.env);
    sweepBookkeepingTemps(fs);
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
    return fn(project, { lock, recovered });
  } finally {
    lock.release();
  }
}
