/**
 * The built bin, its bundles and their code caches (scripts/build.mjs): every
 * bundle dist/cli.js can pick exists with its cache, and V8 accepts the cache
 * for that bundle, so no command silently compiles its bundle at every start.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, fixtureCopy, REPO, tempDir } from '../helpers/project.js';

afterAll(cleanupTempDirs);

const dist = join(REPO, 'dist');

/** The bundle (and its cache, NAME.cache) dist/cli.js loads, by the command word that picks each: NAME.cjs. */
function bundlesOfBin(dist: string): Record<string, string> {
  const bin = readFileSync(join(dist, 'cli.js'), 'utf8');
  const table = /const groups = (\{[^}]*\});/.exec(bin);
  expect(table, 'dist/cli.js picks a bundle by the command word').not.toBeNull();
  const own = JSON.parse((table as RegExpExecArray)[1] as string) as Record<string, string>;
  return {
    '(any other)': 'novel',
    ...Object.fromEntries(Object.entries(own).map(([command, group]) => [command, `novel.${group}`])),
  };
}

/** The bundles whose --json runs take NAME.json.cache. */
function jsonCachesOfBin(dist: string): string[] {
  const bin = readFileSync(join(dist, 'cli.js'), 'utf8');
  const list = /const jsonGroups = (\[[^\]]*\]);/.exec(bin);
  expect(list, 'dist/cli.js names the groups with a --json cache').not.toBeNull();
  return (JSON.parse((list as RegExpExecArray)[1] as string) as string[]).map((group) => `novel.${group}`);
}

/** The stages whose --json packets take NAME.STAGE.json.cache, by bundle. */
function stageCachesOfBin(dist: string): Record<string, string[]> {
  const bin = readFileSync(join(dist, 'cli.js'), 'utf8');
  const table = /const stageCaches = (\{[^}]*\});/.exec(bin);
  expect(table, 'dist/cli.js names the stages with a --json cache of their own').not.toBeNull();
  const own = JSON.parse((table as RegExpExecArray)[1] as string) as Record<string, string[]>;
  return Object.fromEntries(Object.entries(own).map(([group, stages]) => [`novel.${group}`, stages]));
}

/**
 * Every bundle the bin in `dist` can pick exists with its caches, and V8 (a plain node) takes each cache for its
 * bundle.
 */
function expectBundlesAndCaches(dist: string): void {
  const bundles = bundlesOfBin(dist);
  const jsonGroups = jsonCachesOfBin(dist);
  const stageCaches = stageCachesOfBin(dist);
  expect(jsonGroups.sort()).toEqual(['novel.instructions', 'novel.next', 'novel.status']);
  expect(stageCaches).toEqual({ 'novel.instructions': ['judge', 'draft'] });
  expect(Object.keys(bundles).sort()).toEqual(['(any other)', 'commit', 'instructions', 'next', 'status']);
  // Each has its own, apart from the full bundle every other command takes.
  expect(
    new Set([bundles.next, bundles.status, bundles.instructions, bundles.commit, bundles['(any other)']]).size,
  ).toBe(5);
  for (const name of new Set(Object.values(bundles))) {
    const bundle = join(dist, `${name}.cjs`);
    // A group whose --json runs have a cache of their own: NAME.json.cache beside NAME.cache.
    const caches = [
      `${name}.cache`,
      ...(jsonGroups.includes(name) ? [`${name}.json.cache`] : []),
      ...(stageCaches[name] ?? []).map((stage) => `${name}.${stage}.json.cache`),
    ].map((c) => join(dist, c));
    expect(
      [bundle, ...caches].map((f) => existsSync(f)),
      name,
    ).toEqual([bundle, ...caches].map(() => true));
    for (const cache of caches) {
      // A child without vitest's flags: V8 rejects a cache made under other flags.
      const check =
        `const fs=require('fs'),vm=require('vm');const s=new ` +
        `vm.Script(fs.readFileSync(${JSON.stringify(bundle)},'latin1'),{filename:${JSON.stringify(bundle)},` +
        `cachedData:fs.readFileSync(${JSON.stringify(cache)})});process.stdout.write(String(s.cachedDataRejected))`;
      const r = spawnSync(process.execPath, ['-e', check], { encoding: 'utf8' });
      expect([r.status, r.stdout], `${cache}: ${r.stderr}`).toEqual([0, 'false']);
    }
  }
  // A group's bundle leaves the other commands out: the exporter is in the full bundle only.
  const exporter = 'application/epub+zip';
  expect(readFileSync(join(dist, 'novel.cjs'), 'latin1')).toContain(exporter);
  for (const name of [bundles.next, bundles.status, bundles.instructions, bundles.commit] as string[]) {
    expect(readFileSync(join(dist, `${name}.cjs`), 'latin1'), name).not.toContain(exporter);
  }
}

/**
 * A preload that names each cache file opened ("read PATH") and says whether V8 took it, and (FAKE_VERSION) makes
 * this node say it is another one.
 */
function cacheReadsPreload(): string {
  const preload = join(tempDir(), 'preload.cjs');
  writeFileSync(
    preload,
    `const fs = require('node:fs');
const open = fs.openSync;
fs.openSync = function (p, ...rest) {
  if (String(p).endsWith('.cache')) process.stderr.write('read ' + p + '\\n');
  return open.call(this, p, ...rest);
};
// What V8 made of the cache the bin handed it.
const vm = require('node:vm');
const Script = vm.Script;
vm.Script = class extends Script {
  constructor(code, options) {
    super(code, options);
    if (options && options.cachedData) process.stderr.write('cache rejected: ' + this.cachedDataRejected + '\\n');
  }
};
if (process.env.FAKE_VERSION) Object.defineProperty(process, 'version', { value: process.env.FAKE_VERSION });
`,
  );
  return preload;
}

/** The bin run in `project` with `preload` required first (and `env` added to this process's). */
function runBin(preload: string, project: string, args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ['--require', preload, join(dist, 'cli.js'), ...args], {
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
}

describe('the bundles and code caches of the build', () => {
  it(
    'next, status, instructions and commit have a bundle and a cache of their own (and the first three ' +
      'one for --json); each exists and V8 takes the cache for its bundle (checked by a plain node)',
    () => {
      expectBundlesAndCaches(dist);
    },
  );

  it(
    'gives the caches only to the node that made them: under another version it reads ' +
      'none and answers the same (Node 20.17 and 20.18 took 20.20’s caches and crashed)',
    () => {
      const preload = cacheReadsPreload();
      const project = fixtureCopy();
      for (const args of [['next'], ['status', '--json'], ['instructions', 'chapter:004:draft', '--json']]) {
        const run = (env: Record<string, string>) => runBin(preload, project, args, env);
        const same = run({});
        expect([same.status, same.stderr], args.join(' ')).toEqual([
          0,
          expect.stringMatching(/^read .*\/novel\.[a-z.]+\.cache\ncache rejected: false\n$/),
        ]);
        const other = run({ FAKE_VERSION: 'v20.17.0' });
        expect([other.status, other.stderr, other.stdout], args.join(' ')).toEqual([0, '', same.stdout]);
      }
    },
  );

  it(
    'gives a judge or a draft packet under --json the cache its own runs made, in either order of the flags, and ' +
      'any other packet the one of every --json packet',
    () => {
      const preload = cacheReadsPreload();
      const project = fixtureCopy();
      const cacheOf = (args: string[]) => {
        const r = runBin(preload, project, args);
        // The cache's name only (a packet the fixture cannot give yet says why on stderr too).
        return r.stderr
          .split('\n')
          .filter((l) => l.startsWith('read '))
          .map((l) => basename(l))
          .join(' ');
      };
      expect(cacheOf(['instructions', 'chapter:004:judge', '--json'])).toBe('novel.instructions.judge.json.cache');
      expect(cacheOf(['--json', '--project', '.', 'instructions', 'chapter:4:judge'])).toBe(
        'novel.instructions.judge.json.cache',
      );
      expect(cacheOf(['instructions', 'chapter:004:draft', '--json'])).toBe('novel.instructions.draft.json.cache');
      expect(cacheOf(['instructions', 'chapter:004:summarize', '--json'])).toBe('novel.instructions.json.cache');
      expect(cacheOf(['instructions', '--embed', 'chapter:004:judge', '--json'])).toBe('novel.instructions.json.cache');
      expect(cacheOf(['instructions', 'chapter:004:judge'])).toBe('novel.instructions.cache');
    },
  );

  it(
    'takes a command word that names an object property ' +
      '(constructor, toString) as an unknown command, not a bundle',
    () => {
      for (const word of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
        const r = spawnSync(process.execPath, [join(dist, 'cli.js'), word], {
          encoding: 'utf8',
          env: { ...process.env, LANG: 'C' },
        });
        expect(r.status, word).toBe(2);
        expect(r.stderr, word).toContain(`novel ${word}: unknown command`);
        expect(r.stderr, word).not.toMatch(/ENOENT|at Object|node:internal/);
      }
    },
  );
});

describe('builds at once', () => {
  it('two builds into one directory both succeed while its bin keeps answering; it ' +
    'then holds one whole build, caches V8 takes, and nothing of the builds beside it', async () => {
    const root = tempDir('novel-build-');
    const out = join(root, 'dist');
    // A build already there (the repository's), as the two builds find dist/ after the first `npm ci`.
    cpSync(dist, out, { recursive: true });
    const project = fixtureCopy();
    const expected = spawnSync(process.execPath, [join(out, 'cli.js'), 'next'], { cwd: project, encoding: 'utf8' });
    expect([expected.status, expected.stderr]).toEqual([0, '']);
    const build = () =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [join(REPO, 'scripts/build.mjs'), '--outdir', out], {
          cwd: REPO,
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (c) => (stderr += c));
        child.on('close', (code) => resolve({ code, stderr }));
      });
    let building = true;
    const builds = Promise.all([build(), build()]).finally(() => (building = false));
    // A command started at any moment of the two builds runs the old files or the new ones, never a missing or torn
    // one.
    const answers: string[] = [];
    while (building) {
      const r = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, [join(out, 'cli.js'), 'next'], {
          cwd: project,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let all = '';
        child.stdout.on('data', (c) => (all += c));
        child.stderr.on('data', (c) => (all += c));
        child.on('close', (code) => resolve({ code, out: all }));
      });
      answers.push(r.code === 0 ? r.out : `exit ${r.code}: ${r.out}`);
    }
    for (const r of await builds) expect(r, r.stderr).toEqual({ code: 0, stderr: '' });
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a !== expected.stdout)).toEqual([]);
    expectBundlesAndCaches(out);
    expect(readdirSync(root)).toEqual(['dist']);
    const after = spawnSync(process.execPath, [join(out, 'cli.js'), 'status'], { cwd: project, encoding: 'utf8' });
    expect([after.status, after.stderr]).toEqual([0, '']);
    expect(after.stdout).toMatch(/chapter 4/);
  }, 180_000);
});
