/** Every command's path and flags, read from the registered command classes (for completion). */
import type { CommandSpec } from '../core/completion.js';

export async function buildCommandDefinitions(): Promise<CommandSpec[]> {
  const { buildCli } = await import('../command-table.js');
  const cli = await buildCli();
  return cli
    .definitions()
    .filter((d) => !d.path.includes('-h') && !d.path.includes('--help') && !d.path.includes('--version'))
    .map((d) => ({
      path: d.path
        .replace(/^novel\s*/, '')
        .split(' ')
        .filter((w) => w && !w.startsWith('<') && !w.startsWith('[')),
      flags: d.options.flatMap((o) => o.definition.split(/[ ,]/).filter((w) => w.startsWith('--'))),
    }))
    .filter((d) => d.path.length > 0);
}
