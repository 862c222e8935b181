// Side-by-side startup benchmark: each measured command is run alternately
// with bare `node -e 0` on the same machine in the same run, and the ratio of
// the medians is printed. Usage: node scripts/bench.mjs [runs]
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const runs = Math.max(10, Number(process.argv[2] ?? 30));
const cli = join(repo, 'dist/cli.js');
const project = mkdtempSync(join(tmpdir(), 'novel-bench-'));
cpSync(join(repo, 'fixtures/project'), project, { recursive: true });

function time(args) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const cases = [
  { name: 'novel next', args: [cli, 'next'], target: 1.25 },
  { name: 'novel next --json', args: [cli, 'next', '--json'], target: null },
  { name: 'novel status', args: [cli, 'status'], target: null },
];

// Each command is paired with its own baseline: the two alternate run by
// run, so that drift of the machine's load hits both sides alike.
const baselines = cases.map(() => []);
const results = cases.map(() => []);
// Warm the file cache once.
time(['-e', '0']);
for (const c of cases) time(c.args);
for (let i = 0; i < runs; i++) {
  cases.forEach((c, k) => {
    baselines[k].push(time(['-e', '0']));
    results[k].push(time(c.args));
  });
}
console.log(`novel benchmark: ${runs} alternated runs per command against bare \`node -e 0\`, medians (node ${process.version})`);
let failed = false;
cases.forEach((c, k) => {
  const base = median(baselines[k]);
  const m = median(results[k]);
  const ratio = m / base;
  const verdict = c.target === null ? '' : ratio <= c.target ? `  (target ≤ ${c.target}: met)` : `  (target ≤ ${c.target}: NOT met)`;
  if (c.target !== null && ratio > c.target) failed = true;
  console.log(`  ${c.name.padEnd(24)} ${m.toFixed(1).padStart(6)} ms  vs node -e 0 ${base.toFixed(1).padStart(6)} ms  ratio ${ratio.toFixed(2)}${verdict}`);
});
rmSync(project, { recursive: true, force: true });
if (failed && process.argv.includes('--strict')) process.exitCode = 1;
