/**
 * The `novel` command line: command registration and the one entry point
 * used by the binary and by in-process tests. Usage errors (unknown command or
 * flag, missing or extra argument) exit 2, with the JSON envelope under --json.
 */
import { Builtins, Cli } from 'clipanion';
import { AdvanceCommand } from './commands/advance.js';
import { AdaptersInstallCommand } from './commands/adapters/install.js';
import { CommitCommand } from './commands/commit.js';
import { envelopeError, plainError, type NovelContext } from './commands/base-command.js';
import { DecideCommand } from './commands/decide.js';
import { GraphCommand } from './commands/graph.js';
import { InitCommand } from './commands/init.js';
import { InstructionsCommand } from './commands/instructions.js';
import { LockClearCommand } from './commands/lock/clear.js';
import { LockStatusCommand } from './commands/lock/status.js';
import { NextCommand } from './commands/next.js';
import { RunCommand } from './commands/run.js';
import { StatusCommand } from './commands/status.js';
import { StateRebuildCommand } from './commands/state/rebuild.js';
import { StateVerifyCommand } from './commands/state/verify.js';
import { ValidateCommand } from './commands/validate.js';
import { EXIT, NovelError } from './core/errors.js';

export const VERSION = '0.1.0';

const COMMANDS = [
  StatusCommand,
  NextCommand,
  InstructionsCommand,
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
  RunCommand,
  AdaptersInstallCommand,
];

function newCli(commands: ReadonlyArray<(typeof COMMANDS)[number]>): Cli<NovelContext> {
  const cli = new Cli<NovelContext>({ binaryLabel: 'novel', binaryName: 'novel', binaryVersion: VERSION, enableColors: false });
  for (const c of commands) cli.register(c);
  cli.register(Builtins.HelpCommand);
  cli.register(Builtins.VersionCommand);
  return cli;
}

export function buildCli(): Cli<NovelContext> {
  return newCli(COMMANDS);
}

/**
 * The CLI for one invocation. clipanion compiles a parser for every registered
 * command on each run, which costs milliseconds per command; when the leading
 * words of argv name a command, only that one is registered (parsing, help and
 * errors are the same). Anything else gets the full CLI, with its suggestions.
 */
function cliFor(argv: readonly string[]): Cli<NovelContext> {
  const words: string[] = [];
  for (const a of argv) {
    if (a.startsWith('-')) break;
    words.push(a);
  }
  const match = COMMANDS.filter((c) => c.paths?.some((p) => p.length <= words.length && p.every((w, i) => words[i] === w)))
    .sort((a, b) => Math.max(...(b.paths ?? [[]]).map((p) => p.length)) - Math.max(...(a.paths ?? [[]]).map((p) => p.length)))[0];
  return match ? newCli([match]) : buildCli();
}

/** Guess the command path from argv for a usage error's envelope. */
function commandPathOf(argv: readonly string[]): string {
  const words = argv.filter((a) => !a.startsWith('-'));
  if (words[0] === 'lock' || words[0] === 'state' || words[0] === 'adapters') return words.slice(0, 2).join(' ');
  return words[0] ?? '';
}

export async function runCli(argv: string[], context: NovelContext): Promise<number> {
  const cli = cliFor(argv);
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
