import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/** Test files that mock a module (vi.mock): each needs a fresh module graph. */
const MOCKING = ['test/io/staging-swap.test.ts'];
const FAST = [
  'test/core/**/*.test.ts',
  'test/machines/**/*.test.ts',
  'test/schemas/**/*.test.ts',
  'test/io/**/*.test.ts',
  'test/architecture.test.ts',
  'test/cli-machine.test.ts',
  'test/docs.test.ts',
];
const { include: _all, globalSetup, ...shared } = base.test ?? {};

// `npm run test:fast` (after a build): the unit and core tests, the machines'
// tests with their model-based ones, the schemas, the I/O modules, and the
// architecture and docs checks; not test/e2e, which drives the built CLI
// through whole books (`npm test` runs everything, each file in a fresh
// process). Here a worker runs file after file without a fresh process
// (isolate: false): 125 files, each importing the CLI's modules again, took
// 59 s isolated and 36 s so; the files that mock a module keep theirs.
export default defineConfig({
  ...base,
  test: {
    ...shared,
    globalSetup,
    projects: [
      { test: { ...shared, name: 'fast', include: FAST, exclude: MOCKING, isolate: false } },
      { test: { ...shared, name: 'fast, mocking', include: MOCKING } },
    ],
  },
});
