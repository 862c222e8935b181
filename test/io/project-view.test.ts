/** The disk's ProjectView: `exists` answered from a listing the view took agrees with a look at each file. */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ProjectFs } from '../../src/io/project-fs.js';
import { diskView } from '../../src/io/project-view.js';
import { cleanupTempDirs, tempDir } from '../helpers/project.js';

afterAll(cleanupTempDirs);

describe('diskView', () => {
  it('answers exists from its listing as a stat of each path would', () => {
    const root = tempDir();
    const outside = tempDir();
    const dir = join(root, 'characters/active');
    mkdirSync(join(dir, 'folder.md'), { recursive: true });
    writeFileSync(join(dir, 'a.md'), 'a');
    writeFileSync(join(outside, 'secret.md'), 's');
    symlinkSync('a.md', join(dir, 'inside-link.md'));
    symlinkSync('missing.md', join(dir, 'dangling.md'));
    symlinkSync(join(outside, 'secret.md'), join(dir, 'outside-link.md'));
    const fs = new ProjectFs(root);
    const names = ['a.md', 'inside-link.md', 'dangling.md', 'outside-link.md', 'folder.md', 'absent.md'];
    const look = (rel: string): boolean => {
      try {
        return fs.isFile(rel);
      } catch {
        return false;
      }
    };
    const expected = names.map((n) => look(`characters/active/${n}`));
    expect(expected).toEqual([true, true, false, false, false, false]);
    const view = diskView(fs);
    expect(view.list('characters/active')).toEqual([
      'characters/active/a.md',
      'characters/active/dangling.md',
      'characters/active/inside-link.md',
      'characters/active/outside-link.md',
    ]);
    const looked = vi.spyOn(fs, 'isFile');
    expect(names.map((n) => view.exists(`characters/active/${n}`))).toEqual(expected);
    // The regular file the listing found needs no look of its own; every other name gets one.
    expect(looked.mock.calls.map(([rel]) => rel)).toEqual(
      names.filter((n) => n !== 'a.md').map((n) => `characters/active/${n}`),
    );
    looked.mockRestore();
    // A folder it did not list, and a path that is not its listing's spelling, are looked at as before.
    expect(view.exists('characters/a.md')).toBe(false);
    expect(view.exists('characters/active/./a.md')).toBe(true);
  });

  it('takes a recorded text in place of reading the file, and reads any other', () => {
    const root = tempDir();
    mkdirSync(join(root, 'world'));
    writeFileSync(join(root, 'world/a.json'), '{"on":"disk"}');
    writeFileSync(join(root, 'world/b.json'), '{"b":1}');
    const view = diskView(new ProjectFs(root), (rel) => (rel === 'world/a.json' ? '{"on":"record"}' : undefined));
    expect(view.json('world/a.json')).toEqual({ on: 'record' });
    expect(view.json('world/b.json')).toEqual({ b: 1 });
    expect(view.text('world/c.json')).toBeUndefined();
  });

  it('knows a file it read is there; a file it could not read is looked at', () => {
    const root = tempDir();
    mkdirSync(join(root, 'summaries'));
    writeFileSync(join(root, 'summaries/chapter-001-summary.md'), '摘要');
    writeFileSync(join(root, 'summaries/chapter-002-summary.md'), Buffer.from([0xff, 0xfe]));
    const fs = new ProjectFs(root);
    const view = diskView(fs);
    expect(view.text('summaries/chapter-001-summary.md')).toBe('摘要');
    expect(view.text('summaries/chapter-002-summary.md')).toBeUndefined();
    expect(view.text('summaries/chapter-003-summary.md')).toBeUndefined();
    const looked = vi.spyOn(fs, 'isFile');
    expect(view.exists('summaries/chapter-001-summary.md')).toBe(true);
    expect(view.exists('summaries/chapter-002-summary.md')).toBe(true);
    expect(view.exists('summaries/chapter-003-summary.md')).toBe(false);
    expect(looked.mock.calls.map(([rel]) => rel)).toEqual([
      'summaries/chapter-002-summary.md',
      'summaries/chapter-003-summary.md',
    ]);
    looked.mockRestore();
  });
});
