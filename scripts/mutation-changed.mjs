// The mutation floor on what changed: runs Stryker (stryker.config.mjs, break
// at 85 %) on the mutated modules that the commits since a base changed, and
// fails below the floor. `npm test` runs it last; the whole `npm run mutation`
// is too slow for every run. Usage:
//   node scripts/mutation-changed.mjs            base: the commit before HEAD
//   MUTATION_BASE=<rev> node scripts/mutation-changed.mjs
// Without a base to compare with (a shallow clone's only commit) it checks
// nothing and says so.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import config from '../stryker.config.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const git = (...args) => spawnSync('git', args, { cwd: repo, encoding: 'utf8' });

/** The files `config.mutate` names: `dir/**\/*.ts` and `dir/{a,b}.ts` patterns. */
export function isMutated(file, patterns = config.mutate) {
  return patterns.some((pattern) => {
    const source = pattern
      .replace(/[.+^$()|[\]\\]/g, '\\$&')
      .replace(/\{([^}]*)\}/g, (_, alts) => `(${alts.split(',').join('|')})`)
      .replace(/\*\*\//g, '(.+/)?')
      .replace(/\*/g, '[^/]*');
    return new RegExp(`^${source}$`).test(file);
  });
}

const base = process.env.MUTATION_BASE ?? 'HEAD~1';
if (git('rev-parse', '--verify', '--quiet', `${base}^{commit}`).status !== 0) {
  console.log(
    `mutation floor: no commit ${base} to compare with (a shallow clone?); nothing ` +
      `checked. Set MUTATION_BASE to a revision to check the modules changed since it.`,
  );
  process.exit(0);
}
const diff = git('diff', '--name-only', '--diff-filter=AM', base, 'HEAD');
if (diff.status !== 0) {
  console.error(`mutation floor: git diff ${base} HEAD failed: ${diff.stderr}`);
  process.exit(1);
}
const changed = diff.stdout.split('\n').filter((f) => f && isMutated(f));
if (changed.length === 0) {
  console.log(
    `mutation floor: no mutated module changed since ${base}; ` +
      `nothing to check (the modules: ${config.mutate.join(' ')})`,
  );
  process.exit(0);
}
console.log(
  `mutation floor: ${changed.length} mutated module(s) changed since ${base}: ` +
    `${changed.join(', ')} (break below ${config.thresholds.break} %)`,
);
const run = spawnSync(
  process.execPath,
  [
    fileURLToPath(new URL('../node_modules/@stryker-mutator/core/bin/stryker.js', import.meta.url)),
    'run',
    '--mutate',
    changed.join(','),
    '--reporters',
    'clear-text',
  ],
  {
    cwd: repo,
    stdio: 'inherit',
  },
);
process.exit(run.status ?? 1);
