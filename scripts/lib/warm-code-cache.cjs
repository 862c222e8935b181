// Build time only: runs novel's commands one after another in this one
// process, through the bundle compiled as dist/cli.js compiles it (the same
// source, file name and V8), then stores V8's code cache of every function
// they compiled. A cache made by one command alone leaves the others to
// compile what they need at every start.
// Usage: node warm-code-cache.cjs <dist/novel.cjs> <dist/novel.cache> '<json: [[cwd, ...args], …]>'
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { createRequire } = require('node:module');

const [bundle, cacheFile, runsJson] = process.argv.slice(2);
const runs = JSON.parse(runsJson);
const script = new vm.Script(fs.readFileSync(bundle, 'latin1'), { filename: bundle });
const moduleFunction = script.runInThisContext();
const bundleRequire = createRequire(bundle);
const exit = process.exit;

/** One command, to its exit code: the bundle ends a command with process.exit. */
function runOnce(cwd, args) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`warm-up: novel ${args.join(' ')} did not end within 60 s`)),
      60_000,
    );
    process.exit = (code) => {
      clearTimeout(timer);
      resolve(code ?? process.exitCode ?? 0);
    };
    process.chdir(cwd);
    process.argv = [process.argv[0], path.join(path.dirname(bundle), 'cli.js'), ...args];
    process.exitCode = undefined;
    const mod = { exports: {} };
    moduleFunction.call(mod.exports, mod.exports, bundleRequire, mod, bundle, path.dirname(bundle));
  });
}

(async () => {
  for (const [cwd, ...args] of runs) {
    const code = await runOnce(cwd, args);
    if (code !== 0) throw new Error(`warm-up: novel ${args.join(' ')} in ${cwd} exited ${code}`);
  }
  process.exit = exit;
  fs.writeFileSync(cacheFile, script.createCachedData());
})().catch((err) => {
  process.exit = exit;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});
