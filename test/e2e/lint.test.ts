/**
 * `novel lint` through the built CLI: the staged chapter in flight, else the committed one; presets from
 * novel.config.json.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withoutPlatform, cleanupTempDirs, novelBin, readJson, tempDir } from '../helpers/project.js';

afterAll(cleanupTempDirs);

const json = (r: { stdout: string }) => JSON.parse(r.stdout);

function demo(): string {
  const dir = join(tempDir(), 'demo');
  expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
  return dir;
}

describe('sensitive words (§18)', () => {
  it('init writes a short example list, which the lint reads', () => {
    const dir = join(tempDir(), 'fresh');
    expect(novelBin(process.cwd(), ['init', dir]).code).toBe(0);
    expect(readJson(join(dir, 'sensitive-words.json'))).toMatchObject({ categories: { 广告: expect.any(Array) } });
    const file = join(tempDir(), '章.txt');
    writeFileSync(file, '# 第1章 夜\n\n想看后续请加微信。\n');
    const report = json(novelBin(process.cwd(), ['lint', file, '--project', dir, '--json'])).data;
    expect(report.findings.filter((f: { rule: string }) => f.rule === 'sensitive_word')).toEqual([
      expect.objectContaining({ severity: 'hard', message: 'sensitive word "加微信" (广告)' }),
    ]);
  });

  it('sensitive-words.json: each word a hard finding with its category; a broken file is named', () => {
    const dir = demo();
    writeFileSync(
      join(dir, 'sensitive-words.json'),
      JSON.stringify({ words: ['林青岚'], categories: { 测试: ['残剑'] } }),
    );
    const report = json(novelBin(dir, ['lint', 'chapter:003', '--json'])).data;
    const found = report.findings.filter((f: { rule: string }) => f.rule === 'sensitive_word');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f: { severity: string }) => f.severity === 'hard')).toBe(true);
    expect(novelBin(dir, ['lint', 'chapter:003', '--lang', 'zh']).stdout).toMatch(/敏感词“(林青岚|残剑)”/);
    writeFileSync(join(dir, 'sensitive-words.json'), JSON.stringify({ words: '林青岚' }));
    const broken = novelBin(dir, ['lint', 'chapter:003']);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('sensitive-words.json');
    expect(broken.stderr).toMatch(/words/);
  });
});

describe('novel lint', () => {
  it('lints a staged draft of the next chapter before its advance', () => {
    const dir = demo();
    mkdirSync(join(dir, 'staging/chapters'), { recursive: true });
    writeFileSync(join(dir, 'staging/chapters/chapter-004.md'), '# 第4章 雨夜\n\n雨下了一夜。\n');
    const r = novelBin(dir, ['lint', 'chapter:004', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json(r).data).toMatchObject({ chapter: 4, source: 'staging' });
    // Another chapter ahead is not in flight: nothing of it is linted.
    expect(novelBin(dir, ['lint', 'chapter:005']).code).toBe(2);
  });

  it("lints the project's own chapter file as that chapter, and a copy of it as the next one", () => {
    const dir = demo();
    const asFile = (cwd: string, file: string) => {
      const r = novelBin(cwd, ['lint', file, '--json']);
      expect(r.code, r.stderr).toBe(0);
      return json(r).data;
    };
    const byRef = json(novelBin(dir, ['lint', 'chapter:001', '--json'])).data;
    // The committed file, by a relative path, from a folder inside the project, and by an absolute path.
    expect(asFile(dir, 'chapters/chapter-001.md')).toEqual(byRef);
    expect(asFile(join(dir, 'summaries'), '../chapters/chapter-002.md')).toMatchObject({
      chapter: 2,
      source: 'chapters',
    });
    expect(asFile(dir, join(dir, 'chapters/chapter-003.md'))).toMatchObject({ chapter: 3, source: 'chapters' });
    // The staged chapter in flight is that chapter, from staging/.
    mkdirSync(join(dir, 'staging/chapters'), { recursive: true });
    writeFileSync(join(dir, 'staging/chapters/chapter-004.md'), '# 第4章 雨夜\n\n雨下了一夜。\n');
    expect(asFile(dir, 'staging/chapters/chapter-004.md')).toMatchObject({ chapter: 4, source: 'staging' });
    // A copy outside the chapters is a text written elsewhere: the next chapter, its title naming chapter 1.
    const copy = join(dir, 'samples-copy.md');
    writeFileSync(copy, readFileSync(join(dir, 'chapters/chapter-001.md')));
    const asNext = asFile(dir, copy);
    expect(asNext).toMatchObject({ chapter: 4, source: 'file' });
    expect(asNext.findings.map((f: { rule: string }) => f.rule)).toContain('title_chapter_mismatch');
    expect(byRef.findings.map((f: { rule: string }) => f.rule)).not.toContain('title_chapter_mismatch');
  });

  it('lints the staged chapter in flight with the exact counts, and the committed one otherwise', () => {
    const dir = demo();
    withoutPlatform(dir);
    mkdirSync(join(dir, 'staging/chapters'), { recursive: true });
    writeFileSync(
      join(dir, 'staging/chapters/chapter-004.md'),
      '# 第4章 雨夜\n\n他不禁笑了。她不禁哭了。他不禁叹气。\n“你来了。”她说。\n不是风动，而是心动。\n',
    );
    expect(novelBin(dir, ['advance', 'chapter:004:draft']).code).toBe(0);
    const r = novelBin(dir, ['lint', 'chapter:004', '--json']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const report = json(r).data;
    expect(report).toMatchObject({ chapter: 4, source: 'staging', zishu: 37, han: 28, paragraphs: 3, sentences: 6 });
    // 不禁 3 times in 37 字: the cliché lexicon init wrote lists it (a cliché outranks the blacklist, so it counts
    // once).
    expect(report.metrics).toMatchObject({ blacklist_hits: 0, cliche_hits: 3, pattern_hits: { 'bushi-ershi': 1 } });
    // 不是风动，而是心动 in 37 字: the AI-flavour score is hard, and names the span.
    expect(report.findings.map((f: { rule: string }) => f.rule)).toEqual([
      'ai_flavour',
      'cliche',
      'cliche',
      'cliche',
      'ai_pattern',
      'pattern_overuse',
    ]);
    const committed = json(novelBin(dir, ['lint', 'chapter:002', '--json'])).data;
    expect(committed.source).toBe('chapters');
    const text = novelBin(dir, ['lint', 'chapter:004']).stdout;
    expect(text).toMatch(/hard ai_flavour: AI flavour 1\.00 \(threshold 0\.90\)/);
    expect(text).toMatch(/warn ai_pattern \(line 5\): negation-correction/);
    expect(text).toMatch(/fix: /);
  });

  it(
    'takes the platform preset and explicit keys from ' + 'novel.config.json; a wrong quality key is exit 2 naming it',
    () => {
      const dir = demo();
      const config = readJson(join(dir, 'novel.config.json'));
      // Chapter 1 is about 3,000 字: within 起点's range and target, above 番茄's target, under a minimum of 3,500.
      const rules = (quality: object): string[] => {
        writeFileSync(join(dir, 'novel.config.json'), JSON.stringify({ ...config, quality }));
        return json(novelBin(dir, ['lint', 'chapter:001', '--json'])).data.findings.map(
          (f: { rule: string }) => f.rule,
        );
      };
      expect(rules({ platform: 'qidian' }).filter((r) => r.startsWith('zishu'))).toEqual([]);
      expect(rules({ platform: 'tomato' })).toContain('zishu_target');
      expect(rules({ platform: 'qidian', zishu: { hard: [3500, 8000] } })).toContain('zishu_hard');
      writeFileSync(join(dir, 'novel.config.json'), JSON.stringify({ ...config, quality: { platfrom: 'qidian' } }));
      const bad = novelBin(dir, ['lint', 'chapter:001']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/novel\.config\.json.*quality/s);
      expect(readFileSync(join(dir, 'novel.config.json'), 'utf8')).toContain('platfrom');
    },
  );
});
