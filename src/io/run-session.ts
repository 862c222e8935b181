/**
 * What a `novel run` owns while it runs: the project lock (taken with a fresh
 * owner token that the run's own operations and executors present), its
 * heartbeat, the signal handlers, and the executor's process group.
 *
 * - The first SIGINT (Ctrl-C) lets the current step finish, then the run stops.
 * - A second SIGINT, or SIGTERM / SIGHUP (a closed terminal), stops at once:
 *   the executor's process group gets SIGTERM, then SIGKILL after a short
 *   grace period; the lock is released; the exit code names the signal.
 */
import type { ChildProcess } from 'node:child_process';
import { langOf, say } from '../core/messages.js';
import { paths } from '../core/paths.js';
import { acquireLock, EXECUTOR_RECORD, type LockHandle } from './lock.js';
import { lockEnvFor, type CommandEnv } from './project.js';
import { holdProcessEnd } from './process-end.js';
import { endProcessesWithEnv } from './process-sweep.js';
import { randomHex, type ProjectFs } from './project-fs.js';

const GRACE_MS = 2_000;
const HEARTBEAT_MS = 30_000;
const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

export class RunSession {
  readonly token = `run-${process.pid}-${randomHex(4)}`;
  /** Environment for the run's operations and executors: carries the owner token. */
  readonly env: NodeJS.ProcessEnv;
  private lock: LockHandle | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private child: ChildProcess | null = null;
  private interrupts = 0;
  /** Set once a signal stops the run: it then exits by itself (abort), after its executor's group has ended. */
  aborting = false;
  /**
   * Never settles: the run loop awaits it once a signal stopped the run, so that nothing more starts before the exit.
   */
  readonly aborted: Promise<never> = new Promise<never>(() => undefined);
  private releaseEnd: (() => void) | null = null;
  private readonly handlers: Array<[NodeJS.Signals, () => void]> = [];

  constructor(
    private readonly fs: ProjectFs,
    private readonly cenv: CommandEnv,
    private readonly warn: (line: string) => void,
  ) {
    this.env = { ...cenv.env, NOVEL_LOCK_OWNER: this.token };
  }

  /** Ctrl-C was pressed once: finish the step, then stop. */
  get stopRequested(): boolean {
    return this.interrupts > 0;
  }

  open(chapter: number | null): void {
    this.lock = acquireLock(this.fs, { ...lockEnvFor(this.cenv, this.fs), owner: this.token }, chapter);
    this.releaseEnd = holdProcessEnd();
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
    this.on('SIGINT', () => {
      this.interrupts += 1;
      if (this.interrupts === 1) this.warn(say(this.cenv.lang ?? langOf(this.cenv.env), 'running.finishing'));
      else this.abort('SIGINT');
    });
    this.on('SIGTERM', () => this.abort('SIGTERM'));
    this.on('SIGHUP', () => this.abort('SIGHUP'));
  }

  /**
   * The executor now running (its own process group), or null when it ended.
   * Its group is recorded inside the lock, so that the command that takes over
   * the lock of a killed run can end it (lock.ts).
   */
  running(child: ChildProcess | null): void {
    this.child = child;
    try {
      if (child?.pid) this.fs.writeJson(EXECUTOR_RECORD, { pgid: child.pid, started: new Date().toISOString() });
      else this.fs.remove(EXECUTOR_RECORD);
    } catch {
      /* the record is a safety net; the run goes on without it */
    }
  }

  close(): void {
    for (const [signal, handler] of this.handlers) process.off(signal, handler);
    this.handlers.length = 0;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.lock?.release();
    this.lock = null;
    if (!this.aborting) this.releaseEnd?.();
  }

  private on(signal: NodeJS.Signals, handler: () => void): void {
    process.on(signal, handler);
    this.handlers.push([signal, handler]);
  }

  private beat(): void {
    if (!this.lock) return;
    try {
      this.fs.writeJson(paths.lockInfo, { ...this.lock.info, heartbeat: new Date().toISOString() });
    } catch {
      /* a missed heartbeat only makes the lock look older */
    }
  }

  /** Stop now: end the executor's process group, release the lock, exit with the signal's code. */
  private abort(signal: string): void {
    this.aborting = true;
    const pid = this.child?.pid;
    const kill = (sig: NodeJS.Signals): boolean => {
      if (!pid) return false;
      try {
        process.kill(-pid, sig);
        return true;
      } catch {
        return false;
      }
    };
    const finish = (): never => {
      // Whatever the executor left behind (detached from its group too) carries the run's token: it ends before the
      // lock goes.
      endProcessesWithEnv(`NOVEL_LOCK_OWNER=${this.token}`);
      this.close();
      this.warn(say(this.cenv.lang ?? langOf(this.cenv.env), 'running.signal', { signal }));
      process.exit(SIGNAL_EXIT[signal] ?? 1);
    };
    if (signal === 'SIGINT') {
      kill('SIGKILL');
      finish();
    }
    if (!kill('SIGTERM')) finish();
    const deadline = Date.now() + GRACE_MS;
    const poll = setInterval(() => {
      if (kill(0 as unknown as NodeJS.Signals) && Date.now() < deadline) return;
      clearInterval(poll);
      kill('SIGKILL');
      finish();
    }, 50);
  }
}
