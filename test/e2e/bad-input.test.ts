/**
 * Bad input gets exit 2, a message naming the file and the field, no stack
 * trace, and no byte changed on disk.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanupTempDirs,
  fixtureCopy,
  novel,
  novelBin,
  novelJson,
  overlay,
  tempDir,
  treeHashes,
} from '../helpers/project.js';

afterAll(cleanupTempDirs);

const PRIOR: Record<string, string[]> = {
  draft: [],
  summarize: ['draft/good'],
  refine: ['draft/good', 'summarize/good', 'audit/good'],
  judge: ['draft/good', 'summarize/good', 'audit/good', 'refine/good'],
};

async function projectAwaiting(stage: string): Promise<string> {
  const project = fixtureCopy();
  for (const variant of PRIOR[stage] ?? []) {
    overlay(project, variant);
    const r = await novel(project, ['advance', `chapter:004:${variant.split('/')[0]}`]);
    expect(r.code, r.stderr).toBe(0);
  }
  return project;
}

function expectNoStack(text: string): void {
  expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);
  expect(text).not.toMatch(/TypeError|ReferenceError|SyntaxError: /);
}

const BROKEN: Array<{ variant: string; file: string; mentions: RegExp[] }> = [
  { variant: 'draft/no-title', file: 'staging/chapters/chapter-004.md', mentions: [/first non-empty line/, /# /] },
  { variant: 'draft/empty', file: 'staging/chapters/chapter-004.md', mentions: [/empty/] },
  { variant: 'draft/invalid-utf8', file: 'staging/chapters/chapter-004.md', mentions: [/byte offset 27/, /UTF-8/] },
  {
    variant: 'summarize/bad-json',
    file: 'staging/state/chapter-004-delta.json',
    mentions: [/valid JSON/, /end of the file/],
  },
  {
    variant: 'summarize/wrong-chapter',
    file: 'staging/state/chapter-004-delta.json',
    mentions: [/field "chapter"/, /expected 4/, /found 5/],
  },
  {
    variant: 'summarize/non-slug-storyline',
    file: 'staging/state/chapter-004-delta.json',
    mentions: [/field "storyline_id"/, /slug/, /残剑主线/],
  },
  {
    variant: 'summarize/missing-summary',
    file: 'staging/summaries/chapter-004-summary.md',
    mentions: [/found no file/],
  },
  {
    variant: 'summarize/bad-crossref',
    file: 'staging/state/chapter-004-crossref.json',
    mentions: [/field "cross_references"/, /field "leak_risk"/, /maybe/],
  },
  {
    variant: 'summarize/bad-memory-entry',
    file: 'staging/state/chapter-004-memory.json',
    mentions: [/field "time_anchor"/, /field "location"/],
  },
  { variant: 'refine/no-title', file: 'staging/chapters/chapter-004.md', mentions: [/first non-empty line/] },
  {
    variant: 'judge/wrong-chapter',
    file: 'staging/evaluations/chapter-004-eval.json',
    mentions: [/field "chapter"/, /expected 4/, /found 3/],
  },
  { variant: 'judge/bad-json', file: 'staging/evaluations/chapter-004-eval.json', mentions: [/valid JSON/] },
  {
    variant: 'judge/bad-shape',
    file: 'staging/evaluations/chapter-004-eval.json',
    mentions: [
      /field "overall"/,
      /field "recommendation"/,
      /field "contract_verification.l1_checks.0.confidence"/,
      /field "scores"/,
    ],
  },
];

describe('broken staged outputs', () => {
  it.each(BROKEN)(
    '$variant: validate and advance exit 2 naming $file, no byte changed',
    async ({ variant, file, mentions }) => {
      const stage = variant.split('/')[0] as string;
      const project = await projectAwaiting(stage);
      if (variant === 'summarize/missing-summary') overlay(project, variant);
      else overlay(project, variant);
      const before = treeHashes(project);
      const step = `chapter:004:${stage}`;

      const v = await novel(project, ['validate', step]);
      expect(v.code).toBe(2);
      expect(v.stdout).toBe('');
      expect(v.stderr).toContain(file);
      for (const m of mentions) expect(v.stderr).toMatch(m);
      expectNoStack(v.stderr);

      const a = await novel(project, ['advance', step]);
      expect(a.code).toBe(2);
      expect(a.stderr).toContain(file);
      expectNoStack(a.stderr);

      const j = await novelJson(project, ['advance', step]);
      expect(j.code).toBe(2);
      expect(j.body).toMatchObject({ ok: false, command: 'advance', error: { code: 'validation_failed' } });
      const diagnostics = j.body.error.details.diagnostics as Array<Record<string, string>>;
      expect(diagnostics.some((d) => d.file === file && d.expected && d.found !== undefined)).toBe(true);

      expect(treeHashes(project)).toEqual(before);
    },
  );

  it(
    'in Chinese: the refusal, each problem and the fix are said ' +
      "in the reader's language (the parser's own words quoted)",
    async () => {
      const project = await projectAwaiting('summarize');
      overlay(project, 'summarize/bad-json');
      const zh = { LANG: 'zh_CN.UTF-8', LC_ALL: '', LC_MESSAGES: '' };
      const a = await novel(project, ['advance', 'chapter:004:summarize'], zh);
      expect(a.code).toBe(2);
      expect(a.stderr).toContain('chapter:004:summarize 的暂存产出未通过校验');
      expect(a.stderr).toMatch(
        new RegExp(
          'staging\\/state\\/chapter-004-delta\\.json：应为 合法的 JSON，实为 JSON 语法错误（`[^`]' +
            '+`），位置：文件末尾（第 \\d+ 行）（修复：修正 JSON 语法',
        ),
      );
      expect(a.stderr).toContain('提示：修正上面列出的文件后，重新运行 `novel advance chapter:004:summarize`');
      const commit = await novel(project, ['advance', 'chapter:004:commit'], zh);
      expect(commit.stderr).toContain(
        'chapter:004:commit：入库这一步不用 advance 登记，请用 `novel commit --chapter 4`',
      );
      expect(commit.stderr).toContain('提示：下一步是 chapter:004:summarize（执行）');
      const volume = await novel(project, ['advance', 'volume:01:plan'], zh);
      expect(volume.stderr).toContain('卷的步骤不用 advance 登记');
      const packet = await novel(project, ['instructions', 'chapter:009:draft'], zh);
      expect(packet.stderr).toContain('只为下一章或正在写的章（第4章）生成指令包，第9章两者都不是');
      expect(packet.stderr).toContain('提示：流水线在等待 chapter:004:summarize');
    },
  );

  it('every problem is reported at once (bad delta, bad crossref and missing summary together)', async () => {
    const project = await projectAwaiting('summarize');
    overlay(project, 'summarize/bad-crossref');
    writeFileSync(
      join(project, 'staging/state/chapter-004-delta.json'),
      JSON.stringify({ chapter: 9, base_state_version: -1, storyline_id: 'X', ops: {} }),
    );
    rmSync(join(project, 'staging/summaries/chapter-004-summary.md'));
    const r = await novelJson(project, ['validate', 'chapter:004:summarize']);
    expect(r.code).toBe(2);
    const fields = (r.body.error.details.diagnostics as Array<{ file: string; field?: string }>).map(
      (d) => `${d.file}#${d.field ?? ''}`,
    );
    expect(fields).toEqual(
      expect.arrayContaining([
        'staging/summaries/chapter-004-summary.md#',
        'staging/state/chapter-004-delta.json#base_state_version',
        'staging/state/chapter-004-delta.json#storyline_id',
        'staging/state/chapter-004-delta.json#ops',
        'staging/state/chapter-004-crossref.json#cross_references',
        'staging/state/chapter-004-crossref.json#leak_risk',
      ]),
    );
  });

  it('a changed title after refine is a warning (stderr, data.warnings), not an error', async () => {
    const project = await projectAwaiting('refine');
    overlay(project, 'refine/title-changed');
    const plain = await novel(project, ['validate', 'chapter:004:refine']);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toMatch(/warning: .*title line.*第4章 藏经阁/);
    const json = await novelJson(project, ['validate', 'chapter:004:refine']);
    expect(json.body.data.warnings[0]).toMatchObject({
      severity: 'warning',
      code: 'title_changed',
      file: 'staging/chapters/chapter-004.md',
    });
  });
});

describe('broken project files', () => {
  const CASES: Array<{ name: string; file: string; edit: (text: string) => string; mentions: RegExp[] }> = [
    {
      name: 'checkpoint not JSON',
      file: '.checkpoint.json',
      edit: (t) => t.slice(0, 40),
      mentions: [/\.checkpoint\.json/, /valid JSON/],
    },
    {
      name: 'checkpoint missing a required field',
      file: '.checkpoint.json',
      edit: (t) => JSON.stringify({ ...JSON.parse(t), last_completed_chapter: undefined }),
      mentions: [/field "last_completed_chapter"/, /missing/, /fix: set it/],
    },
    {
      name: 'checkpoint wrong type',
      file: '.checkpoint.json',
      edit: (t) => JSON.stringify({ ...JSON.parse(t), inflight_chapter: 'four' }),
      mentions: [/field "inflight_chapter"/, /"four"/],
    },
    {
      name: 'checkpoint unknown stage',
      file: '.checkpoint.json',
      edit: (t) => JSON.stringify({ ...JSON.parse(t), pipeline_stage: 'writing' }),
      mentions: [/field "pipeline_stage"/, /"writing"/, /fix: use null or one of drafting/],
    },
    {
      name: 'config unknown key',
      file: 'novel.config.json',
      edit: (t) => JSON.stringify({ ...JSON.parse(t), max_revision: 3 }),
      mentions: [/novel\.config\.json/, /field "max_revision"/, /unknown key/],
    },
    {
      name: 'config nested unknown key',
      file: 'novel.config.json',
      edit: (t) => JSON.stringify({ ...JSON.parse(t), gate: { pass: 4, passs: 3 } }),
      mentions: [/field "gate\.passs"/],
    },
    {
      name: 'config wrong type',
      file: 'novel.config.json',
      edit: (t) => JSON.stringify({ ...JSON.parse(t), revision_policy: 'sometimes' }),
      mentions: [/field "revision_policy"/, /"sometimes"/],
    },
    {
      name: 'config thresholds out of order',
      file: 'novel.config.json',
      edit: (t) => JSON.stringify({ ...JSON.parse(t), gate: { pass: 3.0, polish: 3.5 } }),
      mentions: [/field "gate\.polish"/, /must descend/],
    },
  ];

  it.each(CASES)(
    '$name: every command exits 2 naming file and field, nothing written',
    async ({ file, edit, mentions }) => {
      const project = fixtureCopy();
      const path = join(project, file);
      writeFileSync(path, edit(readFileSync(path, 'utf8')));
      const before = treeHashes(project);
      for (const args of [['next'], ['status'], ['advance', 'chapter:004:draft'], ['validate', 'chapter:004:draft']]) {
        if (args[0] === 'validate' && file === 'novel.config.json') continue;
        const r = await novel(project, args);
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
        for (const m of mentions) expect(r.stderr).toMatch(m);
        expectNoStack(r.stderr);
      }
      expect(treeHashes(project)).toEqual(before);
    },
  );

  it('--project resolves whatever path the user gives, ".." included (§12)', async () => {
    const project = fixtureCopy();
    const r = await novelJson(join(project, 'chapters'), ['next', '--project', '../']);
    expect(r.code).toBe(0);
    expect(r.body.data.step).toBe('chapter:004:draft');
  });

  it('a directory without .checkpoint.json is not a project', async () => {
    const r = await novelJson('/', ['next']);
    expect(r.code).toBe(2);
    expect(r.body.error).toMatchObject({ code: 'not_a_project' });
    expect(r.body.error.hint).toMatch(/novel init/);
  });

  it('the built binary prints no stack trace for an internal-looking failure and exit codes follow §11', () => {
    const project = fixtureCopy();
    writeFileSync(join(project, '.checkpoint.json'), '[]');
    const r = novelBin(project, ['next']);
    expect(r.code).toBe(2);
    expectNoStack(r.stderr);
    expect(r.stderr).toMatch(/\.checkpoint\.json: expected a JSON object, found an array/);
  });

  it("the shell's refusals and their fixes are said in the reader's language (LANG=zh_CN)", async () => {
    const zh = { LANG: 'zh_CN.UTF-8' };
    /** Four or more English words in a row (commands in backticks aside): a sentence left in English. */
    const englishSentence = /\b[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,}){3,}/;
    const said = async (cwd: string, args: string[], lines: Array<string | RegExp>, code = 2): Promise<void> => {
      const r = await novel(cwd, args, zh);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(code);
      for (const l of lines)
        expect(r.stderr, args.join(' ')).toMatch(
          typeof l === 'string' ? new RegExp(l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : l,
        );
      expect(r.stderr.replace(/`[^`]*`/g, ''), args.join(' ')).not.toMatch(englishSentence);
      expectNoStack(r.stderr);
    };
    const project = fixtureCopy();
    const empty = tempDir();
    await said(
      project,
      ['next', '--project', empty],
      [
        `--project ${empty}：${empty} 不是 novel 项目（没有 .checkpoint.json）`,
        '提示：进入项目目录、用 --project 指定，或用 `novel init 目录` 新建项目',
      ],
    );
    await said(
      project,
      ['rewind', '--to', 'chapter:099'],
      [
        'rewind --to chapter:099：第99章尚未入库（最后入库的是第3章）',
        '提示：请指定已入库的章节，例如 novel rewind --to chapter:003',
      ],
    );
    await said(
      project,
      ['export', '--format', 'txt', '--volume', '9'],
      ['export：第9卷中没有已入库的章节（已入库 3 章）'],
    );
    await said(
      project,
      ['commit', '--chapter', '1'],
      ['commit --chapter 1：第1章已经入库（last_completed_chapter 为 3）', '提示：无需处理；`novel next` 显示下一步'],
    );
    await said(project, ['checkpoint', 'rebuild'], ['.checkpoint.json 已存在；只有加 --force 才会替换']);
    await said(
      project,
      ['init', project],
      ['已经是一个项目（.checkpoint.json）', '提示：请换一个目录；init 从不覆盖已有项目'],
    );
    // Another process holds the lock: its holder in Chinese too (exit 3).
    mkdirSync(join(project, '.novel.lock'));
    const started = new Date().toISOString();
    writeFileSync(
      join(project, '.novel.lock/info.json'),
      JSON.stringify({ pid: process.pid, host: hostname(), started, heartbeat: started, chapter: 4, owner: null }),
    );
    await said(
      project,
      ['advance', 'chapter:004:draft'],
      [`项目已被占用：进程 ${process.pid}（${hostname()}），开始于 ${started}，第4章`],
      3,
    );
    rmSync(join(project, '.novel.lock'), { recursive: true });
    // A chapter of the book changed by hand: the paths and the fix, said in Chinese.
    appendFileSync(join(project, 'chapters/chapter-001.md'), '\n多出来的一行。\n');
    await said(
      project,
      ['advance', 'chapter:004:draft'],
      [
        '书稿文件在 novel 之外被改动',
        '  - 改动：chapters/chapter-001.md',
        '提示：恢复 chapters/chapter-001.md；若这些改动是你有意做的',
      ],
    );
    // A damaged checkpoint: what is wrong with it.
    writeFileSync(join(project, '.checkpoint.json'), '[]');
    await said(project, ['next'], ['.checkpoint.json：应为 JSON 对象，实为数组']);
    writeFileSync(join(project, '.checkpoint.json'), '{"last_completed_chapter": 3');
    await said(project, ['next'], ['.checkpoint.json 不是合法的 JSON', / {2}- \.checkpoint\.json：/]);
  });
});
