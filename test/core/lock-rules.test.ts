import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { staleReason, UNREADABLE_LOCK_STALE_S, type StaleInput } from '../../src/core/lock-rules.js';
import type { LockInfo } from '../../src/schemas/lock.js';

const NOW = Date.parse('2025-01-01T12:00:00Z');
const info = (over: Partial<LockInfo> = {}): LockInfo => ({
  pid: 4242,
  host: 'here',
  started: '2025-01-01T11:50:00Z',
  heartbeat: '2025-01-01T11:59:00Z',
  chapter: null,
  owner: null,
  ...over,
});
const input = (over: Partial<StaleInput> = {}): StaleInput => ({
  info: info(),
  dirMtimeMs: null,
  nowMs: NOW,
  staleMinutes: 30,
  host: 'here',
  isPidAlive: () => true,
  ...over,
});

describe('staleReason', () => {
  it('a fresh lock of a live process is not stale', () => {
    expect(staleReason(input())).toBeNull();
  });

  it('no heartbeat for longer than stale minutes is stale', () => {
    const r = staleReason(
      input({ info: info({ started: '2025-01-01T10:00:00Z', heartbeat: '2025-01-01T11:00:00Z' }) }),
    );
    expect(r).toBe('no heartbeat for 60 min (> 30 min)');
  });

  it('the later of started and heartbeat counts', () => {
    expect(
      staleReason(input({ info: info({ started: '2025-01-01T11:45:00Z', heartbeat: '2025-01-01T10:00:00Z' }) })),
    ).toBeNull();
  });

  it('exactly at the limit is not stale; a minute past is', () => {
    expect(
      staleReason(input({ info: info({ started: '2025-01-01T11:30:00Z', heartbeat: '2025-01-01T11:30:00Z' }) })),
    ).toBeNull();
    expect(
      staleReason(input({ info: info({ started: '2025-01-01T11:29:00Z', heartbeat: '2025-01-01T11:29:00Z' }) })),
    ).toMatch(/^no heartbeat for 31 min/);
  });

  it('a dead process on this host is stale; on another host it is not asked', () => {
    let asked = 0;
    const dead = (pid: number): boolean => {
      asked += 1;
      expect(pid).toBe(4242);
      return false;
    };
    expect(staleReason(input({ isPidAlive: dead }))).toBe('process 4242 on here is gone');
    expect(asked).toBe(1);
    expect(staleReason(input({ isPidAlive: dead, host: 'elsewhere' }))).toBeNull();
    expect(asked).toBe(1);
  });

  it('without readable info: stale after 60 s of directory age, or with no mtime at all', () => {
    expect(UNREADABLE_LOCK_STALE_S).toBe(60);
    expect(staleReason(input({ info: null, dirMtimeMs: NOW - 60_000 }))).toBeNull();
    expect(staleReason(input({ info: null, dirMtimeMs: NOW - 61_000 }))).toBe(
      'no readable info.json and the lock is 61 s old (> 60 s)',
    );
    expect(staleReason(input({ info: null, dirMtimeMs: null }))).toMatch(
      /^no readable info\.json and the lock is Infinity s old/,
    );
  });

  it('property: stale by age iff minutes since the last sign of life exceed the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600 * 60 }), fc.integer({ min: 1, max: 600 }), (ageS, limit) => {
        const t = new Date(NOW - ageS * 1000).toISOString();
        const r = staleReason(input({ info: info({ started: t, heartbeat: t }), staleMinutes: limit }));
        expect(r !== null).toBe(ageS / 60 > limit);
      }),
    );
  });
});
