/** The first hour of a new author: install on PATH, help that teaches, errors that say the one next thing. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCommandDefinitions } from '../../src/io/command-definitions.js';
import { cleanupTempDirs, fixtureCopy, novelBin, readJson, REPO, tempDir, treeHashes } from '../helpers/project.js';

afterAll(cleanupTempDirs);

const pkg = readJson(join(REPO, 'package.json'));

function demo(): string {
  const dir = join(tempDir(), 'demo');
  expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
  return dir;
}

describe('install on PATH', () => {
  it(
    'the packed package gives a working `novel` on PATH from ' +
      'any directory (no install step fetches or runs anything)',
    () => {
      const work = tempDir('novel-pack-');
      // The dist/ already built is packed as it is: npm pack would otherwise run `prepare` (a build) under the
      // other test files that run dist/cli.js meanwhile.
      const pack = spawnSync('npm', ['pack', '--ignore-scripts', '--pack-destination', work, '--silent'], {
        cwd: REPO,
        encoding: 'utf8',
      });
      expect(pack.status, pack.stderr).toBe(0);
      const tarball = join(work, pack.stdout.trim().split('\n').at(-1) as string);
      // Laid out as a global install lays it out (lib/node_modules/novel, bin/novel → its bin), by hand:
      // the bundle has no runtime dependency, so the tarball alone must be enough.
      const prefix = join(work, 'prefix');
      const pkgDir = join(prefix, 'lib/node_modules/novel');
      mkdirSync(pkgDir, { recursive: true });
      const untar = spawnSync('tar', ['-xzf', tarball, '-C', pkgDir, '--strip-components=1'], { encoding: 'utf8' });
      expect(untar.status, untar.stderr).toBe(0);
      const packed = readJson(join(pkgDir, 'package.json'));
      expect(packed.bin).toEqual({ novel: 'dist/cli.js' });
      expect(packed.dependencies ?? {}).toEqual({});
      const cli = join(pkgDir, packed.bin.novel);
      expect(readFileSync(cli, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
      expect(statSync(cli).mode & 0o111).not.toBe(0);
      mkdirSync(join(prefix, 'bin'));
      symlinkSync(cli, join(prefix, 'bin/novel'));
      const env = { ...process.env, PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin` };
      const version = spawnSync('novel', ['--version'], { cwd: work, encoding: 'utf8', env });
      expect(version.status, version.stderr).toBe(0);
      expect(version.stdout.trim()).toBe(pkg.version);
      const project = demo();
      const status = spawnSync('novel', ['status', '--project', project], { cwd: work, encoding: 'utf8', env });
      expect(status.status, status.stderr).toBe(0);
      expect(status.stdout).toMatch(/chapter 4 \(4 of 30 in volume 1/);
    },
  );

  it('a prepare script builds dist/ and no build output is committed', () => {
    expect(pkg.scripts.prepare).toMatch(/build/);
    const tracked = spawnSync('git', ['ls-files', 'dist'], { cwd: REPO, encoding: 'utf8' });
    expect(tracked.stdout.trim()).toBe('');
    expect(readFileSync(join(REPO, 'README.md'), 'utf8')).toMatch(/npm link/);
  });
});

describe('help that teaches', () => {
  it('no #0 anywhere: placeholders name what each option takes; every command has an example', async () => {
    const all = novelBin(process.cwd(), ['--help']).stdout;
    expect(all).not.toContain('#0');
    for (const c of await buildCommandDefinitions()) {
      const r = novelBin(process.cwd(), [...c.path, '--help']);
      expect(r.code, c.path.join(' ')).toBe(0);
      expect(r.stdout, c.path.join(' ')).not.toContain('#0');
      expect(r.stdout, c.path.join(' ')).toMatch(/Examples/);
    }
    expect(novelBin(process.cwd(), ['run', '--help']).stdout).toMatch(/--budget-usd USD/);
    expect(novelBin(process.cwd(), ['commit', '--help']).stdout).toMatch(
      /\$ novel commit \(--chapter N \| --volume N\)/,
    );
  });

  it('novel help [command] is --help; typos get the closest command or flag', () => {
    const h = novelBin(process.cwd(), ['help', 'commit']);
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/--chapter N/);
    expect(novelBin(process.cwd(), ['help']).stdout).toMatch(/novel status/);
    const typo = novelBin(process.cwd(), ['stauts', '--json']);
    expect(typo.code).toBe(2);
    expect(JSON.parse(typo.stdout).error.hint).toMatch(/did you mean `novel status`/);
    const far = novelBin(process.cwd(), ['xyzzyplugh']);
    expect(far.stderr).toMatch(/the commands are: status, next/);
    const flag = novelBin(fixtureCopy(), ['run', '--chapter', '3', '--json']);
    expect(flag.code).toBe(2);
    expect(JSON.parse(flag.stdout).error.hint).toMatch(/did you mean --chapters\?/);
  });

  it(
    'help and docs agree with the code: every command and ' +
      'flag is in docs/cli.md; exit codes and the demo size too',
    async () => {
      const cli = readFileSync(join(REPO, 'docs/cli.md'), 'utf8');
      for (const c of await buildCommandDefinitions()) {
        expect(cli, `docs/cli.md names novel ${c.path.join(' ')}`).toContain(`novel ${c.path.join(' ')}`);
        for (const f of c.flags.filter((x) => x !== '--json' && x !== '--project'))
          expect(cli, `docs/cli.md names ${f} of novel ${c.path.join(' ')}`).toContain(f);
      }
      const run = novelBin(process.cwd(), ['run', '--help']).stdout;
      for (const code of ['10', '11', '12']) expect(run).toContain(` ${code} `);
      const outline = readFileSync(join(REPO, 'fixtures/project/volumes/vol-01/outline.md'), 'utf8');
      const chapters = [...outline.matchAll(/^### 第 \d+ 章/gm)].length;
      expect(novelBin(process.cwd(), ['init', '--help']).stdout).toContain(`${chapters} chapters`);
      expect(readFileSync(join(REPO, 'README.md'), 'utf8')).toContain(`${chapters}-chapter`);
      expect(novelBin(process.cwd(), ['--version']).stdout.trim()).toBe(pkg.version);
      const short = novelBin(process.cwd(), ['-v']);
      expect([short.code, short.stdout.trim()]).toEqual([0, pkg.version]);
      // Anything after --version goes through the full CLI, as before.
      expect(novelBin(process.cwd(), ['--version', '--bogus']).code).toBe(2);
    },
  );
});

describe('errors that say the one next thing', () => {
  it(
    'a missing executor program is a usage error: exit 2 at once (no ' +
      'attempt, no retry), naming it and the PATH, nothing changed',
    () => {
      const dir = demo();
      const before = treeHashes(dir);
      const r = novelBin(dir, ['run', '--executor', 'claude', '--json'], { PATH: '/nonexistent' });
      expect(r.code).toBe(2);
      // Nothing was attempted: an attempt leaves its executor log (logs/executor/STEP-attempt-N.log).
      expect(readdirSync(join(dir, 'logs/executor'))).toEqual([]);
      expect(JSON.parse(r.stdout).error).toMatchObject({
        code: 'executor_unavailable',
        details: { PATH: '/nonexistent' },
      });
      const after = treeHashes(dir);
      const changed = Object.keys({ ...before, ...after }).filter(
        (k) => before[k] !== after[k] && !k.startsWith('logs/') && !k.startsWith('staging/manifests/'),
      );
      expect(changed).toEqual([]);
      expect(readJson(join(dir, '.checkpoint.json')).orchestrator_state).toBe('WRITING');
    },
  );

  it('--project resolves ".." as the shell gives it', () => {
    const dir = demo();
    const sibling = join(dirname(dir), 'elsewhere');
    mkdirSync(sibling);
    const r = novelBin(sibling, ['--project', `../${basename(dir)}`, 'status']);
    expect(r.code, r.stderr).toBe(0);
  });

  it(
    'messages: advance prints the real stages; validate of a committed ' +
      'chapter says so; a new book has an empty ledger and no warning',
    () => {
      const dir = demo();
      expect(novelBin(dir, ['run', '--pause-after', 'draft']).code).toBe(0);
      const dir2 = demo();
      writeFileSync(join(dir2, 'staging.keep'), '');
      const v = novelBin(dir, ['validate', 'chapter:003:draft', '--json']);
      expect(v.code).toBe(2);
      expect(JSON.parse(v.stdout).error.message).toMatch(/chapter 3 is committed/);
      expect(JSON.parse(v.stdout).error.hint).toMatch(/the next step is chapter:004:summarize/);
      const project = fixtureCopy();
      mkdirSync(join(project, 'staging/chapters'), { recursive: true });
      writeFileSync(join(project, 'staging/chapters/chapter-004.md'), '# 第4章 藏经阁\n\n夜。\n');
      expect(novelBin(project, ['advance', 'chapter:004:draft']).stdout).toMatch(
        /advanced chapter:004:draft: draft → summarize/,
      );
      const fresh = join(tempDir(), 'book');
      expect(novelBin(process.cwd(), ['init', fresh]).code).toBe(0);
      expect(readJson(join(fresh, 'state/chapter-memory.json'))).toEqual([]);
      const plan = novelBin(fresh, ['instructions', 'volume:01:plan']);
      expect(plan.stderr).not.toMatch(/chapter-memory/);
    },
  );

  it('--inspect with nothing listening says so, and the run goes on', () => {
    const dir = demo();
    const r = novelBin(dir, ['run', '--inspect=ws://127.0.0.1:9']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/inspector: nothing listens at ws:\/\/127\.0\.0\.1:9/);
  });
});

describe('shell completion', () => {
  it('novel completion bash, sourced in bash, completes commands, flags, choices and the current step id', () => {
    const shim = tempDir('novel-shim-');
    writeFileSync(
      join(shim, 'novel'),
      `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(join(REPO, 'dist/cli.js'))} "$@"\n`,
      { mode: 0o755 },
    );
    const project = fixtureCopy();
    const script =
      `source <(novel completion bash)
complete_line() { read -ra COMP_WORDS <<< "$1"; [[ "$1" == *" " ]] && COMP_WORDS+=(""); ` +
      `COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); _novel; echo "\${COMPREPLY[*]}"; }
complete_line "novel st"
complete_line "novel instructions ch"
complete_line "novel run --exe"
complete_line "novel graph --format "
`;
    const r = spawnSync('bash', ['-c', script], {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${shim}:${process.env.PATH}` },
    });
    expect(r.status, r.stderr).toBe(0);
    const [st, ch, exe, format] = r.stdout.trim().split('\n');
    expect(st?.split(' ')).toContain('status');
    expect(ch?.split(' ')[0]).toBe('chapter:004:draft');
    expect(exe).toBe('--executor');
    expect(format?.split(' ')).toEqual(['mermaid', 'dot', 'json']);
    for (const shell of ['zsh', 'fish']) expect(novelBin(process.cwd(), ['completion', shell]).code).toBe(0);
  });
});
