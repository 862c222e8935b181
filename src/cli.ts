/**
 * The `novel` command line: command registration and the one entry point
 * used by the binary and by in-process tests. Usage errors (unknown command or
 * flag, missing or extra argument) exit 2, with the JSON envelope under --json.
 */
import { Builtins, Cli } from 'clipanion';
import { AdvanceCommand } from './commands/advance.js';
import { CommitCommand } from './commands/commit.js';
import { envelopeError, plainError, type NovelContext } from './commands/base-command.js';
import { DecideCommand } from './commands/decide.js';
import { GraphCommand } from './commands/graph.js';
import { InitCommand } from './commands/init.js';
import { LockClearCommand } from './commands/lock/clear.js';
import { LockStatusCommand } from './commands/lock/status.js';
import { NextCommand } from './commands/next.js';
import { StatusCommand } from './commands/status.js';
import { StateRebuildCommand } from './commands/state/rebuild.js';
import { StateVerifyCommand } from './commands/state/verify.js';
import { ValidateCommand } from './commands/validate.js';
import { EXIT, NovelError } from './core/errors.js';

export const VERSION = '0.1.0';

export function buildCli(): Cli<NovelContext> {
  const cli = new Cli<NovelContext>({ binaryLabel: 'novel', binaryName: 'novel', binaryVersion: VERSION, enableColors: false });
  for (const c of [
    StatusCommand,
    NextCommand,
    ValidateCommand,
    AdvanceCommand,
    DecideCommand,
    CommitCommand,
    LockStatusCommand,
    LockClearCommand,
    StateVerifyCommand,
    StateRebuildCommand,
    GraphCommand,
    InitCommand,
    Builtins.HelpCommand,
    Builtins.VersionCommand,
  ]) {
    cli.register(c);
  }
  return cli;
}

/** Guess the command path from argv for a usage error's envelope. */
function commandPathOf(argv: readonly string[]): string {
  const words = argv.filter((a) => !a.startsWith('-'));
  if (words[0] === 'lock' || words[0] === 'state') return words.slice(0, 2).join(' ');
  return words[0] ?? '';
}

export async function runCli(argv: string[], context: NovelContext): Promise<number> {
  const cli = buildCli();
  let command;
  try {
    command = cli.process(argv, context);
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).replace(/\u001b\[[0-9;]*m/g, '').trim();
    const e = new NovelError('usage', message, { hint: 'run `novel --help` or `novel <command> --help`' });
    const name = commandPathOf(argv);
    if (argv.includes('--json')) context.stdout.write(envelopeError(name, e));
    else context.stderr.write(plainError(name || '(usage)', e));
    return EXIT.invalid;
  }
  return cli.run(command, context);
}
