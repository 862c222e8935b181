/**
 * Opening a project for a command: root, file system door, checkpoint and
 * settings. Mutating commands go through `withMutation` (src/io/mutation.ts),
 * which takes the lock *before* looking at project state, checks the final
 * trees' fingerprint and always releases a lock it took.
 */
import { said, type Lang } from '../core/messages.js';
import { NovelError } from '../core/errors.js';
import { decideNext, nextStep, type NextDecision, type NextInput } from '../core/next.js';
import { paths } from '../core/paths.js';
import type { Settings } from '../core/settings.js';
import { DEFAULT_SETTINGS } from '../core/settings.js';
import type { StagingView } from '../core/staging-view.js';
import type { ProjectView } from '../core/context/project-view.js';
import { ConfigSchema } from '../schemas/config.js';
import { checkpointText, readCheckpoint, type LoadedCheckpoint } from './checkpoint.js';
import { readBookProbe } from './book-probe.js';
import type { BookProbe } from '../core/rehydrate.js';
import { defaultLockEnv, type LockEnv } from './lock.js';
import { findProjectRoot, ProjectFs } from './project-fs.js';
import { loadSettings } from './settings.js';
import { readStagingView } from './staging-probe.js';

export interface CommandEnv {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The language of every human-readable line (`--lang`, else the locale). */
  lang?: Lang;
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
  /**
   * The book's files as this open reads them, each file once: the lint's lists and the continuity cast read through
   * it, and a packet built in the same command may (nothing it read is read again).
   */
  files: () => ProjectView;
}

function faultKillAt(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.NOVEL_FAULT_KILL_AT;
  if (raw === undefined || raw === '') return undefined;
  const k = Number(raw);
  if (!Number.isInteger(k) || k < 1) {
    throw new NovelError('invalid_env', said('fs.fault_kill_at', { raw }), { hint: said('fs.fault_kill_at.hint') });
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
export function openProject(
  cenv: CommandEnv,
  projectFlag: string | undefined,
  fs = openFs(cenv, projectFlag),
  options: { hashStaged?: boolean; castRecord?: boolean } = {},
): OpenProject {
  for (let attempt = 0; ; attempt++) {
    const loaded = readCheckpoint(fs);
    const settings = cenv.settings ?? loadSettings(fs);
    // A mutating command hashes the staged files it reads (staging-probe.ts); a reader takes the recorded hashes.
    const view = readStagingView(fs, options.hashStaged !== true);
    const { journalPath, files, ...probe } = readBookProbe(fs, loaded.checkpoint, settings.continuity, {
      ...(options.castRecord === false ? { castRecord: false } : {}),
    });
    const project = { fs, loaded, settings, view, journal: journalPath, probe, files };
    if (attempt >= 20 || checkpointText(fs) === loaded.text) return project;
  }
}

/**
 * The project here, or null when there is none and the author named none (`--project` absent): for the
 * commands that also work on loose files (`lint FILE`, `quality eval`) with the default settings.
 */
export function openProjectIfAny(cenv: CommandEnv, projectFlag: string | undefined): OpenProject | null {
  try {
    return openProject(cenv, projectFlag);
  } catch (err) {
    if (err instanceof NovelError && err.code === 'not_a_project' && projectFlag === undefined) return null;
    throw err;
  }
}

/** The next step of an opened project (read-only); `zh: false` leaves its Chinese reason out. */
export function nextOf(p: OpenProject, zh = true): NextDecision {
  return decideNext({ ...nextInputOf(p), ...(zh ? {} : { zh: false }) });
}

/** Only the next step of an opened project, typed and as its id text (nothing validated, no reason said). */
export function nextStepOf(p: OpenProject): Pick<NextDecision, 'id' | 'step'> {
  return nextStep(nextInputOf(p));
}

/** What the core decides the next step from: the opened project's checkpoint, settings and probes. */
function nextInputOf(p: OpenProject): NextInput {
  return { checkpoint: p.loaded.checkpoint, settings: p.settings, view: p.view, probe: p.probe };
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

/** The lock's environment; `settings` when the project is open already (its config then needs no second read). */
export function lockEnvFor(cenv: CommandEnv, fs: ProjectFs, settings?: Settings): LockEnv {
  return defaultLockEnv(cenv.env, settings?.lock_stale_minutes ?? staleMinutesLenient(fs));
}
