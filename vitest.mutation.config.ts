import { defineConfig } from 'vitest/config';

// Vitest config for mutation runs (stryker.config.mjs): only the fast, pure
// unit tests. The model-based tests (test/machines/*.model.test.ts) and
// test/e2e drive the CLI and are too slow to run once per mutant.
export default defineConfig({
  test: {
    include: ['test/core/**/*.test.ts', 'test/machines/**/*.test.ts'],
    exclude: ['test/machines/**/*.model.test.ts', 'test/e2e/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // clipanion's ESM build imports a directory (../platform), which Node's
    // ESM loader refuses; let Vite resolve it instead.
    server: { deps: { inline: ['clipanion'] } },
  },
});
