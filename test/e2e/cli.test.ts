/** The command-line contract of §11 through the real CLI. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { columns } from '../../src/cli-help.js';
import {
  cleanupTempDirs,
  fixtureCopy,
  novel,
  novelBin,
  novelJson,
  overlay,
  readJson,
  tempDir,
  treeHashes,
} from '../helpers/project.js';

afterAll(cleanupTempDirs);

const COMMANDS = [
  ['status'],
  ['publish'],
  ['next'],
  ['instructions'],
  ['run'],
  ['adapters', 'install'],
  ['state', 'verify'],
  ['state', 'rebuild'],
  ['validate'],
  ['advance'],
  ['decide'],
  ['commit'],
  ['lock', 'status'],
  ['lock', 'clear'],
  ['graph'],
  ['init'],
  ['schema'],
  ['checkpoint', 'rebuild'],
  ['demo-executor'],
  ['completion'],
  ['export'],
  ['chapters'],
  ['lint'],
  ['doctor'],
  ['diff'],
  ['serve'],
  ['rewind'],
  ['import'],
  ['quality', 'eval'],
  ['continuity', 'bench'],
];

describe('command table', () => {
  it('the lazily loaded command table names each command by its own static paths', async () => {
    const { COMMAND_TABLE } = await import('../../src/cli.js');
    for (const entry of COMMAND_TABLE) {
      const cls = await entry.load();
      expect(cls.paths, entry.path.join(' ')).toEqual([entry.path]);
    }
    expect(COMMAND_TABLE.map((c) => c.path.join(' ')).sort()).toEqual(COMMANDS.map((c) => c.join(' ')).sort());
  });
});

describe('help and usage errors', () => {
  it.each(COMMANDS)('novel %s --help describes the command with examples', async (...path) => {
    const r = await novel(process.cwd(), [...path, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/━━━ Usage ━━━|Usage/);
    expect(r.stdout).toMatch(/Examples/);
    expect(r.stdout).toContain(`novel ${path.join(' ')}`);
  });

  it('novel --help lists every command', async () => {
    const r = await novel(process.cwd(), ['--help']);
    for (const path of COMMANDS) expect(r.stdout).toContain(`novel ${path.join(' ')}`);
  });

  it.each([
    [['bogus'], 'bogus'],
    [['next', '--bogus'], 'next'],
    [['advance'], 'advance'],
    [['advance', 'chapter:004:draft', 'extra'], 'advance'],
    [['decide', 'chapter:004'], 'decide'],
    [['lock', 'grab'], 'lock grab'],
  ])('%j is invalid input: exit 2 and, with --json, exactly the error envelope', async (args, command) => {
    const project = fixtureCopy();
    const plain = await novel(project, args);
    expect(plain.code).toBe(2);
    expect(plain.stdout).toBe('');
    expect(plain.stderr.length).toBeGreaterThan(0);
    const r = await novel(project, [...args, '--json']);
    expect(r.code).toBe(2);
    const body = JSON.parse(r.stdout);
    expect(body).toMatchObject({ ok: false, command, error: { code: 'usage' } });
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
  });

  const zh = { LANG: 'zh_CN.UTF-8' };
  /** What a command's help lists whatever the language: its option flags and its example command lines. */
  const helpData = (text: string): string[] =>
    text
      .split('\n')
      .filter((l) => /^ {2}(--[a-z]|\$ novel )/.test(l))
      .map((l) => (l.startsWith('  --') ? (l.trim().split(/\s{2,}/)[0] as string) : l));

  it(
    'novel --help and novel help list the commands in Chinese ' + 'under zh_* and with --lang zh, in English otherwise',
    async () => {
      const en = await novel(process.cwd(), ['--help']);
      for (const [args, env] of [
        [['--help'], zh],
        [['help'], zh],
        [['help', '--lang', 'zh'], {}],
        [['--lang=zh', '-h'], {}],
      ] as const) {
        const r = await novel(process.cwd(), [...args], env);
        expect(r.code, args.join(' ')).toBe(0);
        for (const path of COMMANDS) expect(r.stdout).toContain(`novel ${path.join(' ')}`);
        expect(r.stdout).toContain('\n流水线\n');
        expect(r.stdout).toContain('可查看该命令的详细说明');
        expect(r.stdout).toContain('打印流水线的下一步（只读）');
        expect(r.stdout).not.toMatch(/Pipeline|Print the next step/);
        // The same commands, in the same order.
        expect(r.stdout.split('\n').filter((l) => l.startsWith('  novel '))).toEqual(
          en.stdout.split('\n').filter((l) => l.startsWith('  novel ')),
        );
      }
      expect(en.stdout).toContain('\nPipeline\n');
      expect((await novel(process.cwd(), ['help', '--lang', 'en'], zh)).stdout).toBe(en.stdout);
    },
  );

  it.each(COMMANDS)(
    'novel help %s is in Chinese under zh_*, with the same synopsis, options and examples as the English',
    async (...path) => {
      const en = await novel(process.cwd(), [...path, '--help']);
      const r = await novel(process.cwd(), ['help', ...path], zh);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^用法$/m);
      expect(r.stdout).toMatch(/^示例$/m);
      expect(r.stdout).not.toMatch(/^(Usage|Options|Details|Examples)$/m);
      expect(helpData(r.stdout)).toEqual(helpData(en.stdout));
      // Each line of words: Chinese, and the first (the description) other than the English one.
      expect(r.stdout.split('\n')[0]).toMatch(/[\u4e00-\u9fff]/);
      expect(r.stdout.split('\n')[0]).not.toBe(en.stdout.split('\n')[0]);
      for (const line of r.stdout.split('\n').filter((l) => /^ {2}--[a-z]/.test(l)))
        expect(line, line).toMatch(/[\u4e00-\u9fff]/);
      // The details, filled to 80 columns as the English is (a wide character takes two).
      for (const line of (r.stdout.split('\n说明\n')[1]?.split('\n示例\n')[0] ?? '').split('\n'))
        expect(columns(line), line).toBeLessThanOrEqual(80);
    },
  );

  it(
    "clipanion's refusals are said in Chinese under zh_*: an " +
      'unknown flag, a missing argument, a value a validator refuses',
    async () => {
      const project = fixtureCopy();
      const flag = await novel(project, ['next', '--jsn'], zh);
      expect(flag.code).toBe(2);
      expect(flag.stderr).toBe(
        'novel next：命令用法有误：不支持的选项 --jsn\n提示：你是不是想用 --json？（`novel help next` 列出所有选项）\n',
      );
      expect((await novel(project, ['advance'], zh)).stderr).toContain('命令用法有误：缺少参数');
      expect((await novel(project, ['advance', 'chapter:004:draft', 'extra'], zh)).stderr).toContain(
        '多余的参数 extra',
      );
      expect((await novel(project, ['run', '--chapters'], zh)).stderr).toContain('选项 --chapters 缺少取值');
      const value = await novel(project, ['export', '--format', 'pdf'], zh);
      expect(value.stderr).toContain('--format 的值无效：应为 "txt"、"md"、"epub" 之一（实为 "pdf"）');
      expect((await novel(project, ['serve', '--port', '70000'], zh)).stderr).toContain(
        '--port 的值无效：应在 [0; 65535] 范围内（实为 70000）',
      );
      expect((await novel(project, ['nxt'], zh)).stderr).toContain('未知命令\n提示：你是不是想用 `novel next`？');
      // The English and the JSON envelope stay as clipanion words them.
      expect((await novel(project, ['export', '--format', 'pdf'])).stderr).toContain(
        'Invalid value for --format: expected one of "txt", "md", or "epub" (got "pdf")',
      );
      expect((await novelJson(project, ['next', '--jsn'], zh)).body.error).toEqual({
        code: 'usage',
        message: 'Unsupported option name ("--jsn").',
        hint: 'did you mean --json? (`novel help next` lists the options)',
      });
    },
  );

  it('an invalid step id is exit 2 with the expected format', async () => {
    const project = fixtureCopy();
    const r = await novelJson(project, ['validate', 'chapter:1e3:draft']);
    expect(r.code).toBe(2);
    expect(r.body.error.code).toBe('invalid_step');
    expect(r.body.error.hint).toMatch(/chapter:NNN:STAGE/);
  });
});

describe('next', () => {
  it('plain output is the step id alone on one line; JSON carries the decision', async () => {
    const project = fixtureCopy();
    const plain = await novel(project, ['next']);
    expect(plain.stdout).toBe('chapter:004:draft\n');
    const r = await novelJson(project, ['next']);
    expect(r.body).toMatchObject({ ok: true, command: 'next' });
    expect(Object.keys(r.body.data)).toEqual(
      expect.arrayContaining(['step', 'action', 'reason', 'chapter', 'stage', 'revision_count', 'evidence', 'lock']),
    );
    expect(r.body.data).toMatchObject({
      step: 'chapter:004:draft',
      action: 'execute',
      chapter: 4,
      stage: 'committed',
      revision_count: 0,
      lock: { held: false },
    });
  });

  it('is read-only and deterministic: same project, same bytes, nothing written', async () => {
    const project = fixtureCopy();
    overlay(project, 'draft/good');
    const before = treeHashes(project);
    const a = await novel(project, ['next', '--json']);
    const b = await novel(project, ['next', '--json']);
    expect(a.stdout).toBe(b.stdout);
    expect(treeHashes(project)).toEqual(before);
  });

  it('finds the project root from a subdirectory, or from --project', async () => {
    const project = fixtureCopy();
    expect((await novel(join(project, 'volumes/vol-01'), ['next'])).stdout).toBe('chapter:004:draft\n');
    expect((await novel('/', ['next', '--project', project])).stdout).toBe('chapter:004:draft\n');
  });

  it('pipeline_stage is the last completed stage, the step id the next action', async () => {
    const project = fixtureCopy();
    overlay(project, 'draft/good');
    await novel(project, ['advance', 'chapter:004:draft']);
    const r = await novelJson(project, ['next']);
    expect(r.body.data).toMatchObject({ stage: 'drafting', step: 'chapter:004:summarize' });
  });

  it('refine counts as done only when the chapter changed since the last advance', async () => {
    const project = fixtureCopy();
    for (const v of ['draft/good', 'summarize/good', 'audit/good']) {
      overlay(project, v);
      await novel(project, ['advance', `chapter:004:${v.split('/')[0]}`]);
    }
    expect((await novelJson(project, ['next'])).body.data).toMatchObject({
      step: 'chapter:004:refine',
      action: 'execute',
    });
    const adv = await novelJson(project, ['advance', 'chapter:004:refine']);
    expect(adv.code).toBe(2);
    expect(adv.body.error.code).toBe('outputs_not_new');
    overlay(project, 'refine/good');
    expect((await novelJson(project, ['next'])).body.data).toMatchObject({
      step: 'chapter:004:refine',
      action: 'advance',
    });
  });

  it('reports an unfinished commit journal as recover', async () => {
    const project = fixtureCopy();
    mkdirSync(join(project, 'staging/.commit'), { recursive: true });
    writeFileSync(join(project, 'staging/.commit/chapter-004.json'), '{}');
    const r = await novelJson(project, ['next']);
    expect(r.body.data).toMatchObject({ step: 'chapter:004:commit', action: 'recover' });
  });
});

describe('advance and decide refusals', () => {
  it('an out-of-order step names the expected step and the order', async () => {
    const project = fixtureCopy();
    overlay(project, 'draft/good');
    const r = await novelJson(project, ['advance', 'chapter:004:refine']);
    expect(r.code).toBe(2);
    expect(r.body.error).toMatchObject({ code: 'out_of_order', details: { expected: 'chapter:004:draft' } });
    expect(r.body.error.hint).toMatch(/draft → summarize → audit → refine → judge → \(gate\) → commit/);
    const other = await novelJson(project, ['advance', 'chapter:005:draft']);
    expect(other.body.error.code).toBe('out_of_order');
  });

  it('commit and review steps are not advanced: the right command is named', async () => {
    const project = fixtureCopy();
    const r = await novelJson(project, ['advance', 'chapter:004:commit']);
    expect(r.code).toBe(2);
    expect(r.body.error.message).toMatch(/novel commit --chapter 4/);
  });

  it('decide is refused unless the chapter is paused at review', async () => {
    const project = fixtureCopy();
    const before = treeHashes(project);
    const r = await novelJson(project, ['decide', 'chapter:004', 'accept']);
    expect(r.code).toBe(2);
    expect(r.body.error.code).toBe('not_paused');
    expect(treeHashes(project)).toEqual(before);
    const bad = await novelJson(project, ['decide', 'chapter:004', 'maybe']);
    expect(bad.body.error.code).toBe('invalid_decision');
  });

  it(
    'decide rewrite discards the staged outputs into ' + 'rewrite-1 and restarts at draft with revision_count 0',
    async () => {
      const project = fixtureCopy();
      for (const v of ['draft/good', 'summarize/good', 'audit/good', 'refine/good', 'judge/overall-2.0']) {
        overlay(project, v);
        expect((await novel(project, ['advance', `chapter:004:${v.split('/')[0]}`])).code).toBe(0);
      }
      expect((await novel(project, ['next'])).stdout).toBe('chapter:004:review\n');
      const r = await novelJson(project, ['decide', 'chapter:4', 'rewrite']);
      expect(r.code).toBe(0);
      expect(existsSync(join(project, 'staging/revisions/chapter-004/rewrite-1/chapters/chapter-004.md'))).toBe(true);
      expect(existsSync(join(project, 'staging/chapters/chapter-004.md'))).toBe(false);
      const cp = readJson(join(project, '.checkpoint.json'));
      expect(cp).toMatchObject({ pipeline_stage: null, inflight_chapter: 4, revision_count: 0 });
      expect(cp.gate).toBeUndefined();
      expect((await novel(project, ['next'])).stdout).toBe('chapter:004:draft\n');
    },
  );
});

describe('final trees fingerprint', () => {
  it('a hand edit of a hot-set file or an added file blocks mutating commands, naming every path', async () => {
    const project = fixtureCopy();
    writeFileSync(join(project, 'chapters/chapter-003.md'), '# 第3章 改过了\n');
    writeFileSync(join(project, 'chapters/chapter-099.md'), '# stray\n');
    overlay(project, 'draft/good');
    const before = treeHashes(project);
    const r = await novelJson(project, ['advance', 'chapter:004:draft']);
    expect(r.code).toBe(2);
    expect(r.body.error.code).toBe('final_trees_changed');
    expect(r.body.error.message).toContain('changed: chapters/chapter-003.md');
    expect(r.body.error.message).toContain('added: chapters/chapter-099.md');
    expect(treeHashes(project)).toEqual(before);
    expect(r.body.error.hint).toMatch(/restore chapters\/chapter-003\.md; delete chapters\/chapter-099\.md/);
    // next refuses too (hand edits surface before work is paid for); status answers with the fix.
    expect((await novel(project, ['next'])).code).toBe(2);
    expect((await novel(project, ['status'])).code).toBe(0);
  });

  it('a project without a fingerprint gets one at its first mutating command', async () => {
    const project = fixtureCopy();
    const { rmSync } = await import('node:fs');
    rmSync(join(project, '.novel/fingerprint.json'));
    overlay(project, 'draft/good');
    expect((await novel(project, ['advance', 'chapter:004:draft'])).code).toBe(0);
    const fp = readJson(join(project, '.novel/fingerprint.json'));
    expect(Object.keys(fp.files)).toContain('chapters/chapter-001.md');
    expect(Object.keys(fp.files).every((k) => !k.startsWith('/') && !k.startsWith('staging/'))).toBe(true);
  });
});

describe('init, status, graph', () => {
  it('init writes a minimal valid project and refuses to overwrite it', async () => {
    const dir = join(tempDir(), 'book');
    const r = await novelJson(process.cwd(), ['init', dir]);
    expect(r.code).toBe(0);
    expect(readJson(join(dir, '.checkpoint.json'))).toMatchObject({
      orchestrator_state: 'VOL_PLANNING',
      current_volume: 1,
      last_completed_chapter: 0,
    });
    expect(readJson(join(dir, 'state/current-state.json'))).toEqual({
      schema_version: 1,
      state_version: 0,
      last_updated_chapter: 0,
    });
    // A new book is set up first (§14): the world, the cast, then the plan of volume 1.
    expect((await novel(dir, ['next'])).stdout).toBe('book:world\n');
    const again = await novelJson(process.cwd(), ['init', dir]);
    expect(again.code).toBe(2);
    expect(again.body.error.code).toBe('project_exists');
  });

  it(
    'status shows every stage, the current one marked, the ' + 'chapter in the outline, the lock and the next command',
    async () => {
      const project = fixtureCopy();
      overlay(project, 'draft/good');
      await novel(project, ['advance', 'chapter:004:draft']);
      const r = await novel(project, ['status']);
      expect(r.stdout).toMatch(/chapter 4 \(4 of 30 in volume 1, chapters 1–30\)/);
      expect(r.stdout).toMatch(/✓ draft/);
      expect(r.stdout).toMatch(/▶ summarize\s+← chapter:004:summarize \(execute\)/);
      expect(r.stdout).toMatch(/revision round: 0 of 2/);
      expect(r.stdout).toMatch(/lock: free/);
      expect(r.stdout).toMatch(/next: novel instructions chapter:004:summarize/);
      const j = await novelJson(project, ['status']);
      expect(j.body.data.stages.map((s: { status: string }) => s.status)).toEqual([
        'done',
        'done',
        'current',
        'pending',
        'pending',
        'pending',
        'pending',
        'pending',
      ]);
      expect(j.body.data.volume_outline).toMatchObject({ chapters: 30, first: 1, last: 30, position: 4 });
    },
  );

  it('graph renders mermaid, dot and json from the machine; --highlight current marks the state', async () => {
    const project = fixtureCopy();
    const m = await novel(project, ['graph']);
    expect(m.stdout).toMatch(/^stateDiagram-v2/);
    expect(m.stdout).toContain('judge --> gate: JUDGED / storeVerdict');
    expect(m.stdout).toContain('state writing {');
    expect(m.stdout).toContain('planning --> resolving: PLAN_COMMITTED / leaveVolumePlanning');
    const d = await novel(project, ['graph', '--format', 'dot', '--highlight', 'current']);
    expect(d.stdout).toMatch(/^digraph/);
    expect(d.stdout).toMatch(/draft \[style="rounded,filled"/);
    const j = await novelJson(project, ['graph', '--format', 'json', '--highlight', 'current']);
    expect(j.body.data.current).toBe('writing.draft');
    const ids = j.body.data.graph.states.map((s: { id: string }) => s.id);
    expect(ids.filter((id: string) => !id.includes('.'))).toEqual([
      'resolving',
      'setup',
      'importing',
      'planning',
      'planReady',
      'writing',
      'recovering',
      'retrying',
      'complete',
    ]);
    expect(ids.filter((id: string) => id.startsWith('writing.'))).toEqual([
      'writing.resume',
      'writing.lock',
      'writing.draft',
      'writing.summarize',
      'writing.audit',
      'writing.refine',
      'writing.titleFix',
      'writing.judge',
      'writing.hookFix',
      'writing.review',
      'writing.commit',
      'writing.gate',
      'writing.revising',
      'writing.polishing',
      'writing.done',
    ]);
    const keys = j.body.data.graph.transitions.map(
      (t: { source: string; event: string; target: string }) => `${t.source} ${t.event} ${t.target}`,
    );
    expect(keys).toEqual(
      expect.arrayContaining([
        'writing done resolving',
        'writing.commit COMMITTED writing.done',
        'writing.judge EXECUTOR_FAILED retrying',
        'retrying RETRY resolving',
        'recovering JOURNAL_RECOVERED resolving',
      ]),
    );
    const bad = await novelJson(project, ['graph', '--format', 'png']);
    expect(bad.code).toBe(2);
  });

  it('the checkpoint keeps unknown fields through rewrites', async () => {
    const project = fixtureCopy();
    overlay(project, 'draft/good');
    await novel(project, ['advance', 'chapter:004:draft']);
    expect(readJson(join(project, '.checkpoint.json')).x_editor_note).toBe(
      'kept by other tools; novel must preserve it',
    );
  });

  it('the built binary runs the same contract', () => {
    const project = fixtureCopy();
    const r = novelBin(project, ['next', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data.step).toBe('chapter:004:draft');
    expect(readFileSync(join(project, '.checkpoint.json'), 'utf8')).toContain('x_editor_note');
  });
});

describe('a required option missing', () => {
  it('is named, with the command’s help to read (not a bare "Command not found")', () => {
    const p = fixtureCopy();
    const r = novelBin(p, ['rewind']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('novel rewind: a required option is missing: --to');
    expect(r.stderr).toContain('novel help rewind');
    const zh = novelBin(p, ['rewind', '--lang', 'zh']);
    expect(zh.code).toBe(2);
    expect(zh.stderr).toContain('缺少必需的选项：--to');
    const j = JSON.parse(novelBin(p, ['rewind', '--json']).stdout);
    expect(j.error.message).toContain('--to');
  });
});
