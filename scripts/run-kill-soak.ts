// Kill soak for `novel run`: a 20-chapter demo run is SIGKILLed at random
// instants, then `novel run` is started again; the final project must equal
// the one an uninterrupted run produces (time keys aside; packet manifests,
// executor logs and per-chapter run logs are bookkeeping and left out).
// Usage: npx tsx scripts/run-kill-soak.ts [trials=20] [chapters=20] [seed=1]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from './lib/seeded-random.js';
import { normalisedTree } from '../test/helpers/commit-fixture.js';
import { treeHashes } from '../test/helpers/tree.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const cli = join(repo, 'dist/cli.js');
const trials = Number(process.argv[2] ?? 20);
const chapters = Number(process.argv[3] ?? 20);
const random = seededRandom(Number(process.argv[4] ?? 1));
const env = { ...process.env, NOVEL_DEMO_SCORES: '3.2,4.3' };
const work = mkdtempSync(join(tmpdir(), 'novel-run-soak-'));
const init = (dir: string) => {
  const r = spawnSync(process.execPath, [cli, 'init', '--demo', dir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
};
const bookkeeping = (rel: string) => rel.startsWith('staging/manifests/') || rel.startsWith('logs/');
const treeOf = (dir: string): Record<string, string> => {
  const t = normalisedTree(treeHashes(dir), dir);
  return Object.fromEntries(Object.entries(t).filter(([k]) => !bookkeeping(k)));
};
const tree = (dir: string) => JSON.stringify(treeOf(dir));
const differing = (dir: string): string[] => {
  const a = JSON.parse(reference) as Record<string, string>;
  const b = treeOf(dir);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => a[k] !== b[k]).sort();
};

const ref = join(work, 'reference');
init(ref);
const t0 = Date.now();
const full = spawnSync(process.execPath, [cli, 'run', '--chapters', String(chapters), '--executor', 'demo'], { cwd: ref, env, encoding: 'utf8' });
if (full.status !== 0) throw new Error(full.stdout + full.stderr);
const duration = Date.now() - t0;
const reference = tree(ref);
const target = 3 + chapters;

let violations = 0;
let killed = 0;
for (let i = 0; i < trials; i++) {
  const dir = join(work, `t${i}`);
  init(dir);
  const delay = random() * duration;
  await new Promise<void>((resolve) => {
    const child = spawn(process.execPath, [cli, 'run', '--chapters', String(chapters), '--executor', 'demo'], { cwd: dir, env, stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), delay);
    child.on('exit', (_c, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') killed += 1;
      resolve();
    });
  });
  const again = spawnSync(process.execPath, [cli, 'run', '--to-chapter', String(target), '--executor', 'demo'], { cwd: dir, env, encoding: 'utf8' });
  const same = tree(dir) === reference;
  if (again.status !== 0 || !same) {
    violations += 1;
    process.stderr.write(`trial ${i}: killed after ${delay.toFixed(0)} ms: ${again.status !== 0 ? `resume exited ${again.status}: ${again.stdout}${again.stderr}` : `final tree differs: ${differing(dir).join(', ')}`}\n`);
    if (process.env.SOAK_KEEP) process.stderr.write(`kept ${dir}\n`);
  }
  if (!(process.env.SOAK_KEEP && (again.status !== 0 || !same))) rmSync(dir, { recursive: true, force: true });
}
if (!process.env.SOAK_KEEP) rmSync(work, { recursive: true, force: true });
process.stdout.write(`trials: ${trials}, killed mid-run: ${killed}, chapters per run: ${chapters}, violations: ${violations}\n`);
process.exitCode = violations === 0 ? 0 : 1;
