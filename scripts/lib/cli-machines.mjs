// The parsing machines clipanion compiles for the commands that have a bundle of their own, compiled once here and
// put in those bundles (src/cli-machine.ts): a run of such a command parses with its machine instead of compiling it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** {path: machine JSON} for each command path ("next", "lock status"), compiled from the sources in `repo`. */
export function cliMachines(repo, paths) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(repo, 'scripts/lib/cli-machines.ts'), ...paths], {
    cwd: repo,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) throw new Error(`build: compiling the commands' parsing machines failed:\n${r.stderr}`);
  return JSON.parse(r.stdout);
}
