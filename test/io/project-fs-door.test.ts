/**
 * The door to the disk against what an executor can plant under staging/:
 * random trees of symbolic links (to book files, to the settings, to
 * directories), hard links and odd names. Whatever the tree, novel's reads
 * under staging/ return a real single-link file's bytes or refuse with a
 * NovelError (exit 2), and novel's writes there never change a byte outside
 * staging/.
 */
import {
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { NovelError } from '../../src/core/errors.js';
import { displayName, removeCommand, shellQuote } from '../../src/core/shell-words.js';
import { ProjectFs } from '../../src/io/project-fs.js';
import { cleanupTempDirs, tempDir, treeHashes } from '../helpers/project.js';

afterAll(cleanupTempDirs);

const BOOK = [
  'chapters/chapter-001.md',
  'novel.config.json',
  '.checkpoint.json',
  '.novel/fingerprint.json',
  'state/current-state.json',
];
const DIRS = ['chapters', 'state', '.novel'];

function project(): string {
  const root = tempDir('novel-door-');
  for (const rel of BOOK) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), `original ${rel}\n`);
  }
  mkdirSync(join(root, 'staging/chapters'), { recursive: true });
  return root;
}

/** Every file outside staging/ (staging/ itself is not walked: its links may loop). */
const outsideStaging = (root: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const name of readdirSync(root))
    if (name !== 'staging')
      for (const [k, h] of Object.entries(
        statSync(join(root, name)).isDirectory()
          ? treeHashes(join(root, name))
          : { '': readFileSync(join(root, name)).toString('hex') },
      ))
        out[`${name}/${k}`] = h;
  return out;
};

type Plant = { kind: 'file' | 'symlink' | 'hardlink' | 'dirlink'; at: string; target: number };
const NAMES = [
  'chapters/chapter-004.md',
  'manifests/chapter-004-summarize.json',
  'state/chapter-004-delta.json',
  'x.md',
  'chapters',
  'manifests',
  'state',
];

const plantArb = fc.record({
  kind: fc.constantFrom<Plant['kind']>('file', 'symlink', 'hardlink', 'dirlink'),
  at: fc.constantFrom(...NAMES),
  target: fc.nat({ max: 20 }),
});

function plant(root: string, p: Plant): void {
  const abs = join(root, 'staging', p.at);
  try {
    mkdirSync(join(abs, '..'), { recursive: true });
    rmSync(abs, { recursive: true, force: true });
    const book = BOOK[p.target % BOOK.length] as string;
    if (p.kind === 'file') writeFileSync(abs, 'staged\n');
    else if (p.kind === 'symlink') symlinkSync(join(root, book), abs);
    else if (p.kind === 'hardlink') linkSync(join(root, book), abs);
    else symlinkSync(join(root, DIRS[p.target % DIRS.length] as string), abs);
  } catch {
    /* a plant the tree shape does not allow (e.g. under a file): skipped */
  }
}

describe('the door to the disk', () => {
  it(
    'reads under staging/ give a real file or a NovelError; ' + 'writes there never change anything outside staging/',
    () => {
      fc.assert(
        fc.property(
          fc.array(plantArb, { maxLength: 6 }),
          fc.constantFrom(...NAMES.filter((n) => n.includes('.'))),
          (plants, writeAt) => {
            const root = project();
            for (const p of plants) plant(root, p);
            const before = outsideStaging(root);
            const fs = new ProjectFs(root);
            for (const name of NAMES) {
              const rel = `staging/${name}`;
              try {
                const { bytes } = fs.readBytesAndStat(rel);
                const st = lstatSync(join(root, rel));
                expect(st.isFile() && st.nlink === 1, rel).toBe(true);
                expect(bytes.equals(readFileSync(join(root, rel)))).toBe(true);
              } catch (err) {
                if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
                expect(err, String(err)).toBeInstanceOf(NovelError);
              }
            }
            try {
              fs.writeText(`staging/${writeAt}`, 'written by novel\n');
              expect(readFileSync(join(root, 'staging', writeAt), 'utf8')).toBe('written by novel\n');
            } catch (err) {
              expect(err, String(err)).toBeInstanceOf(NovelError);
            }
            try {
              fs.appendAt(`staging/${writeAt}`, 0, Buffer.from('appended\n'));
            } catch (err) {
              expect(err, String(err)).toBeInstanceOf(NovelError);
            }
            expect(outsideStaging(root)).toEqual(before);
            rmSync(root, { recursive: true, force: true });
          },
        ),
        { numRuns: 150 },
      );
    },
  );

  it(
    'refuses a file read through a linked directory under ' + 'staging/, or through a linked staging/, naming the link',
    () => {
      const root = project();
      writeFileSync(join(root, 'chapters/chapter-004.md'), 'the book\n');
      rmSync(join(root, 'staging/chapters'), { recursive: true });
      symlinkSync(join(root, 'chapters'), join(root, 'staging/chapters'));
      const fs = new ProjectFs(root);
      expect(() => fs.readBytesAndStat('staging/chapters/chapter-004.md')).toThrow(
        /^staging\/chapters: a symbolic link where novel expects a directory/,
      );
      const other = project();
      writeFileSync(join(other, 'chapters/chapter-004.md'), 'the book\n');
      mkdirSync(join(other, 'elsewhere'));
      symlinkSync(join(other, 'chapters'), join(other, 'elsewhere/chapters'));
      rmSync(join(other, 'staging'), { recursive: true });
      symlinkSync(join(other, 'elsewhere'), join(other, 'staging'));
      expect(() => new ProjectFs(other).readBytesAndStat('staging/chapters/chapter-004.md')).toThrow(
        /^staging: a symbolic link where novel expects a directory/,
      );
      // The same path written another way is the same path under staging/.
      for (const odd of [
        './staging/chapters/chapter-004.md',
        'staging//chapters/chapter-004.md',
        'staging/./chapters/chapter-004.md',
      ]) {
        expect(() => new ProjectFs(other).readBytesAndStat(odd), odd).toThrow(
          /a symbolic link where novel expects a directory/,
        );
      }
      // A real file on a real path reads as it is.
      writeFileSync(join(other, 'x.md'), 'x\n');
      expect(new ProjectFs(other).readBytesAndStat('x.md').bytes.toString()).toBe('x\n');
    },
  );

  it('a name longer than the file system allows is a NovelError naming it, never an internal error', () => {
    const root = project();
    const fs = new ProjectFs(root);
    // 84 × 3 bytes + 3 = 255 bytes: legal, but no room for a temporary name
    const long = `staging/chapters/${'长'.repeat(84)}.md`;
    writeFileSync(join(root, long), 'x');
    expect(fs.readBytes(long).toString()).toBe('x');
    expect(() => fs.writeText(long, 'y')).toThrow(NovelError);
    expect(() => fs.readBytes(`staging/chapters/${'x'.repeat(300)}`)).toThrow(NovelError);
  });
});

describe('shell words', () => {
  it('quotes every path so that a shell reads it back exactly', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const q = shellQuote(s);
        expect(q.startsWith("'") && q.endsWith("'")).toBe(true);
        // Inside single quotes only a quote ends the word, and each one is written '\''.
        expect(q.slice(1, -1).split(`'\\''`).join('')).not.toContain("'");
      }),
    );
    expect(shellQuote('staging/$(touch pwned).md')).toBe(`'staging/$(touch pwned).md'`);
    expect(removeCommand("it's.md")).toBe(`rm -r -- 'it'\\''s.md'`);
  });

  it('shows control characters and invalid bytes escaped, and names such a file by its inode', () => {
    expect(displayName('a\nb')).toBe('a\\nb');
    expect(displayName(Buffer.from([0x61, 0xff, 0x62]))).toBe('a\\xffb');
    expect(removeCommand('staging/chapters/a\nb.md', 42)).toBe(
      `find 'staging/chapters' -maxdepth 1 -inum 42 -exec rm -r -- {} +`,
    );
  });
});
