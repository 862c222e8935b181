import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // TMPDIR for the run: a directory in RAM when there is room (test/helpers/global-setup.ts).
    globalSetup: ['./test/helpers/global-setup.ts'],
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    // clipanion's ESM build imports a directory (../platform), which Node's
    // ESM loader refuses; let Vite resolve it instead.
    server: { deps: { inline: ['clipanion'] } },
  },
});
