/**
 * Kill/resume soak of `novel run`: each trial starts `novel run --to-chapter T`
 * on a fresh demo project in its own process group, SIGKILLs the whole group
 * at a random instant of the run's duration, then runs the same command again
 * until it exits 0. The finished book must equal an uninterrupted run bit for
 * bit — chapters, summaries, evaluations, state (the ledger too),
 * foreshadowing, storylines, volumes, staging/ and .novel/ — with logs/,
 * time-dependent keys and the audit copies of interrupted executions
 * (staging/revisions/…/interrupted-K/) aside; and no temp file of an
 * interrupted atomic write may be left anywhere.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalisedTree } from '../../test/helpers/commit-fixture.js';
import { treeHashes } from '../../test/helpers/tree.js';
import { seededRandom } from './seeded-random.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(repo, 'dist/cli.js');
const TEMP_RE = /(\.(json|jsonl|md|log|txt)|\/[0-9a-f]{64})\.\d+$/;

export interface SoakOptions {
  trials: number;
  toChapter: number;
  seed: number;
  /** demo: the built-in executor; slow: the demo executor as a command template writing one file per 50 ms. */
  executor: 'demo' | 'slow';
  keep?: boolean;
  log?: (line: string) => void;
}

export interface SoakResult {
  trials: number;
  killed: number;
  violations: number;
  leftover_temps: number;
  run_ms: number;
  /** What the uninterrupted run's first line says of the box (on for a command template, not needed for demo). */
  box: string;
}

const ignored = (rel: string): boolean =>
  rel.startsWith('logs/') || /^staging\/revisions\/[^/]+\/interrupted-\d+\//.test(rel);

function treeOf(dir: string): Record<string, string> {
  const t = normalisedTree(treeHashes(dir), dir);
  return Object.fromEntries(Object.entries(t).filter(([k]) => !ignored(k)));
}

export async function runKillSoak(o: SoakOptions): Promise<SoakResult> {
  const log = o.log ?? ((l: string) => process.stderr.write(`${l}\n`));
  const random = seededRandom(o.seed);
  const work = mkdtempSync(join(tmpdir(), 'novel-kill-soak-'));
  const env = { ...process.env, NOVEL_DEMO_SCORES: '3.2,4.3', NOVEL_DEMO_WRITE_DELAY_MS: '50' };
  const executor =
    o.executor === 'demo'
      ? 'demo'
      : `${JSON.stringify(process.execPath)} ${JSON.stringify(cli)} demo-executor {packet}`;
  const args = ['run', '--to-chapter', String(o.toChapter), '--executor', executor];
  const init = (dir: string): void => {
    const r = spawnSync(process.execPath, [cli, 'init', '--demo', dir], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
  };
  const ref = join(work, 'reference');
  init(ref);
  const t0 = Date.now();
  const full = spawnSync(process.execPath, [cli, ...args], { cwd: ref, env, encoding: 'utf8' });
  if (full.status !== 0) throw new Error(`the uninterrupted run failed: ${full.stdout}${full.stderr}`);
  const runMs = Date.now() - t0;
  const box = /box: ([^:]+)/.exec(full.stdout.split('\n')[0] ?? '')?.[1]?.trim() ?? 'not said';
  const reference = treeOf(ref);
  let killed = 0;
  let violations = 0;
  let leftoverTemps = 0;
  /**
   * Starts the run in `dir` and SIGKILLs its process group after `delay` ms; whether the kill came before the run
   * ended.
   */
  const runKilledAfter = (dir: string, delay: number): Promise<boolean> =>
    new Promise<boolean>((resolve) => {
      const child = spawn(process.execPath, [cli, ...args], { cwd: dir, env, stdio: 'ignore', detached: true });
      const timer = setTimeout(() => {
        try {
          process.kill(-(child.pid as number), 'SIGKILL');
        } catch {
          /* already done */
        }
      }, delay);
      child.on('exit', (_c, signal) => {
        clearTimeout(timer);
        resolve(signal === 'SIGKILL');
      });
    });
  for (let i = 0; i < o.trials; i++) {
    const dir = join(work, `t${i}`);
    // Within the first three quarters of the reference run's time. The machine's load
    // moves between the reference run and a trial: a run that ended before its kill
    // is made again on a fresh project, killed after half the delay (three times at most).
    let delay = random() * runMs * 0.75;
    let wasKilled = false;
    for (let attempt = 0; ; attempt++) {
      rmSync(dir, { recursive: true, force: true });
      init(dir);
      wasKilled = await runKilledAfter(dir, delay);
      if (wasKilled || attempt === 3) break;
      delay /= 2;
    }
    if (wasKilled) killed += 1;
    let again = spawnSync(process.execPath, [cli, ...args], { cwd: dir, env, encoding: 'utf8' });
    for (let k = 0; k < 3 && again.status !== 0; k++)
      again = spawnSync(process.execPath, [cli, ...args], { cwd: dir, env, encoding: 'utf8' });
    const temps = Object.keys(treeHashes(dir)).filter((f) => TEMP_RE.test(f));
    leftoverTemps += temps.length;
    const tree = treeOf(dir);
    const differing = [...new Set([...Object.keys(reference), ...Object.keys(tree)])]
      .filter((k) => reference[k] !== tree[k])
      .sort();
    const bad = again.status !== 0 || differing.length > 0 || temps.length > 0;
    if (bad) {
      violations += 1;
      log(
        `trial ${i}: killed after ${delay.toFixed(0)} ms: ${
          again.status !== 0
            ? `resume exited ${again.status}: ${again.stdout.slice(-400)}${again.stderr.slice(-400)}`
            : `differs: ${differing.join(', ')}${temps.length ? `; temp files: ${temps.join(', ')}` : ''}`
        }`,
      );
      if (o.keep) log(`kept ${dir}`);
    }
    if (!(o.keep && bad)) rmSync(dir, { recursive: true, force: true });
  }
  if (!o.keep) rmSync(work, { recursive: true, force: true });
  return { trials: o.trials, killed, violations, leftover_temps: leftoverTemps, run_ms: runMs, box };
}
