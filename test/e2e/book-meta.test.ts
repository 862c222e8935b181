/**
 * The book's metadata (PROTOCOL §18) through the built CLI: `init --title
 * --author --blurb` writes book.json (asked for on a terminal), the exports
 * and `novel serve` show it, and a broken book.json is exit 2 naming the field.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cleanupTempDirs, novelBin, novelBinAsync, readJson, tempDir } from '../helpers/project.js';
import { serve } from '../helpers/serve.js';

afterAll(cleanupTempDirs);

describe('book.json', () => {
  it('init --title --author --blurb writes it; a demo-written book exports and serves with it', async () => {
    const dir = join(tempDir(), 'book');
    const init = novelBin(process.cwd(), [
      'init',
      dir,
      '--title',
      '《剑起青岚》',
      '--author',
      '青岚客',
      '--blurb',
      '少年携残剑出山。',
      '--platform',
      'qidian',
    ]);
    expect(init.code, init.stderr).toBe(0);
    expect(readJson(join(dir, 'book.json'))).toEqual({
      title: '剑起青岚',
      author: '青岚客',
      blurb: '少年携残剑出山。',
      platform: 'qidian',
    });
    // Chapters, from the demo book: its files beside this book.json.
    const demo = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', demo]).code).toBe(0);
    writeFileSync(join(demo, 'book.json'), readFileSync(join(dir, 'book.json')));
    const txt = join(tempDir(), 'book.txt');
    expect(novelBin(demo, ['export', '--format', 'txt', '--out', txt]).code).toBe(0);
    expect(readFileSync(txt, 'utf8').split('\n').slice(0, 2)).toEqual(['剑起青岚', '作者：青岚客']);
    const epub = join(tempDir(), 'book.epub');
    expect(novelBin(demo, ['export', '--format', 'epub', '--out', epub]).code).toBe(0);
    const opf = strFromU8(unzipSync(readFileSync(epub))['OEBPS/content.opf'] as Uint8Array);
    expect(opf).toContain('<dc:title>剑起青岚</dc:title>');
    expect(opf).toContain('<dc:creator>青岚客</dc:creator>');
    expect(opf).toContain('少年携残剑出山。');
    const served = await serve(demo);
    try {
      const status = (await (await fetch(`${served.base}/api/status`)).json()) as Record<string, unknown>;
      expect(status).toMatchObject({ title: '剑起青岚', author: '青岚客', blurb: '少年携残剑出山。' });
    } finally {
      await served.stop();
    }
  });

  it('init asks for the title, the author and the blurb on a terminal', () => {
    const dir = join(tempDir(), 'asked');
    // A terminal for init (script(1) gives it one); the answers typed in.
    const r = spawnSync(
      'script',
      ['-qec', `${JSON.stringify(process.execPath)} ${BIN} init ${dir} --lang zh`, '/dev/null'],
      {
        input: '《天下》\n无名氏\n\n',
        encoding: 'utf8',
      },
    );
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('书名：');
    expect(r.stdout).toContain('作者（笔名）：');
    expect(readJson(join(dir, 'book.json'))).toEqual({ title: '天下', author: '无名氏' });
  });

  it('off a terminal nothing is asked: without both there is no book.json, and one alone is exit 2', () => {
    const none = join(tempDir(), 'none');
    const r = novelBin(process.cwd(), ['init', none]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('book.json not written');
    const half = join(tempDir(), 'half');
    const refused = novelBin(process.cwd(), ['init', half, '--title', '天下']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--author is missing');
  });

  it('a broken book.json: export is exit 2 naming the file and the field', async () => {
    const demo = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', demo]).code).toBe(0);
    writeFileSync(join(demo, 'book.json'), JSON.stringify({ title: '天下', author: '' }));
    const r = await novelBinAsync(demo, ['export', '--format', 'txt', '--out', join(tempDir(), 'x.txt')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('book.json');
    expect(r.stderr).toContain('author');
  });
});
