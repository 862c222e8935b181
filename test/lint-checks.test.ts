/** The checks of `npm run lint` beside Biome: columns as Biome counts them, commit subjects in clones. */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module of the lint scripts, without types
import { columns } from '../scripts/lib/columns.mjs';
import { tempDir } from './helpers/project.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const SELF = 'scripts/check-commits.mjs';
const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'novel',
  GIT_AUTHOR_EMAIL: 'novel@example.invalid',
  GIT_COMMITTER_NAME: 'novel',
  GIT_COMMITTER_EMAIL: 'novel@example.invalid',
};
const git = (cwd: string, ...args: string[]) => {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', env: GIT_ENV });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};

/** A clone of `from` (`depth` for a shallow one). */
function clone(from: string, depth?: number): string {
  const dir = join(tempDir('novel-commits-'), 'repo');
  git(from, 'clone', '--quiet', ...(depth ? ['--depth', String(depth)] : []), `file://${from}`, dir);
  return dir;
}
/** The working tree's check scripts, copied into a clone. */
function withChecks(dir: string): string {
  mkdirSync(join(dir, 'scripts/lib'), { recursive: true });
  for (const f of [SELF, 'scripts/lib/columns.mjs']) copyFileSync(join(REPO, f), join(dir, f));
  return dir;
}
const cloneWithChecks = (from: string, depth?: number) => withChecks(clone(from, depth));
const checkCommits = (dir: string) =>
  spawnSync(process.execPath, ['scripts/check-commits.mjs'], { cwd: dir, encoding: 'utf8', env: GIT_ENV });

describe('columns', () => {
  it('counts a Chinese character, a full-width mark or an emoji as 2 columns, anything else as 1', () => {
    expect(columns('chapter 12')).toBe(10);
    expect(columns('第12章')).toBe(6);
    expect(columns('，。（）「」')).toBe(12);
    expect(columns('“…” — ≥ ×')).toBe(9);
    expect(columns('𠀀🙂')).toBe(4);
  });
});

describe('check-commits', () => {
  // Clones are made from this repository: it must be a full one (CI's and a developer's are).
  const full = spawnSync('git', ['rev-parse', '--is-shallow-repository'], { cwd: REPO, encoding: 'utf8' });
  const hasGit = full.status === 0 && full.stdout.trim() === 'false';

  it.runIf(hasGit)('a full clone: a subject over 72 columns fails, named with its hash', () => {
    const dir = cloneWithChecks(REPO);
    git(dir, 'commit', '--quiet', '--allow-empty', '-m', `${'章'.repeat(36)}`);
    expect(checkCommits(dir).status).toBe(0);
    git(
      dir,
      'commit',
      '--quiet',
      '--allow-empty',
      '-m',
      `${'章'.repeat(36)}!`,
      '-m',
      'The body may be as long as it needs.',
    );
    const r = checkCommits(dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${git(dir, 'rev-parse', '--short', 'HEAD').trim()}: 73 columns`);
  });

  it.runIf(hasGit)('merged into a line with long subjects of its own, the rule starts at the merge', () => {
    const dir = clone(REPO);
    const tip = git(dir, 'rev-parse', 'HEAD').trim();
    const [introduced, parent] = (
      git(dir, 'log', '--first-parent', '--diff-filter=A', '--format=%H %P', '--', SELF).trim().split('\n').at(-1) ?? ''
    ).split(' ') as [string, string];
    expect(introduced).toMatch(/^[0-9a-f]{40}$/);
    // Another line, from before the check, with a long subject of its own, then the check merged into it.
    git(dir, 'checkout', '--quiet', '-b', 'other', parent);
    git(dir, 'commit', '--quiet', '--allow-empty', '-m', 'y'.repeat(80));
    git(dir, 'merge', '--quiet', '--no-ff', '-m', 'Merge the check', tip);
    withChecks(dir);
    expect(checkCommits(dir).status).toBe(0);
    git(dir, 'commit', '--quiet', '--allow-empty', '-m', 'z'.repeat(80));
    expect(checkCommits(dir).status).toBe(1);
  });

  it.runIf(hasGit)('a shallow clone without the commit that brought the rule in says that nothing was checked', () => {
    // A clone one commit deep of a history that goes on past that commit: it is not in the clone.
    const deep = cloneWithChecks(REPO);
    git(deep, 'commit', '--quiet', '--allow-empty', '-m', 'One commit after the baseline');
    git(deep, 'commit', '--quiet', '--allow-empty', '-m', 'x'.repeat(80));
    const dir = cloneWithChecks(deep, 1);
    const r = checkCommits(dir);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/shallow clone without the commit that brought the rule in; commit subjects NOT checked/);
  });
});
