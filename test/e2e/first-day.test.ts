/**
 * A Chinese author's first day: the defects found setting up an own book and
 * running it, each driven through the built CLI.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { BIN, boxOff, cleanupTempDirs, novelBin, novelBinAsync, readJson, tempDir } from '../helpers/project.js';

afterAll(cleanupTempDirs);

const json = (r: { stdout: string }) => JSON.parse(r.stdout) as { ok: boolean; data: any; error?: any };

/** A fresh project whose volume 1 plan is staged by the demo plot-architect, storylines set up by the author. */
async function plannedProject(
  storylines: unknown = { storylines: [{ id: 'nilin', name: '逆鳞主线' }] },
): Promise<string> {
  const dir = join(tempDir(), 'nilin');
  expect(novelBin(process.cwd(), ['init', dir]).code).toBe(0);
  const r = await novelBinAsync(dir, ['run', '--executor', 'demo', '--pause-after', 'plan']);
  expect(r.code, r.stdout + r.stderr).toBe(0);
  writeFileSync(join(dir, 'storylines/storylines.json'), JSON.stringify(storylines));
  // The author's own edit of a planning input: accepted by hand until edits are recorded on their own.
  expect(novelBin(dir, ['state', 'verify', '--accept']).code).toBe(0);
  return dir;
}

function setStoryline(dir: string, value: string): void {
  const outline = join(dir, 'staging/volumes/vol-01/outline.md');
  writeFileSync(outline, readFileSync(outline, 'utf8').replace(/(Storyline\*\*: )\S+/g, `$1${value}`));
  for (let c = 1; c <= 30; c++) {
    const rel = join(dir, `staging/volumes/vol-01/chapter-contracts/chapter-${String(c).padStart(3, '0')}.json`);
    const contract = readJson(rel);
    writeFileSync(rel, JSON.stringify({ ...contract, storyline_id: value }));
  }
}

describe('volume plans an author writes', () => {
  it('a GBK outline is named as not UTF-8 (with the byte offset), never as a missing file', async () => {
    const dir = await plannedProject();
    // "### 第 1 章" in GBK: 第 = B5 DA, 章 = D5 C2.
    writeFileSync(
      join(dir, 'staging/volumes/vol-01/outline.md'),
      Buffer.concat([
        Buffer.from('### '),
        Buffer.from([0xb5, 0xda]),
        Buffer.from(' 1 '),
        Buffer.from([0xd5, 0xc2]),
        Buffer.from('\n'),
      ]),
    );
    const r = novelBin(dir, ['validate', 'volume:01:plan']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /staging\/volumes\/vol-01\/outline\.md: expected UTF-8 text, found an invalid byte sequence at byte offset 4/,
    );
    expect(r.stderr).not.toMatch(/outline\.md: expected the volume outline, found no file/);
  }, 60_000);

  it('a storyline id that storylines/storylines.json does not ' +
    'know is refused, in the outline and in the contracts', async () => {
    const dir = await plannedProject();
    setStoryline(dir, 'main');
    const r = novelBin(dir, ['validate', 'volume:01:plan', '--json']);
    expect(r.code).toBe(2);
    const diagnostics = json(r).error.details.diagnostics as Array<{
      code: string;
      file: string;
      message: string;
      fix: string;
    }>;
    expect(diagnostics.filter((d) => d.code === 'unknown_storyline').map((d) => d.file)).toEqual([
      'staging/volumes/vol-01/outline.md',
      'staging/volumes/vol-01/chapter-contracts/chapter-001.json',
    ]);
    expect(diagnostics[0]?.message).toContain('nilin');
  }, 60_000);

  it('a display name in place of the id: the fix names the id, never the display name for the contract', async () => {
    const dir = await plannedProject();
    setStoryline(dir, '逆鳞主线');
    const r = novelBin(dir, ['validate', 'volume:01:plan', '--json']);
    expect(r.code).toBe(2);
    const diagnostics = json(r).error.details.diagnostics as Array<{ code: string; message: string; fix: string }>;
    expect(diagnostics.length, r.stdout).toBe(2);
    for (const d of diagnostics) {
      expect(d.fix).toContain('write "nilin"');
      expect(d.message).not.toMatch(/expected "逆鳞主线"/);
    }
    setStoryline(dir, 'nilin');
    expect(novelBin(dir, ['validate', 'volume:01:plan']).code).toBe(0);
  }, 60_000);

  it("commit --volume 01 is the step id's own spelling, and commits the plan", async () => {
    const dir = await plannedProject();
    setStoryline(dir, 'nilin');
    const r = novelBin(dir, ['commit', '--volume', '01']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(readJson(join(dir, '.checkpoint.json')).orchestrator_state).toBe('WRITING');
  }, 60_000);
});

describe('one 字数', () => {
  let dir: string;
  let run: { stdout: string; code: number };
  beforeAll(async () => {
    dir = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    run = await novelBinAsync(dir, ['run', '--executor', 'demo', '--chapters', '1', '--json']);
  }, 60_000);

  it('the run table, novel chapters and novel status show the same count; "words" is never printed', () => {
    expect(run.code).toBe(0);
    const fromRun = json(run).data.chapters.find((c: { chapter: number }) => c.chapter === 4).zishu;
    const table = json(novelBin(dir, ['chapters', '--json'])).data;
    const fromChapters = table.rows.find((r: { chapter: number }) => r.chapter === 4).zishu;
    expect(fromRun).toBe(fromChapters);
    const status = novelBin(dir, ['status']);
    expect(status.stdout).not.toMatch(/\bwords\b/);
    expect(status.stdout).toContain(`字数 ${table.total.zishu}`);
  });

  it('is recomputed when a chapter changes by hand and the edit is accepted', () => {
    const rel = join(dir, 'chapters/chapter-004.md');
    writeFileSync(rel, `${readFileSync(rel, 'utf8')}\n他又补了一句话。\n`);
    expect(novelBin(dir, ['state', 'verify', '--accept']).code).toBe(0);
    const rows = json(novelBin(dir, ['chapters', '--json'])).data.rows as Array<{ chapter: number; zishu: number }>;
    const before = json(run).data.chapters.find((c: { chapter: number }) => c.chapter === 4).zishu;
    expect(rows.find((r) => r.chapter === 4)?.zishu).toBe(before + 8);
    expect(novelBin(dir, ['status']).stdout).toContain(`字数 ${rows.reduce((a, r) => a + r.zishu, 0)}`);
  });
});

describe('small regressions', () => {
  it('a title that names another chapter is a warning (第6章 on chapter 5, Chinese numerals too)', () => {
    const dir = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    mkdirSync(join(dir, 'staging/chapters'), { recursive: true });
    for (const title of ['第6章 夜雨', '第六章 夜雨']) {
      writeFileSync(join(dir, 'staging/chapters/chapter-004.md'), `# ${title}\n\n雨下了一夜。\n`);
      const r = novelBin(dir, ['validate', 'chapter:004:draft', '--json']);
      expect(r.code).toBe(0);
      expect(json(r).data.warnings.map((w: { code: string }) => w.code)).toContain('title_chapter_mismatch');
    }
    writeFileSync(join(dir, 'staging/chapters/chapter-004.md'), `# 第四章 夜雨\n\n雨下了一夜。\n`);
    expect(
      json(novelBin(dir, ['validate', 'chapter:004:draft', '--json'])).data.warnings.map(
        (w: { code: string }) => w.code,
      ),
    ).not.toContain('title_chapter_mismatch');
  });

  it('novel lock status validates novel.config.json like every command that opens a project', () => {
    const dir = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    writeFileSync(join(dir, 'novel.config.json'), JSON.stringify({ gate: { pass: 'high' } }));
    const r = novelBin(dir, ['lock', 'status', '--json']);
    expect(r.code).toBe(2);
    expect(json(r).error.message).toMatch(/novel\.config\.json.*gate\.pass/s);
  });

  it('doctor: a volume outlined only a few chapters ahead is a notice, not an unhealthy book', () => {
    const dir = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    const outline = join(dir, 'volumes/vol-01/outline.md');
    const text = readFileSync(outline, 'utf8');
    writeFileSync(outline, text.slice(0, text.indexOf('### 第 8 章')));
    expect(novelBin(dir, ['state', 'verify', '--accept']).code).toBe(0);
    const r = novelBin(dir, ['doctor', '--json']);
    expect(r.code, r.stdout).toBe(0);
    expect(json(r).data.findings.find((f: { code: string }) => f.code === 'outline_missing')).toMatchObject({
      severity: 'info',
    });
  });
});

describe('completion', () => {
  it('offers each command its own flag values and positional words', () => {
    const dir = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    const script = join(tempDir(), 'complete.sh');
    writeFileSync(
      script,
      [
        `source <(${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} completion bash)`,
        `novel() { ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"; }`,
        't() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); _novel; echo "${COMPREPLY[*]}"; }',
        `cd ${JSON.stringify(dir)}`,
        't novel export --format ""',
        't novel graph --format ""',
        't novel decide ""',
        't novel decide chapter:004 ""',
        't novel adapters install ""',
        't novel schema ""',
        't novel completion ""',
      ].join('\n'),
    );
    const r = spawnSync('bash', [script], { encoding: 'utf8' });
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('txt md epub');
    expect(lines[1]).toBe('mermaid dot json');
    expect(lines[2]).toBe('chapter:004');
    expect(lines[3]).toBe('accept revise rewrite');
    expect(lines[4]).toBe('claude codex');
    expect(lines[5]?.split(' ')).toEqual(expect.arrayContaining(['eval', 'contract', 'outline']));
    expect(lines[6]).toBe('bash zsh fish');
  });
});

describe('cost that survives Ctrl-C', () => {
  it('a step finished after Ctrl-C keeps its usage: the next ' +
    'run reuses its outputs and the chapter log has its cost', async () => {
    const dir = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    boxOff(dir); // an executor that writes markers outside staging/: unconfined
    const marker = join(tempDir(), 'started');
    const script = join(tempDir(), 'paid.sh');
    writeFileSync(
      script,
      `#!/bin/sh\ntouch ${marker}\nsleep 1\n${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} ` +
        `demo-executor "$1" >/dev/null\necho '{"status":"ok","model":"m1","usage":{"input_tokens":` +
        `12000,"output_tokens":7000},"cost_usd":0.105}'\n`,
    );
    chmodSync(script, 0o755);
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [BIN, 'run', '--executor', `${script} {packet}`], {
      cwd: dir,
      stdio: 'ignore',
    });
    const end = Date.now() + 20_000;
    while (!existsSync(marker) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGINT');
    expect(await new Promise((r) => child.on('exit', r))).toBe(130);
    const again = await novelBinAsync(dir, ['run', '--executor', 'demo']);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain('chapter:004:draft: outputs already present and valid, reused');
    const draft = readJson(join(dir, 'logs/chapter-004-log.json')).stages.find(
      (s: { name: string }) => s.name === 'draft',
    );
    expect(draft).toMatchObject({ cost_usd: 0.105, input_tokens: 12000, output_tokens: 7000, model: 'm1' });
    expect(existsSync(join(dir, 'logs/chapter-004-pending-usage.json'))).toBe(false);
  }, 60_000);
});

describe('inputs that explain themselves, decisions with words', () => {
  it("init seeds the AI-cliché blacklist with the demo's and makes characters/active/", () => {
    const dir = join(tempDir(), 'mine');
    expect(novelBin(process.cwd(), ['init', dir]).code).toBe(0);
    expect(readJson(join(dir, 'ai-blacklist.json')).words.length).toBeGreaterThan(5);
    expect(existsSync(join(dir, 'characters/active'))).toBe(true);
  });

  it('a character file named in Chinese is used by the id inside it, and novel says which id', () => {
    const dir = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    writeFileSync(
      join(dir, 'characters/active/苏清漪.json'),
      JSON.stringify({ id: 'su-qingyi', display_name: '苏清漪', contracts: [] }),
    );
    expect(novelBin(dir, ['state', 'verify', '--accept']).code).toBe(0);
    expect(novelBin(dir, ['run', '--executor', 'demo', '--pause-after', 'draft']).code).toBe(0);
    const r = novelBin(dir, ['instructions', 'chapter:004:summarize', '--json']);
    expect(r.code, r.stdout).toBe(0);
    const packet = json(r).data;
    expect(packet.manifest.inline.entity_id_map['su-qingyi']).toBe('苏清漪');
    expect(JSON.stringify(json(r))).toMatch(/苏清漪\.json is known as su-qingyi/);
  });

  it('decide accept and rewrite take --note; the pause ' +
    "screen shows the judge's reasons, fixes and violations", async () => {
    const dir = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    const paused = await novelBinAsync(dir, ['run', '--executor', 'demo'], { NOVEL_DEMO_SCORES: '2.4' });
    expect(paused.code, paused.stdout + paused.stderr).toBe(10);
    const status = novelBin(dir, ['status']);
    expect(status.stdout).toContain('the judge said (heaviest first):');
    expect(status.stdout).toMatch(/- score: \S+ \d/);
    const rewrite = novelBin(dir, ['decide', 'chapter:004', 'rewrite', '--note', '从雨夜写起']);
    expect(rewrite.code, rewrite.stdout + rewrite.stderr).toBe(0);
    const packet = json(novelBin(dir, ['instructions', 'chapter:004:draft', '--json'])).data;
    expect(packet.manifest.inline.author_note).toBe('从雨夜写起');
    const again = await novelBinAsync(dir, ['run', '--executor', 'demo'], { NOVEL_DEMO_SCORES: '2.4' });
    expect(again.code).toBe(10);
    const accept = novelBin(dir, ['decide', 'chapter:004', 'accept', '--note', '先这样，后面再改']);
    expect(accept.code, accept.stdout + accept.stderr).toBe(0);
    expect(novelBin(dir, ['commit', '--chapter', '4']).code).toBe(0);
    expect(readJson(join(dir, 'logs/chapter-004-log.json')).author_note).toBe('先这样，后面再改');
  }, 60_000);
});

describe('messages in Chinese', () => {
  /** Four or more English words in a row: a sentence left in English. */
  const englishSentence = /\b[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,}){3,}/;
  const zh = { LANG: 'zh_CN.UTF-8', LC_ALL: '', LC_MESSAGES: '' };

  it('status, next, an error, doctor and a run say everything in Chinese (LANG=zh_CN, or --lang zh)', async () => {
    const dir = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    const outputs = [
      novelBin(dir, ['status'], zh),
      novelBin(dir, ['next'], zh),
      novelBin(dir, ['validate', 'chapter:0:draft'], zh),
      novelBin(tempDir(), ['next'], zh),
      novelBin(dir, ['doctor', '--lang', 'zh'], { PATH: process.env.PATH ?? '' }),
      novelBin(dir, ['decide', 'chapter:004', 'accept'], zh),
      novelBin(dir, ['advance', 'chapter:004:summarize'], zh),
      await novelBinAsync(dir, ['run', '--executor', 'demo', '--lang', 'zh']),
    ];
    for (const r of outputs) {
      const text = `${r.stdout}\n${r.stderr}`;
      expect(text).not.toMatch(englishSentence);
    }
    expect(outputs[0]?.stdout).toContain('起草');
    expect(outputs[2]?.stderr).toContain('步骤编号');
    expect(outputs[3]?.stderr).toContain('不是 novel 项目');
    expect(outputs[5]?.stderr).toContain('不在等待作者决定');
    expect(outputs[6]?.stderr).toContain('顺序不对');
    expect(outputs[7]?.stdout).toContain('目标达成');
    // --json keys and codes stay as they are.
    expect(JSON.parse(novelBin(dir, ['next', '--json'], zh).stdout).data.step).toBe('chapter:005:draft');
  }, 60_000);
  it('errors with their fixes, validation problems, usage mistakes and the success lines are in Chinese too', () => {
    const dir = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    const run = (args: string[]) => novelBin(dir, args, zh);
    const outputs = [
      run(['validate', 'chapter:009:draft']),
      run(['frob']),
      run(['nxt']),
      run(['next', '--bogus']),
      run(['decide', '3', 'accept']),
      run(['lint', 'chapter:999']),
      run(['export', '--format', 'foo']),
      run(['chapters', '--from', '9', '--to', '3']),
      run(['validate', 'chapter:001:draft']),
      run(['commit', '--volume', 'x']),
      run(['commit']),
      run(['schema', 'foo']),
      run(['diff', 'chapter:002']),
      run(['chapters']),
    ];
    writeFileSync(join(dir, 'novel.config.json'), '{"gate": {"pass": "x"}}');
    outputs.push(run(['status']));
    writeFileSync(join(dir, 'novel.config.json'), '{"a":1');
    outputs.push(run(['status']));
    rmSync(join(dir, 'novel.config.json'));
    mkdirSync(join(dir, 'staging/chapters'), { recursive: true });
    writeFileSync(join(dir, 'staging/chapters/chapter-004.md'), Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0x0a]));
    outputs.push(run(['validate', 'chapter:004:draft']));
    writeFileSync(join(dir, 'staging/chapters/chapter-004.md'), '第4章没有标题行\n\n正文。\n');
    outputs.push(run(['validate', 'chapter:004:draft']));
    writeFileSync(join(dir, 'staging/chapters/chapter-004.md'), '# 第6章 错号\n\n正文。\n');
    outputs.push(run(['advance', 'chapter:004:draft']));
    for (const r of outputs) {
      const text = `${r.stdout}\n${r.stderr}`.replace(/`[^`]*`/g, '');
      expect(text, text).not.toMatch(englishSentence);
      expect(text, text).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(outputs[0]?.stderr).toContain('文件不存在');
    expect(outputs[1]?.stderr).toContain('未知命令');
    expect(outputs[3]?.stderr).toContain('不支持的选项 --bogus');
    expect(outputs.at(-1)?.stdout).toContain('已登记 chapter:004:draft');
  }, 60_000);
});
