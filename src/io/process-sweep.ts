/**
 * Processes found by a token in their environment (Linux /proc): what an
 * executor step started, detached ones included (`setsid`, a double fork,
 * `nohup` keep the environment they inherited). A step's processes end with
 * it; a killed run's are ended by the command that takes over its lock.
 */
import type * as NodeFs from 'node:fs';

const fsModule = (): typeof NodeFs => process.getBuiltinModule('node:fs') as typeof NodeFs;

/** Pids (other than this process) whose environment holds `entry` (e.g. `NOVEL_STEP_TOKEN=…`). */
export function processesWithEnv(entry: string): number[] {
  const fs = fsModule();
  let names: string[];
  try {
    names = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  const out: number[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/environ`, 'latin1').split('\0').includes(entry)) out.push(Number(name));
    } catch {
      /* gone, or not ours to read */
    }
  }
  return out;
}

/**
 * SIGKILL every process carrying `entry`, again until none is left (one may
 * fork while the others die), at most `rounds` times. Returns how many were ended.
 */
export function endProcessesWithEnv(entry: string, rounds = 20): number {
  let ended = 0;
  for (let round = 0; round < rounds; round++) {
    const pids = processesWithEnv(entry);
    if (!pids.length) break;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
        ended += 1;
      } catch {
        /* already gone */
      }
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
  }
  return ended;
}
