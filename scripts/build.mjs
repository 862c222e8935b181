// Builds the CLI for fast startup (see `npm run bench`):
//  - dist/novel.cjs: everything bundled into one CommonJS file (one read, one
//    compile; CommonJS loads faster than ESM here);
//  - dist/novel.<group>.cjs: for the commands run most often (ownBundles), a
//    bundle of the same sources without the other commands' modules;
//  - dist/novel.cache and dist/novel.<group>.cache (and .json.cache, for
//    --json, and .<stage>.json.cache for the packets asked for most): V8 code
//    caches of these bundles, produced by warm-up runs, so later runs skip most
//    parsing and compiling;
//  - dist/cli.js: the bin, a few lines that load the command's bundle with its
//    cache (falling back to a plain compile when V8 rejects the cache).
// clipanion's platform module is swapped for its browser variant: the node
// variant loads `tty` (and with it `net`) only to guess a colour depth, and
// novel prints without colours.
//
// Usage: node scripts/build.mjs [--outdir DIR]   (default: dist/ of the repository)
// The build writes into a fresh directory beside DIR (.DIR.build-XXXXXX) and
// moves each finished file into DIR with a rename, the bin (cli.js) last: a
// command started during a build runs the old files or the new ones, never a
// missing or half-written one, and two builds at once each publish a complete
// build (the same sources give the same bundles; a cache is V8's for its own
// bundle's bytes).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleOptions as makeBundleOptions, wrapBundle } from './lib/bundle-options.mjs';
import { cliMachines } from './lib/cli-machines.mjs';
import { catalogueParts } from './lib/catalogue-parts.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const outdirAt = process.argv.indexOf('--outdir');
if (outdirAt >= 0 && !process.argv[outdirAt + 1]) {
  process.stderr.write('build: --outdir takes a directory\n');
  process.exit(2);
}
const outdir = outdirAt >= 0 ? resolve(process.argv[outdirAt + 1]) : join(repo, 'dist');
mkdirSync(dirname(outdir), { recursive: true });
// Everything below writes into `dist`, this build's own directory, until publish() moves it into outdir.
const dist = mkdtempSync(join(dirname(outdir), `.${basename(outdir)}.build-`));
process.on('exit', () => rmSync(dist, { recursive: true, force: true }));
// Stopped by a signal (Ctrl-C), the build removes its directory too: a signal ends a process without its exit handlers.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
])
  process.on(signal, () => process.exit(code));
const require = createRequire(import.meta.url);

// The bundles and code caches (below), and the warm-up runs that make the
// caches: dist/novel.cjs with dist/novel.cache, which every command can use,
// and for each group of ownBundles dist/novel.<group>.cjs with
// dist/novel.<group>.cache, which dist/cli.js loads for the group's `commands`.
const sharedCacheRuns = (p) => [
  [p.judged, 'next'],
  [p.judged, 'status'],
  [p.judged, 'instructions', p.judgeStep, '--json'],
  [p.judged, 'commit', '--chapter', String(p.chapter)],
  [p.judged, 'next'],
  [p.judged, 'instructions', p.draftStep, '--json'],
];
// A group's plain and --json runs compile different code (the JSON output and
// the reasons only it shows): each has a cache of its own (`jsonRuns`,
// dist/novel.<group>.json.cache), so that neither deserializes the other's.
const ownBundles = {
  next: {
    commands: ['next'],
    runs: (p) => [[p.judged, 'next']],
    jsonRuns: (p) => [[p.judged, 'next', '--json']],
  },
  status: {
    commands: ['status'],
    runs: (p) => [[p.judged, 'status']],
    jsonRuns: (p) => [[p.judged, 'status', '--json']],
  },
  instructions: {
    commands: ['instructions'],
    runs: (p) => [[p.judged, 'instructions', p.judgeStep]],
    jsonRuns: (p) => [
      [p.judged, 'instructions', p.judgeStep, '--json'],
      [p.drafting, 'instructions', p.draftStep, '--json'],
    ],
    // The packets asked for most (by the step's last word, chapter:004:judge) have a --json cache of their own
    // (dist/novel.instructions.<stage>.json.cache): the judge packet's, without the draft packet's code, is 550 KB
    // instead of 582, deserialized in 8.77 ms instead of 9.17 (median of 40 processes) with 59 fewer pages touched
    // per run (docs/decisions.md); any other stage takes jsonRuns' cache.
    stageJsonRuns: {
      judge: (p) => [[p.judged, 'instructions', p.judgeStep, '--json']],
      draft: (p) => [[p.drafting, 'instructions', p.draftStep, '--json']],
    },
  },
  commit: {
    commands: ['commit'],
    runs: (p) => [[p.judged, 'commit', '--chapter', String(p.chapter)]],
  },
};
/** The groups whose --json runs have a cache of their own. */
const jsonGroups = Object.keys(ownBundles).filter((group) => ownBundles[group].jsonRuns);
/** The stages whose --json packets have a cache of their own, by group. */
const stageCaches = Object.fromEntries(
  Object.entries(ownBundles)
    .filter(([, g]) => g.stageJsonRuns)
    .map(([group, g]) => [group, Object.keys(g.stageJsonRuns)]),
);

// The catalogue's large parts, beside the bundles (dist/messages.<part>.cjs), with the stubs the bundles hold.
const bundleOptions = makeBundleOptions(repo, join(dist, 'novel.cjs'), [await catalogueParts(repo, dist, wrapBundle)]);
const main = await build(bundleOptions);

/**
 * A group's bundle: the same entry point and options, with every command
 * module that is not the group's own left out. cli.ts loads only the command
 * the leading words of argv name, and dist/cli.js takes a group's bundle only
 * when argv names one of its commands, so the modules left out are never
 * loaded; a module left out throws if anything ever does load it.
 */
function groupOnly(commands) {
  return {
    name: 'group-commands-only',
    setup(b) {
      b.onResolve({ filter: /^\.\/commands\/.+\.js$/ }, (args) => {
        if (!/[\\/]src[\\/]command-table\.ts$/.test(args.importer)) return undefined;
        const command = args.path.slice('./commands/'.length, -'.js'.length).replace('/', ' ');
        return commands.includes(command) ? undefined : { path: command, namespace: 'left-out-command' };
      });
      b.onLoad({ filter: /.*/, namespace: 'left-out-command' }, (args) => ({
        contents: `throw new Error(${JSON.stringify(
          `novel ${args.path} is not in this bundle (it holds ` +
            `${commands.join(', ')}): dist/cli.js loads dist/novel.cjs for it`,
        )});`,
        loader: 'js',
      }));
    },
  };
}
// Each group's bundle holds the parsing machines of its commands (src/cli-machine.ts).
const machines = cliMachines(
  repo,
  Object.values(ownBundles).flatMap((g) => g.commands),
);
for (const [group, g] of Object.entries(ownBundles)) {
  await build({
    ...bundleOptions,
    outfile: join(dist, `novel.${group}.cjs`),
    metafile: false,
    define: {
      ...bundleOptions.define,
      __NOVEL_CLI_MACHINES__: JSON.stringify(Object.fromEntries(g.commands.map((c) => [c, machines[c]]))),
    },
    plugins: [...bundleOptions.plugins, groupOnly(g.commands)],
  });
}

const markdown = await build({
  entryPoints: [require.resolve('markdown-it')],
  metafile: true,
  outfile: join(dist, 'markdown-it.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: true,
  charset: 'utf8',
  // Its licence (and those of what it bundles) stays with the code.
  legalComments: 'eof',
  logLevel: 'warning',
});

// The page of `novel serve` (dist/web/): its script with the chart library
// (uPlot: small, no dependencies) bundled in, so the page loads nothing from
// the network; its stylesheet with uPlot's; the HTML as it is.
mkdirSync(join(dist, 'web'), { recursive: true });
const web = await build({
  entryPoints: [join(repo, 'src/web/app.ts')],
  outfile: join(dist, 'web/app.js'),
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: 'es2020',
  minify: true,
  charset: 'utf8',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
writeFileSync(
  join(dist, 'web/app.css'),
  `${readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8')}` +
    `\n${readFileSync(join(repo, 'src/web/app.css'), 'utf8')}`,
);
writeFileSync(join(dist, 'web/index.html'), readFileSync(join(repo, 'src/web/index.html')));

// Third-party notices: every package whose code is in dist/, with its licence text.
{
  const packages = new Map();
  for (const input of [
    ...Object.keys(main.metafile.inputs),
    ...Object.keys(markdown.metafile.inputs),
    ...Object.keys(web.metafile.inputs),
  ]) {
    const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input.replace(/\\/g, '/'));
    if (!m) continue;
    const dir = join(repo, input.slice(0, input.indexOf(m[1]) + m[1].length));
    if (packages.has(m[1])) continue;
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const { readdirSync } = await import('node:fs');
    const licenceFile = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
    packages.set(m[1], {
      version: pkg.version,
      license: typeof pkg.license === 'string' ? pkg.license : JSON.stringify(pkg.license ?? 'UNKNOWN'),
      text: licenceFile
        ? readFileSync(join(dir, licenceFile), 'utf8').trim()
        : `(no licence file in the package; package.json says ${pkg.license ?? 'nothing'})`,
    });
  }
  const names = [...packages.keys()].sort();
  const notice = [
    'novel bundles the following third-party packages into dist/ (novel.cjs, markdown-it.cjs, web/app.js).',
    'Each is listed with its version, its licence identifier and its licence text.',
    '',
    ...names.flatMap((n) => {
      const p = packages.get(n);
      return [`${'='.repeat(78)}`, `${n} ${p.version} — ${p.license}`, `${'='.repeat(78)}`, p.text, ''];
    }),
  ].join('\n');
  writeFileSync(join(dist, 'THIRD-PARTY-NOTICES.txt'), `${notice}\n`);
}

// Each bundle is stored already wrapped as a CommonJS module function (wrapBundle, scripts/lib/bundle-options.mjs).
const { wrap } = createRequire(import.meta.url)('node:module');
const [prefix, suffix] = wrap('\u0000').split('\u0000');
for (const name of ['novel', ...Object.keys(ownBundles).map((group) => `novel.${group}`)]) {
  wrapBundle(join(dist, `${name}.cjs`));
}
/** The node the caches are made by (the warm-up runs below run on this one), as dist/cli.js checks it. */
const cacheNode = `${process.version} ${process.versions.v8} ${process.arch} ${process.platform}`;
writeFileSync(
  join(dist, 'cli.js'),
  `#!/usr/bin/env node
'use strict';
// Runs dist/novel.cjs (the bundle, stored wrapped as a CommonJS module
// function) through V8's code cache (dist/novel.cache) when it is valid. The
// commands run most often have a bundle and a cache of their own, holding only
// their own code: a smaller bundle is read, and its cache deserialized, faster.
const fs = require('node:fs');
const path = require('node:path');
// The group a command word has its own bundle in: own keys only (\`novel constructor\` is an unknown command, ` +
    `not a path).
const groups = ${JSON.stringify(
      Object.fromEntries(Object.entries(ownBundles).flatMap(([group, g]) => g.commands.map((c) => [c, group]))),
    )};
// The command word: the first argument that is no global flag (--json, --project DIR, --lang L) or its value, so
// that \`novel --json --project P next\` takes next's bundle as \`novel next --json --project P\` does.
// The word after it (an instructions packet's step) is found the same way.
const words = [];
for (let i = 2; i < process.argv.length && words.length < 2; i++) {
  const a = process.argv[i];
  if (a === '--project' || a === '--lang') i++;
  else if (a !== '--json' && !a.startsWith('--project=') && !a.startsWith('--lang=')) words.push(a);
}
const word = words[0] ?? '';
const own = Object.hasOwn(groups, word) ? groups[word] : undefined;
const name = own ? \`novel.\${own}\` : 'novel';
// Such a group's --json runs take the cache their own runs made; a packet of a stage with a cache of its own (the
// step's last word: chapter:004:judge) takes that one.
const jsonGroups = ${JSON.stringify(jsonGroups)};
const stageCaches = ${JSON.stringify(stageCaches)};
const stage = /:([a-z-]+)$/.exec(words[1] ?? '')?.[1];
const cacheName = !own || !jsonGroups.includes(own) || !process.argv.includes('--json')
  ? name
  : Object.hasOwn(stageCaches, own) && stageCaches[own].includes(stage)
    ? \`\${name}.\${stage}.json\`
    : \`\${name}.json\`;
const file = path.join(__dirname, \`\${name}.cjs\`);
// A file's bytes, read into \`into\` when it is large enough. The bundle's bytes and then the cache's are read into one
// buffer: in a new process a page of memory costs more the first time it is touched than the bytes read into it
// (some 4 to 13 µs a page on 2-core VMs), and the bundle's bytes are not needed once decoded. The buffer is made with
// room for either (a command's cache is larger than its bundle since the catalogue's parts left it); a page of it
// that no read reaches is never touched, and costs nothing.
const room = 4 << 20;
function readInto(f, into) {
  const fd = fs.openSync(f, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const buf = into !== undefined && into.length >= size ? into : Buffer.allocUnsafeSlow(size);
    let at = 0;
    while (at < size) {
      const n = fs.readSync(fd, buf, at, size - at, at);
      if (n === 0) break;
      at += n;
    }
    return buf.subarray(0, at);
  } finally {
    fs.closeSync(fd);
  }
}
const bundleBytes = readInto(file, Buffer.allocUnsafeSlow(room));
// The bundle is pure ASCII (esbuild escapes the rest), so latin1 decodes it fastest.
const source = bundleBytes.toString('latin1');
if (process.argv.some((a) => a.startsWith('--inspect'))) {
  // import() of ES modules (the Stately inspector) needs Node's own module
  // loader, which code-cached vm.Script code lacks on Node 20.
  const Module = require('node:module');
  const m = new Module(file, module);
  m.filename = file;
  m.paths = Module._nodeModulePaths(__dirname);
  m._compile(source.slice(${prefix.length}, source.length - ${suffix.length}), file);
} else {
  const vm = require('node:vm');
  // Only the node that made the caches takes them. V8 checks its version
  // (11.3.244.8 in every Node 20), not the patches each Node release adds:
  // Node 20.17 and 20.18 took a cache made by 20.20 and crashed (SIGSEGV).
  let cachedData;
  if (\`\${process.version} \${process.versions.v8} \${process.arch} \${process.platform}\` === ` +
    `${JSON.stringify(cacheNode)}) {
    try {
      cachedData = readInto(path.join(__dirname, \`\${cacheName}.cache\`), Buffer.from(bundleBytes.buffer));
    } catch {
      cachedData = undefined;
    }
  }
  const script = new vm.Script(source, { filename: file, cachedData });
  const mod = { exports: {} };
  script.runInThisContext().call(mod.exports, mod.exports, require, mod, file, __dirname);
}
`,
);
writeFileSync(join(dist, 'package.json'), '{ "type": "commonjs" }\n');
chmodSync(join(dist, 'cli.js'), 0o755);

// The code caches are made by warm-up runs on copies of the fixture project as
// authors have it (a mutating command ran once, so the stat caches are
// recorded; the demo executor took chapter 4 to its judge), each cache in a
// process of its own (scripts/lib/warm-code-cache.cjs), so that it holds what
// its runs compiled and nothing else:
//  - dist/novel.cache, for every command: the reads (next, status, a judge and
//    a draft packet) and a commit, one after another. Measured against a cache
//    made by `next` alone, this larger cache loads about 1 ms slower and saves
//    more: instructions 7–11 %, commit 3–4 %, next 3 %, status 0–7 %;
//  - dist/novel.<group>.cache (ownBundles, above), for the commands run most
//    often: their own bundle, warmed by their own runs only. Such a command
//    reads a bundle of about half the size and deserializes a smaller cache:
//    about 1 ms less each (docs/decisions.md);
//  - dist/novel.<group>.json.cache, for those of them that print JSON: the
//    same bundle, warmed by its --json runs only; the plain runs' cache is
//    10 % smaller without the code only JSON output runs;
//  - dist/novel.<group>.<stage>.json.cache (stageJsonRuns): a stage's --json
//    packets, warmed by that stage's packet alone.
const { cpSync } = await import('node:fs');
const { tmpdir } = await import('node:os');
const warmRoot = mkdtempSync(join(tmpdir(), 'novel-build-warmup-'));
const judgedDir = join(warmRoot, 'judged');
cpSync(join(repo, 'fixtures/project'), judgedDir, { recursive: true });
const cli = (cwd, args) => spawnSync(process.execPath, [join(dist, 'cli.js'), ...args], { cwd, encoding: 'utf8' });
const prepared = [
  cli(judgedDir, ['state', 'verify', '--accept']),
  cli(judgedDir, ['run', '--executor', 'demo', '--pause-after', 'judge']),
];
const judged = cli(judgedDir, ['next']).stdout.trim();
const chapter = Number(/^chapter:(\d+):commit$/.exec(judged)?.[1]);
const failed = prepared.find((r) => r.status !== 0);
if (failed || !chapter) {
  process.stderr.write(
    `build: preparing the warm-up project failed: ${failed ? failed.stderr : `next is ${judged}, expected a commit`}\n`,
  );
  process.exit(1);
}
// A copy with the judged chapter committed: the next chapter awaits its draft.
const draftingDir = join(warmRoot, 'drafting');
cpSync(judgedDir, draftingDir, { recursive: true });
const committed = cli(draftingDir, ['commit', '--chapter', String(chapter)]);
if (committed.status !== 0) {
  process.stderr.write(`build: preparing the warm-up project failed: ${committed.stderr}\n`);
  process.exit(1);
}
const pad = (n) => String(n).padStart(3, '0');
const project = {
  judged: judgedDir,
  drafting: draftingDir,
  chapter,
  judgeStep: `chapter:${pad(chapter)}:judge`,
  draftStep: `chapter:${pad(chapter + 1)}:draft`,
};
const caches = [
  { name: 'novel', runs: sharedCacheRuns(project) },
  ...Object.entries(ownBundles).flatMap(([group, g]) => [
    { name: `novel.${group}`, runs: g.runs(project) },
    ...(g.jsonRuns ? [{ name: `novel.${group}`, cache: `novel.${group}.json`, runs: g.jsonRuns(project) }] : []),
    ...Object.entries(g.stageJsonRuns ?? {}).map(([stage, runs]) => ({
      name: `novel.${group}`,
      cache: `novel.${group}.${stage}.json`,
      runs: runs(project),
    })),
  ]),
];
for (const [k, c] of caches.entries()) {
  // Runs that change the book (a commit) get a copy of their own.
  const copies = new Map();
  const runs = c.runs.map(([cwd, ...args]) => {
    if (!copies.has(cwd)) {
      const copy = join(warmRoot, `run-${k}-${copies.size}`);
      cpSync(cwd, copy, { recursive: true });
      copies.set(cwd, copy);
    }
    return [copies.get(cwd), ...args];
  });
  const warm = spawnSync(
    process.execPath,
    [
      join(repo, 'scripts/lib/warm-code-cache.cjs'),
      join(dist, `${c.name}.cjs`),
      join(dist, `${c.cache ?? c.name}.cache`),
      JSON.stringify(runs),
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    },
  );
  if (warm.status !== 0) {
    rmSync(warmRoot, { recursive: true, force: true });
    process.stderr.write(
      `build: warm-up run for dist/${c.cache ?? c.name}.cache failed (${warm.status}):\n${warm.stderr}\n`,
    );
    process.exit(1);
  }
}
rmSync(warmRoot, { recursive: true, force: true });

/** The files under `dir`, as paths relative to it. */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}
// Publish: each file renamed into outdir (a rename replaces a file whole), the
// bin last, so that a bin that is there finds the bundles it names; then what
// an earlier build left and this one did not make goes.
const built = filesUnder(dist).sort(
  (a, b) => Number(a === 'cli.js') - Number(b === 'cli.js') || (a < b ? -1 : a > b ? 1 : 0),
);
for (const rel of built) {
  mkdirSync(dirname(join(outdir, rel)), { recursive: true });
  renameSync(join(dist, rel), join(outdir, rel));
}
for (const rel of filesUnder(outdir)) if (!built.includes(rel)) rmSync(join(outdir, rel), { force: true });
