// Builds the stack floor of `npm run bench` (scripts/lib/stack-floor.ts) into `outDir` as the build makes
// `novel next`: bundled with the CLI's options (the catalogue's parts beside it), wrapped as a CommonJS module
// function, loaded by a copy of the built dist/cli.js (as its `next` bundle) through V8 code caches warmed by its own
// runs on `project`.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleOptions, wrapBundle } from './bundle-options.mjs';
import { catalogueParts } from './catalogue-parts.mjs';

/** `repo`: the repository; `dist`: its build (for cli.js); `project`: the book the warm-up runs read. */
export async function buildStackFloor(repo, dist, outDir, project) {
  const bundle = join(outDir, 'novel.next.cjs');
  // The catalogue's parts beside it, as beside the CLI's bundles.
  const options = bundleOptions(repo, bundle, [await catalogueParts(repo, outDir, wrapBundle)]);
  await build({ ...options, entryPoints: [join(repo, 'scripts/lib/stack-floor.ts')], metafile: false });
  wrapBundle(bundle);
  copyFileSync(join(dist, 'cli.js'), join(outDir, 'cli.js'));
  writeFileSync(join(outDir, 'package.json'), '{ "type": "commonjs" }\n');
  for (const [cache, args] of [
    ['novel.next', ['next']],
    ['novel.next.json', ['next', '--json']],
  ]) {
    const warm = spawnSync(
      process.execPath,
      [
        join(repo, 'scripts/lib/warm-code-cache.cjs'),
        bundle,
        join(outDir, `${cache}.cache`),
        JSON.stringify([[project, ...args]]),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
    );
    if (warm.status !== 0) throw new Error(`stack floor: the warm-up run for ${cache}.cache failed: ${warm.stderr}`);
  }
  return join(outDir, 'cli.js');
}
