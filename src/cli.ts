/**
 * The `novel` command line: command registration and the one entry point
 * used by the binary and by in-process tests. Usage errors (unknown command or
 * flag, missing or extra argument) exit 2, with the JSON envelope under --json,
 * said in the reader's language.
 */
import { isSaid, langOf, said, type Lang, type Said, type Words } from './core/messages.js';
import { Builtins, UsageError } from 'clipanion';
import { closest } from './cli-help.js';
import { builtMachine, parseWithMachine } from './cli-machine.js';
import { buildCli, COMMAND_TABLE, newCli, VERSION, type NovelCli } from './command-table.js';

export { buildCli, COMMAND_TABLE, VERSION };
import { envelopeError, plainError, type NovelContext } from './commands/base-command.js';
import { refusalWords } from './commands/option-refusal.js';
import { EXIT, NovelError } from './core/errors.js';

/**
 * The CLI for one invocation. clipanion compiles a parser for every registered
 * command on each run, which costs milliseconds per command; when the leading
 * words of argv name a command, only that one is loaded and registered,
 * without the root `--help` and `--version` (parsing, help and errors are the
 * same); `--version` alone gets a CLI of the builtins only. Anything else gets
 * the full CLI, with its suggestions. `lang`: the language of its help.
 */
async function cliFor(argv: readonly string[], lang: Lang): Promise<NovelCli> {
  const words: string[] = [];
  for (const a of argv) {
    if (a.startsWith('-')) break;
    words.push(a);
  }
  const match = COMMAND_TABLE.filter(
    (c) => c.path.length <= words.length && c.path.every((w, i) => words[i] === w),
  ).sort((a, b) => b.path.length - a.path.length)[0];
  if (match) {
    const cli = newCli([await match.load()], false, lang);
    // A command with a bundle of its own parses with the machine the build compiled for it.
    const machine = builtMachine(match.path);
    if (machine !== undefined) parseWithMachine(cli, machine);
    return cli;
  }
  // `novel --version` alone needs no command loaded (the full CLI loads every one, the exporter's libraries among
  // them).
  if (Builtins.VersionCommand.paths?.some((path) => path.length === argv.length && path.every((w, i) => argv[i] === w)))
    return newCli([], true, lang);
  return buildCli(lang);
}

/**
 * The required options of the command argv names that argv lacks (`novel rewind` without `--to`), as its usage writes
 * them; null when none is missing or argv names no command.
 */
function requiredMissing(argv: readonly string[], cli: NovelCli): string | null {
  const words = argv.filter((a) => !a.startsWith('-'));
  const known = COMMAND_TABLE.find((c) => c.path.every((w, i) => words[i] === w));
  if (!known) return null;
  const def = cli.definitions().find((d) => d.path.split(' ').slice(1).join(' ') === known.path.join(' '));
  const missing = (def?.options ?? [])
    .filter((o) => o.required)
    .map((o) =>
      o.definition
        .split(/[ ,]+/)
        .filter((t) => t.startsWith('-'))
        .join(' | '),
    )
    .filter(
      (d) =>
        !d
          .split(/[ ,]+/)
          .some((name) => name.startsWith('-') && argv.some((a) => a === name || a.startsWith(`${name}=`))),
    );
  return missing.length ? missing.join(', ') : null;
}

/** Guess the command path from argv for a usage error's envelope. */
function commandPathOf(argv: readonly string[]): string {
  const words = argv.filter((a) => !a.startsWith('-'));
  if (
    words[0] === 'lock' ||
    words[0] === 'state' ||
    words[0] === 'adapters' ||
    words[0] === 'checkpoint' ||
    words[0] === 'quality'
  )
    return words.slice(0, 2).join(' ');
  return words[0] ?? '';
}

/**
 * clipanion's UnknownSyntaxError (not exported by clipanion): the usages that came closest, each with why it failed.
 */
interface UnknownSyntax extends Error {
  candidates: Array<{ usage: string; reason: string | null }>;
}
const isUnknownSyntax = (err: unknown): err is UnknownSyntax =>
  err instanceof Error &&
  err.name === 'UnknownSyntaxError' &&
  Array.isArray((err as Partial<UnknownSyntax>).candidates);

/**
 * The reasons a usage fails in clipanion's parser (its `setError` and `setOptionArityError`), by their fixed English.
 */
const REASONS: Readonly<Record<string, (token: string | undefined) => Said | null>> = {
  'Unsupported option name': (token) =>
    token === undefined ? null : said('usage.option_unsupported', { option: token }),
  'Invalid option name': (token) => (token === undefined ? null : said('usage.option_invalid', { option: token })),
  'Extraneous positional argument': (token) =>
    token === undefined ? null : said('usage.positional_extra', { value: token }),
  'Not enough positional arguments': (token) => (token === undefined ? said('usage.positional_missing') : null),
};

/**
 * What clipanion refused, as said words, from its error's structure: the class
 * (UnknownSyntaxError, AmbiguousSyntaxError, UsageError) and its candidates.
 * Two parts exist only as text, and are read here and nowhere else: a
 * candidate's reason, which clipanion 3 writes as "<message>." or
 * "<message> ("<token>")." from a fixed list of messages (REASONS), or "Not
 * enough arguments to option <name>."; and a refused value, which a UsageError
 * carries as "Invalid value for <name>: <the validator's line>" (the
 * validator noted its words: option-refusal.ts). A shape not known here is
 * shown as clipanion wrote it (its first line).
 */
function refusalOf(err: unknown): Words {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: it strips the terminal's colour codes (ESC [ … m)
  const message = (err instanceof Error ? err.message : String(err)).replace(/\u001b\[[0-9;]*m/g, '').trim();
  const asWritten = message.split('\n')[0] as string;
  if (err instanceof UsageError) {
    const value = /^Invalid value for (.+?): (.*)$/.exec(asWritten);
    return value
      ? said('usage.invalid_value', {
          option: value[1] as string,
          detail: refusalWords(value[2] as string) ?? (value[2] as string),
        })
      : asWritten;
  }
  if (err instanceof Error && err.name === 'AmbiguousSyntaxError') return said('usage.ambiguous');
  if (!isUnknownSyntax(err)) return asWritten;
  const { candidates } = err;
  if (candidates.length === 0) return said('usage.no_candidates');
  const reason = candidates[0]?.reason ?? null;
  if (reason !== null && candidates.every((c) => c.reason === reason)) {
    const arity = /^Not enough arguments to option (.+)\.$/.exec(reason);
    if (arity) return said('usage.option_value_missing', { option: arity[1] as string });
    const shape = /^(.*?)(?: \("(.*)"\))?\.$/.exec(reason);
    return (shape && REASONS[shape[1] as string]?.(shape[2])) || reason;
  }
  return candidates.length === 1 ? said('usage.no_match') : said('usage.unknown_command');
}

/** A usage error with the one next thing to try: the closest command or flag, or the list of commands. */
function usageHint(argv: readonly string[], refused: Words, cli: NovelCli): Said {
  const words = argv.filter((a) => !a.startsWith('-'));
  const paths = COMMAND_TABLE.map((c) => c.path.join(' '));
  const known = COMMAND_TABLE.find((c) => c.path.every((w, i) => words[i] === w));
  if (!known && words.length) {
    const typed = words.slice(0, 2).join(' ');
    const guess = closest(typed, paths) ?? closest(words[0] as string, paths);
    return guess
      ? said('usage.did_you_mean', { command: guess })
      : said('usage.commands_are', { commands: paths.join(', ') });
  }
  // Every flag of the commands loaded, from their synopses and option lists.
  const flags = cli
    .definitions()
    .map((d) => [d.usage, ...d.options.map((o) => o.definition)].join(' '))
    .join('\n');
  const unsupported =
    isSaid(refused) && refused.id === 'usage.option_unsupported' ? String(refused.args.option) : undefined;
  const flag =
    unsupported ??
    argv.find(
      (a) => a.startsWith('--') && !/^--(json|project|help)(=|$)/.test(a) && !flags.includes(a.split('=')[0] as string),
    );
  if (known && flag) {
    const options = [...new Set([...flags.matchAll(/--[a-z][a-z-]*/g)].map((m) => m[0]))];
    const guess = closest(flag.split('=')[0] as string, options);
    if (guess) return said('usage.did_you_mean_option', { option: guess, command: known.path.join(' ') });
  }
  return said('usage.see_help', { command: known ? known.path.join(' ') : '' });
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

/**
 * Global flags placed before the command, moved after its words: `novel --json --project P next` is parsed as
 * `novel next --json --project P` (clipanion takes both), and only the command's own code is loaded for it.
 */
export function commandFirst(argv: readonly string[]): readonly string[] {
  const lead: string[] = [];
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--json' || a.startsWith('--project=')) lead.push(a);
    else if (a === '--project' && i + 1 < argv.length) lead.push(a, argv[++i] as string);
    else break;
  }
  if (lead.length === 0 || i >= argv.length) return argv;
  const rest = argv.slice(i);
  const words = rest.findIndex((a) => a.startsWith('-'));
  const end = words < 0 ? rest.length : words;
  return [...rest.slice(0, end), ...lead, ...rest.slice(end)];
}

export async function runCli(argv: string[], context: NovelContext): Promise<number> {
  argv = [...commandFirst(takeLang(argv, context))];
  const lang = context.lang ?? 'en';
  // The completion script's command list, read from the command table when asked for (only `novel completion` does).
  context.commandSpecs ??= async () => (await import('./io/command-definitions.js')).buildCommandDefinitions();
  // `novel help [command…]` is `novel [command…] --help`.
  if (argv[0] === 'help') argv = [...argv.slice(1).filter((a) => a !== '--json'), '--help'];
  const cli = await cliFor(argv, lang);
  let command;
  try {
    command = cli.process(argv, context);
  } catch (err) {
    const missing = requiredMissing(argv, cli);
    const refused: Words = missing ? said('usage.option_required', { options: missing }) : refusalOf(err);
    const e = new NovelError('usage', said('error.usage', { detail: refused }), {
      hint: usageHint(argv, refused, cli),
    });
    const name = commandPathOf(argv);
    if (argv.includes('--json')) context.stdout.write(envelopeError(name, e));
    else context.stderr.write(plainError(name || '(usage)', e, lang));
    return EXIT.invalid;
  }
  return cli.run(command, context);
}
