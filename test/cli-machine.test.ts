/**
 * A CLI that parses with a machine compiled before (src/cli-machine.ts, as the bundles do) parses every argv as one
 * that compiles its own: the same command with the same fields, the same help, the same refusal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtMachine, machineJson, parseWithMachine } from '../src/cli-machine.js';
import { COMMAND_TABLE, newCli } from '../src/command-table.js';

/** What a parse gave: the command's class and fields, or the refusal's class and message. */
function outcome(cli: ReturnType<typeof newCli>, argv: string[]): unknown {
  try {
    const command = cli.process(argv, { cwd: '/', env: {} } as never) as unknown as Record<string, unknown>;
    const fields = Object.fromEntries(
      Object.entries(command).filter(([k]) => k !== 'context' && k !== 'cli' && typeof command[k] !== 'function'),
    );
    return { command: command.constructor.name, fields };
  } catch (err) {
    return { refused: (err as Error).constructor.name, message: (err as Error).message };
  }
}

const PATHS = ['next', 'status', 'instructions', 'commit', 'advance', 'lock status', 'export'];

describe('parsing with a machine compiled before', () => {
  it.each(PATHS)('novel %s: every argv parses as with the machine compiled at the parse', async (path) => {
    const entry = COMMAND_TABLE.find((c) => c.path.join(' ') === path);
    if (!entry) throw new Error(`no command ${path}`);
    const cls = await entry.load();
    const own = newCli([cls], false);
    const built = newCli([cls], false);
    parseWithMachine(built, machineJson(newCli([cls], false)));
    // The words argv is made of: the command's own flags (from its definition), the global ones, values, and what
    // no command takes.
    const flags = [
      ...new Set(own.definitions().flatMap((d) => [...d.usage.matchAll(/-{1,2}[a-z][a-z-]*/g)].map((m) => m[0]))),
    ];
    const word = fc.oneof(
      fc.constantFrom(...flags, '--json', '--project', '--help', '-h', '--bogus', '--', '-x', '--json=1'),
      fc.constantFrom('chapter:004:judge', '4', 'a b', '', '-', '--project=.', '3000'),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 6 }), (rest) => {
        const argv = [...entry.path, ...rest];
        expect(outcome(built, argv)).toEqual(outcome(own, argv));
      }),
      { numRuns: 400 },
    );
  });

  it('outside a bundle no machine was compiled before: every CLI compiles its own', () => {
    expect(builtMachine(['next'])).toBeUndefined();
  });
});
