/**
 * A read under staging/ against a directory swapped for a link while novel
 * opens the file below it: the links are looked for before the open, so the
 * swap is made to happen exactly then (the open is wrapped), and undone right
 * after it. novel must refuse the file it opened, never return the book's bytes.
 */
import { linkSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/project.js';

/** Called with the path of every open; the test sets it to swap a directory around one open. */
const aroundOpen: { before?: (file: string) => void; after?: (file: string) => void } = {};

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const openSync = (...args: Parameters<typeof fs.openSync>): number => {
    const file = String(args[0]);
    aroundOpen.before?.(file);
    try {
      return fs.openSync(...args);
    } finally {
      aroundOpen.after?.(file);
    }
  };
  return { ...fs, default: { ...fs, openSync }, openSync };
});

const { ProjectFs } = await import('../../src/io/project-fs.js');
const { NovelError } = await import('../../src/core/errors.js');

afterAll(cleanupTempDirs);

const STAGED = 'staging/chapters/chapter-004.md';

/** A project with chapter 4 in the book and a staged chapter 4; the staged file's absolute path. */
function bookWithStagedChapter(staged = 'staged\n'): { fs: InstanceType<typeof ProjectFs>; target: string } {
  const root = tempDir('novel-swap-');
  mkdirSync(join(root, 'chapters'), { recursive: true });
  writeFileSync(join(root, 'chapters/chapter-004.md'), 'the book\n');
  mkdirSync(join(root, 'staging/chapters'), { recursive: true });
  writeFileSync(join(root, STAGED), staged);
  const fs = new ProjectFs(root);
  return { fs, target: join(fs.root, STAGED) };
}

/** The staged chapter read with `before` and `after` run around its open: its bytes, or what was thrown. */
function readAroundOpen(
  fs: InstanceType<typeof ProjectFs>,
  target: string,
  around: { before?: () => void; after?: () => void },
  read: (rel: string) => { bytes: Buffer } = (rel) => fs.readBytesAndStat(rel),
): { text: string } | { error: unknown } {
  aroundOpen.before = (file) => (file === target ? around.before?.() : undefined);
  aroundOpen.after = (file) => (file === target ? around.after?.() : undefined);
  try {
    return { text: read(STAGED).bytes.toString() };
  } catch (error) {
    return { error };
  } finally {
    aroundOpen.before = undefined;
    aroundOpen.after = undefined;
  }
}

/** Around the open: `at` (a file or a folder) swapped for a link to `to`, and put back after it. */
function swapTo(at: string, to: string): { before: () => void; after: () => void } {
  return {
    before: () => {
      renameSync(at, `${at}.real`);
      symlinkSync(to, at);
    },
    after: () => {
      rmSync(at);
      renameSync(`${at}.real`, at);
    },
  };
}

/** Around the open: `dir` swapped for a link to the book's chapters/, and put back after it. */
const swapForLink = (fs: InstanceType<typeof ProjectFs>, dir: string) => swapTo(dir, join(fs.root, 'chapters'));

describe('a staged directory swapped for a link while novel opens a file below it', () => {
  it('is refused (link_refused), never read as the book file the link leads to', () => {
    const { fs, target } = bookWithStagedChapter();
    const read = readAroundOpen(fs, target, swapForLink(fs, join(target, '..')));
    expect('error' in read && read.error).toBeInstanceOf(NovelError);
    const error = (read as { error: InstanceType<typeof NovelError> }).error;
    expect(error.code).toBe('link_refused');
    expect(error.message).toMatch(
      new RegExp(
        '^staging\\/chapters\\/chapter-004\\.md: a path that led outside stagi' +
          'ng\\/ \\(to ".*\\/chapters\\/chapter-004\\.md"\\) while novel opened it',
      ),
    );
    // Undisturbed, the same read gives the staged bytes.
    expect(fs.readBytesAndStat(STAGED).bytes.toString()).toBe('staged\n');
  });

  it(
    'a staged file replaced while novel opens it (an editor ' +
      'saving it) still reads: the file novel holds was staged',
    () => {
      const { fs, target } = bookWithStagedChapter('first\n');
      const read = readAroundOpen(fs, target, {
        after: () => {
          renameSync(target, `${target}~`);
          writeFileSync(target, 'second\n');
        },
      });
      expect(read).toEqual({ text: 'first\n' });
    },
  );

  it(
    'a hard link to a book file made at the staged name for the ' +
      'open, and removed right after, is refused (hard_link_refused)',
    () => {
      const { fs, target } = bookWithStagedChapter();
      const read = readAroundOpen(fs, target, {
        before: () => {
          rmSync(target);
          linkSync(join(fs.root, 'chapters/chapter-004.md'), target);
        },
        after: () => rmSync(target),
      });
      expect('error' in read && (read.error as InstanceType<typeof NovelError>).code).toBe('hard_link_refused');
    },
  );
});

describe('a file a walk of staging/ listed, read without looking at its directories again', () => {
  it('a directory swapped for a link around the open is refused by the check after it (link_refused)', () => {
    const { fs, target } = bookWithStagedChapter();
    const read = readAroundOpen(fs, target, swapForLink(fs, join(target, '..')), (rel) => fs.readListedStaged(rel));
    expect('error' in read && (read.error as InstanceType<typeof NovelError>).code).toBe('link_refused');
    expect(fs.readListedStaged(STAGED).bytes.toString()).toBe('staged\n');
  });

  it('a directory that is a link all along is refused too, and a hard-linked file', () => {
    const { fs, target } = bookWithStagedChapter();
    const dir = join(target, '..');
    rmSync(dir, { recursive: true });
    symlinkSync(join(fs.root, 'chapters'), dir);
    expect(() => fs.readListedStaged(STAGED)).toThrow(expect.objectContaining({ code: 'link_refused' }));
    rmSync(dir);
    mkdirSync(dir);
    linkSync(join(fs.root, 'chapters/chapter-004.md'), target);
    expect(() => fs.readListedStaged(STAGED)).toThrow(expect.objectContaining({ code: 'hard_link_refused' }));
  });

  it('staging/ itself a link is no directory to walk without the checks', () => {
    const { fs } = bookWithStagedChapter();
    expect(fs.stagingIsDir()).toBe(true);
    renameSync(join(fs.root, 'staging'), join(fs.root, 'staging.real'));
    symlinkSync(join(fs.root, 'staging.real'), join(fs.root, 'staging'));
    expect(fs.stagingIsDir()).toBe(false);
  });
});

describe('a folder of the book swapped for a link out of the project while novel opens a file below it', () => {
  /** A book with characters/active/lin.json, and a folder outside the project holding a file of the same name. */
  function bookAndOutside(): {
    fs: InstanceType<typeof ProjectFs>;
    target: string;
    dir: string;
    outside: string;
  } {
    const root = tempDir('novel-swap-');
    const dir = join(root, 'characters/active');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'lin.json'), '{"id":"lin"}\n');
    const fs = new ProjectFs(root);
    const outside = tempDir('novel-outside-');
    writeFileSync(join(outside, 'lin.json'), '{"secret":true}\n');
    return {
      fs,
      target: join(fs.root, 'characters/active/lin.json'),
      dir: join(fs.root, 'characters/active'),
      outside,
    };
  }

  /** characters/active/lin.json read with `around` run around its open: its text, or what was thrown. */
  function readLin(
    fs: InstanceType<typeof ProjectFs>,
    target: string,
    around: { before: () => void; after: () => void },
  ) {
    aroundOpen.before = (file) => (file === target ? around.before() : undefined);
    aroundOpen.after = (file) => (file === target ? around.after() : undefined);
    try {
      return { text: fs.readBytes('characters/active/lin.json').toString() };
    } catch (error) {
      return { error };
    } finally {
      aroundOpen.before = undefined;
      aroundOpen.after = undefined;
    }
  }

  it('the file opened is checked after the open: the outside one is refused, never read', () => {
    const { fs, target, dir, outside } = bookAndOutside();
    const read = readLin(fs, target, swapTo(dir, outside));
    expect('error' in read && (read.error as InstanceType<typeof NovelError>).code).toBe('path_outside_project');
    expect(String((read as { error: Error }).error.message)).toContain(outside);
    // Put back, the book's own file reads as it is.
    expect(fs.readBytes('characters/active/lin.json').toString()).toBe('{"id":"lin"}\n');
  });

  it('a file beside the project named as the root with " (deleted)" after it is outside too', () => {
    // Linux names a removed file "<its name> (deleted)": a sibling called "<root> (deleted)" must not pass as the root.
    const { fs, target } = bookAndOutside();
    const sibling = `${fs.root} (deleted)`;
    writeFileSync(sibling, '{"secret":true}\n');
    try {
      const read = readLin(fs, target, swapTo(target, sibling));
      expect('error' in read && (read.error as InstanceType<typeof NovelError>).code).toBe('path_outside_project');
    } finally {
      rmSync(sibling, { force: true });
    }
  });
});
