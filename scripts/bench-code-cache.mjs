// What the V8 code caches of the build (dist/*.cache, scripts/build.mjs) give
// at startup, on the Node that built them and on others: each node runs
// `novel next`, `novel status` and a draft packet from dist/ as built and
// from a copy of it without the caches, alternated run by run with bare
// `node -e 0`, on the demo project. Medians in ms.
// Usage: npm run build && node scripts/bench-code-cache.mjs [runs] [--node PATH]…
//   --node PATH: another node binary already on this machine, measured
//   beside the one running this script (e.g. another Node 20 minor). The
//   script installs nothing and needs no network.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const dist = join(repo, 'dist');
if (!existsSync(join(dist, 'cli.js'))) throw new Error('dist/cli.js missing: run `npm run build` first');
const args = process.argv.slice(2);
const nodes = [process.execPath];
for (let i = 0; i < args.length; i++) if (args[i] === '--node') nodes.push(args[++i]);
const runs = Math.max(5, Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--node') ?? 31));

const work = mkdtempSync(join(os.tmpdir(), 'novel-bench-cc-'));
const withCaches = join(work, 'with', 'dist');
const without = join(work, 'without', 'dist');
cpSync(dist, withCaches, { recursive: true });
cpSync(dist, without, { recursive: true });
for (const f of readdirSync(without)) if (f.endsWith('.cache')) rmSync(join(without, f));
const project = join(work, 'project');
cpSync(join(repo, 'fixtures/project'), project, { recursive: true });
// As authors have it: a mutating command ran once (npm run bench does the same).
spawnSync(process.execPath, [join(dist, 'cli.js'), 'state', 'verify', '--accept'], { cwd: project, stdio: 'ignore' });

const version = (node) =>
  spawnSync(node, ['-p', 'process.version + " (V8 " + process.versions.v8 + ")"'], { encoding: 'utf8' }).stdout.trim();
/** Whether V8 in `node` takes each cache of the build for its bundle. */
function rejected(node) {
  const out = {};
  for (const cache of readdirSync(withCaches)
    .filter((f) => f.endsWith('.cache'))
    .sort()) {
    const bundle = join(withCaches, `${cache.replace(/(\.json)?\.cache$/, '')}.cjs`);
    const check =
      `const fs=require('fs'),vm=require('vm');const s=new ` +
      `vm.Script(fs.readFileSync(${JSON.stringify(bundle)},'latin1'),{filename:` +
      `${JSON.stringify(bundle)},cachedData:fs.readFileSync(${JSON.stringify(join(withCaches, cache))}` +
      `)});process.stdout.write(String(s.cachedDataRejected))`;
    out[cache] = spawnSync(node, ['-e', check], { encoding: 'utf8' }).stdout;
  }
  return out;
}

const commands = [
  ['next', ['next']],
  ['status', ['status']],
  ['instructions draft --json', ['instructions', 'chapter:004:draft', '--json']],
];
/**
 * One run's wall time in ms; a run that fails is recorded as how it ended (a cache a node takes but cannot run can
 * crash it).
 */
function time(node, argv) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(node, argv, { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0)
    return r.signal ? `killed by ${r.signal}` : `exit ${r.status}: ${String(r.stderr).trim().split('\n').at(-1)}`;
  return ms;
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
// Every variant: each node bare, and each command from each dist; run in turn, round after round.
const variants = nodes.flatMap((node) => [
  { node, label: 'node -e 0', argv: ['-e', '0'] },
  ...commands.flatMap(([name, a]) => [
    { node, label: `${name} (caches)`, argv: [join(withCaches, 'cli.js'), ...a] },
    { node, label: `${name} (no caches)`, argv: [join(without, 'cli.js'), ...a] },
  ]),
]);
// One untimed run of each; a variant that fails there is reported as it failed and not timed.
const failed = variants.map((v) => {
  const r = time(v.node, v.argv);
  return typeof r === 'string' ? r : null;
});
const times = variants.map(() => []);
for (let i = 0; i < runs; i++) {
  // A different variant first in each round, so that none always follows the same one.
  for (let k = 0; k < variants.length; k++) {
    const j = (k + i) % variants.length;
    if (failed[j]) continue;
    const r = time(variants[j].node, variants[j].argv);
    if (typeof r === 'string') throw new Error(`${variants[j].node} ${variants[j].argv.join(' ')}: ${r}`);
    times[j].push(r);
  }
}
console.log(
  `code caches at startup: ${runs} rounds, every variant once per round in turn (medians in ms; caches: dist/ as ` +
    `built, none: without its *.cache files; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
);
for (const node of nodes) {
  const refused = Object.entries(rejected(node))
    .filter(([, r]) => r !== 'false')
    .map(([c]) => c);
  const bare = median(times[variants.findIndex((v) => v.node === node)]);
  console.log(
    `${version(node)}${node === process.execPath ? ' (this node)' : ''}: bare node ${bare.toFixed(1)} ` +
      `ms; V8's own check ${refused.length ? `rejects ${refused.join(', ')}` : 'takes every cache'}`,
  );
  for (const [name] of commands) {
    const at = (label) => variants.findIndex((v) => v.node === node && v.label === `${name} (${label})`);
    const [w, wo] = ['caches', 'no caches'].map((label) => failed[at(label)] ?? median(times[at(label)]));
    const show = (x) => (typeof x === 'string' ? x : x.toFixed(1)).padStart(6);
    const saved =
      typeof w === 'number' && typeof wo === 'number'
        ? `   saved ${(wo - w).toFixed(1).padStart(5)} ms ` +
          `(${(((wo - w) / (wo - bare)) * 100).toFixed(0)} % of what it adds to bare node)`
        : '';
    console.log(`  ${name.padEnd(26)} caches ${show(w)}   none ${show(wo)}${saved}`);
  }
}
const bin = readFileSync(join(dist, 'cli.js'), 'utf8');
console.log(`dist/cli.js gives the caches to ${/=== ("[^"]*")\) \{/.exec(bin)?.[1] ?? 'any node (no check)'} only`);
rmSync(work, { recursive: true, force: true });
