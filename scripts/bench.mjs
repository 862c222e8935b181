// Side-by-side startup benchmark: each measured command is run alternately
// with bare `node -e 0` on the same machine in the same run, and the ratio of
// the medians is printed. At the end of a run, what it printed is appended to
// docs/bench-log.md as a dated entry (--no-log: not).
// Usage: node scripts/bench.mjs [runs] [--strict] [--no-log]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { settleCopy } from './lib/settle-copy.mjs';
import { buildStackFloor } from './lib/stack-floor.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const runs = Math.max(10, Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 30));
// Everything the run prints, for its entry in the log.
const printed = [];
const stdoutWrite = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  printed.push(String(chunk));
  return stdoutWrite(chunk, ...rest);
};
const loadAtStart = os.loadavg();
// When the run began and what it measures: the commit and the tree as they are before the build below reads them, not
// as they are at its end, ten minutes later. `--no-optional-locks`: never in the way of a commit made meanwhile.
const startedAt = new Date();
const git = (...a) => spawnSync('git', ['--no-optional-locks', ...a], { cwd: repo, encoding: 'utf8' });
const headAtStart = git('rev-parse', '--short', 'HEAD').stdout?.trim() || 'no commit';
const dirtyAtStart = (git('status', '--porcelain').stdout ?? '').trim() !== '';
if (!process.argv.includes('--no-build')) {
  const built = spawnSync(process.execPath, [join(repo, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const cli = join(repo, 'dist/cli.js');
const project = mkdtempSync(join(tmpdir(), 'novel-bench-'));
cpSync(join(repo, 'fixtures/project'), project, { recursive: true });
// A project as authors have them: a mutating command ran once (it records the
// stat signature that lets readers check the book's files by stats).
spawnSync(process.execPath, [cli, 'state', 'verify', '--accept'], { cwd: project, stdio: 'ignore' });

function time(args, cwd = project) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// The demo project with chapter 4 staged and judged (the in-flight chapter ready to commit).
const judged = mkdtempSync(join(tmpdir(), 'novel-bench-judged-'));
spawnSync(process.execPath, [cli, 'init', '--demo', judged], { stdio: 'ignore' });
spawnSync(process.execPath, [cli, 'run', '--executor', 'demo', '--pause-after', 'judge'], {
  cwd: judged,
  stdio: 'ignore',
});
// The stack floor (scripts/lib/stack-floor.ts): clipanion, valibot's parse of the checkpoint and the config, and the
// XState book machine started, bundled, cached and loaded as `novel next` is, and nothing of novel's own work. What
// `novel next` costs above it is novel's; the floor itself is what the design's libraries cost on this machine.
const floorDir = mkdtempSync(join(tmpdir(), 'novel-bench-floor-'));
const floorCli = await buildStackFloor(repo, join(repo, 'dist'), floorDir, project);
const cases = [
  { name: 'novel next', args: [cli, 'next'], target: 1.25 },
  { name: 'stack floor (next)', args: [floorCli, 'next'], target: null },
  { name: 'novel next (judged)', args: [cli, 'next'], target: 1.25, cwd: judged },
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
for (const c of cases) time(c.args, c.cwd);
for (let i = 0; i < runs; i++) {
  cases.forEach((c, k) => {
    baselines[k].push(time(['-e', '0']));
    results[k].push(time(c.args, c.cwd));
  });
}
console.log(
  `novel benchmark: ${runs} alternated runs per command against bare \`node -e 0\` ` +
    `(times: medians; ratio: median of the per-pair ratios; node ${process.version})`,
);
let failed = false;
// The figure is the median of the per-pair ratios: each run of a command
// divided by the `node -e 0` run right before it, so slow drift of the
// machine's load cancels out.
const pairRatio = (xs, bs) => median(xs.map((x, i) => x / bs[i]));
cases.forEach((c, k) => {
  const base = median(baselines[k]);
  const m = median(results[k]);
  const ratio = pairRatio(results[k], baselines[k]);
  const verdict =
    c.target === null ? '' : ratio <= c.target ? `  (target ≤ ${c.target}: met)` : `  (target ≤ ${c.target}: NOT met)`;
  if (c.target !== null && ratio > c.target) failed = true;
  console.log(
    `  ${c.name.padEnd(24)} ${m.toFixed(1).padStart(6)} ms  vs node -e 0 ` +
      `${base.toFixed(1).padStart(6)} ms  ratio ${ratio.toFixed(2)}${verdict}`,
  );
});
{
  // novel's own work in `novel next`: its runs against the floor's, the two paired through their own node -e 0 runs.
  const next = pairRatio(results[0], baselines[0]);
  const floor = pairRatio(results[1], baselines[1]);
  const bare = median([...baselines[0], ...baselines[1]]);
  console.log(
    `  novel next above the stack floor: ${((next - floor) * bare).toFixed(1)} ms (${(next - floor).toFixed(2)} of ` +
      `bare node); the floor, clipanion + valibot + the XState book machine alone, ${floor.toFixed(2)}`,
  );
}
// Argument order: global flags before the command take the same bundle and cache as after it. Each command is run
// both ways, alternately; the figure is the median of the per-pair ratios, flags-first over command-first.
const orders = [
  { name: 'next', tail: ['next'] },
  { name: 'status', tail: ['status'] },
  { name: 'instructions', tail: ['instructions', 'chapter:004:draft'] },
  { name: 'commit --dry-run', tail: ['commit', '--chapter', '4', '--dry-run'], cwd: judged },
];
const flagsFirst = orders.map(() => []);
const commandFirst = orders.map(() => []);
for (const o of orders) {
  const dir = o.cwd ?? project;
  time([cli, ...o.tail, '--json', '--project', dir], dir);
  time([cli, '--json', '--project', dir, ...o.tail], dir);
}
for (let i = 0; i < runs; i++) {
  orders.forEach((o, k) => {
    const dir = o.cwd ?? project;
    commandFirst[k].push(time([cli, ...o.tail, '--json', '--project', dir], dir));
    flagsFirst[k].push(time([cli, '--json', '--project', dir, ...o.tail], dir));
  });
}
console.log(`argument order: \`novel --json --project P <command>\` against \`novel <command> --json --project P\``);
orders.forEach((o, k) => {
  const ratio = pairRatio(flagsFirst[k], commandFirst[k]);
  const met = ratio <= 1.05;
  if (!met) failed = true;
  console.log(
    `  ${o.name.padEnd(24)} ${median(flagsFirst[k]).toFixed(1).padStart(6)} ms  vs ` +
      `${median(commandFirst[k]).toFixed(1).padStart(6)} ms  ratio ${ratio.toFixed(2)}  ` +
      `(target ≤ 1.05: ${met ? 'met' : 'NOT met'})`,
  );
});

// A commit on a synthetic project: a ~5,000-character state and a 3,000-line
// changelog. Each run commits a fresh copy (the copy is not timed).
const synthetic = mkdtempSync(join(tmpdir(), 'novel-bench-commit-'));
cpSync(join(repo, 'fixtures/project'), synthetic, { recursive: true });
const stateVersion = 3000;
const lines = [];
for (let i = 1; i <= stateVersion; i++) {
  const ops = [{ op: 'set', path: `world_state.tick-${i % 40}.value`, value: i }];
  if (i % 100 === 0)
    ops.push({ op: 'set', path: `characters.extra-${(i / 100) % 30}.location`, value: `青岚山第${i / 100}峰` });
  if (i % 100 === 50)
    ops.push({ op: 'add', path: `characters.extra-${Math.floor(i / 100) % 30}.tags`, value: `第${i}回` });
  lines.push(
    JSON.stringify({
      chapter: Math.min(3, i),
      base_state_version: i - 1,
      state_version: i,
      storyline_id: 'main-sword',
      ops,
      dropped: [],
    }),
  );
}
writeFileSync(join(synthetic, 'state/changelog.jsonl'), `${lines.join('\n')}\n`);
const sh = (args) => {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: synthetic, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stdout}${r.stderr}`);
};
sh(['state', 'rebuild']);
sh(['state', 'verify', '--accept']);
const stateChars = readFileSync(join(synthetic, 'state/current-state.json'), 'utf8').length;
for (const variant of ['draft/good', 'summarize/good', 'audit/good', 'refine/good', 'judge/overall-4.2']) {
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
  settleCopy(copy);
  commitBase.push(time(['-e', '0']));
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [cli, 'commit', '--chapter', '4'], {
    cwd: copy,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  commitTimes.push(Number(process.hrtime.bigint() - t0) / 1e6);
  if (r.status !== 0) throw new Error(`commit failed: ${r.stderr}`);
  rmSync(copy, { recursive: true, force: true });
}
const cm = median(commitTimes);
const cb = median(commitBase);
console.log(
  `  ${'novel commit (synthetic)'.padEnd(24)} ${cm.toFixed(1).padStart(6)} ms  vs node -e 0 ` +
    `${cb.toFixed(1).padStart(6)} ms  ratio ${pairRatio(commitTimes, commitBase).toFixed(2)}  ` +
    `(${commitRuns} runs; state ${stateChars} characters, changelog ${stateVersion} lines)`,
);
rmSync(synthetic, { recursive: true, force: true });

// Scale: the same commands on a synthetic book of 3,000 committed chapters (the
// last one committed by novel itself, as authors have it) with
// a large state (scripts/lib/synthetic-book.mjs defaults: 5,000 characters,
// 1,000 foreshadowing items, a ~1.7 MB current-state.json) and on one of 11
// chapters with a small state (40 characters, 10 foreshadowing items, ~13 KB),
// each with the next chapter staged and judged, alternating run by run.
// Mutating commands run on a fresh copy each time (the copy untimed).
const { writeSyntheticBook } = await import('./lib/synthetic-book.mjs');
/** A step's packet written and the demo executor run on it: its outputs staged, not yet advanced. */
const executeStep = (dir, step) => {
  const packet = JSON.parse(
    spawnSync(process.execPath, [cli, 'instructions', step, '--write-manifest', '--json'], {
      cwd: dir,
      encoding: 'utf8',
    }).stdout,
  ).data.written_path;
  spawnSync(process.execPath, [cli, 'demo-executor', packet], { cwd: dir, stdio: 'ignore' });
};
const makeBook = (chapters, options = {}) => {
  // As authors have it: the last chapter committed by novel itself, which recorded the fingerprint in its current form
  // and what its commit wrote.
  const dir = writeSyntheticBook(mkdtempSync(join(tmpdir(), `novel-bench-${chapters}-`)), {
    chapters,
    lastByNovel: true,
    ...options,
  });
  const n = chapters + 1;
  if (options.deltaOps !== undefined) {
    // The summarizer's delta cut to its first `deltaOps` ops before it is advanced (the demo's advances every
    // foreshadowing item the packet names: 1,000 on the large book).
    spawnSync(process.execPath, [cli, 'run', '--executor', 'demo', '--pause-after', 'draft'], {
      cwd: dir,
      stdio: 'ignore',
    });
    executeStep(dir, `chapter:${n}:summarize`);
    const deltaFile = join(dir, `staging/state/chapter-${String(n).padStart(3, '0')}-delta.json`);
    const delta = JSON.parse(readFileSync(deltaFile, 'utf8'));
    writeFileSync(deltaFile, `${JSON.stringify({ ...delta, ops: delta.ops.slice(0, options.deltaOps) }, null, 2)}\n`);
  }
  // The next chapter drafted, summarized and refined; its judge outputs written: `advance` is next.
  spawnSync(process.execPath, [cli, 'run', '--executor', 'demo', '--pause-after', 'refine'], {
    cwd: dir,
    stdio: 'ignore',
  });
  executeStep(dir, `chapter:${n}:judge`);
  const judgedCopy = `${dir}-judged`;
  spawnSync('cp', ['-a', dir, judgedCopy]);
  spawnSync(process.execPath, [cli, 'advance', `chapter:${n}:judge`], { cwd: judgedCopy, stdio: 'ignore' });
  return { refined: dir, judged: judgedCopy, n };
};
const large = makeBook(3000);
const small = makeBook(11, { characters: 40, foreshadowing: 10 });
// The large book again, its chapter's delta of 50 ops.
const large50 = makeBook(3000, { deltaOps: 50 });
// The three books' writeback (some 9,000 files just written) is flushed before the clock starts: on a slower disk it
// went on into the first cases timed, on whichever side of a pair it fell.
spawnSync('sync');
const opsOf = (b) =>
  JSON.parse(readFileSync(join(b.judged, `staging/state/chapter-${String(b.n).padStart(3, '0')}-delta.json`), 'utf8'))
    .ops.length;
const rss = join(repo, 'scripts/lib/max-rss.cjs');
/** One run: ms and peak RSS (KiB). `fresh`: on a copy of the book made (untimed) for this run. */
const runIn = (dir, args, fresh) => {
  let cwd = dir;
  if (fresh) {
    cwd = `${dir}-run`;
    rmSync(cwd, { recursive: true, force: true });
    // cp -a keeps every mtime, as the book on disk has them (novel's stat caches stay valid).
    spawnSync('cp', ['-a', dir, cwd]);
    // The copy settled before the clock starts: the command's first fsync would pay for it otherwise.
    settleCopy(cwd);
  }
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--require', rss, cli, ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stdout}${r.stderr}`);
  return { ms, kb: Number(/maxrss_kb=(\d+)/.exec(r.stderr)?.[1] ?? 0) };
};
const scaleRuns = Math.max(9, Math.floor(runs / 3));
const scaleCases = [
  { name: 'next', args: () => ['next'], book: 'judged', target: 1.1 },
  { name: 'status', args: () => ['status'], book: 'judged', target: 1.1 },
  {
    name: 'instructions judge --json',
    args: (b) => ['instructions', `chapter:${b.n}:judge`, '--json'],
    book: 'judged',
    target: 1.1,
  },
  { name: 'validate judge', args: (b) => ['validate', `chapter:${b.n}:judge`], book: 'judged', target: 1.1 },
  {
    name: 'advance judge',
    args: (b) => ['advance', `chapter:${b.n}:judge`],
    book: 'refined',
    fresh: true,
    target: 1.1,
  },
  {
    name: `commit (${opsOf(large)} ops on 3,000)`,
    args: (b) => ['commit', '--chapter', String(b.n)],
    book: 'judged',
    fresh: true,
    target: 1.5,
    memory: 1.3,
  },
  {
    name: `commit (${opsOf(large50)} ops on 3,000)`,
    args: (b) => ['commit', '--chapter', String(b.n)],
    book: 'judged',
    large: large50,
    fresh: true,
    target: 1.2,
    memory: 1.3,
  },
  { name: 'state verify', args: () => ['state', 'verify'], book: 'judged', target: null },
  { name: 'chapters --json', args: () => ['chapters', '--json'], book: 'judged', target: null },
];
const stateSize = (b) => readFileSync(join(b.judged, 'state/current-state.json')).length;
console.log(
  `scale: 3,000 committed chapters with the large state (current-state.json ${stateSize(large)} bytes, ` +
    `${readFileSync(join(large.judged, 'state/changelog.jsonl'), 'utf8').split('\n').length - 1} ` +
    `changelog lines) against 11 with a small one (${stateSize(small)} bytes), the next chapter staged ` +
    `and judged; ${scaleRuns} alternated runs each (medians; ratio: of the pairs; mutating commands on a fresh copy ` +
    'per run)',
);
const largeTimes = {};
for (const c of scaleCases) {
  const a = [];
  const b = [];
  const big = c.large ?? large;
  runIn(small[c.book], c.args(small), c.fresh);
  runIn(big[c.book], c.args(big), c.fresh);
  for (let i = 0; i < scaleRuns; i++) {
    a.push(runIn(small[c.book], c.args(small), c.fresh));
    b.push(runIn(big[c.book], c.args(big), c.fresh));
  }
  const ms = (xs) => median(xs.map((x) => x.ms));
  const kb = (xs) => median(xs.map((x) => x.kb));
  largeTimes[c.name] = b.map((x) => x.ms);
  // Each large-book run against the small-book run before it (as the other lines pair theirs): a slow moment of the
  // machine falls on both runs of a pair.
  const ratio = pairRatio(
    b.map((x) => x.ms),
    a.map((x) => x.ms),
  );
  const mem = kb(b) / kb(a);
  const verdict = c.target === null ? '' : `  (target ≤ ${c.target}: ${ratio <= c.target ? 'met' : 'NOT met'})`;
  const memory = c.memory
    ? `  peak RSS ${(kb(a) / 1024).toFixed(0)} / ${(kb(b) / 1024).toFixed(0)} MiB, ratio ` +
      `${mem.toFixed(2)} (target ≤ ${c.memory}: ${mem <= c.memory ? 'met' : 'NOT met'})`
    : '';
  console.log(
    `  ${c.name.padEnd(28)} 11 (small state): ${ms(a).toFixed(1).padStart(7)} ms   3,000 (large ` +
      `state): ${ms(b).toFixed(1).padStart(7)} ms   ratio ${ratio.toFixed(2)}${verdict}${memory}`,
  );
}
const verify = median(largeTimes['state verify']);
console.log(
  `  state verify at 3,000 chapters: ${(verify / 1000).toFixed(2)} s (target < 3 s: ` +
    `${verify < 3000 ? 'met' : 'NOT met'}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'})`,
);
// The step guard of `novel run`, per executor step (scripts/bench-guard.ts).
const guardBench = spawnSync(
  join(repo, 'node_modules/.bin/tsx'),
  [join(repo, 'scripts/bench-guard.ts'), large.refined, small.refined, String(Math.max(21, runs))],
  { encoding: 'utf8' },
);
process.stdout.write(guardBench.stdout || `  step guard: ${guardBench.stderr}\n`);
// The lint of §13.2 (scripts/bench-lint.ts).
const lintBench = spawnSync(
  join(repo, 'node_modules/.bin/tsx'),
  [join(repo, 'scripts/bench-lint.ts'), String(Math.max(101, runs * 5))],
  { encoding: 'utf8' },
);
process.stdout.write(lintBench.stdout || `  lint: ${lintBench.stderr}\n`);
// The repetition check of §16 on 11 and 3,000 chapters (scripts/bench-repetition.ts).
const repetitionBench = spawnSync(
  join(repo, 'node_modules/.bin/tsx'),
  [join(repo, 'scripts/bench-repetition.ts'), String(Math.max(101, runs * 5))],
  { encoding: 'utf8' },
);
process.stdout.write(repetitionBench.stdout || `  repetition: ${repetitionBench.stderr}\n`);
// The continuity checks of §19 on a 3,000-chapter book with a cast of 5,000 (scripts/bench-continuity.ts).
const continuityBench = spawnSync(
  join(repo, 'node_modules/.bin/tsx'),
  [join(repo, 'scripts/bench-continuity.ts'), String(Math.max(301, runs * 5))],
  { encoding: 'utf8' },
);
process.stdout.write(continuityBench.stdout || `  continuity: ${continuityBench.stderr}\n`);
if (continuityBench.status !== 0) failed = true;
// novel serve on the 3,000-chapter book: the API the page reads (medians of
// sequential requests after one warm-up each; the server stays up, as it does
// for an author), and everything the dashboard fetches to draw itself.
{
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--json'], {
    cwd: large.judged,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const base = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.includes('"listening"'));
      if (line) resolve(JSON.parse(line).url.replace(/\/$/, ''));
    });
    child.once('exit', (code) => reject(new Error(`novel serve exited ${code}`)));
  });
  const timeGet = async (path) => {
    const t0 = process.hrtime.bigint();
    const r = await fetch(`${base}${path}`);
    const body = await r.arrayBuffer();
    if (!r.ok) throw new Error(`${path}: ${r.status}`);
    return { ms: Number(process.hrtime.bigint() - t0) / 1e6, bytes: body.byteLength };
  };
  const serveRuns = Math.max(21, runs);
  const routes = [
    ['/api/chapters', 100],
    ['/api/chapters?offset=2950&limit=50', 100],
    ['/api/status', null],
    ['/api/series', null],
    ['/api/foreshadowing', null],
    ['/api/chapters/1500', null],
  ];
  console.log(
    `novel serve on the 3,000-chapter book: ${serveRuns} sequential requests per route (medians, after one warm-up)`,
  );
  for (const [path, target] of routes) {
    await timeGet(path);
    const xs = [];
    let bytes = 0;
    for (let i = 0; i < serveRuns; i++) {
      const r = await timeGet(path);
      xs.push(r.ms);
      bytes = r.bytes;
    }
    const m = median(xs);
    if (target !== null && m > target) failed = true;
    console.log(
      `  GET ${path.padEnd(36)} ${m.toFixed(1).padStart(7)} ms  ${(bytes / 1024).toFixed(1).padStart(7)} ` +
        `KiB${target === null ? '' : `  (target ≤ ${target} ms: ${m <= target ? 'met' : 'NOT met'})`}`,
    );
  }
  // What the dashboard fetches to draw itself, as the page does it (in parallel).
  const pageLoads = [];
  for (let i = 0; i < 9; i++) {
    const t0 = process.hrtime.bigint();
    await Promise.all(
      [
        '/',
        '/app.js',
        '/app.css',
        '/api/meta',
        '/api/status',
        '/api/series',
        '/api/chapters?offset=0&limit=50',
        '/api/foreshadowing',
        '/api/characters',
        '/api/storylines',
        '/api/graph',
      ].map((p) => timeGet(p)),
    );
    pageLoads.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const pl = median(pageLoads);
  if (pl > 1000) failed = true;
  console.log(
    `  the dashboard's page and data (11 requests)  ${pl.toFixed(1).padStart(7)} ` +
      `ms  (target < 1000 ms: ${pl < 1000 ? 'met' : 'NOT met'})`,
  );
  child.kill('SIGINT');
}
// The box (PROTOCOL §17): a chapter written by the demo executor as a command template, one process per step, with
// executor.sandbox "auto" (each step in bubblewrap) and "off", alternated on fresh demo projects. The cost per step is
// taken from the steps' own durations (logs/chapter-NNN-executions.jsonl, the executor's process from its start to
// its end, the box's setup included): the median of the differences between a boxed step and the same step of the
// run without the box right after it. A whole chapter varies by more than five steps' box costs from run to run.
{
  const probe = spawnSync('bwrap', ['--ro-bind', '/', '/', '--dev', '/dev', 'true'], { stdio: 'ignore' });
  if (probe.status !== 0) console.log('the box: skipped (bubblewrap cannot start here)');
  else {
    const template = `${JSON.stringify(process.execPath)} ${JSON.stringify(cli)} demo-executor {packet}`;
    const times = { auto: [], off: [] };
    /** Each run's executor steps: step id → its duration (ms), as the run recorded it. */
    const stepTimes = { auto: [], off: [] };
    let steps = 0;
    let firstLine = '';
    for (let i = 0; i < 10; i++)
      for (const mode of ['auto', 'off']) {
        const dir = mkdtempSync(join(tmpdir(), 'novel-bench-box-'));
        spawnSync(process.execPath, [cli, 'init', '--demo', dir], { stdio: 'ignore' });
        const config = join(dir, 'novel.config.json');
        const settings = JSON.parse(readFileSync(config, 'utf8'));
        writeFileSync(
          config,
          `${JSON.stringify({ ...settings, executor: { ...settings.executor, sandbox: mode } })}\n`,
        );
        const t0 = process.hrtime.bigint();
        const r = spawnSync(process.execPath, [cli, 'run', '--executor', template, '--chapters', '1'], {
          cwd: dir,
          encoding: 'utf8',
        });
        times[mode].push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (r.status !== 0) throw new Error(`run (sandbox ${mode}) exited ${r.status}: ${r.stdout}${r.stderr}`);
        if (mode === 'auto') {
          firstLine = r.stdout.split('\n')[0];
          steps = r.stdout.split('\n').filter((l) => l.startsWith('\u2026 ')).length;
        }
        const records = readdirSync(join(dir, 'logs')).filter((f) => f.endsWith('-executions.jsonl'));
        stepTimes[mode].push(
          new Map(
            records.flatMap((f) =>
              readFileSync(join(dir, 'logs', f), 'utf8')
                .split('\n')
                .filter(Boolean)
                .map((line) => JSON.parse(line))
                .map((e) => [e.step, e.duration_ms]),
            ),
          ),
        );
        rmSync(dir, { recursive: true, force: true });
      }
    // Each boxed step against the same step of the run without the box right after it.
    const differences = stepTimes.auto.flatMap((run, i) =>
      [...run].flatMap(([step, ms]) => (stepTimes.off[i]?.has(step) ? [ms - stepTimes.off[i].get(step)] : [])),
    );
    const perStep = median(differences);
    console.log(
      `the box: a chapter (${steps} executor steps) ${median(times.auto).toFixed(0)} ms boxed, ` +
        `${median(times.off).toFixed(0)} ms with sandbox off (medians of 10, alternated); a step: ` +
        `${perStep.toFixed(1)} ms more boxed (median of ${differences.length} step pairs, from the runs' records; ` +
        `target ≤ 15 ms: ${perStep <= 15 ? 'met' : 'NOT met'})`,
    );
    if (!/box: on/.test(firstLine))
      console.log(`  (the boxed run's first line did not say the box is on: ${firstLine})`);
  }
}
// novel import of a 1,000-chapter, 3-million-字 TXT in GB18030 (scripts/lib/synthetic-txt.mjs), into a new project each
// run.
{
  const { syntheticTxt } = await import('./lib/synthetic-txt.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'novel-bench-import-'));
  const txt = join(dir, 'book.txt');
  const enc = spawnSync('iconv', ['-f', 'UTF-8', '-t', 'GB18030'], {
    input: syntheticTxt(1001, 3000),
    maxBuffer: 1 << 30,
  });
  if (enc.status === 0) {
    writeFileSync(txt, enc.stdout);
    const times = [];
    let report = null;
    for (let i = 0; i < 5; i++) {
      const t0 = process.hrtime.bigint();
      const r = spawnSync(process.execPath, [cli, 'import', txt, '--project', join(dir, `p${i}`), '--json'], {
        encoding: 'utf8',
        maxBuffer: 1 << 28,
      });
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (r.status !== 0) throw new Error(`import exited ${r.status}: ${r.stderr}`);
      report = JSON.parse(r.stdout).data;
      rmSync(join(dir, `p${i}`), { recursive: true, force: true });
    }
    const m = median(times);
    if (m > 5000) failed = true;
    console.log(
      `novel import: ${report.chapters} chapters, ${report.zishu} 字, ${(enc.stdout.length / 1048576).toFixed(1)} ` +
        `MiB ${report.encoding} (${report.skipped.length} heading-like line(s) kept as prose): ${m.toFixed(0)} ` +
        `ms median of 5 (target ≤ 5000 ms: ${m <= 5000 ? 'met' : 'NOT met'})`,
    );
  } else console.log('novel import: skipped (no iconv to write the GB18030 book)');
  // A TXT of 99,999 headings, each with one line of text: as many chapters as a step can name, one file each. Beside
  // it, alternated, bare node making as many files of the same sizes in a new folder: the disk's own rate of making
  // files, which is most of an import this size. And one of 100,000, refused before anything is written.
  const floorScript =
    'const fs=require("fs");const [d,n,b]=process.argv.slice(1);fs.mkdirSync(d);' +
    'for(let i=1;i<=+n;i++)fs.writeFileSync(d+"/chapter-"+String(i).padStart(3,"0")+".md",b,{flag:"wx"});';
  for (const count of [99_999, 100_000]) {
    const many = join(dir, `headings-${count}.txt`);
    const lines = [];
    for (let i = 1; i <= count; i++) lines.push(`第${i}章 雨夜${i}`, '林默推开门，雨声正大，灯火在风里摇晃。');
    writeFileSync(many, `${lines.join('\n')}\n`);
    const refused = count === 100_000;
    const runs = refused ? 5 : 3;
    const times = [];
    const floors = [];
    for (let i = 0; i < runs; i++) {
      const into = join(dir, `h${count}-${i}`);
      const t0 = process.hrtime.bigint();
      const r = spawnSync(process.execPath, [cli, 'import', many, '--project', into, '--json'], { encoding: 'utf8' });
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (r.status !== (refused ? 2 : 0)) throw new Error(`import exited ${r.status}: ${r.stderr}`);
      rmSync(into, { recursive: true, force: true });
      if (refused) continue;
      const bare = join(dir, `floor-${i}`);
      const body = '# 第1章 雨夜1\n\n林默推开门，雨声正大，灯火在风里摇晃。\n';
      const t1 = process.hrtime.bigint();
      spawnSync(process.execPath, ['-e', floorScript, bare, String(count), body]);
      floors.push(Number(process.hrtime.bigint() - t1) / 1e6);
      rmSync(bare, { recursive: true, force: true });
    }
    const m = median(times);
    if (m > 5000 && refused) failed = true;
    const floor = floors.length ? median(floors) : null;
    console.log(
      refused
        ? `novel import of ${count} headings (refused: a step names at most 99999 chapters): ${m.toFixed(0)} ms ` +
            `median of ${runs} (target < 5000 ms: ${m < 5000 ? 'met' : 'NOT met'})`
        : `novel import of ${count} headings: ${m.toFixed(0)} ms median of ${runs}; bare node making ${count} ` +
            `files ${floor.toFixed(0)} ms (${(m / floor).toFixed(2)}×; target < 5000 ms: ` +
            `${m < 5000 ? 'met' : 'NOT met'})`,
    );
  }
  rmSync(dir, { recursive: true, force: true });
}
for (const b of [large, small, large50])
  for (const d of [b.refined, b.judged, `${b.refined}-run`, `${b.judged}-run`])
    rmSync(d, { recursive: true, force: true });
rmSync(judged, { recursive: true, force: true });
rmSync(project, { recursive: true, force: true });
rmSync(floorDir, { recursive: true, force: true });
// The run's entry in docs/bench-log.md: when it began, at which commit, on what, and what it printed.
// The log is written whole to a temporary file beside it and renamed over it.
if (!process.argv.includes('--no-log')) {
  const load = (l) => l.map((x) => x.toFixed(2)).join(' ');
  const entry = [
    `## ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: npm run bench`,
    '',
    `At ${headAtStart}${dirtyAtStart ? ' with uncommitted changes' : ''}; node ${process.version}; ` +
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}; load average ` +
      `${load(loadAtStart)} at the start, ${load(os.loadavg())} at the end; ${runs} runs.`,
    '',
    ...printed
      .join('')
      .trimEnd()
      .split('\n')
      .map((l) => (l ? `    ${l}` : '')),
    '',
  ].join('\n');
  const logFile = join(repo, 'docs/bench-log.md');
  const before = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '# Bench log\n';
  const temp = `${logFile}.${process.pid}.tmp`;
  writeFileSync(temp, withEntry(before, entry));
  renameSync(temp, logFile);
  stdoutWrite(`appended to docs/bench-log.md\n`);
}
if (failed && process.argv.includes('--strict')) process.exitCode = 1;

/**
 * The log with `entry` in its place among the dated sections (`## YYYY-MM-DD HH:MM UTC: …`), oldest first: before the
 * first section dated after it, else at the end (a run of bench-cc.mjs logged while this one ran is dated earlier).
 */
function withEntry(log, entry) {
  const date = entry.slice(3, 19);
  const later = [...log.matchAll(/^## (\d{4}-\d\d-\d\d \d\d:\d\d) UTC/gm)].find((m) => m[1] > date);
  if (later === undefined) return `${log.trimEnd()}\n\n${entry}`;
  return `${log.slice(0, later.index)}${entry}\n${log.slice(later.index)}`;
}
