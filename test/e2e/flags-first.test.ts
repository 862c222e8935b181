/**
 * Global flags before the command (`novel --json --project P next`): the same
 * parse, the same bytes, the same bundle as command-first (the issue "fast in
 * every form").
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { commandFirst } from '../../src/cli.js';
import { cleanupTempDirs, fixtureCopy, novelBin } from '../helpers/project.js';

afterAll(cleanupTempDirs);

describe('commandFirst', () => {
  it('moves leading --json and --project DIR after the command words, and leaves any other argv as it is', () => {
    expect(commandFirst(['--json', '--project', 'P', 'next'])).toEqual(['next', '--json', '--project', 'P']);
    expect(commandFirst(['--project=P', 'lock', 'status', '--json'])).toEqual([
      'lock',
      'status',
      '--project=P',
      '--json',
    ]);
    expect(commandFirst(['--json', 'advance', 'chapter:004:draft'])).toEqual([
      'advance',
      'chapter:004:draft',
      '--json',
    ]);
    for (const argv of [['next', '--json'], ['--json'], ['--project', 'P'], ['--help'], ['--version'], []])
      expect(commandFirst(argv)).toEqual(argv);
  });

  it('property: the arguments are kept, each once, and the command words come first', () => {
    const word = fc.constantFrom('next', 'status', 'lock', 'chapter:004:draft');
    const flag = fc.constantFrom<string[]>(['--json'], ['--project', 'dir'], ['--project=dir']);
    fc.assert(
      fc.property(fc.array(flag, { maxLength: 3 }), fc.array(word, { minLength: 1, maxLength: 3 }), (flags, words) => {
        const argv = [...flags.flat(), ...words];
        const out = commandFirst(argv);
        expect([...out].sort()).toEqual([...argv].sort());
        expect(out.slice(0, words.length)).toEqual(words);
      }),
    );
  });
});

describe('flags first through the built CLI', () => {
  it('next, status and instructions answer the same bytes in either order; a refusal too', () => {
    const p = fixtureCopy();
    for (const [first, last] of [
      [
        ['--json', '--project', p, 'next'],
        ['next', '--json', '--project', p],
      ],
      [
        ['--project', p, '--json', 'status'],
        ['status', '--project', p, '--json'],
      ],
      [
        ['--json', '--project', p, 'instructions', 'chapter:004:draft'],
        ['instructions', 'chapter:004:draft', '--json', '--project', p],
      ],
      [
        ['--json', '--project', p, '--lang', 'zh', 'commit', '--chapter', '4'],
        ['commit', '--chapter', '4', '--json', '--project', p, '--lang', 'zh'],
      ],
    ]) {
      const a = novelBin(process.cwd(), first as string[]);
      const b = novelBin(process.cwd(), last as string[]);
      expect({ code: a.code, out: a.stdout, err: a.stderr }, (first as string[]).join(' ')).toEqual({
        code: b.code,
        out: b.stdout,
        err: b.stderr,
      });
      expect(a.stderr).not.toMatch(/internal error/);
    }
  });
});
