/**
 * The `novel` command line: command registration and the one entry point
 * used by the binary and by in-process tests. Usage errors (unknown command or
 * flag, missing or extra argument) exit 2, with the JSON envelope under --json.
 */
import { langOf, say, zhPhrase } from './core/messages.js';
import { Builtins, type Cli } from 'clipanion';
import { closest } from './cli-help.js';
import { buildCli, COMMAND_TABLE, newCli, VERSION } from './command-table.js';

export { buildCli, COMMAND_TABLE, VERSION };
import { envelopeError, plainError, type NovelContext } from './commands/base-command.js';
import { EXIT, NovelError } from './core/errors.js';

/**
 * The CLI for one invocation. clipanion compiles a parser for every registered
 * command on each run, which costs milliseconds per command; when the leading
 * words of argv name a command, only that one is loaded and registered,
 * without the root `--help` and `--version` (parsing, help and errors are the
 * same); `--version` alone gets a CLI of the builtins only. Anything else gets
 * the full CLI, with its suggestions.
 */
async function cliFor(argv: readonly string[]): Promise<Cli<NovelContext>> {
  const words: string[] = [];
  for (const a of argv) {
    if (a.startsWith('-')) break;
    words.push(a);
  }
  const match = COMMAND_TABLE.filter((c) => c.path.length <= words.length && c.path.every((w, i) => words[i] === w)).sort((a, b) => b.path.length - a.path.length)[0];
  if (match) return newCli([await match.load()], false);
  // `novel --version` alone needs no command loaded (the full CLI loads every one, the exporter's libraries among them).
  if (Builtins.VersionCommand.paths?.some((path) => path.length === argv.length && path.every((w, i) => argv[i] === w))) return newCli([]);
  return buildCli();
}

/** Guess the command path from argv for a usage error's envelope. */
function commandPathOf(argv: readonly string[]): string {
  const words = argv.filter((a) => !a.startsWith('-'));
  if (words[0] === 'lock' || words[0] === 'state' || words[0] === 'adapters' || words[0] === 'checkpoint' || words[0] === 'quality') return words.slice(0, 2).join(' ');
  return words[0] ?? '';
}

/** A usage error with the one next thing to try: the closest command or flag, or the list of commands. */
function usageHint(argv: readonly string[], message: string, cli: Cli<NovelContext>): string {
  const words = argv.filter((a) => !a.startsWith('-'));
  const paths = COMMAND_TABLE.map((c) => c.path.join(' '));
  const known = COMMAND_TABLE.find((c) => c.path.every((w, i) => words[i] === w));
  if (!known && words.length) {
    const typed = words.slice(0, 2).join(' ');
    const guess = closest(typed, paths) ?? closest(words[0] as string, paths);
    return guess ? `did you mean \`novel ${guess}\`? (\`novel help\` lists every command)` : `the commands are: ${paths.join(', ')}`;
  }
  const flag = /Unsupported option name \("?(--[a-z-]+)"?\)/.exec(message)?.[1] ?? argv.find((a) => a.startsWith('--') && !/^--(json|project|help)(=|$)/.test(a) && !cli.usage(null).includes(a.split('=')[0] as string));
  if (known && flag) {
    const usage = cli.usage(null);
    const options = [...new Set([...usage.matchAll(/--[a-z][a-z-]*/g)].map((m) => m[0]))];
    const guess = closest(flag.split('=')[0] as string, options);
    if (guess) return `did you mean ${guess}? (\`novel help ${known.path.join(' ')}\` lists the options)`;
  }
  return known ? `run \`novel help ${known.path.join(' ')}\`` : 'run `novel help`';
}

/** `--lang zh|en` anywhere in argv: taken out, and the context speaks that language (else the locale's). */
function takeLang(argv: string[], context: NovelContext): string[] {
  let flag: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--lang' && i + 1 < argv.length) flag = argv[++i];
    else if (a.startsWith('--lang=')) flag = a.slice('--lang='.length);
    else rest.push(a);
  }
  context.lang = langOf(context.env, flag);
  return rest;
}

export async function runCli(argv: string[], context: NovelContext): Promise<number> {
  argv = takeLang(argv, context);
  // The completion script's command list, read from the command table when asked for (only `novel completion` does).
  context.commandSpecs ??= async () => (await import('./io/command-definitions.js')).buildCommandDefinitions();
  // `novel help [command…]` is `novel [command…] --help`.
  if (argv[0] === 'help') argv = [...argv.slice(1).filter((a) => a !== '--json'), '--help'];
  const cli = await cliFor(argv);
  let command;
  try {
    command = cli.process(argv, context);
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).replace(/\u001b\[[0-9;]*m/g, '').trim();
    const first = (message.split('\n')[0] as string).replace(/^Command not found; did you mean one of:?$/, 'unknown command');
    const hint = usageHint(argv, message, cli);
    const e = new NovelError('usage', first, { hint, zh: { message: say('zh', 'error.usage', { detail: zhPhrase(first) }), hint: zhPhrase(hint) } });
    const name = commandPathOf(argv);
    if (argv.includes('--json')) context.stdout.write(envelopeError(name, e));
    else context.stderr.write(plainError(name || '(usage)', e, context.lang));
    return EXIT.invalid;
  }
  return cli.run(command, context);
}
