/**
 * The AI-flavour score through the built CLI (PROTOCOL §16): `novel quality
 * eval` on the shared labelled corpus (leave-one-source-out AUC ≥ 0.85 for
 * every source), the shipped model reproduced by its fitting script, and
 * `novel lint FILE`. The corpus lies beside the checkout
 * (../shared/quality-corpus, or NOVEL_QUALITY_CORPUS); CI always has it, and
 * there its absence fails the run instead of skipping.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, novelBin, tempDir } from '../helpers/project.js';

afterAll(cleanupTempDirs);

const corpus = process.env.NOVEL_QUALITY_CORPUS ?? resolve(process.cwd(), '../shared/quality-corpus');
const haveCorpus = existsSync(join(corpus, 'ai')) && existsSync(join(corpus, 'human'));
const required = process.env.CI === 'true' || process.env.NOVEL_QUALITY_CORPUS !== undefined;
const json = (r: { stdout: string }) => JSON.parse(r.stdout);

describe.runIf(haveCorpus || required)('the AI-flavour score on the labelled corpus', () => {
  it('the corpus is there', () => {
    expect(haveCorpus, `no labelled corpus at ${corpus} (set NOVEL_QUALITY_CORPUS)`).toBe(true);
  });

  it(
    'quality eval --by-source: AUC ≥ 0.85 for every held-out ' +
      'source, and the thresholds keep human texts below hard',
    () => {
      const r = novelBin(process.cwd(), [
        'quality',
        'eval',
        '--ai',
        join(corpus, 'ai'),
        '--human',
        join(corpus, 'human'),
        '--by-source',
        '--json',
      ]);
      expect(r.code, r.stderr).toBe(0);
      const d = json(r).data;
      expect(d.n.ai).toBeGreaterThanOrEqual(50);
      expect(d.n.human).toBeGreaterThanOrEqual(15);
      expect(d.auc).toBeGreaterThanOrEqual(0.9);
      expect(d.auc_ci95[0]).toBeGreaterThanOrEqual(0.85);
      expect(d.by_source.length).toBeGreaterThanOrEqual(8);
      for (const s of d.by_source) expect(s.auc, s.source).toBeGreaterThanOrEqual(0.85);
      expect(d.hard.human_flagged_rate).toBeLessThanOrEqual(0.05);
      // The same folders give the same bytes.
      expect(
        novelBin(process.cwd(), [
          'quality',
          'eval',
          '--ai',
          join(corpus, 'ai'),
          '--human',
          join(corpus, 'human'),
          '--by-source',
          '--json',
        ]).stdout,
      ).toBe(r.stdout);
      // In Chinese, the text output has no English sentence.
      const zh = novelBin(process.cwd(), [
        'quality',
        'eval',
        '--ai',
        join(corpus, 'ai'),
        '--human',
        join(corpus, 'human'),
        '--lang',
        'zh',
      ]);
      expect(zh.stdout).toMatch(/AI味得分的 AUC/);
    },
  );

  it('the shipped model is what its fitting script makes of this corpus', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/fit-ai-flavour.ts', corpus, '--check'], {
      encoding: 'utf8',
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
  });
});

describe('novel lint FILE and quality eval on bad input', () => {
  it('lints any text file with the project settings, as the next chapter; outside a project with the defaults', () => {
    const dir = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    const file = join(tempDir(), '第十三章.txt');
    writeFileSync(file, '# 第四章 雨夜\n\n不是害怕，是预感。他没有说话，脚步很轻。两秒后，他倒吸一口凉气。\n');
    const r = novelBin(dir, ['lint', file, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const report = json(r).data;
    expect(report).toMatchObject({ chapter: 4, source: 'file' });
    expect(report.ai_flavour.score).toBeGreaterThanOrEqual(0.9);
    expect(report.findings.map((f: { rule: string }) => f.rule)).toEqual(
      expect.arrayContaining(['ai_flavour', 'ai_pattern', 'cliche']),
    );
    // Chinese output: every finding and fix in Chinese.
    const zh = novelBin(dir, ['lint', file, '--lang', 'zh']);
    expect(zh.code).toBe(0);
    expect(zh.stdout).toMatch(/AI味/);
    expect(zh.stdout).toMatch(/改法：/);
    // Rule ids (snake_case) and file names stay as they are; no English word besides them.
    expect(zh.stdout.replace(/\b[a-z]+(?:_[a-z]+)*\b|[a-z-]+\.json/g, '')).not.toMatch(/[A-Za-z]{3,}/);
    // Outside any project: the defaults and the shipped lexicon.
    const outside = novelBin(tempDir(), ['lint', file, '--json']);
    expect(outside.code, outside.stderr).toBe(0);
    expect(json(outside).data.chapter).toBe(1);
    expect(json(outside).data.findings.some((f: { rule: string }) => f.rule === 'cliche')).toBe(true);
  });

  it('a missing file, a folder, a FIFO or a link is exit 2 naming it; so is an eval folder without texts', () => {
    const d = tempDir();
    mkdirSync(join(d, 'empty'));
    spawnSync('mkfifo', [join(d, 'fifo.txt')]);
    writeFileSync(join(d, 'real.txt'), '正文。\n');
    symlinkSync(join(d, 'real.txt'), join(d, 'link.txt'));
    for (const target of ['missing.txt', 'empty', 'fifo.txt', 'link.txt']) {
      const r = novelBin(d, ['lint', target]);
      expect(r.code, target).toBe(2);
      expect(r.stderr, target).toContain(target);
    }
    const e = novelBin(d, ['quality', 'eval', '--ai', 'empty', '--human', 'empty']);
    expect(e.code).toBe(2);
    expect(e.stderr).toContain('empty');
    expect(novelBin(d, ['quality', 'eval', '--ai', 'empty']).code).toBe(2);
  });
});

describe('repetition across the book', () => {
  it(
    "a chapter that reorders the previous chapter's paragraphs is caught (hard), " +
      'and so is a file that does; rewind and state rebuild keep the index in step',
    () => {
      const dir = join(tempDir(), 'demo');
      expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
      const run = novelBin(dir, ['run', '--chapters', '2', '--executor', 'demo']);
      expect(run.code, run.stderr).toBe(0);
      const previous = readFileSync(join(dir, 'chapters/chapter-005.md'), 'utf8');
      const paras = previous
        .split('\n\n')
        .slice(1)
        .filter((p) => p.trim());
      const recycled =
        `# 第6章 旧事重提\n\n` +
        `${[...paras.slice(paras.length / 2), ...paras.slice(0, paras.length / 2)].join('\n\n')}\n`;
      mkdirSync(join(dir, 'staging/chapters'), { recursive: true });
      writeFileSync(join(dir, 'staging/chapters/chapter-006.md'), recycled);
      const v = novelBin(dir, ['advance', 'chapter:006:draft']);
      expect(v.code, v.stderr).toBe(0);
      // The advance prints the lint's hard findings.
      expect(v.stdout).toMatch(/hard recycled_chapter/);
      const lint = json(novelBin(dir, ['lint', 'chapter:006', '--json'])).data;
      const rules = lint.findings
        .filter((f: { severity: string }) => f.severity === 'hard')
        .map((f: { rule: string }) => f.rule);
      expect(rules).toContain('recycled_chapter');
      expect(rules).toContain('repeated_passage');
      expect(lint.findings.find((f: { rule: string }) => f.rule === 'recycled_chapter').message).toMatch(/chapter 5/);
      // The same text as a file, linted as the next chapter.
      const file = join(tempDir(), 'copy.txt');
      writeFileSync(file, recycled);
      const asFile = json(novelBin(dir, ['lint', file, '--json'])).data;
      expect(asFile.findings.map((f: { rule: string }) => f.rule)).toContain('recycled_chapter');
      // A fresh chapter of the demo has none.
      const fresh = json(novelBin(dir, ['lint', 'chapter:005', '--json'])).data;
      expect(fresh.findings.map((f: { rule: string }) => f.rule)).not.toContain('recycled_chapter');
      // Rewound past chapter 5, the copy of it repeats nothing committed; state rebuild builds the same index.
      const rewound = novelBin(dir, ['rewind', '--to', 'chapter:005']);
      expect(rewound.code, rewound.stderr).toBe(0);
      const after = json(novelBin(dir, ['lint', file, '--json'])).data;
      expect(after.chapter).toBe(5);
      expect(after.findings.map((f: { rule: string }) => f.rule)).not.toContain('recycled_chapter');
      const index = readFileSync(join(dir, 'logs/.cache/shingles.idx'));
      expect(novelBin(dir, ['state', 'rebuild']).code).toBe(0);
      expect(readFileSync(join(dir, 'logs/.cache/shingles.idx')).equals(index)).toBe(true);
    },
  );
});
