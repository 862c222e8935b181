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

describe('a staged directory swapped for a link while novel opens a file below it', () => {
  it('is refused (link_refused), never read as the book file the link leads to', () => {
    const root = tempDir('novel-swap-');
    mkdirSync(join(root, 'chapters'), { recursive: true });
    writeFileSync(join(root, 'chapters/chapter-004.md'), 'the book\n');
    mkdirSync(join(root, 'staging/chapters'), { recursive: true });
    writeFileSync(join(root, 'staging/chapters/chapter-004.md'), 'staged\n');
    const fs = new ProjectFs(root);
    const dir = join(fs.root, 'staging/chapters');
    const target = join(dir, 'chapter-004.md');
    aroundOpen.before = (file) => {
      if (file !== target) return;
      renameSync(dir, `${dir}.real`);
      symlinkSync(join(fs.root, 'chapters'), dir);
    };
    aroundOpen.after = (file) => {
      if (file !== target) return;
      rmSync(dir);
      renameSync(`${dir}.real`, dir);
    };
    try {
      let caught: unknown = null;
      try {
        fs.readBytesAndStat('staging/chapters/chapter-004.md');
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(NovelError);
      expect((caught as InstanceType<typeof NovelError>).code).toBe('link_refused');
      expect((caught as Error).message).toMatch(/^staging\/chapters\/chapter-004\.md: a path that led outside staging\/ \(to ".*\/chapters\/chapter-004\.md"\) while novel opened it/);
    } finally {
      aroundOpen.before = undefined;
      aroundOpen.after = undefined;
    }
    // Undisturbed, the same read gives the staged bytes.
    expect(fs.readBytesAndStat('staging/chapters/chapter-004.md').bytes.toString()).toBe('staged\n');
  });

  it('a staged file replaced while novel opens it (an editor saving it) still reads: the file novel holds was staged', () => {
    const root = tempDir('novel-swap-');
    mkdirSync(join(root, 'staging/chapters'), { recursive: true });
    writeFileSync(join(root, 'staging/chapters/chapter-004.md'), 'first\n');
    const fs = new ProjectFs(root);
    const target = join(fs.root, 'staging/chapters/chapter-004.md');
    aroundOpen.after = (file) => {
      if (file !== target) return;
      renameSync(target, `${target}~`);
      writeFileSync(target, 'second\n');
    };
    try {
      expect(fs.readBytesAndStat('staging/chapters/chapter-004.md').bytes.toString()).toBe('first\n');
    } finally {
      aroundOpen.after = undefined;
    }
  });

  it('a hard link to a book file made at the staged name for the open, and removed right after, is refused (hard_link_refused)', () => {
    const root = tempDir('novel-swap-');
    mkdirSync(join(root, 'chapters'), { recursive: true });
    writeFileSync(join(root, 'chapters/chapter-004.md'), 'the book\n');
    mkdirSync(join(root, 'staging/chapters'), { recursive: true });
    writeFileSync(join(root, 'staging/chapters/chapter-004.md'), 'staged\n');
    const fs = new ProjectFs(root);
    const target = join(fs.root, 'staging/chapters/chapter-004.md');
    aroundOpen.before = (file) => {
      if (file !== target) return;
      rmSync(target);
      linkSync(join(fs.root, 'chapters/chapter-004.md'), target);
    };
    aroundOpen.after = (file) => {
      if (file === target) rmSync(target);
    };
    try {
      let caught: unknown = null;
      try {
        fs.readBytesAndStat('staging/chapters/chapter-004.md');
      } catch (err) {
        caught = err;
      }
      expect((caught as InstanceType<typeof NovelError>)?.code).toBe('hard_link_refused');
    } finally {
      aroundOpen.before = undefined;
      aroundOpen.after = undefined;
    }
  });
});
