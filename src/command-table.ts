/**
 * Every command of `novel`, by path, loaded on demand, and the clipanion CLI
 * built from them: the one table the entry point (cli.ts) and the completion
 * script's command list (io/command-definitions.ts) both read. No command
 * imports it: the completion command gets the list through its context.
 */
import { Builtins, Cli, Command, type CommandClass } from 'clipanion';
import { commandHelp, commandList, withPlaceholders } from './cli-help.js';
import type { NovelContext } from './commands/base-command.js';
import type { Lang } from './core/messages.js';

/** The package version (a test keeps it equal to package.json's). */
export const VERSION = '0.1.0';

/**
 * clipanion's CLI, with help in the reader's language that names what each
 * option takes. The commands' usages hold message ids (`usageOf`); the command
 * list and a command's detailed help are rendered from them here, in
 * clipanion's layout (novel has no default command, so `usage(null)` is
 * always the list). A synopsis alone holds no words: clipanion prints it.
 */
export class NovelCli extends Cli<NovelContext> {
  constructor(readonly lang: Lang) {
    super({ binaryLabel: 'novel', binaryName: 'novel', binaryVersion: VERSION, enableColors: false });
  }

  override usage(
    command: CommandClass<NovelContext> | Command<NovelContext> | null = null,
    opts: { colored?: boolean; detailed?: boolean; prefix?: string } = {},
  ): string {
    const prefix = opts.prefix ?? '$ ';
    if (command === null) {
      const commands = [...this.registrations].flatMap(([cls, { index }]) =>
        cls.usage?.category && cls.usage.description
          ? [
              {
                category: cls.usage.category,
                description: cls.usage.description,
                synopsis: this.getUsageByIndex(index).usage,
              },
            ]
          : [],
      );
      return withPlaceholders(
        commandList(this.lang, {
          label: `${this.binaryLabel} - ${this.binaryVersion}`,
          name: this.binaryName,
          prefix,
          commands,
        }),
      );
    }
    const cls = command instanceof Command ? (command.constructor as CommandClass<NovelContext>) : command;
    if (!opts.detailed) return withPlaceholders(super.usage(cls, opts));
    const { usage: synopsis, options } = this.getUsageByRegistration(cls, { inlineOptions: false });
    return withPlaceholders(commandHelp(this.lang, { ...cls.usage, name: this.binaryName, prefix, synopsis, options }));
  }
}

type Loader = () => Promise<CommandClass<NovelContext>>;

/**
 * Every command, by path, loaded on demand: an invocation only loads (and
 * initialises) the modules of the command it runs. A test checks that these
 * paths are the commands' own `static paths`.
 */
export const COMMAND_TABLE: ReadonlyArray<{ path: readonly string[]; load: Loader }> = [
  { path: ['status'], load: async () => (await import('./commands/status.js')).StatusCommand },
  { path: ['next'], load: async () => (await import('./commands/next.js')).NextCommand },
  { path: ['instructions'], load: async () => (await import('./commands/instructions.js')).InstructionsCommand },
  { path: ['validate'], load: async () => (await import('./commands/validate.js')).ValidateCommand },
  { path: ['advance'], load: async () => (await import('./commands/advance.js')).AdvanceCommand },
  { path: ['decide'], load: async () => (await import('./commands/decide.js')).DecideCommand },
  { path: ['commit'], load: async () => (await import('./commands/commit.js')).CommitCommand },
  { path: ['lock', 'status'], load: async () => (await import('./commands/lock/status.js')).LockStatusCommand },
  { path: ['lock', 'clear'], load: async () => (await import('./commands/lock/clear.js')).LockClearCommand },
  { path: ['state', 'verify'], load: async () => (await import('./commands/state/verify.js')).StateVerifyCommand },
  { path: ['state', 'rebuild'], load: async () => (await import('./commands/state/rebuild.js')).StateRebuildCommand },
  { path: ['graph'], load: async () => (await import('./commands/graph.js')).GraphCommand },
  { path: ['init'], load: async () => (await import('./commands/init.js')).InitCommand },
  { path: ['run'], load: async () => (await import('./commands/run.js')).RunCommand },
  {
    path: ['checkpoint', 'rebuild'],
    load: async () => (await import('./commands/checkpoint/rebuild.js')).CheckpointRebuildCommand,
  },
  { path: ['demo-executor'], load: async () => (await import('./commands/demo-executor.js')).DemoExecutorCommand },
  { path: ['completion'], load: async () => (await import('./commands/completion.js')).CompletionCommand },
  { path: ['chapters'], load: async () => (await import('./commands/chapters.js')).ChaptersCommand },
  { path: ['lint'], load: async () => (await import('./commands/lint.js')).LintCommand },
  {
    path: ['continuity', 'bench'],
    load: async () => (await import('./commands/continuity/bench.js')).ContinuityBenchCommand,
  },
  { path: ['quality', 'eval'], load: async () => (await import('./commands/quality/eval.js')).QualityEvalCommand },
  { path: ['doctor'], load: async () => (await import('./commands/doctor.js')).DoctorCommand },
  { path: ['diff'], load: async () => (await import('./commands/diff.js')).DiffCommand },
  { path: ['export'], load: async () => (await import('./commands/export.js')).ExportCommand },
  { path: ['schema'], load: async () => (await import('./commands/schema.js')).SchemaCommand },
  { path: ['import'], load: async () => (await import('./commands/import.js')).ImportCommand },
  { path: ['rewind'], load: async () => (await import('./commands/rewind.js')).RewindCommand },
  { path: ['publish'], load: async () => (await import('./commands/publish.js')).PublishCommand },
  { path: ['serve'], load: async () => (await import('./commands/serve.js')).ServeCommand },
  {
    path: ['adapters', 'install'],
    load: async () => (await import('./commands/adapters/install.js')).AdaptersInstallCommand,
  },
];

/**
 * `builtins`: `novel --help` and `novel --version`, which only match an argv that names no command. `lang`: the
 * language of the help.
 */
export function newCli(
  commands: ReadonlyArray<CommandClass<NovelContext>>,
  builtins = true,
  lang: Lang = 'en',
): NovelCli {
  const cli = new NovelCli(lang);
  for (const c of commands) cli.register(c);
  if (builtins) {
    cli.register(Builtins.HelpCommand);
    cli.register(Builtins.VersionCommand);
  }
  return cli;
}

export async function buildCli(lang: Lang = 'en'): Promise<NovelCli> {
  return newCli(await Promise.all(COMMAND_TABLE.map((c) => c.load())), true, lang);
}
