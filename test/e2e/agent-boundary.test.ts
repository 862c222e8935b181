/**
 * The agent boundary, attacked as a hostile executor would (command-template
 * executors, offline): planted symbolic links for novel's own writes, hard
 * links into the book, late writers that outlive their step, outputs planted
 * for later steps, a huge staging tree, odd names. For each attack the run
 * either leaves the book, the settings, the story bible and .novel/ exactly as
 * an honest run does, or fails with exit 11 and leaves them as they were
 * before it; no command exits 1; `state verify` agrees with the files.
 */
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alive,
  BIN,
  boxOff,
  cleanupTempDirs,
  novelBin,
  novelBinAsync,
  tempDir,
  waitUntil,
} from '../helpers/project.js';
import { cpSync } from 'node:fs';

afterAll(cleanupTempDirs);

/** The book, the settings, the story bible and .novel/ (the fingerprint): what no executor may change. */
const guarded = (dir: string): Record<string, string> => {
  const out: Record<string, string> = {};
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      const child = rel ? `${rel}/${name}` : name;
      if (
        ['staging', 'logs', '.checkpoint.json', '.novel.lock'].includes(child) ||
        child.startsWith('.novel/execution')
      )
        continue;
      const st = lstatSync(join(dir, child));
      if (st.isDirectory()) walk(child);
      else
        out[child] = st.isSymbolicLink()
          ? `link:${readlinkSync(join(dir, child))}`
          : createHash('sha256')
              .update(readFileSync(join(dir, child)))
              .digest('hex');
    }
  };
  walk('');
  return out;
};

let base: string;
let honest: Record<string, string>;
let before: Record<string, string>;

/** An executor that writes the demo outputs, then does `body` during the steps matching `stage`. */
function executor(stage: string, body: string): string {
  const script = join(tempDir(), 'attack.sh');
  writeFileSync(
    script,
    `#!/bin/sh\nnode ${BIN} demo-executor "$1" >/dev/null\ncase "$NOVEL_STEP" in ${stage}) ${body} ;; esac\nexit 0\n`,
  );
  chmodSync(script, 0o755);
  return `${script} {packet}`;
}

function copy(): string {
  const dir = join(tempDir(), 'book');
  cpSync(base, dir, { recursive: true });
  return dir;
}

beforeAll(async () => {
  // A book of 11 committed chapters: chapter 1 is older than the ten latest (the hot set).
  base = join(tempDir(), 'base');
  expect(novelBin(process.cwd(), ['init', '--demo', base]).code).toBe(0);
  // The step guard where no box contains the executor (the same attacks in the box: test/e2e/sandbox.test.ts).
  boxOff(base);
  const r = await novelBinAsync(base, ['run', '--executor', 'demo', '--chapters', '8']);
  expect(r.code, r.stderr).toBe(0);
  before = guarded(base);
  const h = copy();
  const run = await novelBinAsync(h, ['run', '--executor', executor('none', 'true'), '--chapters', '1']);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  honest = guarded(h);
}, 120_000);

async function attack(stage: string, body: string): Promise<{ dir: string; code: number; out: string }> {
  const dir = copy();
  const r = await novelBinAsync(dir, ['run', '--executor', executor(stage, body), '--chapters', '1']);
  return { dir, code: r.code, out: r.stdout + r.stderr };
}

/** Either an honest run's book, or exit 11 with the book as it was before the run; and every command still answers. */
function holds(res: { dir: string; code: number; out: string }): void {
  expect([0, 11], res.out).toContain(res.code);
  expect(guarded(res.dir)).toEqual(res.code === 0 ? honest : before);
  for (const args of [['next'], ['status'], ['doctor'], ['state', 'verify']]) {
    const r = novelBin(res.dir, args);
    expect(r.code, `${args.join(' ')}: ${r.stdout}${r.stderr}`).not.toBe(1);
  }
  const verify = novelBin(res.dir, ['state', 'verify', '--json']);
  expect(JSON.parse(verify.stdout).ok, verify.stdout).toBe(true);
}

describe('planted symbolic links: novel never writes through them', () => {
  for (const [name, target] of [
    ['a chapter', '../../chapters/chapter-001.md'],
    ['the settings', '../../novel.config.json'],
    ['the checkpoint', '../../.checkpoint.json'],
    ['the fingerprint', '../../.novel/fingerprint.json'],
  ] as const) {
    it(`a packet path linked to ${name}`, async () => {
      const res = await attack('*draft', `ln -sf ${target} staging/manifests/chapter-012-summarize.json`);
      holds(res);
      expect(res.code).toBe(11);
      expect(res.out).toContain('a symbolic link made in staging/: staging/manifests/chapter-012-summarize.json');
    }, 60_000);
  }

  it('a staged directory linked to a final tree', async () => {
    const res = await attack('*draft', 'rm -rf staging/summaries; ln -s ../summaries staging/summaries');
    holds(res);
    expect(res.code).toBe(11);
  }, 60_000);

  it('staging/chapters linked to chapters/ before the draft is read', async () => {
    const res = await attack(
      '*draft',
      'mv staging/chapters/chapter-012.md /tmp/novel-boundary-$$.md; rm -rf staging/chapters; ln ' +
        '-s ../chapters staging/chapters; mv /tmp/novel-boundary-$$.md chapters/chapter-012.md',
    );
    holds(res);
    expect(res.code).toBe(11);
  }, 60_000);
});

describe('hard links into the book', () => {
  it('the fingerprint: restored, the step fails', async () => {
    const res = await attack('*draft', 'ln .novel/fingerprint.json staging/fp; echo x >> staging/fp');
    holds(res);
    expect(res.code).toBe(11);
    expect(res.out).toContain('changed: .novel/fingerprint.json (restored)');
  }, 60_000);

  it('a chapter of the hot set: restored, the step fails', async () => {
    const res = await attack('*draft', 'ln chapters/chapter-011.md staging/hl.md; echo EVIL >> staging/hl.md');
    holds(res);
    expect(res.code).toBe(11);
    expect(res.out).toContain('changed: chapters/chapter-011.md (restored)');
  }, 60_000);

  it('a chapter older than the hot set: found by its inode, restored from its copy, the step fails', async () => {
    const res = await attack('*draft', 'ln chapters/chapter-001.md staging/hl.md; echo EVIL >> staging/hl.md');
    holds(res);
    expect(res.code).toBe(11);
    expect(res.out).toContain('a hard link made in staging/');
    expect(res.out).toContain('changed: chapters/chapter-001.md (restored)');
  }, 60_000);

  it('an old chapter and its summary removed outright: restored from their copies', async () => {
    const res = await attack('*draft', 'rm chapters/chapter-002.md summaries/chapter-002-summary.md');
    holds(res);
    expect(res.code).toBe(11);
    expect(res.out).toContain('removed: chapters/chapter-002.md (restored)');
  }, 60_000);

  it('the chapter and its copy both changed through hard ' +
    'links: named, never restored from a damaged copy', async () => {
    const res = await attack(
      '*draft',
      'for f in .novel/objects/*/*; do ln "$f" staging/obj-$(basename "$f"); echo EVIL >> staging/obj-$(basename ' +
        '"$f"); done; ln chapters/chapter-001.md staging/hl.md; echo EVIL >> staging/hl.md',
    );
    expect(res.code).toBe(11);
    expect(res.out).toMatch(/changed: chapters\/chapter-001\.md — restore it/);
    const verify = novelBin(res.dir, ['state', 'verify']);
    expect(verify.code).toBe(2);
    expect(verify.stdout + verify.stderr).toContain('chapters/chapter-001.md');
  }, 60_000);

  it('a link made but not written through is still refused', async () => {
    const res = await attack('*summarize', 'ln chapters/chapter-002.md staging/quiet.md');
    holds(res);
    expect(res.code).toBe(11);
  }, 60_000);
});

describe('files rewritten in place with their size and mtime put back (touch -r)', () => {
  // dd conv=notrunc writes into the same inode; touch -r then sets the mtime back to the nanosecond. Only the ctime
  // moved.
  const inPlace = (rel: string): string =>
    `cp -p ${rel} staging/ref && printf X | dd of=${rel} bs=1 seek=0 conv=notrunc ` +
    `2>/dev/null && touch -r staging/ref ${rel} && rm staging/ref`;

  it.each([
    [
      'a chapter older than the hot set: the step guard sees it',
      '*draft',
      'chapters/chapter-001.md',
      'chapters/chapter-001.md',
    ],
    [
      "the draft, after its advance, by the summarizer: another step's output, moved aside",
      '*summarize',
      'staging/chapters/chapter-012.md',
      "written into another step's output: staging/chapters/chapter-012.md",
    ],
  ])(
    '%s; the step fails',
    async (_, stage, rel, said) => {
      const res = await attack(stage, inPlace(rel));
      holds(res);
      expect(res.code).toBe(11);
      expect(res.out).toContain(said);
    },
    60_000,
  );
});

describe('late writers end with their step', () => {
  // Each writer records its pid (outside the book), waits 1.5 s, then writes into the book.
  for (const [name, body] of [
    [
      'setsid',
      (pid: string) =>
        `setsid sh -c "echo \\$\\$ > ${pid}; sleep 1.5; echo LATE >> chapters/chapter-001.md; ` +
        `echo LATE >> novel.config.json" >/dev/null 2>&1 </dev/null &`,
    ],
    [
      'a double fork',
      (pid: string) =>
        `(sh -c "echo \\$\\$ > ${pid}; sleep 1.5; echo LATE >> ` +
        `chapters/chapter-002.md; echo x >> world/rules.json" >/dev/null 2>&1 &) `,
    ],
    [
      'nohup',
      (pid: string) =>
        `nohup sh -c "echo \\$\\$ > ${pid}; sleep 1.5; echo LATE >> novel.config.json" >/dev/null 2>&1 &`,
    ],
  ] as const) {
    it(name, async () => {
      const pidFile = join(tempDir(), 'writer.pid');
      const res = await attack('*draft', body(pidFile));
      // The book is looked at once the writer is gone: ended with its step, or (were it not) done writing.
      const pid = Number(existsSync(pidFile) ? readFileSync(pidFile, 'utf8').trim() : '');
      if (pid > 0) expect(await waitUntil(() => !alive(pid), 10_000), 'the late writer is gone').toBe(true);
      // No pid: ended before it wrote one, or not started yet on a busy machine; it gets its 1.5 s and more.
      else await new Promise((resolve) => setTimeout(resolve, 2500));
      holds(res);
      expect(res.code).toBe(0);
    }, 60_000);
  }

  it('SIGTERM while an executor runs starts no retry and leaves nothing running', async () => {
    const dir = copy();
    const trace = join(tempDir(), 'trace');
    const pidFile = join(tempDir(), 'executor.pid');
    const script = join(tempDir(), 'slow.sh');
    writeFileSync(
      script,
      `#!/bin/sh\necho $$ > ${pidFile}\necho start >> ${trace}\nsleep 3\necho survived >> ${trace}\n`,
    );
    chmodSync(script, 0o755);
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [BIN, 'run', '--executor', `${script} {packet}`], {
      cwd: dir,
      stdio: 'ignore',
    });
    // While the executor runs: it has started, and has 3 s to go.
    expect(await waitUntil(() => existsSync(trace))).toBe(true);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(143);
    // Ended, not waited for: it never wrote its last line; and no retry started it again.
    expect(await waitUntil(() => !alive(pid), 10_000)).toBe(true);
    expect(readFileSync(trace, 'utf8')).toBe('start\n');
    expect(existsSync(join(dir, '.novel.lock'))).toBe(false);
  }, 60_000);
});

describe('outputs belong to the step that made them', () => {
  for (const [stage, file] of [
    ['*draft', 'staging/evaluations/chapter-012-eval.json'],
    ['*draft', 'staging/summaries/chapter-012-summary.md'],
    ['*summarize', 'staging/evaluations/chapter-012-eval.json'],
    ['*refine', 'staging/state/chapter-012-delta.json'],
    ['*draft', 'staging/chapters/chapter-013.md'],
  ] as const) {
    it(`${stage.slice(1)} planting ${file}`, async () => {
      const res = await attack(stage, `mkdir -p $(dirname ${file}); printf '{"chapter":12,"overall":5}' > ${file}`);
      holds(res);
      expect(res.code).toBe(11);
      expect(res.out).toContain(`written into another step's output: ${file}`);
      expect(existsSync(join(res.dir, file))).toBe(false);
    }, 60_000);
  }

  it('stray files left in staging/ are moved aside before a step, never reused', async () => {
    const dir = copy();
    mkdirSync(join(dir, 'staging/evaluations'), { recursive: true });
    writeFileSync(join(dir, 'staging/evaluations/chapter-012-eval.json'), '{"chapter":12,"overall":5}');
    writeFileSync(join(dir, 'staging/notes.txt'), 'scratch');
    const r = await novelBinAsync(dir, ['run', '--executor', executor('none', 'true'), '--chapters', '1']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('moved to staging/revisions/chapter-012/unexpected-1/');
    expect(existsSync(join(dir, 'staging/revisions/chapter-012/unexpected-1/evaluations/chapter-012-eval.json'))).toBe(
      true,
    );
    expect(guarded(dir)).toEqual(honest);
  }, 60_000);
});

describe('wedges', () => {
  it('100,000 staged files: the step fails with 11 naming the folder; ' +
    'every command still answers; the checkpoint stays small', async () => {
    const dir = copy();
    mkdirSync(join(dir, 'staging/junk'));
    for (let i = 0; i < 100_000; i++) writeFileSync(join(dir, 'staging/junk', `f${i}`), '');
    const r = await novelBinAsync(dir, ['run', '--executor', 'demo']);
    expect(r.code, r.stdout + r.stderr).toBe(11);
    expect(r.stdout + r.stderr).toContain(`rm -r -- 'staging/junk'`);
    for (const args of [['next'], ['status'], ['state', 'verify']])
      expect(novelBin(dir, args).code, args.join(' ')).toBe(0);
    const doctor = novelBin(dir, ['doctor']);
    expect(doctor.code).toBe(2);
    expect(doctor.stdout + doctor.stderr).toContain('staging_overflow');
    expect(readFileSync(join(dir, '.checkpoint.json')).length).toBeLessThan(4096);
  }, 120_000);

  it('a 255-byte name, a newline name, a non-UTF-8 name ' +
    'and a shell-injection name: no exit 1, safe hints', async () => {
    const res = await attack(
      '*draft',
      [
        `touch staging/chapters/$(printf 'x%.0s' $(seq 1 255))`,
        `touch "staging/chapters/a$(printf '\\n')b.md"`,
        `touch "staging/$(printf '\\377').md"`,
        `touch 'staging/$(touch pwned).md'`,
      ].join('; '),
    );
    expect([0, 11]).toContain(res.code);
    expect(guarded(res.dir)).toEqual(res.code === 0 ? honest : before);
    const doctor = novelBin(res.dir, ['doctor']);
    expect(doctor.code).not.toBe(1);
    for (const args of [['next'], ['status'], ['state', 'verify']])
      expect(novelBin(res.dir, args).code, args.join(' ')).not.toBe(1);
    expect(existsSync(join(res.dir, 'pwned'))).toBe(false);
    expect(doctor.stdout).not.toMatch(/rm "staging\/\$\(touch pwned\)/);
  }, 60_000);
});
