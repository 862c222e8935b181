/** When a lock is stale (PROTOCOL §8). Pure: the caller supplies clock and pid liveness. */
import type { LockInfo } from '../schemas/lock.js';

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

export function staleReason(input: StaleInput): string | null {
  const { info } = input;
  if (info === null) {
    const age = input.dirMtimeMs === null ? Infinity : (input.nowMs - input.dirMtimeMs) / 1000;
    return age > UNREADABLE_LOCK_STALE_S ? `no readable info.json and the lock is ${Math.floor(age)} s old (> ${UNREADABLE_LOCK_STALE_S} s)` : null;
  }
  const last = Math.max(Date.parse(info.started), Date.parse(info.heartbeat));
  const ageMin = (input.nowMs - last) / 60000;
  if (ageMin > input.staleMinutes) return `no heartbeat for ${Math.floor(ageMin)} min (> ${input.staleMinutes} min)`;
  if (info.host === input.host && !input.isPidAlive(info.pid)) return `process ${info.pid} on ${info.host} is gone`;
  return null;
}
