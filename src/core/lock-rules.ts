/** When a lock is stale (PROTOCOL §8). Pure: the caller supplies clock and pid liveness. */
import type { LockInfo } from '../schemas/lock.js';
import { render, said, type Said } from './messages.js';

/** What `novel lock status` reports. */
export interface LockStatus {
  held: boolean;
  stale: boolean;
  stale_reason: string | null;
  holder: LockInfo | null;
}

export interface StaleInput {
  info: LockInfo | null;
  /** mtime of the lock directory (for a lock without readable info.json). */
  dirMtimeMs: number | null;
  nowMs: number;
  staleMinutes: number;
  host: string;
  isPidAlive: (pid: number) => boolean;
}

/** Seconds after which a lock without readable info.json is stale. */
export const UNREADABLE_LOCK_STALE_S = 60;

/** Why a lock is stale, said (null: it is live). */
export function staleWords(input: StaleInput): Said | null {
  const { info } = input;
  if (info === null) {
    const age = input.dirMtimeMs === null ? Infinity : (input.nowMs - input.dirMtimeMs) / 1000;
    return age > UNREADABLE_LOCK_STALE_S
      ? said('stale.unreadable', { age: Math.floor(age), limit: UNREADABLE_LOCK_STALE_S })
      : null;
  }
  const last = Math.max(Date.parse(info.started), Date.parse(info.heartbeat));
  const ageMin = (input.nowMs - last) / 60000;
  if (ageMin > input.staleMinutes)
    return said('stale.heartbeat', { minutes: Math.floor(ageMin), limit: input.staleMinutes });
  if (info.host === input.host && !input.isPidAlive(info.pid))
    return said('stale.gone', { pid: info.pid, host: info.host });
  return null;
}

/** The same in English (what `novel lock status --json` records as stale_reason). */
export function staleReason(input: StaleInput): string | null {
  const words = staleWords(input);
  return words === null ? null : render('en', words);
}
