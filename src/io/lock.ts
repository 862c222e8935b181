/**
 * `.novel.lock/` (PROTOCOL §8). Acquired atomically *with* its info: info.json
 * is written into a fresh `.novel.lock.tmp-<random>/`, which is then renamed to
 * `.novel.lock` (rename fails while a lock with content exists). A stale lock
 * is moved aside to a unique name before removal, so a process never deletes
 * a lock another process has just taken.
 */
import { said } from '../core/messages.js';
import { endProcessesWithEnv } from './process-sweep.js';
import { forgetSweepRecord } from './temp-sweep.js';
import type * as NodeOs from 'node:os';
import { EXIT, NovelError } from '../core/errors.js';
import { staleReason, type LockStatus } from '../core/lock-rules.js';

export type { LockStatus };
import { paths } from '../core/paths.js';
import { ExecutorRecordSchema, LockInfoSchema, type LockInfo } from '../schemas/lock.js';
import type { ProjectFs } from './project-fs.js';
import { readExecution } from './execution-record.js';

export interface LockEnv {
  now: () => Date;
  pid: number;
  host: string;
  owner: string | null;
  staleMinutes: number;
}

export function defaultLockEnv(env: NodeJS.ProcessEnv, staleMinutes: number): LockEnv {
  return {
    now: () => new Date(),
    pid: process.pid,
    // node:os is loaded only when a lock is taken or judged (not at every `novel next`).
    get host() {
      return (process.getBuiltinModule('node:os') as typeof NodeOs).hostname();
    },
    owner: env.NOVEL_LOCK_OWNER && env.NOVEL_LOCK_OWNER.length > 0 ? env.NOVEL_LOCK_OWNER : null,
    staleMinutes,
  };
}

export function isPidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readInfo(fs: ProjectFs, rel: string): LockInfo | null {
  try {
    const parsed = fs.readJson(rel, LockInfoSchema, 'invalid_lock');
    return parsed?.ok ? parsed.value : null;
  } catch {
    return null;
  }
}

export function lockStatus(fs: ProjectFs, env: LockEnv): LockStatus {
  if (!fs.isDir(paths.lockDir)) return { held: false, stale: false, stale_reason: null, holder: null };
  const info = readInfo(fs, paths.lockInfo);
  const reason = staleReason({
    info,
    dirMtimeMs: fs.mtimeMs(paths.lockDir),
    nowMs: env.now().getTime(),
    staleMinutes: env.staleMinutes,
    host: env.host,
    isPidAlive,
  });
  return { held: true, stale: reason !== null, stale_reason: reason, holder: info };
}

/** The step a running `novel run` is executing, from its own record (.novel/execution.json), if any. */
function stepRunning(fs: ProjectFs): string | null {
  try {
    return readExecution(fs)?.step ?? null;
  } catch {
    return null;
  }
}

/**
 * A mutating command run inside an executor step (PROTOCOL §17): refused,
 * naming the step. Inside the box the project is read-only (the kernel says
 * so); outside it, the command carries the run's owner token from another
 * process. Only the commands that read run inside a step.
 */
export function nestedWriteError(fs: ProjectFs, step: string | null): NovelError {
  const named = step ?? stepRunning(fs);
  return new NovelError(
    'nested_write',
    said('locking.nested_write', { step: named ?? said('locking.an_executor_step') }),
    {
      exitCode: EXIT.lockHeld,
      hint: said('locking.nested_write.hint'),
      details: { step: named ?? 'an executor step' },
    },
  );
}

function lockHeldError(status: LockStatus, fs?: ProjectFs): NovelError {
  const h = status.holder;
  const step = fs ? stepRunning(fs) : null;
  const holder = h
    ? said('locking.holder', { pid: h.pid, host: h.host, started: h.started, chapter: h.chapter, step })
    : said('locking.unknown_holder');
  return new NovelError('lock_held', said('locking.held', { holder }), {
    exitCode: EXIT.lockHeld,
    hint: said('locking.held.hint'),
    details: { holder: h },
  });
}

/** Move a lock directory aside and delete it; true when it was the one we judged. */
function removeLockDir(fs: ProjectFs, expected: LockInfo | null): boolean {
  const grave = `${paths.lockGravePrefix}${Math.random().toString(16).slice(2, 14)}`;
  try {
    fs.rename(paths.lockDir, grave);
  } catch {
    return false;
  }
  const moved = readInfo(fs, `${grave}/info.json`);
  const same =
    (expected === null && moved === null) ||
    (expected !== null &&
      moved !== null &&
      moved.pid === expected.pid &&
      moved.started === expected.started &&
      moved.host === expected.host);
  if (!same) {
    // Someone took the lock between our look and our move: give it back.
    try {
      fs.rename(grave, paths.lockDir);
      return false;
    } catch {
      /* the directory stays aside; it is removed below */
    }
  }
  fs.remove(grave);
  return same;
}

/**
 * Remove leftovers of interrupted acquisitions and removals. A tmp directory
 * carries its creator's pid in its name, so one left without info.json by a
 * killed process is recognised too; a moved-aside stale lock is never needed
 * once its mover is gone.
 */
function sweepLeftovers(fs: ProjectFs, env: LockEnv): void {
  for (const name of fs.rootEntries('.novel.lock.')) {
    if (name.startsWith(paths.lockGravePrefix)) {
      fs.remove(name);
      continue;
    }
    if (!name.startsWith(paths.lockTmpPrefix)) continue;
    const info = readInfo(fs, `${name}/info.json`);
    const namedPid = Number(/^\.novel\.lock\.tmp-(\d+)-/.exec(name)?.[1] ?? NaN);
    const mtime = fs.mtimeMs(name);
    const old = mtime === null || env.now().getTime() - mtime > 60_000;
    const dead =
      info !== null
        ? info.host === env.host && !isPidAlive(info.pid)
        : Number.isInteger(namedPid) && namedPid !== env.pid && !isPidAlive(namedPid);
    if (old || dead) fs.remove(name);
  }
}

export interface LockHandle {
  /** false when admitted under the owner token of a running `novel run`. */
  owned: boolean;
  info: LockInfo;
  release(): void;
}

/** Where a running `novel run` records its executor's process group, inside its lock. */
export const EXECUTOR_RECORD = `${paths.lockDir}/executor.json`;

/**
 * A `novel run` killed outright (SIGKILL) cannot stop its executor: the next
 * command that takes over its stale lock ends the recorded process group
 * (SIGTERM, then SIGKILL) before it proceeds. Only on the same host, and only
 * a process group that still carries the dead run's owner token where /proc
 * can tell.
 */
function endOrphanedExecutor(fs: ProjectFs, holder: LockInfo | null, env: LockEnv): void {
  if (!holder || holder.host !== env.host) return;
  // Without a recorded group, the dead run's token still finds what it started.
  if (holder.owner) {
    endProcessesWithEnv(`NOVEL_LOCK_OWNER=${holder.owner}`);
  }
  // A record that cannot be read or does not parse names no process to end.
  let record: ReturnType<typeof fs.readJson<typeof ExecutorRecordSchema>>;
  try {
    record = fs.readJson(EXECUTOR_RECORD, ExecutorRecordSchema, 'invalid_executor_record');
  } catch {
    return;
  }
  if (!record?.ok) return;
  const { pgid } = record.value;
  if (!isPidAlive(pgid)) return;
  const osfs = process.getBuiltinModule('node:fs') as typeof import('node:fs');
  try {
    const environ = osfs.readFileSync(`/proc/${pgid}/environ`, 'latin1');
    if (holder.owner && !environ.includes(`NOVEL_LOCK_OWNER=${holder.owner}`)) return;
  } catch {
    /* no /proc: trust the record */
  }
  const kill = (sig: NodeJS.Signals | 0): boolean => {
    try {
      process.kill(-pgid, sig);
      return true;
    } catch {
      return false;
    }
  };
  if (!kill('SIGTERM')) return;
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline && kill(0)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  kill('SIGKILL');
}

export function acquireLock(fs: ProjectFs, env: LockEnv, chapter: number | null): LockHandle {
  // Inside an executor's box the project is read-only: refused before anything is tried (the run's pid is not even
  // visible there).
  if (fs.readOnlyRoot()) throw nestedWriteError(fs, null);
  sweepLeftovers(fs, env);
  for (let attempt = 0; attempt < 4; attempt++) {
    const status = lockStatus(fs, env);
    if (status.held) {
      if (status.holder && env.owner !== null && status.holder.owner === env.owner) {
        // The run's own operations, in its own process, work under its lock; a process it started does not (§17).
        if (!status.stale && status.holder.pid === env.pid && status.holder.host === env.host)
          return { owned: false, info: status.holder, release: () => undefined };
        throw nestedWriteError(fs, null);
      }
      if (!status.stale) throw lockHeldError(status, fs);
      endOrphanedExecutor(fs, status.holder, env);
      // Its last write may have been cut within the clock tick the sweep record holds: the next sweep lists everything.
      forgetSweepRecord(fs);
      removeLockDir(fs, status.holder);
      continue;
    }
    const now = env.now().toISOString();
    const info: LockInfo = { pid: env.pid, host: env.host, started: now, heartbeat: now, chapter, owner: env.owner };
    const tmp = fs.makeTempDir(`${paths.lockTmpPrefix}${env.pid}-`);
    fs.writeJson(`${tmp}/info.json`, info);
    try {
      fs.rename(tmp, paths.lockDir);
    } catch (err) {
      fs.remove(tmp);
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOTEMPTY' || code === 'EEXIST') continue;
      throw err;
    }
    return {
      owned: true,
      info,
      release: () => {
        const current = readInfo(fs, paths.lockInfo);
        if (current && current.pid === info.pid && current.started === info.started && current.host === info.host) {
          removeLockDir(fs, current);
        }
      },
    };
  }
  throw lockHeldError(lockStatus(fs, env), fs);
}

/** `novel lock clear`: only stale locks unless forced. */
export function clearLock(fs: ProjectFs, env: LockEnv, force: boolean): { removed: boolean; status: LockStatus } {
  if (fs.readOnlyRoot()) throw nestedWriteError(fs, null);
  const status = lockStatus(fs, env);
  if (!status.held) return { removed: false, status };
  if (status.holder && env.owner !== null && status.holder.owner === env.owner && status.holder.pid !== env.pid)
    throw nestedWriteError(fs, null);
  if (!status.stale && !force) {
    throw new NovelError(
      'lock_live',
      said('locking.live', { pid: String(status.holder?.pid ?? '?'), host: status.holder?.host ?? '?' }),
      {
        hint: said('locking.live.hint'),
        details: { holder: status.holder },
      },
    );
  }
  if (status.stale) endOrphanedExecutor(fs, status.holder, env);
  // The holder is gone, maybe mid-write: the next sweep lists everything.
  forgetSweepRecord(fs);
  removeLockDir(fs, status.holder);
  sweepLeftovers(fs, env);
  return { removed: true, status };
}
