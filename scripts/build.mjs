// Builds the CLI for fast startup (see `npm run bench`):
//  - dist/novel.cjs: everything bundled into one CommonJS file (one read, one
//    compile; CommonJS loads faster than ESM here);
//  - dist/novel.cache: V8 code cache of that bundle, produced by running a
//    warm-up command, so later runs skip most parsing and compiling;
//  - dist/cli.js: the bin, a few lines that load the bundle with the cache
//    (falling back to a plain compile when V8 rejects the cache).
// clipanion's platform module is swapped for its browser variant: the node
// variant loads `tty` (and with it `net`) only to guess a colour depth, and
// novel prints without colours.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const dist = join(repo, 'dist');
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
const require = createRequire(import.meta.url);
// require.resolve('clipanion') is lib/advanced/index.js; the platform module sits in lib/platform.
const clipanionBrowserPlatform = join(dirname(require.resolve('clipanion')), '../platform/browser.js');

await build({
  entryPoints: [join(repo, 'src/main.ts')],
  outfile: join(dist, 'novel.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  // Only `novel run --inspect` needs the inspector (and its WebSocket stack):
  // it is loaded from node_modules on demand instead of growing every start.
  external: ['@statelyai/inspect'],
  // src/io/package-files.ts reads import.meta.url only when __dirname is absent (ESM sources).
  logOverride: { 'empty-import-meta': 'silent' },
  // clipanion's default context reads process.stdin/stdout/stderr when it
  // loads, which builds three streams at every start; novel never reads
  // standard input and writes through src/io/stdio.ts.
  define: {
    'process.stdin': 'globalThis.__novelNoStdio',
    'process.stdout': 'globalThis.__novelNoStdio',
    'process.stderr': 'globalThis.__novelNoStdio',
  },
  plugins: [
    {
      // write-file-atomic loads node:crypto and worker_threads at require
      // time only to name its temporary files; load them at the first write
      // instead (about 20 ms of every start otherwise).
      name: 'write-file-atomic-lazy-crypto',
      setup(b) {
        b.onLoad({ filter: /write-file-atomic[\\/]lib[\\/]index\.js$/ }, async (args) => {
          const { readFile } = await import('node:fs/promises');
          const source = await readFile(args.path, 'utf8');
          const edits = [
            ["const crypto = require('node:crypto')", "const crypto = { createHash: (...a) => require('node:crypto').createHash(...a) }"],
            ['const threadId = (function getId () {', 'const threadId = { toString: () => String((function getId () {'],
            ['    return 0\n  }\n})()', "    return 0\n  }\n})()) }"],
          ];
          let patched = source;
          for (const [from, to] of edits) {
            if (!patched.includes(from)) throw new Error(`write-file-atomic: expected source text not found: ${from}`);
            patched = patched.replace(from, to);
          }
          return { contents: patched, loader: 'js' };
        });
      },
    },
    {
      // markdown-it (export only) is its own file, dist/markdown-it.cjs, loaded
      // when an export renders a chapter: it does not grow every start, and
      // its non-ASCII source stays out of the latin1-decoded bundle.
      name: 'markdown-it-beside',
      setup(b) {
        b.onResolve({ filter: /^markdown-it$/ }, () => ({ path: 'markdown-it', namespace: 'markdown-it-beside' }));
        b.onLoad({ filter: /.*/, namespace: 'markdown-it-beside' }, () => ({
          contents: "module.exports = require(require('node:path').join(__dirname, 'markdown-it.cjs'));",
          loader: 'js',
        }));
      },
    },
    {
      name: 'clipanion-platform',
      setup(b) {
        b.onResolve({ filter: /^\.\.?\/platform(\/node)?(\.js)?$/ }, (args) =>
          args.importer.includes(`${'node_modules'}/clipanion/`) ? { path: clipanionBrowserPlatform } : undefined,
        );
      },
    },
  ],
});

await build({
  entryPoints: [require.resolve('markdown-it')],
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

// The loader decodes the bundle as latin1 (fastest); that is only right for ASCII.
const bundleBytes = readFileSync(join(dist, 'novel.cjs'));
const nonAscii = bundleBytes.findIndex((b) => b > 0x7f);
if (nonAscii >= 0) {
  const context = bundleBytes.subarray(Math.max(0, nonAscii - 40), nonAscii + 20).toString('utf8');
  throw new Error(`dist/novel.cjs must be ASCII; a non-ASCII byte at ${nonAscii}: …${context}… (escape it as \\uXXXX in the source)`);
}

// The bundle is stored already wrapped as a CommonJS module function, so the
// bin compiles it as it is: no copy of 400 KB of source to wrap at every
// start, and no node:module (which loads the ES module machinery) on the way.
const { wrap } = createRequire(import.meta.url)('node:module');
const wrapped = wrap(bundleBytes.toString('latin1'));
const [prefix, suffix] = wrap('\u0000').split('\u0000');
writeFileSync(join(dist, 'novel.cjs'), wrapped, 'latin1');
writeFileSync(
  join(dist, 'cli.js'),
  `#!/usr/bin/env node
'use strict';
// Runs dist/novel.cjs (the bundle, stored wrapped as a CommonJS module
// function) through V8's code cache (dist/novel.cache) when it is valid.
const fs = require('node:fs');
const path = require('node:path');
const file = path.join(__dirname, 'novel.cjs');
const source = fs.readFileSync(file, 'latin1');
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
  const cacheFile = path.join(__dirname, 'novel.cache');
  let cachedData;
  try { cachedData = fs.readFileSync(cacheFile); } catch { cachedData = undefined; }
  // The bundle is pure ASCII (esbuild escapes the rest), so latin1 decodes it fastest.
  const script = new vm.Script(source, { filename: file, cachedData });
  const mod = { exports: {} };
  script.runInThisContext().call(mod.exports, mod.exports, require, mod, file, __dirname);
  if (process.env.NOVEL_BUILD_CODE_CACHE === '1') {
    process.on('exit', () => fs.writeFileSync(cacheFile, script.createCachedData()));
  }
}
`,
);
writeFileSync(join(dist, 'package.json'), '{ "type": "commonjs" }\n');
chmodSync(join(dist, 'cli.js'), 0o755);

// Warm-up run on a copy of the fixture project as authors have it (a mutating
// command ran once, so the stat caches are recorded): the cache then covers
// the functions a typical read-only command compiles, and no more (a larger
// cache costs more to load than the compiling it saves).
const { mkdtempSync, cpSync } = await import('node:fs');
const { tmpdir } = await import('node:os');
const warmDir = mkdtempSync(join(tmpdir(), 'novel-build-warmup-'));
cpSync(join(repo, 'fixtures/project'), warmDir, { recursive: true });
spawnSync(process.execPath, [join(dist, 'cli.js'), 'state', 'verify', '--accept'], { cwd: warmDir, stdio: 'ignore' });
const warm = spawnSync(process.execPath, [join(dist, 'cli.js'), 'next', '--project', warmDir], {
  env: { ...process.env, NOVEL_BUILD_CODE_CACHE: '1' },
  encoding: 'utf8',
});
rmSync(warmDir, { recursive: true, force: true });
if (warm.status !== 0) {
  process.stderr.write(`build: warm-up run failed (${warm.status}):\n${warm.stderr}\n`);
  process.exit(1);
}
