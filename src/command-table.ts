/**
 * Every command of `novel`, by path, loaded on demand, and the clipanion CLI
 * built from them: the one table the entry point (cli.ts) and the completion
 * script's command list (io/command-definitions.ts) both read. No command
 * imports it: the completion command gets the list through its context.
 */
import { Builtins, Cli, type CommandClass } from 'clipanion';
import { withPlaceholders } from './cli-help.js';
import type { NovelContext } from './commands/base-command.js';

/** The package version (a test keeps it equal to package.json's). */
export const VERSION = '0.1.0';

/** clipanion's CLI, with help that names what each option takes. */
class NovelCli extends Cli<NovelContext> {
  override usage(...args: Parameters<Cli<NovelContext>['usage']>): string {
    return withPlaceholders(super.usage(...args));
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
  { path: ['checkpoint', 'rebuild'], load: async () => (await import('./commands/checkpoint/rebuild.js')).CheckpointRebuildCommand },
  { path: ['demo-executor'], load: async () => (await import('./commands/demo-executor.js')).DemoExecutorCommand },
  { path: ['completion'], load: async () => (await import('./commands/completion.js')).CompletionCommand },
  { path: ['chapters'], load: async () => (await import('./commands/chapters.js')).ChaptersCommand },
  { path: ['lint'], load: async () => (await import('./commands/lint.js')).LintCommand },
  { path: ['continuity', 'bench'], load: async () => (await import('./commands/continuity/bench.js')).ContinuityBenchCommand },
  { path: ['quality', 'eval'], load: async () => (await import('./commands/quality/eval.js')).QualityEvalCommand },
  { path: ['doctor'], load: async () => (await import('./commands/doctor.js')).DoctorCommand },
  { path: ['diff'], load: async () => (await import('./commands/diff.js')).DiffCommand },
  { path: ['export'], load: async () => (await import('./commands/export.js')).ExportCommand },
  { path: ['schema'], load: async () => (await import('./commands/schema.js')).SchemaCommand },
  { path: ['import'], load: async () => (await import('./commands/import.js')).ImportCommand },
  { path: ['rewind'], load: async () => (await import('./commands/rewind.js')).RewindCommand },
  { path: ['serve'], load: async () => (await import('./commands/serve.js')).ServeCommand },
  { path: ['adapters', 'install'], load: async () => (await import('./commands/adapters/install.js')).AdaptersInstallCommand },
];

/** `builtins`: `novel --help` and `novel --version`, which only match an argv that names no command. */
export function newCli(commands: ReadonlyArray<CommandClass<NovelContext>>, builtins = true): Cli<NovelContext> {
  const cli = new NovelCli({ binaryLabel: 'novel', binaryName: 'novel', binaryVersion: VERSION, enableColors: false });
  for (const c of commands) cli.register(c);
  if (builtins) {
    cli.register(Builtins.HelpCommand);
    cli.register(Builtins.VersionCommand);
  }
  return cli;
}

export async function buildCli(): Promise<Cli<NovelContext>> {
  return newCli(await Promise.all(COMMAND_TABLE.map((c) => c.load())));
}

