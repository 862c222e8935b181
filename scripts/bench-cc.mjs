// novel side by side with cc-novel-writer (https://github.com/DankerMu/cc-novel-writer):
// the same synthetic book in each tool's project format, at two sizes, and
// the same commands timed alternately run by run.
// Usage: npm run build && node scripts/bench-cc.mjs <cc-novel-writer checkout> [runs] [--strict]
// The checkout must have its dependencies installed (`npm ci` in it): this
// script installs nothing. The checkout is copied to a temporary directory,
// its node_modules linked, and built there (npm run build); nothing is cached
// in this repository.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, symlinkSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { settleCopy } from './lib/settle-copy.mjs';
import { writeSyntheticBook } from './lib/synthetic-book.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const strict = process.argv.includes('--strict');
if (!positional[0]) {
  console.error('usage: node scripts/bench-cc.mjs <path-to-cc-novel-writer-checkout> [runs] [--strict]');
  process.exit(2);
}
const ccSource = resolve(positional[0]);
const runs = Math.max(3, Number(positional[1] ?? 11));
const novelCli = join(repo, 'dist/cli.js');
if (!existsSync(novelCli)) throw new Error('dist/cli.js missing: run `npm run build` first');
const rss = join(repo, 'scripts/lib/max-rss.cjs');
const work = mkdtempSync(join(tmpdir(), 'novel-bench-cc-'));

const sh = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 28, ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stdout}${r.stderr}`);
  return r.stdout;
};

if (!existsSync(join(ccSource, 'node_modules'))) {
  console.error(
    `${join(ccSource, 'node_modules')}: not found; this script installs nothing. ` +
      `Install the checkout's dependencies first: (cd ${ccSource} && npm ci)`,
  );
  process.exit(2);
}
// cc-novel-writer, built from the given checkout in a temporary copy.
const ccDir = join(work, 'cc-novel-writer');
cpSync(ccSource, ccDir, {
  recursive: true,
  filter: (src) => !['node_modules', 'dist', '.git'].includes(basename(src)),
});
process.stderr.write(
  `building cc-novel-writer from ${ccSource} in ${ccDir} (its node_modules linked, npm run build)…\n`,
);
symlinkSync(join(ccSource, 'node_modules'), join(ccDir, 'node_modules'), 'dir');
sh('npm', ['run', 'build'], { cwd: ccDir });
const ccCli = join(ccDir, JSON.parse(readFileSync(join(ccDir, 'package.json'), 'utf8')).bin?.novel ?? 'dist/cli.js');
const ccCommit =
  spawnSync('git', ['-C', ccSource, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout?.trim() ?? '';

const pad3 = (n) => String(n).padStart(3, '0');
const stateBytes = (dir) => statSync(join(dir, 'state/current-state.json')).size;

/**
 * One size: novel's synthetic book with chapter N+1 staged and judged (novel
 * run --executor demo --pause-after judge), and cc-novel-writer's project made
 * from it: the same chapters, summaries, evaluations, crossrefs, state,
 * changelog, foreshadowing, outline and staged outputs; its checkpoint at the
 * same place (judged, chapter N+1 in flight); novel's own bookkeeping left out.
 */
function makeSize(label, options) {
  const novel = writeSyntheticBook(mkdtempSync(join(work, `novel-${label}-`)), {
    ...options,
    lastByNovel: true,
    judged: true,
  });
  const n = options.chapters + 1;
  const cc = join(work, `cc-${label}`);
  sh('cp', ['-a', novel, cc]);
  // novel's own files: its fingerprint and caches, packet manifests, the
  // second judge's evaluation and the chapter-memory entry it stages.
  for (const rel of [
    '.novel',
    'logs/.cache',
    'staging/manifests',
    `staging/evaluations/chapter-${pad3(n)}-eval-secondary.json`,
    `staging/state/chapter-${pad3(n)}-memory.json`,
  ]) {
    rmSync(join(cc, rel), { recursive: true, force: true });
  }
  // cc-novel-writer's commit moves the staged storyline memory into place and
  // refuses to overwrite an existing one.
  const delta = JSON.parse(readFileSync(join(cc, `staging/state/chapter-${pad3(n)}-delta.json`), 'utf8'));
  rmSync(join(cc, `storylines/${delta.storyline_id}/memory.md`), { force: true });
  const checkpoint = JSON.parse(readFileSync(join(novel, '.checkpoint.json'), 'utf8'));
  const keep = [
    'last_completed_chapter',
    'current_volume',
    'orchestrator_state',
    'pipeline_stage',
    'inflight_chapter',
    'revision_count',
    'last_checkpoint_time',
  ];
  writeFileSync(
    join(cc, '.checkpoint.json'),
    `${JSON.stringify(Object.fromEntries(keep.map((k) => [k, checkpoint[k]])), null, 2)}\n`,
  );
  if (checkpoint.pipeline_stage !== 'judged' || checkpoint.inflight_chapter !== n)
    throw new Error(`${label}: novel's book is not judged at chapter ${n}`);
  // Both tools must name the commit of chapter N+1 as what comes next.
  const commitStep = `chapter:${pad3(n)}:commit`;
  for (const [name, cli, dir] of [
    ['novel', novelCli, novel],
    ['cc-novel-writer', ccCli, cc],
  ]) {
    const next = sh(process.execPath, [cli, 'next'], { cwd: dir }).trim();
    if (next !== commitStep) throw new Error(`${label}: ${name} next says ${next}, expected ${commitStep}`);
  }
  // A trial commit of each on a copy: it succeeds and moves the chapter into place. The copies stay, for the packets
  // of the chapter after (novel's draft packet right after a commit, before any other command has run).
  const committed = {};
  for (const [name, cli, dir] of [
    ['novel', novelCli, novel],
    ['cc-novel-writer', ccCli, cc],
  ]) {
    const copy = `${dir}-committed`;
    committed[name] = copy;
    sh('cp', ['-a', dir, copy]);
    sh(process.execPath, [cli, 'commit', '--chapter', String(n)], { cwd: copy });
    const cp = JSON.parse(readFileSync(join(copy, '.checkpoint.json'), 'utf8'));
    if (
      !existsSync(join(copy, `chapters/chapter-${pad3(n)}.md`)) ||
      existsSync(join(copy, `staging/chapters/chapter-${pad3(n)}.md`)) ||
      cp.last_completed_chapter !== n
    ) {
      throw new Error(`${label}: ${name}'s trial commit did not move chapter ${n} into place`);
    }
    const state = JSON.parse(readFileSync(join(copy, 'state/current-state.json'), 'utf8'));
    if (state.state_version !== options.chapters + 1)
      throw new Error(`${label}: ${name}'s trial commit left state_version ${state.state_version}`);
  }
  // The same book as if made outside novel (by hand, or by an older version): none of novel's own bookkeeping (its
  // fingerprint, caches and the book ledger); then the same book once a mutating command (state verify --accept)
  // has built them.
  const outside = join(work, `novel-outside-${label}`);
  sh('cp', ['-a', novel, outside]);
  for (const rel of ['.novel', 'logs/.cache', 'logs/book-ledger.json'])
    rmSync(join(outside, rel), { recursive: true, force: true });
  const accepted = `${outside}-accepted`;
  sh('cp', ['-a', outside, accepted]);
  sh(process.execPath, [novelCli, 'state', 'verify', '--accept'], { cwd: accepted });
  return {
    label,
    n,
    novel,
    outside,
    accepted,
    cc,
    committed: committed.novel,
    ccCommitted: committed['cc-novel-writer'],
    chapters: options.chapters,
    stateBytes: [stateBytes(novel), stateBytes(cc)],
    foreshadowing: options.foreshadowing,
    characters: options.characters,
  };
}

process.stderr.write('writing the synthetic books…\n');
const sizes = [
  makeSize('small', { chapters: 11, characters: 40, foreshadowing: 10 }),
  makeSize('large', { chapters: 3000, characters: 5000, foreshadowing: 1000 }),
];
// The books' writeback (thousands of files just written) is flushed before the clock starts.
spawnSync('sync');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
/** One run: ms and peak RSS (KiB). `fresh`: on a copy of the project made (untimed) for this run. */
const runIn = (cli, dir, args, fresh) => {
  let cwd = dir;
  if (fresh) {
    cwd = `${dir}-run`;
    rmSync(cwd, { recursive: true, force: true });
    spawnSync('cp', ['-a', dir, cwd]);
    // The copy's own writeback is part of the copy: flushed before the clock
    // starts, or the first fsync of a tool that syncs (novel) would pay for
    // writing out thousands of copied files, and one that never syncs would not.
    settleCopy(cwd);
  }
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--require', rss, cli, ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${cli} ${args.join(' ')} in ${cwd} exited ${r.status}: ${r.stdout}${r.stderr}`);
  if (fresh && !existsSync(join(cwd, `chapters/chapter-${pad3(Number(args.at(-1)))}.md`)))
    throw new Error(`${cli} commit left no chapter in ${cwd}`);
  return { ms, kb: Number(/maxrss_kb=(\d+)/.exec(r.stderr)?.[1] ?? 0) };
};

// The nearest equivalents: both tools' commands take the same arguments here. Both take their global flags (--json,
// --project) before the command too: the flags-first cases time that form. `book`: the book novel reads (its own,
// one made outside novel, or that one after a mutating command); cc-novel-writer's is the same in each case.
const flagsFirst = (args) => ['--json', '--project', '.', ...args];
const cases = [
  { name: 'next', args: () => ['next'] },
  { name: 'status', args: () => ['status'] },
  { name: 'instructions judge --json', args: (s) => ['instructions', `chapter:${pad3(s.n)}:judge`, '--json'] },
  // The other packets of cc-novel-writer's steps, for the same chapter: novel's draft and summarize packets inline the
  // chapter's foreshadowing tasks (all 1,000 items of the large book's list), cc-novel-writer's name paths.
  { name: 'instructions draft --json', args: (s) => ['instructions', `chapter:${pad3(s.n)}:draft`, '--json'] },
  {
    name: 'instructions summarize --json',
    args: (s) => ['instructions', `chapter:${pad3(s.n)}:summarize`, '--json'],
  },
  { name: 'instructions refine --json', args: (s) => ['instructions', `chapter:${pad3(s.n)}:refine`, '--json'] },
  // The chapter after, its draft packet on each tool's book right after its commit: novel's record of the chapter's
  // foreshadowing is not there yet (a commit leaves it to the next mutating command), and the list is read.
  {
    name: 'draft packet after commit',
    args: (s) => ['instructions', `chapter:${pad3(s.n + 1)}:draft`, '--json'],
    book: 'committed',
    ccBook: 'ccCommitted',
  },
  { name: 'commit', args: (s) => ['commit', '--chapter', String(s.n)], fresh: true },
  { name: '--json --project . next', args: () => flagsFirst(['next']) },
  { name: '--json --project . status', args: () => flagsFirst(['status']) },
  {
    name: '--json --project . instructions judge',
    args: (s) => flagsFirst(['instructions', `chapter:${pad3(s.n)}:judge`]),
  },
  { name: 'next, book made outside', args: () => ['next'], book: 'outside' },
  { name: 'status, book made outside', args: () => ['status'], book: 'outside' },
  {
    name: 'instructions, book made outside',
    args: (s) => ['instructions', `chapter:${pad3(s.n)}:judge`, '--json'],
    book: 'outside',
  },
  { name: 'status, outside, then accepted', args: () => ['status'], book: 'accepted' },
  {
    name: 'instructions, outside, accepted',
    args: (s) => ['instructions', `chapter:${pad3(s.n)}:judge`, '--json'],
    book: 'accepted',
  },
];
// Every case of both sizes once per round, novel and cc-novel-writer one after the other, for `runs` rounds: a slow
// stretch of the machine falls on every case alike, where a block of runs per case left it on the cases it met (two
// runs on 2026-11-30 read the large book's status and judge packet at 0.81-0.88 in their blocks, against 0.75-0.80 for
// the same commands timed alone just after).
const timed = sizes.flatMap((s) =>
  cases.map((c) => ({ s, c, book: s[c.book ?? 'novel'], ccBook: s[c.ccBook ?? 'cc'], novel: [], cc: [] })),
);
// One untimed run of each warms the file cache.
for (const t of timed) {
  runIn(novelCli, t.book, t.c.args(t.s), t.c.fresh);
  runIn(ccCli, t.ccBook, t.c.args(t.s), t.c.fresh);
}
for (let i = 0; i < runs; i++) {
  for (const t of timed) {
    t.novel.push(runIn(novelCli, t.book, t.c.args(t.s), t.c.fresh));
    t.cc.push(runIn(ccCli, t.ccBook, t.c.args(t.s), t.c.fresh));
  }
}
const results = {};
for (const { s, c, novel, cc } of timed) {
  results[`${s.label} ${c.name}`] = {
    novel: median(novel.map((x) => x.ms)),
    cc: median(cc.map((x) => x.ms)),
    // Each novel run against the cc-novel-writer run right after it, as `npm run bench` pairs its runs: a slow
    // moment of the machine falls on both runs of a pair, and leaves the ratio of the medians more than this one.
    pairs: median(novel.map((x, i) => x.ms / cc[i].ms)),
    novelKb: median(novel.map((x) => x.kb)),
    ccKb: median(cc.map((x) => x.kb)),
  };
}

// novel's commit on the two books, each large commit against the small one just before it (in the rounds above, a
// round's other cases run between the two).
// The demo's chapter advances every foreshadowing item: on the large book a delta of 1,000 items, held to 1.5× the
// small book's time and 1.3× its memory (`npm run bench` holds a 50-op delta to 1.2×).
const crossSize = { small: [], large: [] };
for (let i = 0; i < runs; i++)
  for (const s of sizes) crossSize[s.label].push(runIn(novelCli, s.novel, ['commit', '--chapter', String(s.n)], true));

let failed = false;
const verdict = (ok, target) => {
  if (!ok) failed = true;
  return `(target ≤ ${target}: ${ok ? 'met' : 'NOT met'})`;
};
const mib = (kb) => `${(kb / 1024).toFixed(0)} MiB`;
console.log(
  `novel vs cc-novel-writer${ccCommit ? ` (${ccCommit})` : ''}: ${runs} rounds of every command at both sizes, ` +
    `novel and cc-novel-writer alternated (medians in ms; novel/cc: the median of the runs' pairwise ratios, ` +
    `then the ratio of the medians; commit on a fresh copy per run, the copy and its writeback (sync ` +
    `-f, twice) untimed; node ${process.version}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'})`,
);
for (const s of sizes) {
  console.log(
    `${s.label}: ${s.chapters.toLocaleString('en')} committed chapters, ` +
      `${s.characters.toLocaleString('en')} characters, ${s.foreshadowing.toLocaleString('en')} ` +
      `foreshadowing items, current-state.json ${s.stateBytes[0].toLocaleString('en')} bytes (novel) ` +
      `/ ${s.stateBytes[1].toLocaleString('en')} (cc-novel-writer); chapter ${s.n} staged and judged`,
  );
  for (const c of cases) {
    const r = results[`${s.label} ${c.name}`];
    const ratio = r.pairs;
    // A book made outside novel, before any mutating command built its caches, has no target of its own: its status
    // once they are built has (below, against the small book).
    const target = c.name === 'commit' ? (s.label === 'large' ? 1.0 : null) : c.book === 'outside' ? null : 0.8;
    const memory = c.name === 'commit' ? `  peak RSS ${mib(r.novelKb)} / ${mib(r.ccKb)}` : '';
    console.log(
      `  ${c.name.padEnd(26)} novel ${r.novel.toFixed(1).padStart(7)}   cc-novel-writer ` +
        `${r.cc.toFixed(1).padStart(7)}   novel/cc ${ratio.toFixed(2)} (medians ${(r.novel / r.cc).toFixed(2)})` +
        `${target === null ? '' : `  ${verdict(ratio <= target, target)}`}${memory}`,
    );
  }
}
// A book made outside novel, once a mutating command has run: its status within 1.1x of the small book's (§46).
const acceptedRatio = results['large status, outside, then accepted'].novel / results['small status'].novel;
console.log(
  `novel status on the large book made outside novel, after state verify --accept, vs the small book: ratio ` +
    `${acceptedRatio.toFixed(2)} ${verdict(acceptedRatio <= 1.1, 1.1)}`,
);
const small = results['small commit'];
const large = results['large commit'];
{
  const ms = (label) => median(crossSize[label].map((x) => x.ms));
  const kb = (label) => median(crossSize[label].map((x) => x.kb));
  const pairs = median(crossSize.large.map((x, i) => x.ms / crossSize.small[i].ms));
  console.log(
    `novel commit, large vs small, the sizes alternated (${runs} runs each): time ${ms('large').toFixed(1)} / ` +
      `${ms('small').toFixed(1)} ms, ratio ${pairs.toFixed(2)} (medians ${(ms('large') / ms('small')).toFixed(2)}) ` +
      `${verdict(pairs <= 1.5, 1.5)}; peak RSS ${mib(kb('large'))} / ${mib(kb('small'))}, ratio ` +
      `${(kb('large') / kb('small')).toFixed(2)} ${verdict(kb('large') / kb('small') <= 1.3, 1.3)}`,
  );
}
console.log(
  `cc-novel-writer commit, large vs small: time ratio ${(large.cc / small.cc).toFixed(2)}, ` +
    `peak RSS ratio ${(large.ccKb / small.ccKb).toFixed(2)}`,
);
rmSync(work, { recursive: true, force: true });
if (failed && strict) process.exitCode = 1;
