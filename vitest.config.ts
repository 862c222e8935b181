import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker per core. Vitest's default leaves one core to its main process
    // (one worker on two cores), which mostly waits, while the tests wait on
    // the CLI processes they start: two workers took the whole run on two cores
    // from 10m38s to 6m37s.
    maxWorkers: availableParallelism(),
    // TMPDIR for the run: a directory in RAM when there is room (test/helpers/global-setup.ts).
    globalSetup: ['./test/helpers/global-setup.ts'],
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    // clipanion's ESM build imports a directory (../platform), which Node's
    // ESM loader refuses; let Vite resolve it instead.
    server: { deps: { inline: ['clipanion'] } },
  },
});
