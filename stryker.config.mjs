// Mutation testing (docs/decisions.md, "Mutation testing").
// Run all: `npm run mutation`; a subset: `npm run mutation -- --mutate src/core/step-id.ts`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  coverageAnalysis: 'perTest',
  concurrency: 1,
  mutate: [
    'machines/**/*.ts',
    'src/core/{state-ops,step-id,foreshadowing,lock-rules,validate,volume-plan,rehydrate,projection,json-splice,book-splice,json-reverse}.ts',
  ],
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  thresholds: { high: 90, low: 85, break: 85 },
  tempDirName: '.stryker-tmp',
};
