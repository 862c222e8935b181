// Side-by-side startup benchmark: each measured command is run alternately
// with bare `node -e 0` on the same machine in the same run, and the ratio of
// the medians is printed. Usage: node scripts/bench.mjs [runs]
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const runs = Math.max(10, Number(process.argv[2] ?? 30));
const cli = join(repo, 'dist/cli.js');
const project = mkdtempSync(join(tmpdir(), 'novel-bench-'));
cpSync(join(repo, 'fixtures/project'), project, { recursive: true });
// A project as authors have them: a mutating command ran once (it records the
// stat signature that lets readers check the book's files by stats).
spawnSync(process.execPath, [cli, 'state', 'verify', '--accept'], { cwd: project, stdio: 'ignore' });

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
  { name: 'instructions draft --json', args: [cli, 'instructions', 'chapter:004:draft', '--json'], target: 1.5 },
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
console.log(`novel benchmark: ${runs} alternated runs per command against bare \`node -e 0\` (times: medians; ratio: median of the per-pair ratios; node ${process.version})`);
let failed = false;
// The figure is the median of the per-pair ratios: each run of a command
// divided by the `node -e 0` run right before it, so slow drift of the
// machine's load cancels out.
const pairRatio = (xs, bs) => median(xs.map((x, i) => x / bs[i]));
cases.forEach((c, k) => {
  const base = median(baselines[k]);
  const m = median(results[k]);
  const ratio = pairRatio(results[k], baselines[k]);
  const verdict = c.target === null ? '' : ratio <= c.target ? `  (target ≤ ${c.target}: met)` : `  (target ≤ ${c.target}: NOT met)`;
  if (c.target !== null && ratio > c.target) failed = true;
  console.log(`  ${c.name.padEnd(24)} ${m.toFixed(1).padStart(6)} ms  vs node -e 0 ${base.toFixed(1).padStart(6)} ms  ratio ${ratio.toFixed(2)}${verdict}`);
});
// A commit on a synthetic project: a ~5,000-character state and a 3,000-line
// changelog. Each run commits a fresh copy (the copy is not timed).
const synthetic = mkdtempSync(join(tmpdir(), 'novel-bench-commit-'));
cpSync(join(repo, 'fixtures/project'), synthetic, { recursive: true });
const stateVersion = 3000;
const lines = [];
for (let i = 1; i <= stateVersion; i++) {
  const ops = [{ op: 'set', path: `world_state.tick-${i % 40}.value`, value: i }];
  if (i % 100 === 0) ops.push({ op: 'set', path: `characters.extra-${(i / 100) % 30}.location`, value: `青岚山第${i / 100}峰` });
  if (i % 100 === 50) ops.push({ op: 'add', path: `characters.extra-${Math.floor(i / 100) % 30}.tags`, value: `第${i}回` });
  lines.push(JSON.stringify({ chapter: Math.min(3, i), base_state_version: i - 1, state_version: i, storyline_id: 'main-sword', ops, dropped: [] }));
}
writeFileSync(join(synthetic, 'state/changelog.jsonl'), `${lines.join('\n')}\n`);
const sh = (args) => {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: synthetic, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stdout}${r.stderr}`);
};
sh(['state', 'rebuild']);
sh(['state', 'verify', '--accept']);
const stateChars = readFileSync(join(synthetic, 'state/current-state.json'), 'utf8').length;
for (const variant of ['draft/good', 'summarize/good', 'refine/good', 'judge/overall-4.2']) {
  cpSync(join(repo, 'fixtures/outputs', variant), synthetic, { recursive: true });
  if (variant.startsWith('summarize')) {
    const deltaPath = join(synthetic, 'staging/state/chapter-004-delta.json');
    const delta = JSON.parse(readFileSync(deltaPath, 'utf8'));
    writeFileSync(deltaPath, JSON.stringify({ ...delta, base_state_version: stateVersion }));
  }
  sh(['advance', `chapter:004:${variant.split('/')[0]}`]);
}
const commitRuns = Math.max(10, Math.floor(runs / 2));
const commitTimes = [];
const commitBase = [];
for (let i = 0; i < commitRuns; i++) {
  const copy = mkdtempSync(join(tmpdir(), 'novel-bench-run-'));
  cpSync(synthetic, copy, { recursive: true });
  commitBase.push(time(['-e', '0']));
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [cli, 'commit', '--chapter', '4'], { cwd: copy, stdio: ['ignore', 'pipe', 'pipe'] });
  commitTimes.push(Number(process.hrtime.bigint() - t0) / 1e6);
  if (r.status !== 0) throw new Error(`commit failed: ${r.stderr}`);
  rmSync(copy, { recursive: true, force: true });
}
const cm = median(commitTimes);
const cb = median(commitBase);
console.log(`  ${'novel commit (synthetic)'.padEnd(24)} ${cm.toFixed(1).padStart(6)} ms  vs node -e 0 ${cb.toFixed(1).padStart(6)} ms  ratio ${pairRatio(commitTimes, commitBase).toFixed(2)}  (${commitRuns} runs; state ${stateChars} characters, changelog ${stateVersion} lines)`);
rmSync(synthetic, { recursive: true, force: true });

// Scale: the same commands on a synthetic book of 3,000 committed chapters and
// on one of 11, alternating run by run (scripts/lib/synthetic-book.mjs).
const { writeSyntheticBook } = await import('./lib/synthetic-book.mjs');
const large = writeSyntheticBook(mkdtempSync(join(tmpdir(), 'novel-bench-3000-')), { chapters: 3000 });
const small = writeSyntheticBook(mkdtempSync(join(tmpdir(), 'novel-bench-11-')), { chapters: 11 });
for (const dir of [large, small]) spawnSync(process.execPath, [cli, 'state', 'verify', '--accept'], { cwd: dir, stdio: 'ignore' });
const timeIn = (dir, args) => {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0 && r.status !== 2) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return Number(process.hrtime.bigint() - t0) / 1e6;
};
const scaleRuns = Math.max(7, Math.floor(runs / 3));
const scaleCases = [['next'], ['status'], ['chapters', '--json'], ['instructions', 'chapter:{next}:draft', '--json'], ['state', 'verify']];
console.log(`scale: 3,000 committed chapters (state ${readFileSync(join(large, 'state/current-state.json'), 'utf8').length} characters) against 11, ${scaleRuns} alternated runs each (medians)`);
const largeTimes = {};
for (const c of scaleCases) {
  const argsFor = (dir, n) => c.map((a) => a.replace('{next}', String(n)));
  const a = [];
  const b = [];
  timeIn(small, argsFor(small, 12));
  timeIn(large, argsFor(large, 3001));
  for (let i = 0; i < scaleRuns; i++) {
    a.push(timeIn(small, argsFor(small, 12)));
    b.push(timeIn(large, argsFor(large, 3001)));
  }
  largeTimes[c.join(' ')] = b;
  console.log(`  ${c.join(' ').replace('{next}', 'NNN').padEnd(36)} 11: ${median(a).toFixed(1).padStart(7)} ms   3,000: ${median(b).toFixed(1).padStart(7)} ms   ratio ${(median(b) / median(a)).toFixed(2)}`);
}
// The chapter table reads chapter logs only: close to status on the same book.
const ch = largeTimes['chapters --json'];
const st = largeTimes.status;
console.log(`  novel chapters --json at 3,000 chapters: ${median(ch).toFixed(1)} ms, novel status ${median(st).toFixed(1)} ms: ratio ${(median(ch) / median(st)).toFixed(2)} (target ≤ 1.2: ${median(ch) / median(st) <= 1.2 ? 'met' : 'NOT met'})`);
// The step guard of `novel run`, per executor step (scripts/bench-guard.ts).
const guardBench = spawnSync(join(repo, 'node_modules/.bin/tsx'), [join(repo, 'scripts/bench-guard.ts'), large, small, String(Math.max(21, runs))], { encoding: 'utf8' });
process.stdout.write(guardBench.stdout || `  step guard: ${guardBench.stderr}\n`);
rmSync(large, { recursive: true, force: true });
rmSync(small, { recursive: true, force: true });
rmSync(project, { recursive: true, force: true });
if (failed && process.argv.includes('--strict')) process.exitCode = 1;
