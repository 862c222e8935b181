/**
 * Book tools through the built binary: export (txt, md, valid EPUB 3), the chapter table, doctor, draft history and
 * diffs.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countZishu } from '../../src/core/zishu.js';
import { cleanupTempDirs, fixtureCopy, novelBin, overlay, readJson, REPO, tempDir } from '../helpers/project.js';

afterAll(cleanupTempDirs);

const json = (r: { stdout: string }) => JSON.parse(r.stdout);
let book: string;

beforeAll(() => {
  // The demo book: chapter 4 through a revision round (3.2, then 4.3), then chapters 5–7.
  book = join(tempDir(), 'demo');
  expect(novelBin(process.cwd(), ['init', '--demo', book]).code).toBe(0);
  expect(novelBin(book, ['run', '--chapters', '1'], { NOVEL_DEMO_SCORES: '3.2,4.3' }).code).toBe(0);
  expect(novelBin(book, ['run', '--chapters', '3']).code).toBe(0);
});

function epubcheck(file: string): { errors: number; warnings: number; messages: unknown[] } {
  const bin = join(REPO, 'node_modules/@likecoin/epubcheck-ts/bin/epubcheck.js');
  const r = spawnSync(process.execPath, [bin, file, '--json', '-', '--fail-on-warnings', '-q'], { encoding: 'utf8' });
  const report = JSON.parse(r.stdout) as { messages: Array<{ severity: string }> };
  const count = (sev: string[]) => report.messages.filter((m) => sev.includes(m.severity.toUpperCase())).length;
  return {
    errors: count(['ERROR', 'FATAL']),
    warnings: count(['WARNING']),
    messages: report.messages.filter(
      (m) => m.severity.toUpperCase() !== 'INFO' && m.severity.toUpperCase() !== 'USAGE',
    ),
  };
}

describe('export', () => {
  it(
    'EPUB 3 of the demo book: 0 errors and 0 warnings from ' + 'the EPUB validator; the same book gives the same bytes',
    () => {
      const a = join(tempDir(), 'a.epub');
      const b = join(tempDir(), 'b.epub');
      expect(novelBin(book, ['export', '--format', 'epub', '--out', a]).code).toBe(0);
      expect(novelBin(book, ['export', '--format', 'epub', '--out', b]).code).toBe(0);
      expect(readFileSync(a).equals(readFileSync(b))).toBe(true);
      const report = epubcheck(a);
      expect(report.messages).toEqual([]);
      expect(report.errors).toBe(0);
      expect(report.warnings).toBe(0);
    },
  );

  it('txt and md hold every committed chapter title, in order, with the volume heading; byte-identical twice', () => {
    const titles = Array.from({ length: 7 }, (_, i) =>
      readFileSync(join(book, `chapters/chapter-00${i + 1}.md`), 'utf8')
        .split('\n')[0]!
        .slice(2),
    );
    for (const format of ['txt', 'md']) {
      const out = join(tempDir(), `book.${format}`);
      const r = novelBin(book, ['export', '--format', format, '--out', out, '--json']);
      expect(json(r).data).toMatchObject({ chapters: 7, first: 1, last: 7, title: '青岚剑录' });
      const text = readFileSync(out, 'utf8');
      const positions = titles.map((t) => text.indexOf(t));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((x, y) => x - y)).toEqual(positions);
      expect(text).toContain('第一卷 残剑');
      const again = join(tempDir(), `again.${format}`);
      novelBin(book, ['export', '--format', format, '--out', again]);
      expect(readFileSync(again).equals(readFileSync(out))).toBe(true);
    }
    const crlf = join(tempDir(), 'crlf.txt');
    novelBin(book, ['export', '--format', 'txt', '--crlf', '--chapters', '2-3', '--out', crlf]);
    const t = readFileSync(crlf, 'utf8');
    expect(t).toMatch(/\r\n/);
    expect(t).toContain(titles[1]!);
    expect(t).not.toContain(titles[3]!);
  });

  it(
    'renders the Markdown an author writes (emphasis, block quotes, scene breaks), with a title page, ' +
      "the brief's 简介 and a cover; EPUBCheck 0/0 with the generated cover and with the author's own",
    () => {
      const dir = join(tempDir(), 'md');
      expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
      const rel = join(dir, 'chapters/chapter-003.md');
      writeFileSync(
        rel,
        `${readFileSync(rel, 'utf8')}\n**夜色**里，*残剑*在鸣。\n> 门规第三条：外门弟子不得擅入。\n* * *\n次日清晨。\n`,
      );
      expect(novelBin(dir, ['state', 'verify', '--accept']).code).toBe(0);
      const txt = join(tempDir(), 'b.txt');
      expect(novelBin(dir, ['export', '--format', 'txt', '--out', txt]).code).toBe(0);
      const text = readFileSync(txt, 'utf8');
      expect(text).toContain('　　夜色里，残剑在鸣。');
      expect(text).toContain('　　门规第三条：外门弟子不得擅入。');
      expect(text).toContain('＊　＊　＊');
      expect(text).not.toMatch(/\*\*|^> |\* \* \*/m);
      for (const cover of [null, 'cover.png'] as const) {
        // A 1×1 PNG, as an author's cover would be (only smaller).
        if (cover)
          writeFileSync(
            join(dir, cover),
            Buffer.from(
              'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
              'base64',
            ),
          );
        const out = join(tempDir(), 'b.epub');
        expect(novelBin(dir, ['export', '--format', 'epub', '--out', out]).code).toBe(0);
        const report = epubcheck(out);
        expect(report.messages, cover ?? 'generated cover').toEqual([]);
        const unzipped = join(tempDir(), 'x');
        mkdirSync(unzipped);
        expect(spawnSync('unzip', ['-q', out, '-d', unzipped]).status).toBe(0);
        const chapter = readFileSync(join(unzipped, 'OEBPS/chapter-0003.xhtml'), 'utf8');
        expect(chapter).toContain('<strong>夜色</strong>里，<em>残剑</em>在鸣。');
        expect(chapter).toMatch(/<blockquote>\s*<p>门规第三条/);
        expect(chapter).toContain('<p class="scene-break">＊　＊　＊</p>');
        const opf = readFileSync(join(unzipped, 'OEBPS/content.opf'), 'utf8');
        expect(opf).toContain('<dc:description>少年林青岚身负残缺剑骨');
        expect(opf).toContain(
          cover
            ? 'href="cover.png" media-type="image/png" properties="cover-image"'
            : 'href="cover.svg" media-type="image/svg+xml" properties="cover-image"',
        );
        expect(readFileSync(join(unzipped, 'OEBPS/titlepage.xhtml'), 'utf8')).toContain('<h1>青岚剑录</h1>');
        expect(readFileSync(join(unzipped, 'OEBPS/style.css'), 'utf8')).toMatch(/font-family: "Noto Serif CJK SC"/);
      }
    },
  );

  it('export only reads: it runs while a chapter is in flight and changes nothing of the project', () => {
    const dir = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    expect(novelBin(dir, ['run', '--pause-after', 'draft']).code).toBe(0);
    const out = join(tempDir(), 'x.epub');
    expect(novelBin(dir, ['export', '--format', 'epub', '--out', out]).code).toBe(0);
    expect(epubcheck(out).errors).toBe(0);
    expect(novelBin(dir, ['next']).stdout).toBe('chapter:004:summarize\n');
  });
});

describe('the chapter table', () => {
  it('one row per committed chapter with 字数, score, gate, revisions, tokens and cost, and a total', () => {
    const r = novelBin(book, ['chapters', '--json']);
    expect(r.code).toBe(0);
    const { rows, total } = json(r).data;
    expect(rows.map((x: { chapter: number }) => x.chapter)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const four = rows[3];
    expect(four).toMatchObject({ chapter: 4, gate: 'pass', revisions: 1, overall: 4.3 });
    const text = readFileSync(join(book, 'chapters/chapter-004.md'), 'utf8');
    expect(four.zishu).toBe(countZishu(text.split('\n').slice(1).join('\n')).zishu);
    expect(total.zishu).toBe(rows.reduce((a: number, x: { zishu: number }) => a + x.zishu, 0));
    const some = json(novelBin(book, ['chapters', '--from', '5', '--to', '6', '--json'])).data.rows;
    expect(some.map((x: { chapter: number }) => x.chapter)).toEqual([5, 6]);
    expect(novelBin(book, ['chapters']).stdout).toMatch(/total/);
  });

  it('字数 counts CJK characters and full-width punctuation one each, a Latin word or a number one', () => {
    expect(countZishu('林青岚说：“好。”')).toEqual({ zishu: 9, han: 5 });
    expect(countZishu('Hello world, 2026 年！')).toEqual({ zishu: 5, han: 1 });
    expect(countZishu('  \n ## , . ')).toEqual({ zishu: 0, han: 0 });
  });

  it('chapter_length: validate of draft and refine warns outside it, and the draft packet carries it', () => {
    const project = fixtureCopy();
    writeFileSync(
      join(project, 'novel.config.json'),
      JSON.stringify({ ...readJson(join(project, 'novel.config.json')), chapter_length: { min: 2000, max: 4000 } }),
    );
    overlay(project, 'draft/good');
    const v = json(novelBin(project, ['validate', 'chapter:004:draft', '--json']));
    expect(v.data.warnings).toEqual([
      expect.objectContaining({
        code: 'chapter_length',
        file: 'staging/chapters/chapter-004.md',
        expected: expect.stringMatching(/2000–4000/),
      }),
    ]);
    const packet = json(novelBin(project, ['instructions', 'chapter:004:draft', '--json'])).data;
    expect(packet.manifest.inline.chapter_length).toEqual({ min: 2000, max: 4000 });
  });
});

describe('novel doctor', () => {
  it('a healthy book: exit 0', () => {
    const r = novelBin(book, ['doctor', '--json']);
    expect(r.code, r.stdout).toBe(0);
    expect(json(r).data.healthy).toBe(true);
  });

  it('finds each planted fault and names its fix', () => {
    const dir = join(tempDir(), 'faulty');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    expect(novelBin(dir, ['run', '--chapters', '2']).code).toBe(0);
    writeFileSync(join(dir, 'chapters/chapter-002.md'), '# 第2章 改过\n');
    const state = readJson(join(dir, 'state/current-state.json'));
    writeFileSync(join(dir, 'state/current-state.json'), JSON.stringify({ ...state, world_state: { season: '冬' } }));
    mkdirSync(join(dir, 'staging/.commit'), { recursive: true });
    writeFileSync(
      join(dir, 'staging/.commit/chapter-006.json'),
      JSON.stringify({
        version: 1,
        kind: 'chapter',
        chapter: 6,
        volume: null,
        writes: [],
        appends: [],
        removes: [],
        checkpoint: {},
        fingerprint_paths: [],
      }),
    );
    mkdirSync(join(dir, '.novel.lock'));
    writeFileSync(
      join(dir, '.novel.lock/info.json'),
      JSON.stringify({ pid: 999999, host: hostname(), started: '2026-01-01T00:00:00Z' }),
    );
    mkdirSync(join(dir, 'staging/chapters'), { recursive: true });
    writeFileSync(join(dir, 'staging/chapters/chapter-019.md'), '# stray\n');
    const outline = join(dir, 'volumes/vol-01/outline.md');
    writeFileSync(outline, readFileSync(outline, 'utf8').replace('### 第 7 章', '### 第 70 章'));
    const r = novelBin(dir, ['doctor', '--json']);
    expect(r.code).toBe(2);
    const findings = json(r).data.findings as Array<{ code: string; file: string; fix: string; message: string }>;
    const find = (code: string) => findings.find((f) => f.code === code);
    expect(find('file_changed')).toMatchObject({
      file: 'chapters/chapter-002.md',
      fix: expect.stringMatching(/restore chapters\/chapter-002\.md/),
    });
    expect(find('state_diverges')?.fix).toMatch(/novel state rebuild/);
    expect(find('journal_pending')).toMatchObject({
      file: 'staging/.commit/chapter-006.json',
      fix: 'novel commit --chapter 6',
    });
    expect(find('lock_stale')?.fix).toBe('novel lock clear');
    expect(find('staging_orphan')).toMatchObject({
      file: 'staging/chapters/chapter-019.md',
      fix: expect.stringMatching(/^rm /),
    });
    expect(find('outline_missing')?.message).toMatch(/chapter\(s\) 7/);
  });
});

describe('draft history', () => {
  it('each revision round keeps the chapter its judge scored; novel diff compares round 1 and round 2', () => {
    expect(readFileSync(join(book, 'staging/revisions/chapter-004/round-1/chapters/chapter-004.md'), 'utf8')).toMatch(
      /^# 第4章/,
    );
    const r = novelBin(book, ['diff', 'chapter:004', '--json']);
    expect(r.code, r.stdout).toBe(0);
    const d = json(r).data;
    expect(d).toMatchObject({
      chapter: 4,
      rounds: [1, 2],
      from: { round: 1 },
      to: { round: 2, path: 'chapters/chapter-004.md' },
    });
    expect(d.added).toBeGreaterThan(0);
    expect(d.patch).toMatch(/^\+.*修订/m);
    const plain = novelBin(book, ['diff', 'chapter:4', '--round', '1', '--round', '2']);
    expect(plain.stdout).toMatch(/^--- round-1: staging\/revisions\/chapter-004\/round-1\/chapters\/chapter-004\.md/m);
  });

  it("decide … revise --note carries the author's note to the next draft packet and into the chapter log", () => {
    const dir = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    expect(novelBin(dir, ['run'], { NOVEL_DEMO_SCORES: '2.5,4.3' }).code).toBe(10);
    expect(novelBin(dir, ['decide', 'chapter:004', 'revise', '--note', '让叶知秋更早出场']).code).toBe(0);
    const packet = json(novelBin(dir, ['instructions', 'chapter:004:draft', '--json'])).data;
    expect(packet.manifest.inline.author_note).toBe('让叶知秋更早出场');
    expect(novelBin(dir, ['run'], { NOVEL_DEMO_SCORES: '2.5,4.3' }).code).toBe(0);
    expect(readJson(join(dir, 'logs/chapter-004-log.json')).author_note).toBe('让叶知秋更早出场');
    expect(readJson(join(dir, '.checkpoint.json')).author_note).toBeUndefined();
  });
});
