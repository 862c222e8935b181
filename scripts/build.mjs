// Bundles the CLI into one file, dist/cli.js, so that startup reads and
// parses a single module (see `npm run bench`).
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/cli.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  banner: {
    js: [
      '#!/usr/bin/env node',
      "import { createRequire as __novelCreateRequire } from 'node:module';",
      "import { fileURLToPath as __novelFileURLToPath } from 'node:url';",
      'const require = __novelCreateRequire(import.meta.url);',
      'const __filename = __novelFileURLToPath(import.meta.url);',
      "const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));",
    ].join('\n'),
  },
  logLevel: 'warning',
});
chmodSync('dist/cli.js', 0o755);
