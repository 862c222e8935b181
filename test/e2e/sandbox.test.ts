/**
 * Executors in a box (PROTOCOL §17), attacked as a hostile command template
 * would: writes to the book, hard links and shared mappings of a chapter, a
 * forged nested-writes list, `novel rewind` and `novel advance` under the
 * run's token, a `setsid env -i` child left behind. With the box on, every
 * attempt fails inside the box: the book is unchanged, no command exits 1 and
 * no process outlives its step. With the box off, the step guard (the second
 * line) restores and names what it can, and no file the executor writes
 * decides what it checks. Also: the judged bytes are the committed bytes, and
 * a commit launders no edit of the files it splices.
 *
 * The tests that need bubblewrap skip without it, unless
 * NOVEL_SANDBOX_TESTS=required (set by .ci/run), which fails them instead.
 */
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BIN,
  boxOff,
  cleanupTempDirs,
  fixtureCopy,
  novelBin,
  novelBinAsync,
  novelJson,
  readJson,
  tempDir,
  treeHashes,
} from '../helpers/project.js';
import { commitReadyProject } from '../helpers/commit-ready.js';
import { BOX, BOX_MISSING, SANDBOX_REQUIRED } from '../helpers/sandbox.js';
import { serve } from '../helpers/serve.js';

afterAll(cleanupTempDirs);

function demoProject(): string {
  const dir = join(tempDir(), 'demo');
  expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
  return dir;
}

/** What no executor may change: everything but staging/, logs/, the checkpoint and novel's own records of the run. */
const book = (dir: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(treeHashes(dir)).filter(
      ([rel]) =>
        !/^(staging|logs)\//.test(rel) &&
        rel !== '.checkpoint.json' &&
        !rel.startsWith('.novel/') &&
        !rel.startsWith('.novel.lock'),
    ),
  );

/** The pids of processes whose command line holds `marker` (a child left behind by a step). */
function processesWith(marker: string): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'latin1').includes(marker)) out.push(Number(name));
    } catch {
      /* gone */
    }
  }
  return out;
}

/**
 * A hostile executor: during the draft step it attacks, reports each result
 * on stdout (kept in the executor log), leaves a detached child behind, then
 * writes the demo outputs so that the run goes on.
 */
function hostile(marker: string): string {
  const node = JSON.stringify(process.execPath);
  return demoAfter(
    'hostile',
    `try() { label="$1"; shift; if "$@" >/dev/null 2>&1; then echo "ATTACK $label: done"; else echo "ATTACK $label: ` +
      `refused"; fi; }
if [ "\${NOVEL_STEP##*:}" = draft ]; then
  try write-chapter sh -c 'echo HACKED >> chapters/chapter-001.md'
  try write-config sh -c 'echo "{}" > novel.config.json'
  try hard-link ln chapters/chapter-002.md staging/hl.md
  try forge-nested-writes sh -c 'printf "chapters/chapter-001.md\\n.novel/fingerprint.json\\n" > ` +
      `.novel.lock/nested-writes'
  try open-rw-for-map ${node} -e 'require("fs").openSync("chapters/chapter-003.md", "r+")'
  try write-memory sh -c 'echo x >> state/chapter-memory.json'
  for c in status next "validate $NOVEL_STEP" "instructions $NOVEL_STEP" "schema delta" "lint chapter:003"; do
    ${node} ${JSON.stringify(BIN)} $c >/dev/null 2>&1; echo "READ $c: exit $?"
  done
  ${node} ${JSON.stringify(BIN)} rewind --to chapter:002 --json; echo "NESTED rewind: exit $?"
  env -u NOVEL_LOCK_OWNER ${node} ${JSON.stringify(BIN)} advance "$NOVEL_STEP" --json; echo "NESTED ` +
      `advance-without-token: exit $?"
  ${node} ${JSON.stringify(BIN)} lock clear --force --json; echo "NESTED lock-clear: exit $?"
  ${node} ${JSON.stringify(BIN)} adapters install claude --json; echo "NESTED adapters-install: exit $?"
  setsid env -i /bin/sh -c 'sleep 300' ${marker} </dev/null >/dev/null 2>&1 &
fi
`,
  );
}

/**
 * An executor command: a shell script that runs `before` (on the step named by $NOVEL_STEP), then the demo executor on
 * the packet, then `after`.
 */
function demoAfter(name: string, before: string, after = ''): string {
  const script = join(tempDir(), `${name}.sh`);
  const demo = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} demo-executor "$1" >/dev/null`;
  writeFileSync(script, `#!/bin/sh\n${before}${demo}${after}\n`, { mode: 0o755 });
  return `${script} {packet}`;
}

const draftLog = (dir: string): string =>
  readFileSync(join(dir, 'logs/executor/chapter-004-draft-attempt-1.log'), 'utf8');

describe("the executors' box", () => {
  it(
    `is here${BOX ? '' : ` (not: ${BOX_MISSING})`}, or the box's tests are not ` +
      `required (NOVEL_SANDBOX_TESTS=${process.env.NOVEL_SANDBOX_TESTS ?? ''})`,
    () => {
      if (SANDBOX_REQUIRED)
        expect(BOX_MISSING, 'NOVEL_SANDBOX_TESTS=required: install bubblewrap (apt-get install bubblewrap)').toBeNull();
    },
  );

  it.runIf(process.platform === 'linux')(
    'is not probed by a reader on a book where no command that writes ran: status says how to check it; ' +
      'a command that writes keeps the answer',
    () => {
      const dir = demoProject();
      // A book as made outside novel, or copied without its caches: no recorded probe.
      rmSync(join(dir, 'logs/.cache'), { recursive: true, force: true });
      // A bwrap of its own on PATH that says where it was started, and passes.
      const bin = join(tempDir(), 'fake-bin');
      mkdirSync(bin, { recursive: true });
      const calls = join(bin, 'calls');
      writeFileSync(join(bin, 'bwrap'), `#!/bin/sh\necho started >> ${JSON.stringify(calls)}\nexit 0\n`, {
        mode: 0o755,
      });
      const env = { PATH: `${bin}:${process.env.PATH ?? ''}` };
      const status = novelBin(dir, ['status'], env);
      expect(status.code).toBe(0);
      expect(status.stdout).toMatch(/^box: not checked yet for this book: `novel doctor` checks it now/m);
      expect(novelBin(dir, ['status', '--lang', 'zh'], env).stdout).toMatch(/^沙箱：本书尚未检查/m);
      expect(JSON.parse(novelBin(dir, ['status', '--json'], env).stdout).data.box).toEqual({ state: 'unchecked' });
      // No bwrap started, nothing written.
      expect(existsSync(calls)).toBe(false);
      expect(existsSync(join(dir, 'logs/.cache/box.json'))).toBe(false);
      // doctor checks it now.
      const doctor = JSON.parse(novelBin(dir, ['doctor', '--json'], env).stdout).data.findings;
      expect(doctor.find((f: { code: string }) => f.code === 'sandbox_on')).toBeDefined();
      expect(readFileSync(calls, 'utf8')).toBe('started\n');
      // A command that writes probes once and keeps the answer; status reads it and starts nothing.
      expect(novelBin(dir, ['state', 'verify', '--accept'], env).code).toBe(0);
      expect(readFileSync(calls, 'utf8')).toBe('started\nstarted\n');
      expect(novelBin(dir, ['status'], env).stdout).toContain(`box: on (bubblewrap ${join(bin, 'bwrap')})`);
      expect(readFileSync(calls, 'utf8')).toBe('started\nstarted\n');
      // A new project's first command that writes is `novel init`: it keeps the answer, and its first status has it.
      for (const args of [
        ['init', '--title', 'T', '--author', 'A'],
        ['init', '--demo'],
      ]) {
        rmSync(calls, { force: true });
        const fresh = join(tempDir(), 'fresh');
        expect(novelBin(process.cwd(), [args[0] as string, fresh, ...args.slice(1)], env).code).toBe(0);
        expect(readFileSync(calls, 'utf8'), args.join(' ')).toBe('started\n');
        expect(novelBin(fresh, ['status'], env).stdout).toContain(`box: on (bubblewrap ${join(bin, 'bwrap')})`);
        expect(readFileSync(calls, 'utf8'), args.join(' ')).toBe('started\n');
      }
    },
  );

  it('an executor that floods its output: the run goes on, its log keeps the beginning and the end', async () => {
    const dir = demoProject();
    // 40 MB of progress during the draft (past the 16 MiB novel reads back), then honest work.
    const flood = demoAfter(
      'flood',
      `if [ "\${NOVEL_STEP##*:}" = draft ]; then echo FIRST; head -c 40000000 /dev/zero | tr '\\0' '.'; echo; ` +
        `echo LAST; fi\n`,
    );
    const r = await novelBinAsync(dir, ['run', '--executor', flood, '--chapters', '1']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).not.toContain('outside staging/');
    const log = draftLog(dir);
    expect(log.length).toBeLessThan(6 * 1024 * 1024);
    expect(log).toMatch(/--- stdout ---\nFIRST\n\.+\n\[… \d+ bytes of output left out …\]\n\.+\nLAST\n/);
    expect((await novelJson(dir, ['state', 'verify'])).body.ok).toBe(true);
  }, 120_000);

  describe.skipIf(!BOX)('with bubblewrap', () => {
    it('contains a hostile command template: every write outside staging/ is refused, ' +
      'nested commands read only, nothing outlives the step, the book is unchanged', async () => {
      const dir = demoProject();
      const before = book(dir);
      const marker = `novel-escape-${process.pid}-${Date.now()}`;
      const r = await novelBinAsync(dir, ['run', '--executor', hostile(marker), '--chapters', '1']);
      // The attacks all failed inside the box: the step is an honest one, and the chapter is committed.
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.stdout.split('\n')[0]).toMatch(/; box: on \(bubblewrap \/\S*bwrap\)/);
      expect(r.stdout).not.toContain('outside staging/');
      const log = draftLog(dir);
      for (const attack of [
        'write-chapter',
        'write-config',
        'hard-link',
        'forge-nested-writes',
        'open-rw-for-map',
        'write-memory',
      ])
        expect(log, attack).toContain(`ATTACK ${attack}: refused`);
      for (const c of ['status', 'next', 'instructions chapter:004:draft', 'schema delta', 'lint chapter:003'])
        expect(log, c).toContain(`READ ${c}: exit 0`);
      // Its outputs are not written yet: validate answers 2, as anywhere.
      expect(log).toContain('READ validate chapter:004:draft: exit 2');
      for (const c of ['rewind', 'advance-without-token', 'lock-clear', 'adapters-install'])
        expect(log, c).toContain(`NESTED ${c}: exit 3`);
      expect(log).toContain('"code":"nested_write"');
      expect(log).toContain('refused inside chapter:004:draft');
      // No process of the step is left, though it left with setsid and a scrubbed environment.
      expect(processesWith(marker)).toEqual([]);
      const after = book(dir);
      // What the attacks aimed at is as it was (the commit of chapter 4 changed the state, as an honest one does).
      for (const rel of [
        'chapters/chapter-001.md',
        'chapters/chapter-002.md',
        'chapters/chapter-003.md',
        'novel.config.json',
        'brief.md',
      ])
        expect(after[rel], rel).toBe(before[rel]);
      expect(statSync(join(dir, 'chapters/chapter-002.md')).nlink).toBe(1);
      expect(existsSync(join(dir, '.novel.lock'))).toBe(false);
      const verify = await novelJson(dir, ['state', 'verify']);
      expect(verify.body.ok, JSON.stringify(verify.body)).toBe(true);
      // status and doctor say the box is on.
      expect(novelBin(dir, ['status']).stdout).toMatch(/^box: on \(bubblewrap /m);
      expect(JSON.parse(novelBin(dir, ['status', '--json']).stdout).data.box.state).toBe('on');
      expect(
        JSON.parse(novelBin(dir, ['doctor', '--json']).stdout).data.findings.find(
          (f: { code: string }) => f.code === 'sandbox_on',
        ),
      ).toBeDefined();
    }, 120_000);

    it('holds against an executor that would undo it: no remount, not even from a user namespace of its own, ' +
      'no write outside, even when novel runs as root', async () => {
      const dir = demoProject();
      const before = book(dir);
      const outside = join(tempDir(), 'escaped.txt');
      const undo = demoAfter(
        'undo-the-box',
        `try() { label="$1"; shift; if "$@" >/dev/null 2>&1; then echo "ATTACK $label: done"; ` +
          `else echo "ATTACK $label: refused"; fi; }
if [ "\${NOVEL_STEP##*:}" = draft ]; then
  try remount-root sh -c 'mount -o remount,bind,rw / && echo HACKED >> chapters/chapter-001.md'
  try remount-project sh -c 'mount -o remount,bind,rw "$(findmnt -n -o TARGET -T .)" && echo HACKED >> ` +
          `chapters/chapter-001.md'
  try userns-remount unshare -Urm sh -c 'mount -o remount,bind,rw / && echo HACKED >> chapters/chapter-001.md'
  try bind-over sh -c 'mount --bind staging chapters && echo HACKED > chapters/chapter-001.md'
  try write-outside sh -c 'echo PWNED > ${outside}'
fi
`,
      );
      const r = await novelBinAsync(dir, ['run', '--executor', undo, '--chapters', '1']);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      const log = draftLog(dir);
      for (const attack of ['remount-root', 'remount-project', 'userns-remount', 'bind-over', 'write-outside'])
        expect(log, attack).toContain(`ATTACK ${attack}: refused`);
      expect(existsSync(outside)).toBe(false);
      const after = book(dir);
      for (const rel of ['chapters/chapter-001.md', 'chapters/chapter-002.md', 'chapters/chapter-003.md'])
        expect(after[rel], rel).toBe(before[rel]);
      expect((await novelJson(dir, ['state', 'verify'])).body.ok).toBe(true);
    }, 120_000);

    it('SIGTERM of a boxed run leaves no process of its step behind', async () => {
      const dir = demoProject();
      const marker = `novel-sigterm-${process.pid}-${Date.now()}`;
      const script = join(tempDir(), 'slow.sh');
      // The executor says it started (in staging/, the one place it can write), then detaches a child and waits.
      writeFileSync(
        script,
        `#!/bin/sh\nsetsid env -i /bin/sh -c 'sleep 300' ${marker} </dev/null ` +
          `>/dev/null 2>&1 &\n: > "$NOVEL_PROJECT/staging/started"\nsleep 300\n`,
      );
      chmodSync(script, 0o755);
      const { spawn } = await import('node:child_process');
      const child = spawn(process.execPath, [BIN, 'run', '--executor', `${script} {packet}`], {
        cwd: dir,
        stdio: 'ignore',
      });
      const started = join(dir, 'staging/started');
      for (let i = 0; i < 1200 && !existsSync(started); i++) await new Promise((r) => setTimeout(r, 50));
      expect(existsSync(started)).toBe(true);
      // The detached child may still be between its fork and its exec (its command line not yet its own) when the
      // script writes `started`, on a loaded machine: waited for, not timed.
      for (let i = 0; i < 400 && processesWith(marker).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(processesWith(marker).length).toBeGreaterThan(0);
      child.kill('SIGTERM');
      const code = await new Promise<number | null>((r) => child.on('close', (c) => r(c)));
      expect(code).toBe(143);
      // bwrap's PID namespace died with the run's executor: waited for, not timed.
      for (let i = 0; i < 400 && processesWith(marker).length; i++) await new Promise((r) => setTimeout(r, 50));
      expect(processesWith(marker)).toEqual([]);
    }, 120_000);

    it("a run killed mid-step leaves its step's temporary folder; the next run's first step removes it", async () => {
      const dir = demoProject();
      const tmp = tempDir();
      const script = join(tempDir(), 'stuck.sh');
      writeFileSync(script, `#!/bin/sh\n: > "$NOVEL_PROJECT/staging/started"\nsleep 300\n`, { mode: 0o755 });
      const { spawn } = await import('node:child_process');
      const child = spawn(process.execPath, [BIN, 'run', '--executor', `${script} {packet}`], {
        cwd: dir,
        stdio: 'ignore',
        env: { ...process.env, TMPDIR: tmp },
      });
      const started = join(dir, 'staging/started');
      for (let i = 0; i < 1200 && !existsSync(started); i++) await new Promise((r) => setTimeout(r, 50));
      expect(existsSync(started)).toBe(true);
      const mine = new RegExp(`^novel-step-${child.pid}-`);
      // An older novel's (no pid in the name) and a live novel's are no leftovers of a killed run.
      mkdirSync(join(tmp, 'novel-step-abc123'));
      mkdirSync(join(tmp, `novel-step-${process.pid}-xyz789`));
      child.kill('SIGKILL');
      await new Promise((r) => child.on('close', r));
      expect(readdirSync(tmp).filter((n) => mine.test(n))).toHaveLength(1);
      rmSync(started);
      const again = await novelBinAsync(dir, ['run', '--executor', demoAfter('resume', ''), '--pause-after', 'draft'], {
        TMPDIR: tmp,
      });
      expect(again.code, again.stderr).toBe(0);
      expect(readdirSync(tmp).sort()).toEqual([`novel-step-${process.pid}-xyz789`, 'novel-step-abc123'].sort());
    }, 120_000);
  });

  it('required without bubblewrap refuses with exit 2 and writes ' +
    'nothing; auto says so on the first line, in status and in doctor', async () => {
    const dir = demoProject();
    const config = readJson(join(dir, 'novel.config.json'));
    writeFileSync(
      join(dir, 'novel.config.json'),
      JSON.stringify({ ...config, executor: { ...config.executor, sandbox: 'required' } }),
    );
    const noBwrap = { PATH: join(tempDir(), 'empty-bin') };
    const template = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} demo-executor {packet}`;
    const before = treeHashes(dir);
    const refused = await novelBinAsync(dir, ['run', '--executor', template, '--json'], noBwrap);
    expect(refused.code, refused.stdout + refused.stderr).toBe(2);
    expect(JSON.parse(refused.stdout).error.code).toBe('sandbox_unavailable');
    expect(JSON.parse(refused.stdout).error.message).toContain('bwrap not found on PATH');
    expect(treeHashes(dir)).toEqual(before);
    expect(novelBin(dir, ['status'], noBwrap).stdout).toMatch(
      /^box: required but unavailable \(bwrap not found on PATH/m,
    );
    const doctorRequired = JSON.parse(novelBin(dir, ['doctor', '--json'], noBwrap).stdout).data.findings.find(
      (f: { code: string }) => f.code === 'sandbox_unavailable',
    );
    expect(doctorRequired.severity).toBe('error');

    writeFileSync(
      join(dir, 'novel.config.json'),
      JSON.stringify({ ...config, executor: { ...config.executor, sandbox: 'auto' } }),
    );
    const auto = await novelBinAsync(dir, ['run', '--executor', template, '--chapters', '1'], noBwrap);
    expect(auto.code, auto.stdout + auto.stderr).toBe(0);
    expect(auto.stdout.split('\n')[0]).toMatch(
      /; box: unavailable \(bwrap not found on PATH.*\): executors run with all of your rights/,
    );
    expect(novelBin(dir, ['status'], noBwrap).stdout).toMatch(/^box: unavailable \(bwrap not found on PATH/m);
    expect(novelBin(dir, ['status', '--lang', 'zh'], noBwrap).stdout).toMatch(/^沙箱：不可用/m);
    const doctor = JSON.parse(novelBin(dir, ['doctor', '--json'], noBwrap).stdout).data.findings.find(
      (f: { code: string }) => f.code === 'sandbox_unavailable',
    );
    expect(doctor.severity).toBe('warning');
  }, 120_000);

  it(
    'settings out of bounds are refused with exit 2 naming the ' +
      "field (a timeout past a timer's range never fires at once)",
    async () => {
      const dir = demoProject();
      const config = readJson(join(dir, 'novel.config.json'));
      for (const [executor, field] of [
        [{ timeout_s: 2_147_484 }, 'executor.timeout_s'],
        [{ sandbox: 'maybe' }, 'executor.sandbox'],
        [{ retries: 1e9 }, 'executor.retries'],
      ] as const) {
        writeFileSync(
          join(dir, 'novel.config.json'),
          JSON.stringify({ ...config, executor: { ...config.executor, ...executor } }),
        );
        const r = await novelJson(dir, ['status']);
        expect(r.code, JSON.stringify(r.body)).toBe(2);
        expect(JSON.stringify(r.body.error)).toContain(field);
      }
      // Every number a setting holds is bounded, and a min never exceeds its max.
      for (const [settings, field] of [
        [{ chapter_length: { min: 5000, max: 2000 } }, 'chapter_length'],
        [{ chapter_length: { max: 1e300 } }, 'chapter_length.max'],
        [{ volume_chapters: { min: 80, max: 40 } }, 'volume_chapters'],
        [{ serial: { daily_zishu: 1e300 } }, 'serial.daily_zishu'],
        [{ quality: { blacklist_max_per_kchars: 1e300 } }, 'quality.blacklist_max_per_kchars'],
        [{ quality: { repetition: { window: 1e300 } } }, 'quality.repetition.window'],
        [{ quality: { dormancy: { long: 1e300 } } }, 'quality.dormancy.long'],
        [{ quality: { title: { min: 30, max: 10 } } }, 'quality.title'],
        [{ quality: { weights: { plot: 1e300 } } }, 'quality.weights'],
        [{ quality: { patterns: [{ id: 'p', regex: '(', max_per_kchars: 1 }] } }, 'quality.patterns.0.regex'],
      ] as const) {
        writeFileSync(join(dir, 'novel.config.json'), JSON.stringify({ ...config, ...settings }));
        const r = await novelJson(dir, ['status']);
        expect(r.code, `${field}: ${JSON.stringify(r.body)}`).toBe(2);
        expect(JSON.stringify(r.body.error), field).toContain(field);
      }
      writeFileSync(
        join(dir, 'novel.config.json'),
        JSON.stringify({ ...config, executor: { ...config.executor, timeout_s: 2_147_483 } }),
      );
      expect((await novelJson(dir, ['status'])).code).toBe(0);
    },
  );

  it("what a client leaves or reports cannot hang, crash or unbudget the run: a FIFO for Codex's last message, " +
    "Claude's absurd usage and a report nested 100,000 deep", async () => {
    const bin = join(tempDir(), 'clients');
    mkdirSync(bin, { recursive: true });
    const demo = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} demo-executor "$NOVEL_PACKET" >/dev/null`;
    writeFileSync(
      join(bin, 'codex'),
      `#!/bin/sh
case "$1" in --version) echo "codex-cli 0.169.0"; exit 0;; esac
while [ $# -gt 0 ]; do [ "$1" = --output-last-message ] && lm=$2; shift; done
${demo}
mkfifo "$lm"
echo '{"type":"turn.completed","usage":{"input_tokens":-7,"output_tokens":1e308}}'
`,
      { mode: 0o755 },
    );
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    writeFileSync(
      join(bin, 'claude'),
      `#!/bin/sh
case "$1" in --version) echo "2.1.197 (Claude Code)"; exit 0;; esac
${demo}
if [ -n "$DEEP" ]; then printf '{"type":"result","subtype":"success","result":"done","permission_denials":[${deep}]}\n'
else echo '{"type":"result","subtype":"success","result":"done","total_cost_usd":-1e308,'\\
'"usage":{"input_tokens":-5000,"output_tokens":1e308}}'; fi
`,
      { mode: 0o755 },
    );
    const env = { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: tempDir() };
    const codex = demoProject();
    const r = await novelBinAsync(codex, ['run', '--executor', 'codex', '--model', 'm', '--chapters', '1'], env);
    // The judge's answer is its last message: a FIFO is no answer, and the step fails (it does not wait for ever).
    expect(r.code, r.stdout + r.stderr).toBe(11);
    expect(r.stdout + r.stderr).not.toMatch(/Infinity|NaN|internal error/);
    expect(existsSync(join(codex, '.novel.lock'))).toBe(false);
    const claude = demoProject();
    const budget = await novelBinAsync(
      claude,
      ['run', '--executor', 'claude', '--chapters', '1', '--budget-usd', '1'],
      env,
    );
    // The judge's answer is not there (this client answers "done"): the step fails, after the writers' steps whose
    // usage was recorded; none of it is a negative or endless count.
    expect(budget.code, budget.stdout + budget.stderr).toBe(11);
    expect(budget.stdout + budget.stderr).not.toMatch(/Infinity|NaN|\$-|internal error/);
    const recorded = spawnSync(
      'grep',
      [
        '-rlE',
        '"(cost_usd|input_tokens|output_tokens|tokens)": ?(-|[0-9.]+e\\+?308|Infinity)',
        join(claude, 'logs'),
        join(claude, '.novel'),
      ],
      {
        encoding: 'utf8',
      },
    ).stdout;
    expect(
      recorded.split('\n').filter((f) => f && !f.includes('/executor/')),
      recorded,
    ).toEqual([]);
    const deepRun = await novelBinAsync(claude, ['run', '--executor', 'claude', '--chapters', '1'], {
      ...env,
      DEEP: '1',
    });
    expect([0, 11], deepRun.stdout + deepRun.stderr).toContain(deepRun.code);
    expect(deepRun.stdout + deepRun.stderr).not.toMatch(/internal error|stack size/);
  }, 240_000);

  it('a usage line with a negative or absurd cost counts for nothing: the run total stays a number', async () => {
    const dir = demoProject();
    const usage = demoAfter(
      'usage',
      '',
      ` || exit $?\necho '{"status":"ok","usage":{"input_tokens":-5,"output_tokens":1e308},"cost_usd":-1e308}'`,
    );
    const r = await novelBinAsync(dir, ['run', '--executor', usage, '--chapters', '1', '--budget-usd', '1']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/Infinity|NaN|\$-/);
  }, 120_000);
});

describe('with the box off, the step guard is the second line', () => {
  it("a forged nested-writes list and a rewind under the run's token " +
    'change nothing: the chapter is restored, the rewind refused', async () => {
    const dir = demoProject();
    boxOff(dir);
    const before = book(dir);
    const marker = `novel-escape-off-${process.pid}-${Date.now()}`;
    const r = await novelBinAsync(dir, ['run', '--executor', hostile(marker), '--chapters', '1']);
    try {
      expect(r.code, r.stdout + r.stderr).toBe(11);
      expect(r.stdout).toContain('changed: chapters/chapter-001.md (restored)');
      const log = draftLog(dir);
      expect(log).toContain('ATTACK forge-nested-writes: done');
      for (const c of ['rewind', 'advance-without-token', 'lock-clear', 'adapters-install'])
        expect(log, c).toContain(`NESTED ${c}: exit 3`);
      expect(book(dir)).toEqual(before);
      expect(existsSync(join(dir, '.novel.lock/nested-writes'))).toBe(false);
      const verify = await novelJson(dir, ['state', 'verify']);
      expect(verify.body.ok, JSON.stringify(verify.body)).toBe(true);
    } finally {
      // Without the box a child that scrubbed its environment escapes the sweep (docs/executors.md, "What remains").
      // The child is the leader of its own session and group (setsid): the group goes, its sleep included.
      for (const pid of processesWith(marker)) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
    }
  }, 120_000);
});

describe('judged bytes are committed bytes', () => {
  it(
    'a staged chapter changed between judge and commit: commit refuses (exit ' +
      '2, naming the file), next sends it back to judge, the book is unchanged',
    async () => {
      const project = await commitReadyProject();
      const chapter = join(project, 'staging/chapters/chapter-004.md');
      const judged = readFileSync(chapter);
      writeFileSync(chapter, Buffer.concat([judged, Buffer.from('\n一段裁判从未读过的文字。\n')]));
      const before = book(project);
      const refused = await novelJson(project, ['commit', '--chapter', '4']);
      expect(refused.code).toBe(2);
      expect(refused.body.error.code).toBe('judged_bytes_changed');
      expect(refused.body.error.message).toContain('staging/chapters/chapter-004.md');
      expect(book(project)).toEqual(before);
      const next = await novelJson(project, ['next']);
      expect(next.body.data.step).toBe('chapter:004:judge');
      expect(next.body.data.action).toBe('execute');
      // The judged bytes back: the commit goes through, and writes exactly them.
      writeFileSync(chapter, judged);
      expect((await novelJson(project, ['next'])).body.data.step).toBe('chapter:004:commit');
      const done = await novelJson(project, ['commit', '--chapter', '4']);
      expect(done.code, JSON.stringify(done.body)).toBe(0);
      expect(readFileSync(join(project, 'chapters/chapter-004.md'))).toEqual(judged);
    },
  );

  it('an edit after judging is judged again by the run, and the text committed is the text judged', async () => {
    const dir = demoProject();
    const paused = await novelBinAsync(dir, ['run', '--executor', 'demo', '--pause-after', 'judge']);
    expect(paused.code, paused.stderr).toBe(0);
    const chapter = join(dir, 'staging/chapters/chapter-004.md');
    const edited = `${readFileSync(chapter, 'utf8')}\n作者在裁判之后补了一句。\n`;
    writeFileSync(chapter, edited);
    const r = await novelBinAsync(dir, ['run', '--executor', 'demo', '--chapters', '1']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/chapter:004:judge: quality-judge/);
    expect(readFileSync(join(dir, 'chapters/chapter-004.md'), 'utf8')).toBe(edited);
  });
});

describe('no laundering', () => {
  it(
    'the memory ledger edited outside novel with its size and mtime put ' +
      'back: the next commit refuses, naming it, and records nothing',
    async () => {
      const project = await commitReadyProject();
      const ledger = join(project, 'state/chapter-memory.json');
      const st = statSync(ledger);
      const text = readFileSync(ledger, 'utf8');
      // One character swapped for another of the same UTF-8 length, then the times put back.
      const i = text.indexOf('"chapter": ') + '"chapter": '.length;
      const changed = `${text.slice(0, i)}${text[i] === '1' ? '2' : '1'}${text.slice(i + 1)}`;
      expect(Buffer.byteLength(changed)).toBe(st.size);
      writeFileSync(ledger, changed);
      utimesSync(ledger, st.atime, st.mtime);
      const fingerprint = readFileSync(join(project, '.novel/fingerprint.json'));
      const r = await novelJson(project, ['commit', '--chapter', '4']);
      expect(r.code, JSON.stringify(r.body)).toBe(2);
      expect(r.body.error.message).toContain('state/chapter-memory.json');
      expect(readFileSync(join(project, '.novel/fingerprint.json'))).toEqual(fingerprint);
      expect(existsSync(join(project, 'chapters/chapter-004.md'))).toBe(false);
    },
  );
});

describe('hostile paths', () => {
  it('a project path with $(…), backticks and quotes reaches a command template as one word, ' +
    'run by nothing', async () => {
    const parent = tempDir();
    const dir = join(parent, `inj $(touch RAN1) \`touch RAN2\` '"x`);
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    const node = JSON.stringify(process.execPath);
    for (const template of [
      `${node} ${JSON.stringify(BIN)} demo-executor {packet}`,
      `${node} ${BIN} demo-executor "{packet}"`,
    ]) {
      const r = await novelBinAsync(dir, ['run', '--executor', template, '--chapters', '1']);
      expect(r.code, template + r.stdout + r.stderr).toBe(0);
    }
    for (const where of [dir, parent, process.cwd()])
      for (const marker of ['RAN1', 'RAN2']) expect(existsSync(join(where, marker)), `${where}/${marker}`).toBe(false);
  }, 120_000);

  it('a FIFO put among the book files is named by state verify, doctor and run, and never recorded', async () => {
    const dir = demoProject();
    expect(spawnSync('mkfifo', [join(dir, 'state/x.json')]).status).toBe(0);
    for (const args of [['state', 'verify'], ['doctor'], ['run', '--chapters', '1', '--executor', 'demo']]) {
      const r = novelBin(dir, args);
      expect(r.code, `${args.join(' ')}: ${r.stdout}${r.stderr}`).toBe(2);
      expect(r.stdout + r.stderr, args.join(' ')).toContain('state/x.json');
    }
    const accept = novelBin(dir, ['state', 'verify', '--accept']);
    expect(accept.code, accept.stdout + accept.stderr).toBe(2);
    expect(accept.stderr).toContain('state/x.json: expected a file, found a FIFO, socket or device');
    expect(readFileSync(join(dir, '.novel/fingerprint.json'), 'utf8')).not.toContain('state/x.json');
    // A directory put where a book file was: not a removal to accept either.
    rmSync(join(dir, 'state/x.json'));
    rmSync(join(dir, 'foreshadowing/global.json'));
    mkdirSync(join(dir, 'foreshadowing/global.json'));
    const dirAccept = novelBin(dir, ['state', 'verify', '--accept']);
    expect(dirAccept.code, dirAccept.stdout + dirAccept.stderr).toBe(2);
    expect(dirAccept.stderr).toContain('foreshadowing/global.json: expected a file, found a directory');
    expect(readFileSync(join(dir, '.novel/fingerprint.json'), 'utf8')).toContain('foreshadowing/global.json');
  });

  it('a commit replaces no audit already in the book: a planted one is refused, naming it', async () => {
    const project = await commitReadyProject();
    const planted = join(project, 'audits/chapter-004-audit.json');
    mkdirSync(join(project, 'audits'), { recursive: true });
    writeFileSync(planted, '{"chapter": 4, "issues": [], "note": "planted"}\n');
    const before = book(project);
    const r = await novelJson(project, ['commit', '--chapter', '4']);
    expect(r.code, JSON.stringify(r.body)).toBe(2);
    expect(r.body.error.code).toBe('would_overwrite');
    expect(JSON.stringify(r.body.error)).toContain('audits/chapter-004-audit.json');
    expect(book(project)).toEqual(before);
    expect(readFileSync(planted, 'utf8')).toContain('planted');
  });

  it(
    "export --out refuses the project's own files (through " + 'a link too) and an existing file without --force',
    async () => {
      const dir = demoProject();
      const before = treeHashes(dir);
      const outside = tempDir();
      symlinkSync(join(dir, 'brief.md'), join(outside, 'brief-link.txt'));
      for (const out of [
        'chapters/chapter-001.md',
        '.checkpoint.json',
        'brief.md',
        'novel.config.json',
        '.novel/fingerprint.json',
        'staging/x.txt',
        'state/current-state.json',
        'audits/chapter-001-audit.json',
        join(outside, 'brief-link.txt'),
        '.',
      ]) {
        const r = await novelJson(dir, ['export', '--format', 'txt', '--out', out, '--force']);
        expect(r.code, `${out}: ${JSON.stringify(r.body)}`).toBe(2);
        expect(r.body.error.code, out).toBe('export_out_refused');
      }
      expect(treeHashes(dir)).toEqual(before);
      const existing = join(outside, 'book.txt');
      writeFileSync(existing, 'mine\n');
      const refused = await novelJson(dir, ['export', '--format', 'txt', '--out', existing]);
      expect(refused.code).toBe(2);
      expect(refused.body.error.code).toBe('export_out_exists');
      expect(readFileSync(existing, 'utf8')).toBe('mine\n');
      const forced = await novelJson(dir, ['export', '--format', 'txt', '--out', existing, '--force']);
      expect(forced.code, JSON.stringify(forced.body)).toBe(0);
      expect(readFileSync(existing, 'utf8')).toContain('第');
      // Under export/ in the project, and a new file outside it: as before.
      expect((await novelJson(dir, ['export', '--format', 'md', '--out', 'export/mine.md'])).code).toBe(0);
      expect((await novelJson(dir, ['export', '--format', 'md', '--out', join(outside, 'new.md')])).code).toBe(0);
    },
  );

  it(
    'serve answers an address it cannot listen on with ' + 'exit 2, and serves no file with more than one link',
    async () => {
      const dir = demoProject();
      const bad = await novelBinAsync(dir, [
        'serve',
        '--host',
        '192.0.2.1',
        '--token',
        't0ken',
        '--port',
        '0',
        '--json',
      ]);
      expect(bad.code, bad.stdout + bad.stderr).toBe(2);
      expect(JSON.parse(bad.stdout).error.code).toBe('host_unusable');
      // A chapter hard-linked to a file elsewhere: not served.
      const elsewhere = join(tempDir(), 'secret.md');
      writeFileSync(elsewhere, '# 秘密\n\n不该出现在仪表盘上的文字。\n');
      rmSync(join(dir, 'chapters/chapter-002.md'));
      linkSync(elsewhere, join(dir, 'chapters/chapter-002.md'));
      const s = await serve(dir);
      try {
        const one = await fetch(`${s.base}/api/chapters/1`);
        expect(one.status).toBe(200);
        const two = await fetch(`${s.base}/api/chapters/2`);
        expect(two.status).toBe(404);
        expect(await two.text()).not.toContain('不该出现');
        // The state and the foreshadowing list given a second name outside: what reads them is refused too.
        for (const [rel, api] of [
          ['state/current-state.json', 'characters'],
          ['foreshadowing/global.json', 'foreshadowing'],
        ] as const) {
          expect((await fetch(`${s.base}/api/${api}`)).status, api).toBe(200);
          linkSync(join(dir, rel), join(tempDir(), `${api}-outside.json`));
          const linked = await fetch(`${s.base}/api/${api}`);
          expect(linked.status, api).not.toBe(200);
          expect((await linked.json()).error.message, api).toContain(`${rel}: a file with 2 hard links`);
        }
        // The continuity findings quote chapters: a hard-linked one (chapter 2 above) keeps the route from answering.
        const continuity = await fetch(`${s.base}/api/continuity`);
        expect(continuity.status).not.toBe(200);
        expect(await continuity.text()).not.toContain('不该出现');
      } finally {
        await s.stop();
      }
      // An empty or malformed --host is a usage error, before anything is opened.
      for (const host of ['', 'a b', '[::1]']) {
        const r = await novelBinAsync(dir, ['serve', '--host', host, '--token', 't0ken', '--port', '0']);
        expect(r.code, host).toBe(2);
        expect(r.stderr, host).toContain('expected a host name or an IP address');
      }
    },
  );

  it(
    'a chapter title with terminal escapes is printed escaped ' +
      'by chapters, status and lint, and is a hard lint finding',
    async () => {
      const dir = demoProject();
      const rel = 'chapters/chapter-003.md';
      const text = readFileSync(join(dir, rel), 'utf8');
      writeFileSync(join(dir, rel), text.replace(/^# .*$/m, '# 夜\u001b]0;pwned\u0007\u001b[2J\u202e'));
      expect((await novelJson(dir, ['state', 'verify', '--accept'])).code).toBe(0);
      for (const argv of [['chapters'], ['status'], ['lint', 'chapter:003']]) {
        const r = novelBin(dir, argv);
        const out = r.stdout + r.stderr;
        // biome-ignore lint/suspicious/noControlCharactersInRegex: no raw BEL, ESC or bidi override reaches the screen
        expect(out, argv.join(' ')).not.toMatch(/[\u0007\u001b\u202e]/);
        if (argv[0] !== 'status') expect(out, argv.join(' ')).toContain('\\u001b]0;pwned');
      }
      const lint = JSON.parse(novelBin(dir, ['lint', 'chapter:003', '--json']).stdout);
      expect(JSON.stringify(lint)).toContain('title_control');
    },
  );
});

describe('values nested deeper than any book file', () => {
  /** The JSON file with a field holding 100,000 nested arrays added (JSON.parse reads it; a walk of it overflows). */
  const deepen = (file: string) => {
    const text = readFileSync(file, 'utf8').trimEnd();
    expect(text.endsWith('}')).toBe(true);
    writeFileSync(file, `${text.slice(0, -1)}, "x_deep": ${'['.repeat(100_000)}${']'.repeat(100_000)}}\n`);
  };
  const deepSaid = /field "x_deep": expected JSON nested at most 256 levels deep/;

  it('a staged evaluation: validate and commit answer 2 naming the file and field, the book is unchanged', async () => {
    const project = await commitReadyProject();
    const before = book(project);
    deepen(join(project, 'staging/evaluations/chapter-004-eval.json'));
    const validate = novelBin(project, ['validate', 'chapter:004:judge']);
    expect(validate.code, validate.stdout + validate.stderr).toBe(2);
    expect(validate.stdout + validate.stderr).toMatch(deepSaid);
    expect(validate.stdout + validate.stderr).toContain('staging/evaluations/chapter-004-eval.json');
    const commit = novelBin(project, ['commit', '--chapter', '4']);
    expect(commit.code, commit.stdout + commit.stderr).toBe(2);
    expect(commit.stderr).not.toMatch(/internal error|stack size|\n\s+at /);
    expect(book(project)).toEqual(before);
  });

  it('a book file edited so: readers and state verify answer 2 naming it, none exits 1', async () => {
    for (const rel of ['state/current-state.json', '.checkpoint.json', 'foreshadowing/global.json']) {
      const project = fixtureCopy();
      deepen(join(project, rel));
      let said = '';
      for (const args of [['state', 'verify'], ['next'], ['doctor'], ['status']]) {
        const r = novelBin(project, args);
        expect(r.code, `${rel}: ${args.join(' ')}: ${r.stdout}${r.stderr}`).not.toBe(1);
        expect(r.stdout + r.stderr, `${rel}: ${args.join(' ')}`).not.toMatch(/internal error|stack size/);
        said += r.stdout + r.stderr;
      }
      // The edit is found (the fingerprint), and what reads the file names the field.
      expect(novelBin(project, ['state', 'verify']).code, rel).toBe(2);
      expect(said, rel).toMatch(deepSaid);
    }
  });
});

describe("the box's refusals in the reader's language", () => {
  it('are said in Chinese, with their fixes (LANG=zh_CN), no English sentence left', async () => {
    const zh = { LANG: 'zh_CN.UTF-8' };
    /** Four or more English words in a row (commands in backticks aside): a sentence left in English. */
    const englishSentence = /\b[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,}){3,}/;
    const said = async (
      cwd: string,
      args: string[],
      lines: string[],
      code = 2,
      env: Record<string, string> = {},
    ): Promise<void> => {
      const r = await novelBinAsync(cwd, args, { ...zh, ...env });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(code);
      for (const l of lines) expect(r.stderr, args.join(' ')).toContain(l);
      expect(r.stderr.replace(/`[^`]*`/g, ''), args.join(' ')).not.toMatch(englishSentence);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    };
    const dir = demoProject();
    // export --out: the project's own file, an existing file.
    await said(
      dir,
      ['export', '--format', 'txt', '--out', 'brief.md'],
      [
        `export --out ${join(dir, 'brief.md')}：brief.md 属于项目自身（brief.md）；` +
          '导出从不替换书稿、设定或 novel 自己的记录',
        '提示：指定项目之外的文件，或项目中 export/ 下的文件（默认：export/novel.<格式>）',
      ],
    );
    const existing = join(tempDir(), 'book.txt');
    writeFileSync(existing, 'mine\n');
    await said(
      dir,
      ['export', '--format', 'txt', '--out', existing],
      [`export --out ${existing}：文件已存在；未替换`, '提示：加 --force 替换它，或换一个文件名'],
    );
    // serve on an address this machine does not have.
    await said(
      dir,
      ['serve', '--host', '192.0.2.1', '--token', 't0ken', '--port', '0'],
      [
        'serve --host 192.0.2.1：无法在这个地址上监听',
        '提示：请用本机的地址：127.0.0.1（默认）、::1，或 0.0.0.0 加 --token',
      ],
    );
    // import: a symbolic link, a text of mixed encodings.
    const base = tempDir();
    const chapter = (n: number): string => `第${n}章 雨夜\n林默推开门，雨声正大，灯火在风里摇晃。\n`;
    writeFileSync(join(base, 'real.txt'), chapter(1));
    symlinkSync(join(base, 'real.txt'), join(base, 'link.txt'));
    await said(
      base,
      ['import', 'link.txt', '--project', join(base, 'p1')],
      ['link.txt：是符号链接；导入只读取普通文件', '提示：用它指向的文件本身的路径导入，或把那个文件复制进目录'],
    );
    // 第3章 雨夜, GBK, after two UTF-8 chapters.
    const gbkLine = Buffer.from([0xb5, 0xda, 0x33, 0xd5, 0xc2, 0x20, 0xd3, 0xea, 0xd2, 0xb9, 0x0a]);
    writeFileSync(join(base, 'mixed.txt'), Buffer.concat([Buffer.from(chapter(1) + chapter(2)), gbkLine]));
    await said(
      base,
      ['import', 'mixed.txt', '--project', join(base, 'p2')],
      [
        'mixed.txt：第 5 行不是 UTF-8，其他行却是：这份文本混用了编码，按一种编码读会丢章',
        '提示：把整个文件转成同一种编码',
      ],
    );
    // A mutating command an executor runs with the run's token: refused, naming the step (exit 3).
    const started = new Date().toISOString();
    mkdirSync(join(dir, '.novel.lock'));
    writeFileSync(
      join(dir, '.novel.lock/info.json'),
      JSON.stringify({ pid: process.ppid, host: hostname(), started, heartbeat: started, chapter: 1, owner: 'tok' }),
    );
    mkdirSync(join(dir, '.novel'), { recursive: true });
    writeFileSync(
      join(dir, '.novel/execution.json'),
      JSON.stringify({ step: 'chapter:001:draft', attempt: 1, pid: process.ppid, pgid: null, started, files: {} }),
    );
    await said(
      dir,
      ['rewind', '--to', 'chapter:001'],
      [
        '在 chapter:001:draft 中被拒绝：执行器运行的命令只能读取',
        '提示：把这一步的产出写进 staging/ 后退出；由 novel run 校验、登记并入库',
      ],
      3,
      { NOVEL_LOCK_OWNER: 'tok' },
    );
    rmSync(join(dir, '.novel.lock'), { recursive: true });
    rmSync(join(dir, '.novel/execution.json'));
    // executor.sandbox "required" where no bwrap is on PATH: the run refuses, and says why in Chinese.
    const config = readJson(join(dir, 'novel.config.json'));
    writeFileSync(
      join(dir, 'novel.config.json'),
      JSON.stringify({ ...config, executor: { ...config.executor, sandbox: 'required' } }),
    );
    const noBwrap = { PATH: join(tempDir(), 'empty-bin') };
    const template = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} demo-executor {packet}`;
    await said(
      dir,
      ['run', '--executor', template],
      [
        'executor.sandbox 设为 "required"，但这里无法建立沙箱：' +
          'PATH 中找不到 bwrap（Debian/Ubuntu：apt-get install bubblewrap）',
        '提示：安装 bubblewrap（apt-get install bubblewrap）并允许用户命名空间',
      ],
      2,
      noBwrap,
    );
    const doctor = novelBin(dir, ['doctor'], { ...zh, ...noBwrap });
    expect(doctor.stdout + doctor.stderr).toContain('沙箱：要求启用但不可用（PATH 中找不到 bwrap');
    expect(doctor.stdout + doctor.stderr).toContain(
      '安装 bubblewrap（apt-get install bubblewrap），并允许非特权用户命名空间',
    );
  }, 120_000);
});
