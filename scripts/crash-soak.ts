// Crash soak for the commit transaction: SIGKILL `novel commit` (the built
// CLI) at random instants, run the next mutating command, and compare the
// project with an uninterrupted commit (time-dependent keys aside).
// Usage: npx tsx scripts/crash-soak.ts [trials=200] [seed=1]
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from './lib/seeded-random.js';
import { bigDelta, DELTA, normalisedTree } from '../test/helpers/commit-fixture.js';
import { treeHashes } from '../test/helpers/tree.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const cli = join(repo, 'dist/cli.js');
const trials = Number(process.argv[2] ?? 200);
const random = seededRandom(Number(process.argv[3] ?? 1));

const work = mkdtempSync(join(tmpdir(), 'novel-soak-'));
const run = (cwd: string, args: string[]) => spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' });

// A project at chapter 4's commit, with a large delta.
const prepared = join(work, 'prepared');
cpSync(join(repo, 'fixtures/project'), prepared, { recursive: true });
for (const variant of ['draft/good', 'summarize/good', 'audit/good', 'refine/good', 'judge/overall-4.2']) {
  cpSync(join(repo, 'fixtures/outputs', variant), prepared, { recursive: true });
  if (variant.startsWith('summarize')) writeFileSync(join(prepared, DELTA), `${JSON.stringify(bigDelta(), null, 2)}\n`);
  const r = run(prepared, ['advance', `chapter:004:${variant.split('/')[0]}`]);
  if (r.status !== 0) throw new Error(r.stderr);
}
const refDir = join(work, 'reference');
cpSync(prepared, refDir, { recursive: true });
const t0 = Date.now();
if (run(refDir, ['commit', '--chapter', '4']).status !== 0) throw new Error('reference commit failed');
const duration = Date.now() - t0;
const reference = JSON.stringify(normalisedTree(treeHashes(refDir), refDir));

let violations = 0;
let killed = 0;
for (let i = 0; i < trials; i++) {
  const dir = join(work, `t${i}`);
  cpSync(prepared, dir, { recursive: true });
  const delay = random() * duration * 1.2;
  await new Promise<void>((resolve) => {
    const child = spawn(process.execPath, [cli, 'commit', '--chapter', '4'], { cwd: dir, stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), delay);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') killed += 1;
      resolve();
    });
  });
  const again = run(dir, ['commit', '--chapter', '4', '--json']);
  const body = again.stdout ? JSON.parse(again.stdout) : null;
  const accepted = again.status === 0 || (again.status === 2 && body?.error?.code === 'already_committed');
  const same = JSON.stringify(normalisedTree(treeHashes(dir), dir)) === reference;
  if (!accepted || !same) {
    violations += 1;
    process.stderr.write(
      `trial ${i}: kill after ${delay.toFixed(1)} ms: ` +
        `${accepted ? 'tree differs' : `recovery failed: ${again.stdout}${again.stderr}`}\n`,
    );
  }
  rmSync(dir, { recursive: true, force: true });
}
rmSync(work, { recursive: true, force: true });
process.stdout.write(`trials: ${trials}, killed mid-run: ${killed}, violations: ${violations}\n`);
process.exitCode = violations === 0 ? 0 : 1;
