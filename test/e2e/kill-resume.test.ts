/**
 * Kill `novel run` anywhere: the resumed book equals the uninterrupted one.
 * A short version of the repository's kill/resume soak (npm run soak:run runs
 * hundreds of trials), and the case that used to lose a ledger entry: a step
 * killed between its required and its optional outputs.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runKillSoak } from '../../scripts/lib/kill-soak.js';
import { BIN, cleanupTempDirs, novelBin, readJson, tempDir, waitUntil } from '../helpers/project.js';

afterAll(cleanupTempDirs);

describe('kill novel run anywhere', () => {
  it('20 random SIGKILLs of the whole process group of a demo run: every ' +
    'resumed book equals the uninterrupted one, no temp file left', async () => {
    const r = await runKillSoak({
      trials: 20,
      toChapter: 7,
      seed: 2026,
      executor: 'demo',
      log: (l) => process.stdout.write(`${l}\n`),
    });
    process.stdout.write(
      `\nkill/resume soak: ${r.trials} trials, ${r.killed} killed mid-run, ` +
        `${r.violations} violations, ${r.leftover_temps} leftover temp files\n`,
    );
    expect(r.killed).toBeGreaterThan(15);
    expect(r.violations).toBe(0);
    expect(r.leftover_temps).toBe(0);
    // 20 runs of a demo book, killed and resumed: minutes on a busy machine; the limit is for a hang.
  }, 600_000);

  it(
    'a summarize step killed between its required outputs and the ' +
      'optional chapter memory: the resumed book still has the ledger entry',
    async () => {
      const template = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} demo-executor {packet}`;
      const memoryRel = 'staging/storylines/main-sword/memory.md';
      const optionalRel = 'staging/state/chapter-004-memory.json';
      /**
       * A demo book whose run is killed once the last required output is staged, the executor pausing `delay` ms
       * between files.
       */
      const killedAfterRequired = async (delay: number): Promise<string> => {
        const dir = join(tempDir(), 'demo');
        expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
        const child = spawn(process.execPath, [BIN, 'run', '--executor', template], {
          cwd: dir,
          stdio: 'ignore',
          detached: true,
          env: { ...process.env, NOVEL_DEMO_WRITE_DELAY_MS: String(delay) },
        });
        expect(await waitUntil(() => existsSync(join(dir, memoryRel)), 60_000)).toBe(true);
        process.kill(-(child.pid as number), 'SIGKILL');
        await new Promise((r) => child.on('exit', r));
        return dir;
      };
      // The kill must come within the pause before the optional file: a busy machine can miss 700 ms;
      // then a fresh book is killed with twice the pause (three times at most).
      let dir = await killedAfterRequired(700);
      for (let delay = 1400; existsSync(join(dir, optionalRel)) && delay <= 5600; delay *= 2)
        dir = await killedAfterRequired(delay);
      const memory = join(dir, memoryRel);
      const optional = join(dir, optionalRel);
      // Every required output is there and valid; the optional one is not.
      expect(existsSync(memory)).toBe(true);
      expect(existsSync(optional)).toBe(false);
      expect(novelBin(dir, ['validate', 'chapter:004:summarize']).code).toBe(0);
      // novel next says so: the outputs of an interrupted execution are not reused.
      const next = JSON.parse(novelBin(dir, ['next', '--json']).stdout).data;
      expect(next).toMatchObject({ step: 'chapter:004:summarize', action: 'execute' });
      expect(next.reason).toMatch(/interrupted/);
      const again = novelBin(dir, ['run', '--executor', 'demo']);
      expect(again.code, again.stdout + again.stderr).toBe(0);
      expect(again.stdout).toMatch(/↯ chapter:004:summarize: an earlier execution was interrupted/);
      expect(readJson(join(dir, 'state/chapter-memory.json')).map((e: { chapter: number }) => e.chapter)).toContain(4);
      expect(readdirSync(join(dir, 'staging/revisions/chapter-004'))).toContain('interrupted-1');
      expect(existsSync(join(dir, '.novel/execution.json'))).toBe(false);
    },
  );

  it('outputs written by hand (no execution record) keep the reuse rule', () => {
    const dir = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    expect(novelBin(dir, ['run', '--pause-after', 'draft']).code).toBe(0);
    // Summarize outputs written outside novel run: present and valid, so reused.
    expect(novelBin(dir, ['instructions', 'chapter:004:summarize', '--write-manifest']).code).toBe(0);
    expect(novelBin(dir, ['demo-executor', join(dir, 'staging/manifests/chapter-004-summarize.json')]).code).toBe(0);
    expect(JSON.parse(novelBin(dir, ['next', '--json']).stdout).data).toMatchObject({
      step: 'chapter:004:summarize',
      action: 'advance',
    });
    const r = novelBin(dir, ['run', '--until', 'chapter:004:refine', '--events']);
    expect(r.code).toBe(0);
    const events = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events.find((e) => e.event === 'reused')).toEqual({ event: 'reused', step: 'chapter:004:summarize' });
    expect(events.some((e) => e.event === 'execute' && e.step === 'chapter:004:summarize')).toBe(false);
  });
});
