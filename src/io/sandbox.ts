/**
 * The box's machine side (src/core/sandbox.ts spells it out): is bubblewrap on
 * PATH and does a box start here (`bwrap` with the box's own flags running
 * `true`)? Probed once per process. Also the step's temporary directory,
 * outside the project, made before the step and removed after it.
 */
import type * as ChildProcesses from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import * as v from 'valibot';
import type { ProjectFs } from './project-fs.js';
import * as os from 'node:os';
import * as path from 'node:path';
import { said } from '../core/messages.js';
import { BOX_BASE_FLAGS, boxArgv, clientDirs, type BoxProbe } from '../core/sandbox.js';
import { isPidAlive } from './lock.js';

/** The first executable `bwrap` on PATH, or null. */
function bwrapOnPath(env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(':')) {
    if (!dir.startsWith('/')) continue;
    const file = path.join(dir, 'bwrap');
    try {
      accessSync(file, constants.X_OK);
      if (statSync(file).isFile()) return file;
    } catch {
      /* not here */
    }
  }
  return null;
}

const probed = new Map<string, BoxProbe>();

/** Can a box be had here? bwrap on PATH, and a box with the real flags starts and exits 0 (user namespaces work). */
export function probeBox(env: NodeJS.ProcessEnv): BoxProbe {
  if (process.platform !== 'linux')
    return { ok: false, reason: said('boxprobe.linux_only', { platform: process.platform }) };
  const bwrap = bwrapOnPath(env);
  if (bwrap === null) return { ok: false, reason: said('boxprobe.not_on_path') };
  const known = probed.get(bwrap);
  if (known) return known;
  const cp = process.getBuiltinModule('node:child_process') as typeof ChildProcesses;
  const r = cp.spawnSync(bwrap, [...BOX_BASE_FLAGS, 'true'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 10_000,
    encoding: 'utf8',
  });
  const found: BoxProbe =
    r.status === 0
      ? { ok: true, bwrap }
      : {
          ok: false,
          reason: said('boxprobe.cannot_box', {
            bwrap,
            error:
              (r.stderr ?? '').trim().split('\n')[0] || (r.error ? r.error.message : `exit ${r.status ?? r.signal}`),
          }),
        };
  probed.set(bwrap, found);
  return found;
}

const BOX_CACHE = 'logs/.cache/box.json';
const BoxCacheSchema = v.object({ key: v.string(), ok: v.boolean(), bwrap: v.string(), error: v.string() });

/** What decides whether a box starts here: bwrap's file and the kernel's user-namespace settings. */
function boxKey(bwrap: string): string {
  const st = statSync(bwrap);
  const knob = (file: string): string => {
    try {
      return readFileSync(file, 'utf8').trim();
    } catch {
      return '-';
    }
  };
  return [
    bwrap,
    st.size,
    st.mtimeMs,
    knob('/proc/sys/user/max_user_namespaces'),
    knob('/proc/sys/kernel/unprivileged_userns_clone'),
    knob('/proc/sys/kernel/apparmor_restrict_unprivileged_userns'),
  ].join('|');
}

/**
 * The box probe for `status` and the mutating commands: the answer a mutating command kept in logs/.cache/box.json
 * while bwrap and the kernel's settings are as they were. Without it a mutating command probes (starting bwrap) and
 * keeps the answer; a reader does not start bwrap at every call, and gets null (not checked: `novel doctor` probes,
 * and any mutating command keeps the answer). `novel run` and `novel doctor` always probe afresh.
 */
export function probeBoxCached(fs: ProjectFs, env: NodeJS.ProcessEnv): BoxProbe | null {
  if (process.platform !== 'linux') return probeBox(env);
  const bwrap = bwrapOnPath(env);
  if (bwrap === null) return probeBox(env);
  let key: string;
  try {
    key = boxKey(bwrap);
  } catch {
    return probeBox(env);
  }
  try {
    const r = fs.readJson(BOX_CACHE, BoxCacheSchema, 'invalid_cache');
    if (r?.ok && r.value.key === key && r.value.bwrap === bwrap)
      return r.value.ok
        ? { ok: true, bwrap }
        : { ok: false, reason: said('boxprobe.cannot_box', { bwrap, error: r.value.error }) };
  } catch {
    /* a damaged cache: as none */
  }
  if (!fs.mutating) return null;
  const found = probeBox(env);
  fs.afterSuccess.push(() => keepBoxAnswer(fs, key, bwrap, found));
  return found;
}

function keepBoxAnswer(fs: ProjectFs, key: string, bwrap: string, found: BoxProbe): void {
  fs.writeText(
    BOX_CACHE,
    JSON.stringify({
      key,
      ok: found.ok,
      bwrap,
      error: found.ok ? '' : String((found.reason as { args?: { error?: unknown } }).args?.error ?? ''),
    }),
    { fsync: false },
  );
}

/**
 * A new project's first answer (`novel init`, the first command that writes there): the box probed and kept for
 * `status`, as every later command that writes keeps it. Nothing where no bwrap would be started (not Linux, no bwrap
 * on PATH: status finds that itself).
 */
export function recordBoxProbe(fs: ProjectFs, env: NodeJS.ProcessEnv): void {
  if (process.platform !== 'linux') return;
  const bwrap = bwrapOnPath(env);
  if (bwrap === null) return;
  try {
    keepBoxAnswer(fs, boxKey(bwrap), bwrap, probeBox(env));
  } catch {
    /* a cache: status says the box is not checked */
  }
}

export interface StepBox {
  /** The argv that runs `argv` inside the box, starting in `cwd`. */
  wrap(argv: readonly string[], cwd: string): string[];
  /** The step's temporary directory (TMPDIR inside the box). */
  tempDir: string;
  /** Removes the temporary directory. */
  close(): void;
}

/**
 * A box for one executor process: its temporary directory made now, outside
 * the project; the client's directories that exist kept writable.
 */
export function openStepBox(
  bwrap: string,
  root: string,
  kind: 'claude' | 'codex' | 'command',
  env: NodeJS.ProcessEnv,
  stagingWritable: boolean,
  tempDir?: string,
): StepBox {
  const tmp = tempDir ?? makeStepTemp('step');
  const wanted = clientDirs(kind, env, os.homedir());
  // Claude Code and Codex make their own directory on first use: made here, so that it can be bound writable.
  if (kind !== 'command') for (const dir of wanted.dirs) mkdirSync(dir, { recursive: true });
  const writable = [...wanted.dirs, ...wanted.files].filter((p) => existsSync(p));
  return {
    tempDir: tmp,
    wrap: (argv, cwd) => boxArgv({ bwrap, root, stagingWritable, tempDir: tmp, writable, cwd }, argv),
    close: () => {
      if (tempDir === undefined) rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** A step's temporary directory (`step`, or `codex` for the one Codex writes its last message into). */
const STEP_TEMP_NAME = /^novel-(?:step|codex)-(\d+)-[A-Za-z0-9]{6}$/;

/**
 * A step's temporary directory, outside the project: its name carries the pid of the novel that made it, so that once
 * that novel is gone without removing it (killed: SIGKILL leaves no time) the next step's novel does.
 */
export function makeStepTemp(kind: 'step' | 'codex'): string {
  sweepStepTemps();
  return mkdtempSync(path.join(os.tmpdir(), `novel-${kind}-${process.pid}-`));
}

let swept = false;

/**
 * The step temporary directories of this user whose novel is no longer running, removed; looked for once per process
 * (`once: false` looks again). A name without a pid (an older novel's) and anything else in `dir` are left alone.
 * Returns what it removed.
 */
export function sweepStepTemps(dir = os.tmpdir(), once = true): string[] {
  const removed: string[] = [];
  if (once && swept) return removed;
  swept = true;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return removed;
  }
  const uid = process.getuid?.();
  for (const name of names) {
    const m = STEP_TEMP_NAME.exec(name);
    if (!m) continue;
    const pid = Number(m[1]);
    if (pid === process.pid || isPidAlive(pid)) continue;
    const abs = path.join(dir, name);
    try {
      const st = lstatSync(abs);
      if (!st.isDirectory() || (uid !== undefined && st.uid !== uid)) continue;
      rmSync(abs, { recursive: true, force: true });
      removed.push(abs);
    } catch {
      /* gone meanwhile, or not ours to remove */
    }
  }
  return removed;
}
