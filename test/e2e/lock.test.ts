/**
 * The lock of §8 through the built binary: two concurrent advances, live and
 * stale holders, owner tokens, lock status / clear.
 */
import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import {
  BIN,
  cleanupTempDirs,
  fixtureCopy,
  novelBinAsync,
  novelJson,
  overlay,
  readJson,
  treeHashes,
} from '../helpers/project.js';

afterAll(cleanupTempDirs);
beforeAll(() => {
  expect(existsSync(BIN), 'dist/cli.js is built by `npm test` before vitest runs').toBe(true);
});

function writeLock(project: string, info: Record<string, unknown> | null, ageSeconds = 0): void {
  const dir = join(project, '.novel.lock');
  mkdirSync(dir);
  if (info) writeFileSync(join(dir, 'info.json'), JSON.stringify(info));
  if (ageSeconds) {
    const t = new Date(Date.now() - ageSeconds * 1000);
    utimesSync(dir, t, t);
  }
}

const now = () => new Date().toISOString();

describe('lock', () => {
  it(
    'two advance processes started together: exactly one ' + 'succeeds, the other exits 3; the checkpoint stays valid',
    async () => {
      const project = fixtureCopy();
      overlay(project, 'draft/good');
      // The test hook keeps the lock a moment so that both processes really overlap.
      const env = { NOVEL_TEST_LOCK_HOLD_MS: '400' };
      const [a, b] = await Promise.all([
        novelBinAsync(project, ['advance', 'chapter:004:draft'], env),
        novelBinAsync(project, ['advance', 'chapter:004:draft'], env),
      ]);
      expect([a.code, b.code].sort()).toEqual([0, 3]);
      const loser = a.code === 3 ? a : b;
      expect(loser.stderr).toMatch(/locked by pid \d+ on .+, started .+, chapter 4/);
      const cp = readJson(join(project, '.checkpoint.json'));
      expect(cp).toMatchObject({ pipeline_stage: 'drafting', inflight_chapter: 4, revision_count: 0 });
      expect(existsSync(join(project, '.novel.lock'))).toBe(false);
      const next = await novelJson(project, ['next']);
      expect(next.body.data.step).toBe('chapter:004:summarize');
    },
  );

  it('a live foreign lock answers 3 before the project state is even looked at', async () => {
    const project = fixtureCopy();
    writeLock(project, {
      pid: process.pid,
      host: hostname(),
      started: now(),
      heartbeat: now(),
      chapter: 4,
      owner: null,
    });
    writeFileSync(join(project, '.checkpoint.json'), 'not json');
    const r = await novelJson(project, ['advance', 'chapter:004:draft']);
    expect(r.code).toBe(3);
    expect(r.body.error).toMatchObject({ code: 'lock_held', details: { holder: { pid: process.pid, chapter: 4 } } });
  });

  it('a lock whose pid is dead on this host is stale and is taken over', async () => {
    const project = fixtureCopy();
    writeLock(project, {
      pid: 2 ** 22 + 12345,
      host: hostname(),
      started: now(),
      heartbeat: now(),
      chapter: 4,
      owner: null,
    });
    const status = await novelJson(project, ['lock', 'status']);
    expect(status.body.data).toMatchObject({ held: true, stale: true });
    expect(status.body.data.stale_reason).toMatch(/is gone/);
    overlay(project, 'draft/good');
    const r = await novelJson(project, ['advance', 'chapter:004:draft']);
    expect(r.code).toBe(0);
    expect(existsSync(join(project, '.novel.lock'))).toBe(false);
  });

  it('a lock taken over from a killed holder makes the next sweep list every directory, the record aside', async () => {
    // A holder killed right after a temp was made in logs/, within the clock tick the sweep record holds for logs/.
    const made = async (stale: boolean): Promise<string> => {
      const project = fixtureCopy();
      overlay(project, 'draft/good');
      expect((await novelJson(project, ['advance', 'chapter:004:draft'])).code).toBe(0);
      const temp = join(project, 'logs/chapter-004-history.jsonl.987654');
      writeFileSync(temp, 'partial');
      const record = readJson(join(project, 'logs/.cache/sweep.json'));
      record.dirs.logs.m = statSync(join(project, 'logs')).mtimeMs;
      writeFileSync(join(project, 'logs/.cache/sweep.json'), JSON.stringify(record));
      if (stale)
        writeLock(project, {
          pid: 2 ** 22 + 12345,
          host: hostname(),
          started: now(),
          heartbeat: now(),
          chapter: 4,
          owner: null,
        });
      overlay(project, 'summarize/good');
      expect((await novelJson(project, ['advance', 'chapter:004:summarize'])).code).toBe(0);
      return temp;
    };
    // Without a killed holder the record is believed: logs/ is not listed (what keeps a sweep cheap).
    expect(existsSync(await made(false))).toBe(true);
    // After one, every directory is listed and the temp goes.
    expect(existsSync(await made(true))).toBe(false);
  });

  it(
    "a killed holder's temp of every kind novel writes is " + "swept, the copies' marker (no extension) included",
    async () => {
      const project = fixtureCopy();
      overlay(project, 'draft/good');
      expect((await novelJson(project, ['advance', 'chapter:004:draft'])).code).toBe(0);
      mkdirSync(join(project, '.novel/objects/ab'), { recursive: true });
      const temps = [
        '.novel/objects/complete.1183717751',
        `.novel/objects/ab/${'ab'.repeat(32)}.42`,
        'logs/chapter-004-log.json.7',
        'state/changelog.jsonl.8',
      ];
      for (const t of temps) writeFileSync(join(project, t), 'partial');
      // An author's files that only look alike stay.
      const kept = ['.novel/objects/completed.1', 'logs/notes.1'];
      for (const k of kept) writeFileSync(join(project, k), 'mine');
      writeLock(project, {
        pid: 2 ** 22 + 12345,
        host: hostname(),
        started: now(),
        heartbeat: now(),
        chapter: 4,
        owner: null,
      });
      overlay(project, 'summarize/good');
      expect((await novelJson(project, ['advance', 'chapter:004:summarize'])).code).toBe(0);
      for (const t of temps) expect(existsSync(join(project, t)), t).toBe(false);
      for (const k of kept) expect(existsSync(join(project, k)), k).toBe(true);
    },
  );

  it(
    'a copy cut before its rename into a shard is swept by any ' +
      'mutation; a shard is listed only after a killed holder',
    async () => {
      const sha = 'cd'.repeat(32);
      const made = async (stale: boolean): Promise<{ inFlight: string; shardTemp: string }> => {
        const project = fixtureCopy();
        overlay(project, 'draft/good');
        expect((await novelJson(project, ['advance', 'chapter:004:draft'])).code).toBe(0);
        mkdirSync(join(project, '.novel/objects/cd'), { recursive: true });
        // A copy written whole in .novel/objects/ and not yet renamed into its shard; a temp in a shard, as an older
        // novel left them.
        const inFlight = join(project, `.novel/objects/${sha}`);
        const shardTemp = join(project, `.novel/objects/cd/${sha}.42`);
        writeFileSync(inFlight, 'whole copy');
        writeFileSync(shardTemp, 'partial');
        if (stale)
          writeLock(project, {
            pid: 2 ** 22 + 12345,
            host: hostname(),
            started: now(),
            heartbeat: now(),
            chapter: 4,
            owner: null,
          });
        overlay(project, 'summarize/good');
        expect((await novelJson(project, ['advance', 'chapter:004:summarize'])).code).toBe(0);
        return { inFlight, shardTemp };
      };
      const believed = await made(false);
      expect(existsSync(believed.inFlight)).toBe(false);
      // With the record believed, the 256 shards are not listed: novel's writer leaves nothing in them.
      expect(existsSync(believed.shardTemp)).toBe(true);
      const afterKill = await made(true);
      expect(existsSync(afterKill.inFlight)).toBe(false);
      expect(existsSync(afterKill.shardTemp)).toBe(false);
    },
  );

  it('a lock on another host is stale only after 30 minutes without heartbeat', async () => {
    const project = fixtureCopy();
    const old = new Date(Date.now() - 31 * 60 * 1000).toISOString();
    const recent = new Date(Date.now() - 5 * 60 * 1000).toISOString();
    writeLock(project, { pid: 1, host: 'other-host', started: old, heartbeat: recent, chapter: 4, owner: null });
    expect((await novelJson(project, ['lock', 'status'])).body.data).toMatchObject({ held: true, stale: false });
    writeFileSync(
      join(project, '.novel.lock/info.json'),
      JSON.stringify({ pid: 1, host: 'other-host', started: old, heartbeat: old, chapter: 4, owner: null }),
    );
    const s = await novelJson(project, ['lock', 'status']);
    expect(s.body.data).toMatchObject({ held: true, stale: true });
    expect(s.body.data.stale_reason).toMatch(/no heartbeat for 31 min/);
  });

  it('a lock without readable info.json is stale once it is more than 60 s old', async () => {
    const project = fixtureCopy();
    writeLock(project, null);
    expect((await novelJson(project, ['lock', 'status'])).body.data).toMatchObject({
      held: true,
      stale: false,
      holder: null,
    });
    expect((await novelJson(project, ['advance', 'chapter:004:draft'])).code).toBe(3);
    const t = new Date(Date.now() - 120 * 1000);
    utimesSync(join(project, '.novel.lock'), t, t);
    expect((await novelJson(project, ['lock', 'status'])).body.data).toMatchObject({ held: true, stale: true });
  });

  it('lock clear removes only stale locks unless --force', async () => {
    const project = fixtureCopy();
    writeLock(project, {
      pid: process.pid,
      host: hostname(),
      started: now(),
      heartbeat: now(),
      chapter: 4,
      owner: null,
    });
    const refused = await novelJson(project, ['lock', 'clear']);
    expect(refused.code).toBe(2);
    expect(refused.body.error.code).toBe('lock_live');
    expect(existsSync(join(project, '.novel.lock'))).toBe(true);
    const forced = await novelJson(project, ['lock', 'clear', '--force']);
    expect(forced.body.data.removed).toBe(true);
    expect(existsSync(join(project, '.novel.lock'))).toBe(false);
  });

  it(
    "the owner token admits the run's own process only: a command " +
      'an executor runs with it is refused (exit 3, naming the step)',
    async () => {
      const project = fixtureCopy();
      // The holder is this process: the run's own operations work under its lock.
      const info = {
        pid: process.pid,
        host: hostname(),
        started: now(),
        heartbeat: now(),
        chapter: 4,
        owner: 'run-token-1',
      };
      writeLock(project, info);
      overlay(project, 'draft/good');
      const own = await novelJson(project, ['advance', 'chapter:004:draft'], { NOVEL_LOCK_OWNER: 'run-token-1' });
      expect(own.code).toBe(0);
      expect(readJson(join(project, '.novel.lock/info.json'))).toEqual(info);
      // The holder is another live process (the run); this one carries its token, as its executor would.
      const other = { ...info, pid: process.ppid };
      writeFileSync(join(project, '.novel.lock/info.json'), JSON.stringify(other));
      mkdirSync(join(project, '.novel'), { recursive: true });
      writeFileSync(
        join(project, '.novel/execution.json'),
        JSON.stringify({
          step: 'chapter:004:summarize',
          attempt: 1,
          pid: process.ppid,
          pgid: null,
          started: now(),
          files: {},
        }),
      );
      const before = treeHashes(project);
      for (const argv of [
        ['advance', 'chapter:004:summarize'],
        ['rewind', '--to', 'chapter:002'],
        ['lock', 'clear', '--force'],
      ]) {
        const nested = await novelJson(project, argv, { NOVEL_LOCK_OWNER: 'run-token-1' });
        expect(nested.code, `${argv.join(' ')}: ${JSON.stringify(nested.body)}`).toBe(3);
        expect(nested.body.error.code).toBe('nested_write');
        expect(nested.body.error.message).toContain('chapter:004:summarize');
      }
      expect(treeHashes(project)).toEqual(before);
      const stranger = await novelJson(project, ['advance', 'chapter:004:summarize'], {
        NOVEL_LOCK_OWNER: 'someone-else',
      });
      expect(stranger.code).toBe(3);
      expect(stranger.body.error.message).toContain('running chapter:004:summarize');
    },
  );

  it('leftover .novel.lock.tmp-* directories of dead processes are removed by the next mutating command', async () => {
    const project = fixtureCopy();
    const tmp = join(project, '.novel.lock.tmp-deadbeef');
    mkdirSync(tmp);
    writeFileSync(
      join(tmp, 'info.json'),
      JSON.stringify({
        pid: 2 ** 22 + 999,
        host: hostname(),
        started: now(),
        heartbeat: now(),
        chapter: 4,
        owner: null,
      }),
    );
    overlay(project, 'draft/good');
    expect((await novelJson(project, ['advance', 'chapter:004:draft'])).code).toBe(0);
    expect(existsSync(tmp)).toBe(false);
  });

  it('info.json holds pid, host, ISO started/heartbeat, chapter and owner while held', async () => {
    const project = fixtureCopy();
    overlay(project, 'draft/good');
    let ended = false;
    const p = novelBinAsync(project, ['advance', 'chapter:004:draft'], { NOVEL_TEST_LOCK_HOLD_MS: '1500' }).finally(
      () => (ended = true),
    );
    let info: any = null;
    // Read while the command holds the lock (1.5 s once it has it), however long it takes to start.
    while (!info && !ended) {
      await new Promise((r) => setTimeout(r, 20));
      try {
        info = JSON.parse(readFileSync(join(project, '.novel.lock/info.json'), 'utf8'));
      } catch {
        /* not yet */
      }
    }
    expect((await p).code).toBe(0);
    expect(info).toMatchObject({ host: hostname(), chapter: 4, owner: null });
    expect(info.pid).toBeGreaterThan(0);
    expect(new Date(info.started).toISOString()).toBe(info.started);
    expect(info.heartbeat).toBe(info.started);
  });
});
