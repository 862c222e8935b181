/**
 * A real book is never lost, faked or overwritten, and hand edits surface
 * before work is paid for — through the built binary.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  alive,
  BIN,
  boxOff,
  cleanupTempDirs,
  fixtureCopy,
  novelBin,
  novelBinAsync,
  overlay,
  readJson,
  tempDir,
  treeHashes,
  waitUntil,
} from '../helpers/project.js';

afterAll(cleanupTempDirs);

function demoProject(): string {
  const dir = join(tempDir(), 'demo');
  expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
  return dir;
}

const json = (r: { stdout: string }) => JSON.parse(r.stdout);
describe('a lost checkpoint never leads to overwritten chapters', () => {
  it('init refuses a folder that holds a book, writes nothing, and names the command that recovers', () => {
    const dir = demoProject();
    expect(novelBin(dir, ['run', '--chapters', '2']).code).toBe(0);
    rmSync(join(dir, '.checkpoint.json'));
    const before = treeHashes(dir);
    for (const args of [
      ['init', dir, '--json'],
      ['init', '--demo', dir, '--json'],
    ]) {
      const r = novelBin(process.cwd(), args);
      expect(r.code).toBe(2);
      expect(json(r).error).toMatchObject({
        code: 'book_exists',
        hint: expect.stringMatching(/novel checkpoint rebuild/),
      });
      expect(json(r).error.message).toMatch(
        /chapters\/ \(5 chapter file\(s\)\), state\/current-state\.json, state\/changelog\.jsonl/,
      );
    }
    expect(treeHashes(dir)).toEqual(before);
    // status points at the rebuild, not at init.
    const s = novelBin(dir, ['status', '--json']);
    expect(s.code).toBe(2);
    expect(json(s).error).toMatchObject({
      code: 'checkpoint_missing',
      hint: expect.stringMatching(/novel checkpoint rebuild/),
    });
    expect(json(s).error.hint).not.toMatch(/novel init DIR/);
  });

  it(
    'checkpoint rebuild reconstructs the checkpoint from the book; ' +
      'refuses over an existing one unless --force (backup kept)',
    () => {
      const dir = demoProject();
      expect(novelBin(dir, ['run', '--chapters', '2']).code).toBe(0);
      const original = readJson(join(dir, '.checkpoint.json'));
      rmSync(join(dir, '.checkpoint.json'));
      const r = novelBin(dir, ['checkpoint', 'rebuild', '--json']);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      const rebuilt = readJson(join(dir, '.checkpoint.json'));
      expect(rebuilt).toMatchObject({
        last_completed_chapter: 5,
        current_volume: 1,
        orchestrator_state: 'WRITING',
        pipeline_stage: 'committed',
        inflight_chapter: null,
        revision_count: 0,
      });
      expect(rebuilt.last_completed_chapter).toBe(original.last_completed_chapter);
      expect(novelBin(dir, ['next']).stdout).toBe('chapter:006:draft\n');
      const again = novelBin(dir, ['checkpoint', 'rebuild', '--json']);
      expect(again.code).toBe(2);
      expect(json(again).error.code).toBe('checkpoint_exists');
      const forced = novelBin(dir, ['checkpoint', 'rebuild', '--force', '--json']);
      expect(forced.code).toBe(0);
      expect(json(forced).data.backup).toBe('.checkpoint.json.bak');
      expect(readJson(join(dir, '.checkpoint.json.bak'))).toEqual(rebuilt);
      // The book goes on where it was.
      expect(novelBin(dir, ['run', '--chapters', '1']).code).toBe(0);
      expect(existsSync(join(dir, 'chapters/chapter-006.md'))).toBe(true);
    },
  );

  it('a commit never replaces a chapter file that holds other text: exit 2 naming the file', () => {
    const dir = demoProject();
    expect(novelBin(dir, ['run', '--executor', 'demo', '--pause-after', 'judge']).code).toBe(0);
    writeFileSync(join(dir, 'chapters/chapter-004.md'), '# 第4章 作者手写的另一版\n\n正文。\n');
    expect(novelBin(dir, ['state', 'verify', '--accept']).code).toBe(0);
    const before = treeHashes(dir);
    for (const args of [
      ['commit', '--chapter', '4', '--json'],
      ['commit', '--chapter', '4', '--dry-run', '--json'],
    ]) {
      const r = novelBin(dir, args);
      expect(r.code).toBe(2);
      expect(json(r).error).toMatchObject({ code: 'would_overwrite', details: { files: ['chapters/chapter-004.md'] } });
    }
    const { '.novel.lock': _l, ...rest } = treeHashes(dir);
    expect(rest).toEqual(before);
    expect(readFileSync(join(dir, 'chapters/chapter-004.md'), 'utf8')).toMatch(/作者手写/);
  });
});

describe('the executor is explicit', () => {
  it('a run with no --executor and none configured exits 2 listing the choices, and changes nothing', () => {
    const project = fixtureCopy();
    const before = treeHashes(project);
    const r = novelBin(project, ['run', '--json']);
    expect(r.code).toBe(2);
    expect(json(r)).toMatchObject({
      ok: false,
      error: {
        code: 'executor_missing',
        details: { choices: ['claude', 'codex', 'demo', '<command template with {packet}>'] },
      },
    });
    expect(treeHashes(project)).toEqual(before);
  });

  it('init --demo records demo; every run says which executor runs, in --events too', () => {
    const dir = demoProject();
    expect(readJson(join(dir, 'novel.config.json')).executor).toEqual({ command: 'demo' });
    const r = novelBin(dir, ['run']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(
      'executor: demo (model demo); box: not needed (the demo executor is novel itself, writing staging/ only)',
    );
    const e = novelBin(dir, ['run', '--events']);
    expect(JSON.parse(e.stdout.split('\n')[0] as string)).toEqual({
      event: 'executor',
      executor: 'demo',
      model: 'demo',
      box: { state: 'demo', detail: '' },
    });
  });
});

describe('signals never leave an agent running', () => {
  /** A command template whose executor records its pid, then works for a long time. */
  function sleeper(dir: string): { template: string; pidFile: string } {
    // The executor records its pid in the project root: unconfined (the box's own signal tests:
    // test/e2e/sandbox.test.ts).
    boxOff(dir);
    const pidFile = join(dir, 'executor.pid');
    const script = join(tempDir(), 'slow.sh');
    writeFileSync(script, `#!/bin/sh\necho $$ > ${pidFile}\nsleep 30\n`);
    chmodSync(script, 0o755);
    return { template: `${script} {packet}`, pidFile };
  }

  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    it(`${signal} ends the run promptly: the executor's group is ended, the lock released, exit ${code}`, async () => {
      const dir = demoProject();
      const { template, pidFile } = sleeper(dir);
      const child = spawn(process.execPath, [BIN, 'run', '--executor', template], { cwd: dir, stdio: 'ignore' });
      expect(await waitUntil(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '')).toBe(true);
      const pid = Number(readFileSync(pidFile, 'utf8'));
      expect(alive(pid)).toBe(true);
      const t0 = Date.now();
      child.kill(signal);
      const exit = await new Promise<number | null>((r) => child.on('close', (c) => r(c)));
      expect(exit).toBe(code);
      // Promptly: long before the executor's 30 s were up, however busy the machine (a run that waited for it takes
      // them all).
      expect(Date.now() - t0).toBeLessThan(15_000);
      expect(await waitUntil(() => !alive(pid), 10_000)).toBe(true);
      expect(existsSync(join(dir, '.novel.lock'))).toBe(false);
      expect(novelBin(dir, ['next']).stdout).toBe('chapter:004:draft\n');
    });
  }

  it(
    'after a SIGKILL of novel run, the next command that ' + 'takes the lock ends the orphaned executor first',
    async () => {
      const dir = demoProject();
      const { template, pidFile } = sleeper(dir);
      const child = spawn(process.execPath, [BIN, 'run', '--executor', template], { cwd: dir, stdio: 'ignore' });
      expect(await waitUntil(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '')).toBe(true);
      const pid = Number(readFileSync(pidFile, 'utf8'));
      child.kill('SIGKILL');
      await new Promise((r) => child.on('close', r));
      expect(alive(pid)).toBe(true);
      // A refused command still takes the lock first (§8): it ends the orphan, then refuses.
      const r = novelBin(dir, ['advance', 'chapter:004:draft']);
      expect(r.code).toBe(2);
      expect(await waitUntil(() => !alive(pid), 10_000)).toBe(true);
      expect(existsSync(join(dir, '.novel.lock'))).toBe(false);
    },
  );
});

describe('no silent drops', () => {
  it('validate of a summarize step lists every op the commit would drop, with its path and reason', () => {
    const project = fixtureCopy();
    overlay(project, 'draft/good');
    overlay(project, 'summarize/good');
    const delta = readJson(join(project, 'staging/state/chapter-004-delta.json'));
    delta.ops.push(
      { op: 'foreshadow', path: 'F-001', value: 'advanced' },
      { op: 'set', path: '人物.林默.位置', value: '藏经阁' },
      { op: 'update', path: 'characters.lin-qingyan.mood', value: '紧张' },
    );
    writeFileSync(join(project, 'staging/state/chapter-004-delta.json'), JSON.stringify(delta));
    const r = novelBin(project, ['validate', 'chapter:004:summarize', '--json']);
    expect(r.code).toBe(0);
    const warnings = json(r).data.warnings.filter((w: { code: string }) => w.code === 'op_dropped');
    expect(warnings.map((w: { field: string }) => w.field)).toEqual([
      'ops[4] (F-001)',
      'ops[5] (人物.林默.位置)',
      'ops[6] (characters.lin-qingyan.mood)',
    ]);
    for (const w of warnings) expect(w.found).toMatch(/: .+/);
    const plain = novelBin(project, ['validate', 'chapter:004:summarize']);
    expect(plain.stderr).toMatch(/warning: .*ops\[4\] \(F-001\)/);
  });

  it("the run's progress shows the ops the commit will drop, when it records the summarize step", () => {
    const dir = demoProject();
    const script = join(tempDir(), 'drop.sh');
    writeFileSync(
      script,
      `#!/bin/sh\nset -e\nnode ${BIN} demo-executor "$1"\ncase "$NOVEL_STEP" in *:summarize) node -e ` +
        `'const f=process.argv[1];const d=JSON.parse(require("fs").readFileSync(f,"utf8"));` +
        `d.ops.push({op:"foreshadow",path:"F-001",value:"advanced"});require("fs").writeFileSync(f,` +
        `JSON.stringify(d))' "$NOVEL_PROJECT/staging/state/chapter-004-delta.json";; esac\n`,
    );
    chmodSync(script, 0o755);
    const r = novelBin(dir, ['run', '--executor', `${script} {packet}`, '--pause-after', 'summarize']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/warning \(chapter:004:summarize\): .*ops\[\d+\] \(F-001\)/);
  });

  it(
    'the summarize packet names the committed storyline memory; a staged ' +
      'memory that drops its history is warned about, naming the lines',
    () => {
      const dir = demoProject();
      expect(novelBin(dir, ['run', '--pause-after', 'draft']).code).toBe(0);
      const packet = json(novelBin(dir, ['instructions', 'chapter:004:summarize', '--json'])).data;
      expect(packet.manifest.paths.storyline_memory).toBe('storylines/main-sword/memory.md');
      const committed = readFileSync(join(dir, 'storylines/main-sword/memory.md'), 'utf8');
      expect(novelBin(dir, ['instructions', 'chapter:004:summarize', '--write-manifest']).code).toBe(0);
      expect(novelBin(dir, ['demo-executor', join(dir, 'staging/manifests/chapter-004-summarize.json')]).code).toBe(0);
      const ok = json(novelBin(dir, ['validate', 'chapter:004:summarize', '--json']));
      expect(ok.data.warnings.filter((w: { code: string }) => w.code === 'storyline_memory_shrunk')).toEqual([]);
      writeFileSync(join(dir, 'staging/storylines/main-sword/memory.md'), '- 第4章：只写了这一章。\n');
      const r = json(novelBin(dir, ['validate', 'chapter:004:summarize', '--json']));
      const w = r.data.warnings.find((x: { code: string }) => x.code === 'storyline_memory_shrunk');
      expect(w.file).toBe('staging/storylines/main-sword/memory.md');
      const firstLine = committed
        .split('\n')
        .map((l) => l.trim())
        .find(Boolean) as string;
      expect(w.found).toContain(JSON.stringify(firstLine));
    },
  );

  it("the demo's own outline names foreshadowing by slug ids only", () => {
    const dir = demoProject();
    const outline = readFileSync(join(dir, 'volumes/vol-01/outline.md'), 'utf8');
    const ids = [...outline.matchAll(/^- \*\*Foreshadowing\*\*: (.*)$/gm)].flatMap((m) =>
      [...(m[1] as string).matchAll(/\b[A-Za-z]+-\d+\b/g)].map((x) => x[0]),
    );
    expect(ids.length).toBeGreaterThan(5);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9][a-z0-9_-]{0,63}$/);
  });

  it('a volume plan whose foreshadowing or storyline ids are not slugs is refused at validate', () => {
    const dir = demoProject();
    expect(novelBin(dir, ['run', '--to-chapter', '31', '--pause-after', 'plan']).code).toBe(0);
    const f = join(dir, 'staging/volumes/vol-02/foreshadowing.json');
    const plan = readJson(f);
    plan.foreshadowing[0].id = 'F-002';
    writeFileSync(f, JSON.stringify(plan));
    const r = novelBin(dir, ['validate', 'volume:02:plan', '--json']);
    expect(r.code).toBe(2);
    expect(json(r).error.details.diagnostics[0]).toMatchObject({
      file: 'staging/volumes/vol-02/foreshadowing.json',
      field: 'foreshadowing.0.id',
      found: '"F-002"',
    });
  });
});

describe('hand edits surface first', () => {
  it(
    'next exits 2 naming the edited chapter; status exits 0 ' +
      'and names the fix; run refuses before any executor runs',
    () => {
      const dir = demoProject();
      expect(novelBin(dir, ['run', '--chapters', '2']).code).toBe(0);
      writeFileSync(join(dir, 'chapters/chapter-005.md'), '# 第5章 改过\n');
      writeFileSync(join(dir, 'chapters/chapter-099.md'), '# stray\n');
      const n = novelBin(dir, ['next', '--json']);
      expect(n.code).toBe(2);
      expect(json(n).error.code).toBe('final_trees_changed');
      expect(json(n).error.hint).toMatch(/restore chapters\/chapter-005\.md; delete chapters\/chapter-099\.md/);
      const s = novelBin(dir, ['status', '--json']);
      expect(s.code).toBe(0);
      expect(json(s).data.next).toMatchObject({
        action: 'fix',
        command: expect.stringMatching(/restore chapters\/chapter-005\.md; delete chapters\/chapter-099\.md/),
      });
      const marker = join(dir, 'executor-ran');
      const r = novelBin(dir, ['run', '--executor', `touch ${marker} # {packet}`, '--json']);
      expect(r.code).toBe(2);
      expect(json(r).error.code).toBe('final_trees_changed');
      expect(existsSync(marker)).toBe(false);
    },
  );

  it('editor and OS litter in the final trees is ignored', () => {
    const dir = demoProject();
    for (const litter of [
      'chapters/.DS_Store',
      'chapters/.chapter-003.md.swp',
      'state/current-state.json~',
      'summaries/Thumbs.db',
      'chapters/.hidden/x.md',
    ]) {
      mkdirSync(join(dir, litter, '..'), { recursive: true });
      writeFileSync(join(dir, litter), 'x');
    }
    expect(novelBin(dir, ['next']).code).toBe(0);
    expect(novelBin(dir, ['run']).code).toBe(0);
    expect(novelBin(dir, ['state', 'verify']).code).toBe(0);
  });

  it(
    'a hand fix of the state, accepted, becomes history: verify ' +
      'passes, rebuild keeps it, an in-flight delta still commits',
    () => {
      const dir = demoProject();
      expect(novelBin(dir, ['run', '--chapters', '1']).code).toBe(0);
      expect(novelBin(dir, ['run', '--executor', 'demo', '--pause-after', 'judge']).code).toBe(0);
      const statePath = join(dir, 'state/current-state.json');
      const state = readJson(statePath);
      state.world_state = { ...(state.world_state ?? {}), season: '深秋' };
      writeFileSync(statePath, `${JSON.stringify(state, null, 2)}\n`);
      const v = novelBin(dir, ['state', 'verify', '--json']);
      expect(v.code).toBe(2);
      expect(json(v)).toMatchObject({ ok: false, error: { code: 'state_diverges' }, data: { consistent: false } });
      const a = novelBin(dir, ['state', 'verify', '--accept', '--json']);
      expect(a.code, a.stdout).toBe(0);
      expect(json(a).data.state_fix_recorded).toBe(true);
      expect(novelBin(dir, ['state', 'verify']).code).toBe(0);
      expect(novelBin(dir, ['state', 'rebuild']).code).toBe(0);
      expect(readJson(statePath).world_state.season).toBe('深秋');
      expect(novelBin(dir, ['commit', '--chapter', '5']).code).toBe(0);
      expect(readJson(statePath).world_state.season).toBe('深秋');
      expect(novelBin(dir, ['state', 'verify']).code).toBe(0);
    },
  );
});

describe('executor failures explain themselves', () => {
  it(
    'outputs that do not validate are printed like validate ' +
      'prints them, streamed, and carried into the next attempt',
    () => {
      const dir = demoProject();
      boxOff(dir); // an executor that writes markers outside staging/: unconfined
      const script = join(tempDir(), 'bad.sh');
      // The packets are kept outside the project: the run's step guard fails a step that writes outside staging/.
      const kept = tempDir();
      writeFileSync(
        script,
        `#!/bin/sh\ncp "$NOVEL_PACKET" "${kept}/last-packet-$(date ` +
          `+%s%N).json"\nmkdir -p "$NOVEL_PROJECT/staging/chapters"\nprintf 'no ` +
          `title here\\n' > "$NOVEL_PROJECT/staging/chapters/chapter-004.md"\n`,
      );
      chmodSync(script, 0o755);
      const r = novelBin(dir, ['run', '--executor', `${script} {packet}`]);
      expect(r.code).toBe(11);
      expect(r.stdout).toMatch(
        /✗ chapter:004:draft: the outputs of attempt 1 do not validate:\n {4}staging\/chapters\/chapter-004\.md: .*# /,
      );
      const e = novelBin(dir, ['run', '--executor', `${script} {packet}`, '--events']);
      const events = e.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(events.find((x) => x.event === 'invalid_outputs')).toMatchObject({
        step: 'chapter:004:draft',
        problems: [expect.stringMatching(/chapter-004\.md/)],
      });
      const packets = readdirSync(kept)
        .filter((f) => f.startsWith('last-packet-'))
        .sort();
      const last = readJson(join(kept, packets.at(-1) as string));
      expect(last.manifest.inline.previous_attempt_problems[0]).toMatch(/chapter-004\.md/);
    },
  );
});

describe('readers during commits', () => {
  it(
    'N concurrent `next` processes during M commits never ' + 'report a step outside {before, recover, after}',
    async () => {
      const dir = demoProject();
      const M = 5;
      const N = 4;
      const seen: Array<{ chapter: number; step: string; action: string }> = [];
      let bad = 0;
      for (let c = 4; c < 4 + M; c++) {
        expect(novelBin(dir, ['run', '--pause-after', 'judge']).code).toBe(0);
        // Each reader reads again and again from before the commit starts until it has read once
        // more after the commit ended, so that every commit has reads around it however slow the machine.
        let committed = false;
        const reader = async (): Promise<void> => {
          for (;;) {
            const after = committed;
            const r = await novelBinAsync(dir, ['next', '--json']);
            if (r.code !== 0) bad += 1;
            else {
              const d = JSON.parse(r.stdout).data;
              seen.push({ chapter: c, step: d.step, action: d.action });
            }
            if (after) return;
          }
        };
        const readers = Array.from({ length: N }, () => reader());
        const commit = await novelBinAsync(dir, ['commit', '--chapter', String(c)]);
        committed = true;
        expect(commit.code, commit.stderr).toBe(0);
        await Promise.all(readers);
      }
      const pad = (n: number) => String(n).padStart(3, '0');
      const allowed = (x: { chapter: number; step: string; action: string }) =>
        (x.step === `chapter:${pad(x.chapter)}:commit` && (x.action === 'commit' || x.action === 'recover')) ||
        (x.step === `chapter:${pad(x.chapter + 1)}:draft` && x.action === 'execute');
      expect(bad).toBe(0);
      // At least one read started during or before each commit and one after it, per reader.
      expect(seen.length).toBeGreaterThanOrEqual(2 * M * N);
      expect(seen.filter((x) => !allowed(x))).toEqual([]);
      // Reads on both sides of the commits: the book before (the commit step) and after (the next draft).
      expect(new Set(seen.map((x) => x.step === `chapter:${String(x.chapter).padStart(3, '0')}:commit`))).toEqual(
        new Set([true, false]),
      );
      process.stdout.write(
        `\nconcurrent readers: ${seen.length} reads during ${M} commits, all before, recover or after\n`,
      );
    },
  );
});

describe('the protocol points', () => {
  it('ok is true exactly when the exit code is 0: run --json with exit 11 is ok:false with the summary in data', () => {
    const dir = demoProject();
    writeFileSync(
      join(dir, 'novel.config.json'),
      JSON.stringify({
        ...readJson(join(dir, 'novel.config.json')),
        executor: { command: 'false {packet}', retries: 0 },
      }),
    );
    const r = novelBin(dir, ['run', '--json']);
    expect(r.code).toBe(11);
    expect(json(r)).toMatchObject({
      ok: false,
      command: 'run',
      error: { code: 'executor_failed' },
      data: { exit: 11, committed: 0 },
    });
  });

  it('state verify without a fingerprint judges the state alone; a refused command writes no fingerprint', () => {
    const project = fixtureCopy();
    rmSync(join(project, '.novel'), { recursive: true });
    const v = novelBin(project, ['state', 'verify', '--json']);
    expect(v.code).toBe(0);
    expect(json(v).data).toMatchObject({ consistent: true, fingerprint_recorded: false });
    expect(json(v).data.files).toEqual({ added: [], removed: [], changed: [] });
    const refused = novelBin(project, ['commit', '--volume', '1', '--json']);
    expect(refused.code).toBe(2);
    expect(existsSync(join(project, '.novel'))).toBe(false);
    overlay(project, 'draft/good');
    expect(novelBin(project, ['advance', 'chapter:004:draft']).code).toBe(0);
    expect(Object.keys(readJson(join(project, '.novel/fingerprint.json')).files)).toContain('chapters/chapter-001.md');
  });

  it('summarize outputs written before the draft was advanced can be advanced (freshness per §5)', () => {
    const project = fixtureCopy();
    overlay(project, 'draft/good');
    overlay(project, 'summarize/good');
    expect(novelBin(project, ['advance', 'chapter:004:draft']).code).toBe(0);
    expect(novelBin(project, ['next']).stdout).toBe('chapter:004:summarize\n');
    const r = novelBin(project, ['advance', 'chapter:004:summarize']);
    expect(r.code, r.stderr).toBe(0);
  });

  it('a lock with pid, host and started only is read: a dead holder is stale at once and cleared', () => {
    const project = fixtureCopy();
    mkdirSync(join(project, '.novel.lock'));
    writeFileSync(
      join(project, '.novel.lock/info.json'),
      JSON.stringify({ pid: 999999, host: hostname(), started: new Date().toISOString() }),
    );
    const s = novelBin(project, ['lock', 'status', '--json']);
    expect(json(s).data).toMatchObject({
      held: true,
      stale: true,
      holder: { pid: 999999, heartbeat: expect.any(String), owner: null, chapter: null },
    });
    expect(novelBin(project, ['lock', 'clear']).code).toBe(0);
    expect(existsSync(join(project, '.novel.lock'))).toBe(false);
  });

  it('leftovers of an interrupted lock release are removed by the next mutating command', () => {
    const project = fixtureCopy();
    mkdirSync(join(project, '.novel.lock.stale-abc123'));
    writeFileSync(join(project, '.novel.lock.stale-abc123/info.json'), '{}');
    overlay(project, 'draft/good');
    expect(novelBin(project, ['advance', 'chapter:004:draft']).code).toBe(0);
    expect(readdirSync(project).filter((f) => f.startsWith('.novel.lock'))).toEqual([]);
  });

  it('--until a step the book already passed exits 2 and changes nothing', () => {
    const dir = demoProject();
    expect(novelBin(dir, ['run', '--chapters', '1']).code).toBe(0);
    const before = treeHashes(dir);
    for (const until of ['chapter:004:judge', 'chapter:003:draft', 'volume:01:plan']) {
      const r = novelBin(dir, ['run', '--until', until, '--json']);
      expect(r.code, until).toBe(2);
      expect(json(r).error.code).toBe('until_passed');
    }
    expect(treeHashes(dir)).toEqual(before);
  });
});
