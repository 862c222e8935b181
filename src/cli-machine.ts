/**
 * clipanion compiles its parsing machine from the registered commands' options at every run: for `novel instructions`
 * alone, some 1 to 2 ms and 140 KB in a fresh process, each time to the same machine. The build compiles the machine
 * of each command that has a bundle of its own and puts it, as JSON, in that bundle (scripts/lib/cli-machines.mjs);
 * a CLI of that one command parses with it through clipanion's own runner. The same machine gives the same parse: a
 * test holds a CLI with the machine read back to the parses, help and refusals of one that compiles its own.
 */
import { END_OF_INPUT } from 'clipanion/lib/constants.js';
import { runMachineInternal, selectBestState, type StateMachine } from 'clipanion/lib/core.js';

/** The machines the build compiled, by command path ("lock status"), as JSON; absent outside a bundle. */
declare const __NOVEL_CLI_MACHINES__: Readonly<Record<string, string>> | undefined;

/** The machine the build compiled for a CLI of only the command at `path`, as JSON (undefined: none was). */
export function builtMachine(path: readonly string[]): string | undefined {
  if (typeof __NOVEL_CLI_MACHINES__ === 'undefined') return undefined;
  const key = path.join(' ');
  return Object.hasOwn(__NOVEL_CLI_MACHINES__, key) ? __NOVEL_CLI_MACHINES__[key] : undefined;
}

/** What clipanion's CLI builder compiles: the machine, each command's context, the parse and the completion. */
interface Compiled<C> {
  machine: StateMachine;
  contexts: C[];
  process: (input: string[]) => ReturnType<typeof selectBestState>;
  suggest: (input: string[], partial: boolean) => string[][];
}
interface Builder<C> {
  builders: Array<{ context: C }>;
  compile(): Compiled<C>;
}

/** The machine `cli` compiles now, as JSON (what the build puts in a bundle). */
export function machineJson(cli: object): string {
  return JSON.stringify((cli as unknown as { builder: Builder<unknown> }).builder.compile().machine);
}

/**
 * `cli` parses with `json`, the machine compiled from the same commands, instead of compiling its own: parsed once,
 * at the first parse, and run as clipanion runs its own. A completion (suggest) compiles as before.
 */
export function parseWithMachine<C>(cli: object, json: string): void {
  const builder = (cli as unknown as { builder: Builder<C> }).builder;
  const compile = builder.compile.bind(builder);
  let machine: StateMachine | undefined;
  builder.compile = () => {
    machine ??= JSON.parse(json) as StateMachine;
    const m = machine;
    return {
      machine: m,
      contexts: builder.builders.map((b) => b.context),
      process: (input) =>
        selectBestState(
          input,
          runMachineInternal(m, [...input, END_OF_INPUT]).map((b) => b.state),
        ),
      suggest: (input, partial) => compile().suggest(input, partial),
    };
  };
}
