/** A command template's command: the packet's path reaches the program as one word, taken literally. */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandLine } from '../../src/core/command-template.js';

/** What `sh -c` passes as the program's arguments for a command line (printf prints each between brackets). */
const argsOf = (line: string): string =>
  spawnSync('/bin/sh', ['-c', line.replace(/^x /, "printf '[%s]' ")], { encoding: 'utf8' }).stdout;

describe('commandLine', () => {
  it('puts the path in as one literal word, bare, in double quotes or in single quotes, or appended', () => {
    const path = `/tmp/a b/inj$(echo RAN)\`id\`'"\\x/p.json`;
    for (const template of ['x {packet}', 'x "{packet}"', "x '{packet}'", 'x'])
      expect(argsOf(commandLine(template, path)), template).toBe(`[${path}]`);
    expect(commandLine('run.sh --in {packet} --again {packet}', '/p')).toBe("run.sh --in '/p' --again '/p'");
  });

  it('any path reaches the program whole and unexpanded (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', ' ', '$', '(', ')', '`', "'", '"', '\\', ';', '|', '*', '~', '\n', '中'),
        }),
        (tail) => {
          const path = `/p/${tail}.json`;
          expect(argsOf(commandLine('x {packet}', path))).toBe(`[${path}]`);
        },
      ),
      { numRuns: 60 },
    );
  });
});
