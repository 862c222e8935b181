// Commit subjects of at most 72 columns, the details in the body. Columns as
// a terminal shows them: a Chinese character or another wide one takes 2,
// every other character 1 (scripts/lib/columns.mjs; bytes would count a
// Chinese character as 3).
// The rule starts where this check came in: the baseline is the first parent
// of the commit that added this file to HEAD's first-parent line (on a
// branch, the commit that adds it; on main, the merge that brings it in).
// The history up to the baseline, commits made on main beside that branch
// included, keeps its longer subjects. Checked: `git log BASELINE..HEAD`,
// merged branches included.
// A shallow clone that stops short of that commit, or a copy without .git,
// cannot be checked: it says so and exits 0.
// Usage: node scripts/check-commits.mjs   (exit 1 when a subject is too long)
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { columns } from './lib/columns.mjs';

export const MAX = 72;
const SELF = 'scripts/check-commits.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const git = (...args) => spawnSync('git', args, { cwd: repo, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });

const top = git('rev-parse', '--show-toplevel');
if (top.status !== 0 || realpathSync(top.stdout.trim()) !== realpathSync(repo)) {
  console.log('check-commits: not a git work tree of this repository; commit subjects not checked');
  process.exit(0);
}
const shallow = git('rev-parse', '--is-shallow-repository').stdout.trim() === 'true';
// The oldest commit of the first-parent line that added this file, with its parents.
const added = git('log', '--first-parent', '--diff-filter=A', '--format=%H %P', 'HEAD', '--', SELF)
  .stdout.trim()
  .split('\n')
  .filter(Boolean)
  .at(-1);
if (!added) {
  console.log(`check-commits: ${SELF} is in no commit of HEAD yet; nothing to check`);
  process.exit(0);
}
const [introduced, baseline] = added.split(' ');
if (!baseline && shallow) {
  console.log(
    'check-commits: shallow clone without the commit that brought the rule in; commit subjects NOT checked ' +
      '(git fetch --unshallow, then run it again)',
  );
  process.exit(0);
}
const short = (baseline ?? introduced).slice(0, 12);
const log = git('log', '--format=%h%x00%s', baseline ? `${baseline}..HEAD` : 'HEAD');
if (log.status !== 0) {
  console.error(`check-commits: git log failed: ${log.stderr.trim()}`);
  process.exit(1);
}
const commits = log.stdout
  .split('\n')
  .filter(Boolean)
  .map((line) => line.split('\0'));
const long = commits.filter(([, subject]) => columns(subject) > MAX);
const where =
  `${commits.length} commit(s) ${baseline ? `since ${short}` : `up to ${short}, the first`}` +
  `${shallow ? ' (shallow clone: those within its depth)' : ''}`;
if (long.length) {
  for (const [hash, subject] of long) console.error(`${hash}: ${columns(subject)} columns: ${subject}`);
  console.error(
    `check-commits: ${long.length} subject(s) over ${MAX} columns in ${where}; put the details in the body`,
  );
  process.exit(1);
}
console.log(`check-commits: ${where}, every subject within ${MAX} columns`);
