import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeUtf8, firstInvalidUtf8Offset } from '../../src/core/utf8.js';
import { NovelError } from '../../src/core/errors.js';
import { JoinedBytes } from '../../src/core/joined-bytes.js';
import { ProjectFs, sha256Hex } from '../../src/io/project-fs.js';
import { readLintLists } from '../../src/io/lint-inputs.js';
import { cleanupTempDirs, fixtureCopy, novelJson, overlay, tempDir, treeHashes } from '../helpers/project.js';

afterAll(cleanupTempDirs);

describe('project-fs path safety', () => {
  it('refuses absolute paths, ".." segments and symlinks that leave the root', () => {
    const root = tempDir();
    const outside = tempDir();
    writeFileSync(join(outside, 'secret.txt'), 'x');
    mkdirSync(join(root, 'staging'));
    symlinkSync(outside, join(root, 'staging/escape'));
    symlinkSync(join(outside, 'secret.txt'), join(root, 'link.txt'));
    const fs = new ProjectFs(root);
    for (const bad of [
      '/etc/passwd',
      '../x',
      'a/../../x',
      'staging/escape/secret.txt',
      'link.txt',
      'staging/escape/new-file.md',
    ]) {
      expect(() => fs.resolve(bad), bad).toThrow(NovelError);
    }
    expect(() => fs.writeText('staging/escape/new.md', 'x')).toThrow(/outside the project root/);
    expect(fs.resolve('staging/ok.md')).toBe(join(fs.root, 'staging/ok.md'));
  });

  it('a read through a link out of the project is refused, naming where it leads; a link inside is followed', () => {
    const root = tempDir();
    const outside = tempDir();
    writeFileSync(join(outside, 'secret.json'), '{}');
    writeFileSync(join(root, 'brief.md'), '简介\n');
    symlinkSync(outside, join(root, 'world'));
    symlinkSync(join(outside, 'secret.json'), join(root, 'config.json'));
    symlinkSync(join(root, 'brief.md'), join(root, 'brief-link.md'));
    const fs = new ProjectFs(root);
    for (const rel of ['world/secret.json', 'config.json', 'world/missing.json']) {
      let err: unknown;
      try {
        fs.readBytes(rel);
      } catch (e) {
        err = e;
      }
      expect(err, rel).toBeInstanceOf(NovelError);
      expect((err as NovelError).code, rel).toBe('path_outside_project');
      if (rel !== 'world/missing.json') expect((err as NovelError).message, rel).toContain(outside);
    }
    expect(fs.readBytes('brief-link.md').toString()).toBe('简介\n');
    expect(() => fs.readBytes('missing.md')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });

  /** A project whose world/deep/a.json has a twin in a folder outside it, and a world/ to swap for a link there. */
  function swappableWorld(): { root: string; outside: string; fs: ProjectFs; swap: () => void } {
    const root = tempDir();
    const outside = tempDir();
    mkdirSync(join(root, 'world/deep'), { recursive: true });
    mkdirSync(join(outside, 'deep'));
    writeFileSync(join(root, 'world/deep/a.json'), '{"in":1}');
    writeFileSync(join(outside, 'deep/a.json'), '{"out":1}');
    const swap = (): void => {
      rmSync(join(root, 'world'), { recursive: true });
      symlinkSync(outside, join(root, 'world'));
    };
    return { root, outside, fs: new ProjectFs(root), swap };
  }
  /** The code of the NovelError `act` throws (undefined: it throws none). */
  const codeOf = (act: () => void): string | undefined => {
    try {
      act();
    } catch (e) {
      return (e as NovelError).code;
    }
    return undefined;
  };

  it('a folder read from, then swapped for a link out of the project, is refused at once and later', async () => {
    const { fs, swap } = swappableWorld();
    expect(fs.readBytes('world/deep/a.json').toString()).toBe('{"in":1}');
    // Within the same stretch of reads (the folders just found to be folders), and after an await.
    swap();
    expect(codeOf(() => fs.readBytes('world/deep/a.json'))).toBe('path_outside_project');
    await new Promise((r) => setTimeout(r, 1));
    expect(codeOf(() => fs.readBytes('world/deep/a.json'))).toBe('path_outside_project');
  });

  it('a write, a move or a removal after a read looks at the folders afresh: one swapped for a link is refused', () => {
    const { outside, fs, swap } = swappableWorld();
    // In one synchronous stretch: the read finds the folders plain, then world/ becomes a link out of the project.
    expect(fs.readBytes('world/deep/a.json').toString()).toBe('{"in":1}');
    swap();
    expect(codeOf(() => fs.writeText('world/deep/b.json', 'x'))).toBe('path_outside_project');
    expect(codeOf(() => fs.rename('world/deep/a.json', 'world/deep/c.json'))).toBe('path_outside_project');
    expect(codeOf(() => fs.remove('world/deep/a.json'))).toBe('path_outside_project');
    expect(readdirSync(join(outside, 'deep'))).toEqual(['a.json']);
    expect(readFileSync(join(outside, 'deep/a.json'), 'utf8')).toBe('{"out":1}');
  });

  it('a link whose real path is too long to be told is refused, not taken for a path inside', () => {
    // A chain of short relative links, each a level deeper, to a file whose real path is past PATH_MAX (4,096): Linux
    // opens it, realpath(3) cannot name it.
    const root = tempDir();
    const outside = tempDir();
    const comp = 'd'.repeat(200);
    mkdirSync(join(outside, comp));
    symlinkSync(comp, join(outside, 'l1'));
    for (let i = 1; i < 25; i++) {
      mkdirSync(join(outside, `l${i}`, comp));
      symlinkSync(`l${i}/${comp}`, join(outside, `l${i + 1}`));
    }
    writeFileSync(join(outside, 'l25/secret.md'), 'outside\n');
    mkdirSync(join(root, 'chapters'));
    symlinkSync(join(outside, 'l25/secret.md'), join(root, 'chapters/chapter-002.md'));
    try {
      const fs = new ProjectFs(root);
      expect(() => fs.readBytes('chapters/chapter-002.md')).toThrow(expect.objectContaining({ code: 'link_refused' }));
      expect(() => fs.readBytes('chapters/chapter-002.md')).toThrow(/too long/);
    } finally {
      // Taken down through the short links, deepest first (a path to it is too long to be removed by).
      rmSync(join(outside, 'l25/secret.md'));
      for (let i = 25; i >= 2; i--) {
        rmdirSync(join(outside, `l${i - 1}`, comp));
        rmSync(join(outside, `l${i}`));
      }
      rmdirSync(join(outside, comp));
      rmSync(join(outside, 'l1'));
    }
  });

  it('a FIFO, a socket or a link to the root at a book path is refused as no file, at once', () => {
    const root = tempDir();
    mkdirSync(join(root, 'chapters'));
    mkdirSync(join(root, 'staging/chapters'), { recursive: true });
    expect(spawnSync('mkfifo', [join(root, '.checkpoint.json')]).status).toBe(0);
    expect(spawnSync('mkfifo', [join(root, 'staging/chapters/chapter-004.md')]).status).toBe(0);
    symlinkSync('..', join(root, 'chapters/chapter-002.md'));
    const fs = new ProjectFs(root);
    for (const rel of ['.checkpoint.json', 'staging/chapters/chapter-004.md']) {
      expect(() => fs.readBytes(rel), rel).toThrow(expect.objectContaining({ code: 'not_a_file' }));
      expect(() => fs.readBytes(rel), rel).toThrow(/FIFO, socket or device/);
    }
    // A link to the project's own root: a directory, not a path out of the project.
    expect(() => fs.readBytes('chapters/chapter-002.md')).toThrow(/expected a file, found a directory/);
  });

  it('the cast of a lint is refused when characters/ leads out of the project', () => {
    const root = tempDir();
    const outside = tempDir();
    mkdirSync(join(outside, 'active'));
    writeFileSync(join(outside, 'active/lin.json'), '{"display_name":"林"}');
    symlinkSync(outside, join(root, 'characters'));
    expect(() => readLintLists(new ProjectFs(root))).toThrow(expect.objectContaining({ code: 'path_outside_project' }));
  });

  it('a staged output that is a symlink to outside the project is an error naming it; nothing is written', async () => {
    const project = fixtureCopy();
    const outside = tempDir();
    writeFileSync(join(outside, 'chapter.md'), '# 第4章 外面\n\n正文\n');
    mkdirSync(join(project, 'staging/chapters'), { recursive: true });
    symlinkSync(join(outside, 'chapter.md'), join(project, 'staging/chapters/chapter-004.md'));
    const before = treeHashes(project);
    const r = await novelJson(project, ['advance', 'chapter:004:draft']);
    expect(r.code).toBe(2);
    expect(r.body.error.message).toMatch(/staging\/chapters\/chapter-004\.md.*outside the project root/s);
    expect(treeHashes(project)).toEqual(before);
  });

  it('refuses text files above 16 MiB', async () => {
    const project = fixtureCopy();
    overlay(project, 'draft/good');
    truncateSync(join(project, 'staging/chapters/chapter-004.md'), 16 * 1024 * 1024 + 1);
    const r = await novelJson(project, ['validate', 'chapter:004:draft']);
    expect(r.code).toBe(2);
    expect(r.body.error.message).toMatch(/16777217 bytes, above the 16 MiB limit/);
  });
});

describe('strict UTF-8', () => {
  it('the offset finder agrees with the fatal decoder on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        let ok = true;
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        } catch {
          ok = false;
        }
        expect(firstInvalidUtf8Offset(bytes) === -1).toBe(ok);
      }),
      { numRuns: 5000 },
    );
  });

  it('names the byte offset of a bad byte inserted between characters', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        fc.constantFrom(0xff, 0xc0, 0x80, 0xfe),
        (a, b, bad) => {
          const head = Buffer.from(a, 'utf8');
          const bytes = Buffer.concat([head, Buffer.from([bad]), Buffer.from(b, 'utf8')]);
          const r = decodeUtf8(bytes);
          expect(r).toEqual({ ok: false, offset: head.length });
        },
      ),
    );
  });
});

describe('project-fs listFiles', () => {
  it('lists files (and links) by project-relative path, sorted; recursive descends, plain does not', () => {
    const root = tempDir();
    for (const rel of ['a/x.md', 'a/b/y.json', 'a/b/c/z.txt', 'top.md', 'a/ä 名.md']) {
      mkdirSync(join(root, rel, '..'), { recursive: true });
      writeFileSync(join(root, rel), 'x');
    }
    symlinkSync(join(root, 'top.md'), join(root, 'a/link.md'));
    const fs = new ProjectFs(root);
    expect(fs.listFiles('a')).toEqual(['a/link.md', 'a/x.md', 'a/ä 名.md']);
    expect(fs.listFiles('a/', { recursive: true })).toEqual([
      'a/b/c/z.txt',
      'a/b/y.json',
      'a/link.md',
      'a/x.md',
      'a/ä 名.md',
    ]);
    expect(fs.listFiles('a/b', { recursive: true })).toEqual(['a/b/c/z.txt', 'a/b/y.json']);
    expect(fs.listFiles('', { recursive: true })).toEqual([
      'a/b/c/z.txt',
      'a/b/y.json',
      'a/link.md',
      'a/x.md',
      'a/ä 名.md',
      'top.md',
    ]);
    expect(fs.listFiles('.')).toEqual(['top.md']);
    expect(fs.listFiles('missing')).toEqual([]);
  });
});

describe('project-fs writeNewFolder', () => {
  it('makes a new folder with its files; a folder there already, or one through a link, is refused', () => {
    const root = tempDir();
    const outside = tempDir();
    const fs = new ProjectFs(root);
    fs.writeNewFolder('staging/.import', [
      { name: 'chapter-001.md', content: '# 第1章\n\n雨。\n' },
      { name: 'chapter-002.md', content: '# 第2章\n\n风。\n' },
    ]);
    expect(fs.listFiles('staging/.import')).toEqual([
      'staging/.import/chapter-001.md',
      'staging/.import/chapter-002.md',
    ]);
    expect(fs.readText('staging/.import/chapter-002.md')).toBe('# 第2章\n\n风。\n');
    let refused: unknown;
    try {
      fs.writeNewFolder('staging/.import', [{ name: 'x.md', content: 'x' }]);
    } catch (err) {
      refused = err;
    }
    // A folder already there: exit 2 naming it, never an internal error.
    expect(refused).toBeInstanceOf(NovelError);
    expect((refused as NovelError).code).toBe('path_eexist');
    expect((refused as NovelError).message).toContain('staging/.import');
    expect(fs.exists('staging/.import/x.md')).toBe(false);
    symlinkSync(outside, join(root, 'away'));
    expect(() => fs.writeNewFolder('away/new', [{ name: 'x.md', content: 'x' }])).toThrow(NovelError);
    expect(readdirSync(outside)).toEqual([]);
  });
});

describe('project-fs writes of bytes in parts', () => {
  it('writes the parts joined, in place of the file, its mode kept and no temporary file left', () => {
    const root = tempDir();
    mkdirSync(join(root, 'state'));
    writeFileSync(join(root, 'state/current-state.json'), 'old\n', { mode: 0o640 });
    const fs = new ProjectFs(root);
    const heard: unknown[] = [];
    fs.observer = (_rel, content) => heard.push(content);
    const parts = [
      Buffer.from('{\n  "a": '),
      Buffer.from('玉佩'.repeat(40_000)),
      Buffer.alloc(0),
      Buffer.from('\n}\n'),
    ];
    fs.writeText('state/current-state.json', new JoinedBytes(parts));
    expect(fs.readBytes('state/current-state.json').equals(Buffer.concat(parts))).toBe(true);
    expect((fs.stat('state/current-state.json')?.mode ?? 0) & 0o777).toBe(0o640);
    expect(readdirSync(join(root, 'state'))).toEqual(['current-state.json']);
    expect(fs.sha256('state/current-state.json')).toBe(sha256Hex(new JoinedBytes(parts)));
    expect(heard).toHaveLength(1);
  });
});
