/** `novel run` through the built binary: demo executor, policies, failures, signals, kills. */
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { normalisedTree } from '../helpers/commit-fixture.js';
import {
  alive,
  boxOff,
  withoutPlatform,
  BIN,
  cleanupTempDirs,
  novelBin,
  novelBinAsync,
  readJson,
  tempDir,
  treeHashes,
  OUTPUTS,
  waitUntil,
} from '../helpers/project.js';

afterAll(cleanupTempDirs);

function demoProject(): string {
  const dir = join(tempDir(), 'demo');
  const r = novelBin(process.cwd(), ['init', '--demo', dir]);
  expect(r.code, r.stderr).toBe(0);
  return dir;
}

function setConfig(dir: string, patch: Record<string, unknown>): void {
  const p = join(dir, 'novel.config.json');
  writeFileSync(p, JSON.stringify({ ...readJson(p), ...patch }, null, 2));
}

describe('novel run with the demo executor', () => {
  it('writes chapters to the commit, with a revision round where the judge scores 3.2 first', async () => {
    const dir = demoProject();
    const r = await novelBinAsync(dir, ['run', '--chapters', '2', '--executor', 'demo', '--json'], {
      NOVEL_DEMO_SCORES: '3.2,4.3',
    });
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout).data;
    expect(summary).toMatchObject({ exit: 0, committed: 2, last_completed_chapter: 5 });
    expect(summary.steps.filter((s: { gate?: string }) => s.gate === 'revise')).toHaveLength(2);
    expect(readFileSync(join(dir, 'chapters/chapter-005.md'), 'utf8')).toMatch(/^# 第5章 试炼/);
    expect(readJson(join(dir, 'logs/chapter-004-log.json')).revisions).toBe(1);
    expect(existsSync(join(dir, 'staging/revisions/chapter-004/round-1/evaluations/chapter-004-eval.json'))).toBe(true);
    // The round's refine change log is archived with it: nothing of an honest round is moved aside as unexpected.
    expect(
      existsSync(join(dir, 'staging/revisions/chapter-004/round-1/logs/style-refiner-chapter-004-changes.json')),
    ).toBe(true);
    expect(existsSync(join(dir, 'staging/revisions/chapter-004/unexpected-1'))).toBe(false);
    expect(novelBin(dir, ['state', 'verify']).code).toBe(0);
    expect(novelBin(dir, ['next']).stdout).toBe('chapter:006:draft\n');
    expect(existsSync(join(dir, '.novel.lock'))).toBe(false);
  });

  it('--events streams one JSON line per transition', async () => {
    const dir = demoProject();
    const r = await novelBinAsync(dir, ['run', '--executor', 'demo', '--events']);
    expect(r.code).toBe(0);
    const events = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events.map((e) => e.event)).toEqual([
      'executor',
      'execute',
      'advanced',
      'lint',
      'execute',
      'advanced',
      'execute',
      'advanced',
      'execute',
      'advanced',
      'lint',
      'execute',
      'advanced',
      'committed',
      'finished',
    ]);
    expect(events[0]).toEqual({
      event: 'executor',
      executor: 'demo',
      model: 'demo',
      box: { state: 'demo', detail: '' },
    });
    // novel's lint of the draft and of the refined text (the demo writes qidian-length chapters).
    expect(events[3]).toMatchObject({ event: 'lint', step: 'chapter:004:draft', hard: [], blacklist_per_kchars: 0 });
    expect(events[3].zishu).toBeGreaterThanOrEqual(2500);
    expect(events.at(-1)).toMatchObject({
      exit: 0,
      committed: 1,
      chapters: [{ chapter: 4, gate: 'pass', revisions: 0 }],
    });
  });

  it('--until stops before a step; --pause-after stops after one; outputs present are reused', async () => {
    const dir = demoProject();
    const u = await novelBinAsync(dir, ['run', '--executor', 'demo', '--until', 'chapter:004:judge']);
    expect(u.code).toBe(0);
    expect(novelBin(dir, ['next']).stdout).toBe('chapter:004:judge\n');
    const p = await novelBinAsync(dir, ['run', '--executor', 'demo', '--pause-after', 'judge']);
    expect(p.code).toBe(0);
    expect(p.stdout).toMatch(/paused after chapter:004:judge/);
    // Outputs written by hand before the run are reused, not re-executed.
    const dir2 = demoProject();
    cpSync(join(OUTPUTS, 'draft/good'), dir2, { recursive: true });
    const reuse = await novelBinAsync(dir2, ['run', '--executor', 'demo', '--until', 'chapter:004:summarize']);
    expect(reuse.stdout).toMatch(
      /chapter:004:draft: outputs already present and valid, reused \(--force re-runs the step\)/,
    );
    expect(readFileSync(join(dir2, 'staging/chapters/chapter-004.md'))).toEqual(
      readFileSync(join(OUTPUTS, 'draft/good/staging/chapters/chapter-004.md')),
    );
  });

  it(
    'manual_confirm stops with exit 10 at a revise decision ' + 'until novel decide; none records and continues',
    async () => {
      const dir = demoProject();
      setConfig(dir, { revision_policy: 'manual_confirm' });
      const r = await novelBinAsync(dir, ['run', '--executor', 'demo'], { NOVEL_DEMO_SCORES: '3.2,4.3' });
      expect(r.code).toBe(10);
      expect(r.stdout).toMatch(/novel decide chapter:004 accept\|revise\|rewrite/);
      expect(novelBin(dir, ['decide', 'chapter:004', 'revise']).code).toBe(0);
      const again = await novelBinAsync(dir, ['run', '--executor', 'demo'], { NOVEL_DEMO_SCORES: '3.2,4.3' });
      expect(again.code, again.stdout + again.stderr).toBe(0);
      expect(readJson(join(dir, '.checkpoint.json')).last_completed_chapter).toBe(4);

      const none = demoProject();
      setConfig(none, { revision_policy: 'none' });
      const n = await novelBinAsync(none, ['run', '--executor', 'demo', '--json'], { NOVEL_DEMO_SCORES: '3.2' });
      expect(n.code).toBe(0);
      const evaluation = readJson(join(none, 'evaluations/chapter-004-eval.json'));
      expect(evaluation.metadata.gate.warnings.at(-1)).toMatchObject({ layer: 'gate', decision: 'revise' });
    },
  );

  it('auto: a chapter judged below 2.0 pauses for the author (exit 10)', async () => {
    const dir = demoProject();
    const r = await novelBinAsync(dir, ['run', '--executor', 'demo'], { NOVEL_DEMO_SCORES: '1.5' });
    expect(r.code).toBe(10);
    expect(novelBin(dir, ['next']).stdout).toBe('chapter:004:review\n');
  });

  it(
    'plans the volumes it needs: 60 chapters from a fresh ' + 'demo project cross two volume boundaries unattended',
    async () => {
      const dir = demoProject();
      const r = await novelBinAsync(dir, ['run', '--chapters', '60', '--executor', 'demo', '--json']);
      expect(r.code, r.stderr).toBe(0);
      const body = JSON.parse(r.stdout);
      expect(body.ok).toBe(true);
      expect(body.data.last_completed_chapter).toBe(63);
      expect(body.data.committed).toBe(60);
      const plans = body.data.steps
        .filter((s: { step: string }) => s.step.startsWith('volume:'))
        .map((s: { step: string }) => s.step);
      expect(plans).toEqual(['volume:02:commit', 'volume:03:commit']);
      expect(readJson(join(dir, '.checkpoint.json'))).toMatchObject({
        current_volume: 3,
        orchestrator_state: 'WRITING',
        last_completed_chapter: 63,
      });
      expect(readFileSync(join(dir, 'volumes/vol-02/outline.md'), 'utf8')).toMatch(/### 第 31 章/);
      expect(novelBin(dir, ['state', 'verify']).code).toBe(0);
    },
  );

  it(
    '--pause-after plan stops once a volume plan is staged ' + 'and valid; the next run commits it and goes on',
    async () => {
      const dir = demoProject();
      const a = await novelBinAsync(dir, ['run', '--to-chapter', '32', '--executor', 'demo', '--pause-after', 'plan']);
      expect(a.code, a.stderr).toBe(0);
      expect(a.stdout).toMatch(/paused after volume:02:plan \(--pause-after plan\)/);
      expect(novelBin(dir, ['next']).stdout).toBe('volume:02:commit\n');
      expect(existsSync(join(dir, 'staging/volumes/vol-02/outline.md'))).toBe(true);
      const b = await novelBinAsync(dir, ['run', '--to-chapter', '32', '--executor', 'demo', '--pause-after', 'plan']);
      expect(b.code, b.stderr).toBe(0);
      expect(b.stdout).toMatch(/✓ volume:02:commit committed/);
      expect(readJson(join(dir, '.checkpoint.json')).last_completed_chapter).toBe(32);
    },
  );

  it(
    'a gap in the outline ahead is planned (the chapters up to ' +
      'the next outlined one), and the plan joins the outline',
    async () => {
      const dir = demoProject();
      const p = join(dir, 'volumes/vol-01/outline.md');
      const text = readFileSync(p, 'utf8');
      writeFileSync(p, text.slice(0, text.indexOf('### 第 6 章')) + text.slice(text.indexOf('### 第 10 章')));
      for (let c = 6; c <= 9; c++) rmSync(join(dir, `volumes/vol-01/chapter-contracts/chapter-00${c}.json`));
      const r = await novelBinAsync(dir, ['run', '--to-chapter', '6', '--executor', 'demo', '--pause-after', 'plan']);
      expect(r.code, r.stderr).toBe(0);
      expect(novelBin(dir, ['next']).stdout).toBe('volume:01:commit\n');
      const c = novelBin(dir, ['commit', '--volume', '1']);
      expect(c.code, c.stderr).toBe(0);
      const outline = readFileSync(p, 'utf8');
      expect(outline).toMatch(/^# 第一卷 残剑/);
      const headings = [...outline.matchAll(/^### 第 (\d+) 章/gm)].map((m) => Number(m[1])).sort((a, b) => a - b);
      expect(headings).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect(novelBin(dir, ['next']).stdout).toBe('chapter:006:draft\n');
    },
  );
});

describe('volumes of their own length (§14)', () => {
  /** Stage a plan of `volume` for chapters first..last with the demo plot-architect (its packet's range widened). */
  function stagePlan(dir: string, volume: number, first: number, last: number): void {
    const vv = String(volume).padStart(2, '0');
    const w = novelBin(dir, ['instructions', `volume:${vv}:plan`, '--write-manifest', '--json']);
    expect(w.code, w.stderr).toBe(0);
    const manifest = JSON.parse(w.stdout).data.written_path as string;
    const packet = JSON.parse(readFileSync(join(dir, manifest), 'utf8'));
    packet.manifest.inline.chapter_range = [first, last];
    writeFileSync(join(dir, manifest), JSON.stringify(packet));
    expect(novelBin(dir, ['demo-executor', manifest]).code).toBe(0);
  }

  it("a 12-chapter volume, then a 45-chapter one: each ends at its outline's last block", async () => {
    const dir = demoProject();
    const p = join(dir, 'volumes/vol-01/outline.md');
    const text = readFileSync(p, 'utf8');
    writeFileSync(p, text.slice(0, text.indexOf('### 第 13 章')));
    expect((await novelBinAsync(dir, ['run', '--to-chapter', '12', '--executor', 'demo'])).code).toBe(0);
    // Volume 1 ends at chapter 12; volume 2 is suggested at chapters_per_volume (30) chapters.
    const n = JSON.parse(novelBin(dir, ['next', '--json']).stdout).data;
    expect(n).toMatchObject({ step: 'volume:02:plan', state: 'planning', volume: 2 });
    expect(n.reason).toMatch(/13–42/);
    const packet = JSON.parse(novelBin(dir, ['instructions', 'volume:02:plan', '--json']).stdout).data;
    expect(packet.manifest.inline).toMatchObject({
      volume: 2,
      chapter_range: [13, 42],
      volume_chapters: { min: 10, max: 100 },
    });
    // Too short for volume_chapters (10..100): refused with the range allowed.
    stagePlan(dir, 2, 13, 17);
    const short = novelBin(dir, ['validate', 'volume:02:plan']);
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/10–100 chapters from chapter 13/);
    // The author's architect plans 45 chapters.
    stagePlan(dir, 2, 13, 57);
    const v = novelBin(dir, ['validate', 'volume:02:plan']);
    expect(v.code, v.stderr).toBe(0);
    expect(v.stdout).toMatch(/chapters 13–57/);
    expect(novelBin(dir, ['commit', '--volume', '2']).code).toBe(0);
    expect(JSON.parse(novelBin(dir, ['status', '--json']).stdout).data.volume_outline).toMatchObject({
      chapters: 45,
      first: 13,
      last: 57,
      position: 1,
    });
    expect((await novelBinAsync(dir, ['run', '--to-chapter', '57', '--executor', 'demo'])).code).toBe(0);
    expect(novelBin(dir, ['next']).stdout).toBe('volume:03:plan\n');
    expect(JSON.parse(novelBin(dir, ['next', '--json']).stdout).data.reason).toMatch(/58–87/);
    expect(novelBin(dir, ['state', 'verify']).code).toBe(0);
  }, 120_000);
});

describe('novel run with a command template', () => {
  it(
    'passes the packet and the owner token: an executor that advances ' +
      'by itself is refused (exit 3, naming the step), the run goes on',
    async () => {
      const dir = demoProject();
      withoutPlatform(dir);
      const script = join(tempDir(), 'exec.sh');
      writeFileSync(
        script,
        `#!/bin/sh
set -e
step="$NOVEL_STEP"
stage="\${step##*:}"
test -f "$1"
grep -q '"step": "'"$step"'"' "$NOVEL_PACKET"
case "$stage" in
  draft) cp -r ${OUTPUTS}/draft/good/. "$NOVEL_PROJECT"/ ;;
  summarize) cp -r ${OUTPUTS}/summarize/good/. "$NOVEL_PROJECT"/ ;;
  audit) cp -r ${OUTPUTS}/audit/good/. "$NOVEL_PROJECT"/ ;;
  refine) cp -r ${OUTPUTS}/refine/good/. "$NOVEL_PROJECT"/ ;;
  judge) cp -r ${OUTPUTS}/judge/overall-4.2/. "$NOVEL_PROJECT"/ ;;
esac
if [ "$stage" = summarize ]; then
  set +e
  node ${BIN} advance "$step" 2>&1
  echo "nested advance exit $?"
  set -e
fi
echo '{"status":"ok","model":"stub","usage":{"input_tokens":10,"output_tokens":20},"cost_usd":0.01}'
`,
      );
      chmodSync(script, 0o755);
      const r = await novelBinAsync(dir, ['run', '--executor', `${script} {packet}`, '--json']);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).data.last_completed_chapter).toBe(4);
      expect(readFileSync(join(dir, 'chapters/chapter-004.md'))).toEqual(
        readFileSync(join(OUTPUTS, 'refine/good/staging/chapters/chapter-004.md')),
      );
      expect(readFileSync(join(dir, 'logs/executor/chapter-004-draft-attempt-1.log'), 'utf8')).toMatch(
        /"cost_usd":0.01/,
      );
      // A command run inside a step may only read (PROTOCOL §17): the advance is the run's to make.
      const nested = readFileSync(join(dir, 'logs/executor/chapter-004-summarize-attempt-1.log'), 'utf8');
      expect(nested).toContain('nested advance exit 3');
      expect(nested).toContain('refused inside chapter:004:summarize');
    },
  );

  it(
    'an executor that keeps failing: exit 11 after the ' + 'retries, ERROR_RETRY recorded, next still resumes',
    async () => {
      const dir = demoProject();
      const r = await novelBinAsync(dir, ['run', '--executor', 'echo broken >&2; exit 7 # {packet}', '--json']);
      expect(r.code).toBe(11);
      expect(JSON.parse(r.stdout).data.reason).toMatch(/failed 2 time\(s\); orchestrator_state is ERROR_RETRY/);
      expect(readJson(join(dir, '.checkpoint.json')).orchestrator_state).toBe('ERROR_RETRY');
      expect(readFileSync(join(dir, 'logs/executor/chapter-004-draft-attempt-2.log'), 'utf8')).toMatch(/broken/);
      expect(novelBin(dir, ['next']).stdout).toBe('chapter:004:draft\n');
      const ok = await novelBinAsync(dir, ['run', '--executor', 'demo']);
      expect(ok.code).toBe(0);
      expect(readJson(join(dir, '.checkpoint.json')).orchestrator_state).toBe('WRITING');
    },
  );
});

describe('interrupting novel run', () => {
  it('the first SIGINT finishes the current step and stops; novel next resumes', async () => {
    const dir = demoProject();
    boxOff(dir); // an executor that writes markers outside staging/: unconfined
    const started = join(tempDir(), 'started');
    const child = spawn(
      process.execPath,
      [
        BIN,
        'run',
        '--chapters',
        '2',
        '--executor',
        `touch ${started}; sleep 1; cp -r ${OUTPUTS}/draft/good/. . # {packet}`,
      ],
      { cwd: dir },
    );
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    // While the executor runs (it started, and has a second to go).
    expect(await waitUntil(() => existsSync(started))).toBe(true);
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.on('close', (c) => r(c)));
    expect(code).toBe(130);
    expect(err).toMatch(/finishing the current step/);
    expect(existsSync(join(dir, '.novel.lock'))).toBe(false);
    // The executor's step finished (its outputs are staged); next resumes with an advance.
    const next = JSON.parse(novelBin(dir, ['next', '--json']).stdout).data;
    expect(next).toMatchObject({ step: 'chapter:004:draft', action: 'advance' });
  });

  it('SIGKILL at random points of a 3-chapter run: running again reaches the same final tree', async () => {
    const reference = demoProject();
    const env = { NOVEL_DEMO_SCORES: '3.2,4.3' };
    expect((await novelBinAsync(reference, ['run', '--chapters', '3', '--executor', 'demo'], env)).code).toBe(0);
    const refTree = normalisedTree(treeHashes(reference), reference);
    const delays = [50, 150, 250, 400, 600, 900];
    for (const delay of delays) {
      const dir = demoProject();
      await new Promise<void>((resolve) => {
        const child = spawn(process.execPath, [BIN, 'run', '--chapters', '3', '--executor', 'demo'], {
          cwd: dir,
          env: { ...process.env, ...env },
          stdio: 'ignore',
        });
        const t = setTimeout(() => child.kill('SIGKILL'), delay);
        child.on('close', () => {
          clearTimeout(t);
          resolve();
        });
      });
      const again = await novelBinAsync(dir, ['run', '--to-chapter', '6', '--executor', 'demo'], env);
      expect(again.code, `kill after ${delay} ms: ${again.stdout}${again.stderr}`).toBe(0);
      const tree = normalisedTree(treeHashes(dir), dir);
      // Manifests and executor logs are bookkeeping, and an interrupted execution's outputs are kept
      // aside for audit (staging/revisions/…/interrupted-K/); everything else must match.
      const strip = (t: Record<string, string>) =>
        Object.fromEntries(
          Object.entries(t).filter(
            ([k]) =>
              !k.startsWith('staging/manifests/') &&
              !k.startsWith('logs/chapter-00') &&
              !/^staging\/revisions\/[^/]+\/interrupted-\d+\//.test(k),
          ),
        );
      expect(strip(tree), `kill after ${delay} ms`).toEqual(strip(refTree));
    }
  });
});

describe('novel run limits', () => {
  it('--force re-runs a step whose outputs are present and valid', async () => {
    const dir = demoProject();
    cpSync(join(OUTPUTS, 'draft/good'), dir, { recursive: true });
    const r = await novelBinAsync(dir, ['run', '--executor', 'demo', '--force', '--until', 'chapter:004:summarize']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/reused/);
    expect(readFileSync(join(dir, 'staging/chapters/chapter-004.md'), 'utf8')).not.toEqual(
      readFileSync(join(OUTPUTS, 'draft/good/staging/chapters/chapter-004.md'), 'utf8'),
    );
  });

  it('--budget-usd stops with exit 12 once the executors reported that much', async () => {
    const dir = demoProject();
    const exec =
      `cp -r ${OUTPUTS}/draft/good/. . && echo ` +
      `'{"status":"ok","usage":{"input_tokens":5,"output_tokens":5},"cost_usd":0.5}' # {packet}`;
    const r = await novelBinAsync(dir, ['run', '--executor', exec, '--budget-usd', '0.4', '--json']);
    expect(r.code).toBe(12);
    expect(JSON.parse(r.stdout).data).toMatchObject({ exit: 12, spent: { cost_usd: 0.5, tokens: 10 } });
    expect(novelBin(dir, ['next']).stdout).toBe('chapter:004:summarize\n');
  });

  it('a second SIGINT kills the executor process group and exits at once', async () => {
    const dir = demoProject();
    boxOff(dir); // an executor that writes markers outside staging/: unconfined
    const marker = join(dir, 'executor-finished');
    const pidFile = join(tempDir(), 'executor.pid');
    const child = spawn(
      process.execPath,
      [BIN, 'run', '--executor', `echo $$ > ${pidFile}; sleep 30; touch ${marker} # {packet}`],
      { cwd: dir },
    );
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    expect(await waitUntil(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '')).toBe(true);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    child.kill('SIGINT');
    // The first one is taken (the run says it finishes the step) before the second is sent.
    expect(await waitUntil(() => /finishing the current step/.test(err))).toBe(true);
    const t0 = Date.now();
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.on('close', (c) => r(c)));
    expect(code).toBe(130);
    // At once: long before the executor's 30 s were up, however busy the machine.
    expect(Date.now() - t0).toBeLessThan(15_000);
    // Its process group was killed: the shell is gone without having touched the marker.
    expect(await waitUntil(() => !alive(pid), 10_000)).toBe(true);
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(join(dir, '.novel.lock'))).toBe(false);
    expect(novelBin(dir, ['next']).stdout).toBe('chapter:004:draft\n');
  });
});
