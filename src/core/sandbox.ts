/**
 * The box an executor runs in (PROTOCOL §17): on Linux, bubblewrap (`bwrap`)
 * with the whole file system bound read-only, the project read-only but
 * `staging/` (none of it for a read-only agent), the step's own temporary
 * directory and the client's configuration directories writable, a new PID
 * namespace that ends with the step (`--unshare-pid --die-with-parent`: no
 * descendant survives it, whatever it did to its environment), and the
 * network shared (the models are remote). Pure: the io layer probes bwrap,
 * makes the temporary directory and spawns what this module spells out.
 */
import { isSaid, render, said, type Said, type Words } from './messages.js';

export type SandboxMode = 'auto' | 'required' | 'off';

/** What the probe found: the box can be had, or why not (said, or plain text). */
export type BoxProbe = { ok: true; bwrap: string } | { ok: false; reason: Words };

/**
 * Where the box stands, to be said (src/core/messages.ts, `box.*`): on, off, unavailable, required but unavailable,
 * not needed (demo), or not checked (a reader on a book whose mutating commands never recorded the probe).
 */
export type BoxState = {
  state: 'on' | 'off' | 'unavailable' | 'required' | 'demo' | 'unchecked';
  /** bwrap's path when on, else why not, in English (the JSON's). */
  detail: string;
  /** Why not, said (rendered in the reader's language), when the probe said it. */
  words?: Said;
};

/** What a run does about the box: run every executor in it, run without it (and say so), or refuse. */
export type BoxPlan = { box: true; bwrap: string; said: BoxState } | { box: false; said: BoxState } | { refuse: Said };

/**
 * The flags every box has, and the probe tries (so that a probe that passes
 * means the box starts). A /dev of its own (a read-only bind of the host's
 * would refuse /dev/null), with the host's /dev/shm bound read-only again: a
 * project kept there stays visible. No capability inside: run by root, bwrap
 * would otherwise keep them all, and a `mount -o remount,rw` would undo the
 * box (a user's bwrap drops them anyway).
 */
export const BOX_BASE_FLAGS: readonly string[] = [
  '--ro-bind',
  '/',
  '/',
  '--dev',
  '/dev',
  '--ro-bind-try',
  '/dev/shm',
  '/dev/shm',
  '--proc',
  '/proc',
  '--unshare-pid',
  '--die-with-parent',
  '--new-session',
  '--cap-drop',
  'ALL',
];

/**
 * Where the box stands for this setting and probe (the probe is not run for "off"). A probe that gives null did not
 * look (a reader without the answer a mutating command records): not checked.
 */
export function boxState(mode: SandboxMode, probe: () => BoxProbe | null): BoxState {
  if (mode === 'off') return { state: 'off', detail: '' };
  const found = probe();
  if (found === null) return { state: 'unchecked', detail: '' };
  if (found.ok) return { state: 'on', detail: found.bwrap };
  return {
    state: mode === 'required' ? 'required' : 'unavailable',
    detail: render('en', found.reason),
    ...(isSaid(found.reason) ? { words: found.reason } : {}),
  };
}

/** The words a box state is said with: its said reason, else its detail as it is. */
export const boxDetail = (box: BoxState): Words => box.words ?? box.detail;

/**
 * The plan for a run from the setting and the probe. `off` runs as before;
 * `auto` boxes when it can and says why when it cannot; `required` refuses
 * instead. `inProcess`: the demo executor is novel's own code, run in its own
 * process, writing through novel's own door: nothing foreign to contain.
 */
export function boxPlan(mode: SandboxMode, probe: () => BoxProbe, inProcess: boolean): BoxPlan {
  if (inProcess) return { box: false, said: { state: 'demo', detail: '' } };
  const state = boxState(mode, probe);
  if (state.state === 'on') return { box: true, bwrap: state.detail, said: state };
  if (state.state === 'required') return { refuse: said('boxplan.required', { detail: boxDetail(state) }) };
  return { box: false, said: state };
}

/** The client directories a client writes as it works (sessions, logs, caches), by the executor's environment. */
export function clientDirs(
  kind: 'claude' | 'codex' | 'command',
  env: Readonly<Record<string, string | undefined>>,
  home: string,
): { dirs: string[]; files: string[] } {
  const h = env.HOME?.startsWith('/') ? env.HOME : home;
  const claude = {
    dirs: [env.CLAUDE_CONFIG_DIR?.startsWith('/') ? env.CLAUDE_CONFIG_DIR : `${h}/.claude`],
    files: [`${h}/.claude.json`],
  };
  const codex = {
    dirs: [env.CODEX_HOME?.startsWith('/') ? env.CODEX_HOME : `${h}/.codex`],
    files: [] as string[],
  };
  if (kind === 'claude') return claude;
  if (kind === 'codex') return codex;
  // A command template may wrap either client: both, where they exist.
  return { dirs: [...claude.dirs, ...codex.dirs], files: claude.files };
}

export interface BoxSpec {
  bwrap: string;
  /** The project root (absolute). */
  root: string;
  /** Writable: staging/ (false for a read-only agent: the executor writes its answer itself). */
  stagingWritable: boolean;
  /** The step's temporary directory (absolute; writable, and TMPDIR inside the box). */
  tempDir: string;
  /** Client directories and files to keep writable (only those that exist are given). */
  writable: string[];
  /** Where the program starts (absolute). */
  cwd: string;
}

/** The argv that runs `argv` in the box. */
export function boxArgv(spec: BoxSpec, argv: readonly string[]): string[] {
  const binds = [...spec.writable, spec.tempDir].flatMap((p) => ['--bind', p, p]);
  const staging = spec.stagingWritable ? ['--bind', `${spec.root}/staging`, `${spec.root}/staging`] : [];
  return [
    spec.bwrap,
    ...BOX_BASE_FLAGS,
    ...staging,
    ...binds,
    '--setenv',
    'TMPDIR',
    spec.tempDir,
    '--chdir',
    spec.cwd,
    '--',
    ...argv,
  ];
}
