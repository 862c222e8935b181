// Build time only (scripts/lib/cli-machines.mjs runs it): prints, as JSON, the parsing machine clipanion compiles
// for a CLI of only each command named on the command line (its path, words joined by a space), as dist/cli.js's
// bundles build that CLI (src/cli.ts, cliFor).
import { machineJson } from '../../src/cli-machine.js';
import { COMMAND_TABLE, newCli } from '../../src/command-table.js';

const out: Record<string, string> = {};
for (const path of process.argv.slice(2)) {
  const entry = COMMAND_TABLE.find((c) => c.path.join(' ') === path);
  if (!entry) throw new Error(`no command ${path} in src/command-table.ts`);
  out[path] = machineJson(newCli([await entry.load()], false));
}
process.stdout.write(JSON.stringify(out));
