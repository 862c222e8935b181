/**
 * A new author's first week (PROTOCOL §18): what they hit, each reproduced
 * through the CLI and held fixed.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BIN,
  cleanupTempDirs,
  FIXTURE_PROJECT,
  novelBin,
  novelBinAsync,
  tempDir,
  waitUntil,
} from '../helpers/project.js';

afterAll(cleanupTempDirs);

describe('a step a live novel run is executing', () => {
  it('is "running", never "被中断", in status, next and doctor; once the run is killed it is interrupted', async () => {
    const dir = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    const template = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} demo-executor {packet}`;
    const child = spawn(process.execPath, [BIN, 'run', '--executor', template], {
      cwd: dir,
      stdio: 'ignore',
      detached: true,
      env: { ...process.env, NOVEL_DEMO_WRITE_DELAY_MS: '5000' },
    });
    try {
      // The summarize step writes several files, the demo pausing 5 s before each: it runs for a while.
      const record = join(dir, '.novel/execution.json');
      const summarizing = () => existsSync(record) && readFileSync(record, 'utf8').includes('chapter:004:summarize');
      expect(await waitUntil(summarizing, 60_000)).toBe(true);
      const status = novelBin(dir, ['status', '--lang', 'zh']);
      expect(status.stdout).not.toMatch(/被中断|interrupted/);
      expect(status.stdout).toMatch(/正在执行/);
      const next = JSON.parse(novelBin(dir, ['next', '--json']).stdout).data;
      expect(next.reason).toMatch(/is executing .* now/);
      expect(next.reason).not.toMatch(/interrupted/);
      const doctor = JSON.parse(novelBin(dir, ['doctor', '--json']).stdout).data;
      expect(JSON.stringify(doctor)).not.toMatch(/execution_interrupted/);
    } finally {
      process.kill(-(child.pid as number), 'SIGKILL');
      await new Promise((r) => child.on('exit', r));
    }
    const next = JSON.parse(novelBin(dir, ['next', '--json']).stdout).data;
    expect(next.reason).toMatch(/interrupted/);
  }, 120_000);
});

function demoProject(): string {
  const dir = join(tempDir(), 'demo');
  expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
  return dir;
}

describe('an executor that failed', () => {
  it('has its outputs moved aside at once: the chapter the author writes by hand is the one recorded', async () => {
    const dir = demoProject();
    // A step that writes half a chapter and fails, every attempt.
    const half = 'mkdir -p staging/chapters && printf "# 第4章\\n\\n半" > staging/chapters/chapter-004.md';
    const r = await novelBinAsync(dir, ['run', '--executor', `${half}; exit 7 # {packet}`]);
    expect(r.code, r.stdout + r.stderr).toBe(11);
    expect(r.stdout).toMatch(/moved to staging\/revisions\/chapter-004\/failed-2\//);
    expect(existsSync(join(dir, 'staging/chapters/chapter-004.md'))).toBe(false);
    // The author writes the draft by hand (here with the demo writer, from the step's packet); the next run records
    // it, moving nothing aside.
    const packet = join(dir, 'packet.json');
    writeFileSync(packet, novelBin(dir, ['instructions', 'chapter:004:draft']).stdout);
    expect(novelBin(dir, ['demo-executor', packet]).code).toBe(0);
    const written = readFileSync(join(dir, 'staging/chapters/chapter-004.md'));
    const next = JSON.parse(novelBin(dir, ['next', '--json']).stdout).data;
    expect(next.reason).not.toMatch(/interrupted/);
    expect(next.action).toBe('advance');
    const again = await novelBinAsync(dir, ['run', '--executor', 'demo', '--json']);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(readdirSync(join(dir, 'staging/revisions/chapter-004')).sort()).toEqual(['failed-1', 'failed-2']);
    // The hand-written draft is recorded as it is: the run's first move is its advance.
    expect(JSON.parse(again.stdout).data.steps[0]).toEqual({
      step: 'chapter:004:draft',
      action: 'advance',
      to: 'summarize',
    });
    expect(written.length).toBeGreaterThan(0);
  }, 120_000);
});

describe('the style step skipped for want of samples', () => {
  it('is said by next and status, not silent', () => {
    const dir = join(tempDir(), 'book');
    expect(novelBin(process.cwd(), ['init', dir]).code).toBe(0);
    // The world, the storylines and a character, as the author wrote them by hand; samples/ empty.
    for (const rel of ['world/rules.json', 'storylines/storylines.json'])
      copyFileSync(join(FIXTURE_PROJECT, rel), join(dir, rel));
    const cast = readdirSync(join(FIXTURE_PROJECT, 'characters/active'));
    for (const f of cast)
      copyFileSync(join(FIXTURE_PROJECT, 'characters/active', f), join(dir, 'characters/active', f));
    const next = JSON.parse(novelBin(dir, ['next', '--json']).stdout).data;
    expect(next.step).toBe('volume:01:plan');
    expect(next.reason).toContain('book:style was skipped: samples/ holds no text');
    expect(novelBin(dir, ['status', '--lang', 'zh']).stdout).toContain('已跳过 book:style');
  });
});

describe('a broken character file', () => {
  it('is named by doctor, which no longer says healthy: the packets leave the character out', () => {
    const dir = demoProject();
    writeFileSync(join(dir, 'characters/active/broken.json'), '{"id": "broken"');
    writeFileSync(join(dir, 'characters/active/陆沉.json'), JSON.stringify({ display_name: '陆沉' }));
    const r = novelBin(dir, ['doctor', '--lang', 'zh']);
    expect(r.code).toBe(2);
    expect(r.stdout + r.stderr).toMatch(/invalid_character characters\/active\/broken\.json：应为 JSON 对象/);
    expect(r.stdout + r.stderr).toMatch(/陆沉\.json：字段 id：/);
    expect(r.stdout + r.stderr).not.toContain('健康');
  });
});

describe('a staged JSON broken by hand after its step was recorded', () => {
  it('is named by doctor with its line and column, in the reader’s language', () => {
    const dir = demoProject();
    expect(novelBin(dir, ['run', '--executor', 'demo', '--until', 'chapter:004:audit']).code).toBe(0);
    writeFileSync(
      join(dir, 'staging/state/chapter-004-delta.json'),
      '{"chapter": 4,\n  "ops": [\n    {"op": "set" "path": "x"}\n  ]\n}\n',
    );
    const r = novelBin(dir, ['doctor', '--lang', 'zh']);
    expect(r.code).toBe(2);
    expect(r.stdout + r.stderr).toMatch(/staging\/state\/chapter-004-delta\.json：应为 合法的 JSON.*第 3 行第 18 列/);
    expect(r.stdout + r.stderr).not.toContain('健康');
  });
});

describe("the demo book's first chapters", () => {
  it('are of the length the demo goes on at: no chart opens with a cliff', () => {
    const dir = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    const run = novelBin(dir, ['run', '--executor', 'demo', '--chapters', '2']);
    expect(run.code, run.stderr).toBe(0);
    const rows = JSON.parse(novelBin(dir, ['chapters', '--json']).stdout).data.rows as Array<{ zishu: number }>;
    const zishu = rows.map((r) => r.zishu);
    expect(zishu).toHaveLength(5);
    // Seeded chapters 1–3 against the two the demo wrote: within a fifth of each other (they were 65–98 字).
    const written = Math.min(...zishu.slice(3));
    for (const z of zishu.slice(0, 3)) {
      expect(z).toBeGreaterThan(2500);
      expect(z / written).toBeGreaterThan(0.8);
    }
    // Their stories are kept: chapter 1 still opens at the gate and ends with the sword in the earth.
    const one = readFileSync(join(dir, 'chapters/chapter-001.md'), 'utf8').trimEnd().split('\n');
    expect(one[2]).toContain('青岚宗山门前');
    expect(one.at(-1)).toContain('残剑半埋在土里');
  });
});
