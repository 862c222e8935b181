import { describe, expect, it } from 'vitest';
import { staleReason, UNREADABLE_LOCK_STALE_S, type StaleInput } from '../../src/core/lock-rules.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const min = (n: number) => n * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

function input(
  over: Partial<StaleInput> & { startedAgo?: number; heartbeatAgo?: number; host?: string; pid?: number } = {},
): StaleInput {
  const { startedAgo = min(30), heartbeatAgo = min(1), pid = 4242, ...rest } = over;
  return {
    info: {
      pid,
      host: 'here',
      started: iso(NOW - startedAgo),
      heartbeat: iso(NOW - heartbeatAgo),
      chapter: null,
      owner: null,
    },
    dirMtimeMs: null,
    nowMs: NOW,
    staleMinutes: 10,
    host: 'here',
    isPidAlive: () => true,
    ...rest,
  };
}

describe('staleReason (PROTOCOL §8)', () => {
  it('a fresh lock of a live process on this host is not stale', () => {
    expect(staleReason(input())).toBeNull();
  });

  it('no heartbeat for longer than staleMinutes: stale, naming the whole minutes and the limit', () => {
    expect(staleReason(input({ startedAgo: min(60), heartbeatAgo: min(11.7) }))).toBe(
      'no heartbeat for 11 min (> 10 min)',
    );
  });

  it('exactly staleMinutes old is not yet stale (strictly more is)', () => {
    expect(staleReason(input({ startedAgo: min(10), heartbeatAgo: min(10) }))).toBeNull();
    expect(staleReason(input({ startedAgo: min(10) + 1, heartbeatAgo: min(10) + 1 }))).toBe(
      'no heartbeat for 10 min (> 10 min)',
    );
  });

  it('the later of started and heartbeat counts (a heartbeat older than started does not make the lock stale)', () => {
    expect(staleReason(input({ startedAgo: min(2), heartbeatAgo: min(50) }))).toBeNull();
    expect(staleReason(input({ startedAgo: min(50), heartbeatAgo: min(2) }))).toBeNull();
  });

  it('a dead pid on this host is stale; on another host the pid is not checked', () => {
    const dead = { isPidAlive: (pid: number) => pid !== 4242 };
    expect(staleReason(input(dead))).toBe('process 4242 on here is gone');
    const other = input(dead);
    other.info = { ...other.info!, host: 'elsewhere' };
    expect(staleReason(other)).toBeNull();
  });

  it('the pid liveness is asked about the holder pid', () => {
    const asked: number[] = [];
    staleReason(
      input({
        pid: 777,
        isPidAlive: (pid) => {
          asked.push(pid);
          return true;
        },
      }),
    );
    expect(asked).toEqual([777]);
  });

  it('the heartbeat rule comes before the pid rule', () => {
    expect(staleReason(input({ startedAgo: min(60), heartbeatAgo: min(20), isPidAlive: () => false }))).toBe(
      'no heartbeat for 20 min (> 10 min)',
    );
  });

  it('without readable info.json: stale after more than 60 s of directory age, with the whole seconds', () => {
    expect(UNREADABLE_LOCK_STALE_S).toBe(60);
    const base = { ...input(), info: null };
    expect(staleReason({ ...base, dirMtimeMs: NOW - 30_000 })).toBeNull();
    expect(staleReason({ ...base, dirMtimeMs: NOW - 60_000 })).toBeNull();
    expect(staleReason({ ...base, dirMtimeMs: NOW - 61_500 })).toBe(
      'no readable info.json and the lock is 61 s old (> 60 s)',
    );
  });

  it('without readable info.json and without a directory mtime: stale', () => {
    expect(staleReason({ ...input(), info: null, dirMtimeMs: null })).toBe(
      'no readable info.json and the lock is Infinity s old (> 60 s)',
    );
  });
});
