/** A command template's command: the packet's path reaches the program as one word, never read as shell. */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandLine } from '../../src/core/command-template.js';

/** What the program gets as its arguments when sh runs the template's command (printf prints each in brackets). */
const argsOf = (template: string, packet: string): string =>
  spawnSync('/bin/sh', ['-c', commandLine(template)], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', NOVEL_PACKET: packet },
  }).stdout;

const TEMPLATES = [
  "printf '[%s]' {packet}",
  `printf '[%s]' "{packet}"`,
  "printf '[%s]' '{packet}'",
  "printf '[%s]'",
  // A command for another shell, in single and in double quotes.
  `sh -c 'printf "[%s]" {packet}'`,
  `sh -c 'printf "[%s]" "{packet}"'`,
  `sh -c "printf '[%s]' {packet}"`,
  `sh -c "printf '[%s]' \\"{packet}\\""`,
];

describe('commandLine', () => {
  it('the path is one word, bare, quoted, appended or handed to another shell', () => {
    const path = `/tmp/a b/inj$(echo RAN)\`id\`'"\\x/p.json`;
    for (const template of TEMPLATES) expect(argsOf(template, path), template).toBe(`[${path}]`);
    expect(commandLine('run.sh --in {packet} --again {packet}')).toBe(
      'run.sh --in "$NOVEL_PACKET" --again "$NOVEL_PACKET"',
    );
  });

  it('any path reaches the program whole and unexpanded, whatever the template form (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', ' ', '$', '(', ')', '`', "'", '"', '\\', ';', '|', '*', '~', '\n', '中'),
        }),
        fc.constantFrom(...TEMPLATES),
        (tail, template) => {
          const path = `/p/${tail}.json`;
          expect(argsOf(template, path)).toBe(`[${path}]`);
        },
      ),
      { numRuns: 80 },
    );
  });
});
