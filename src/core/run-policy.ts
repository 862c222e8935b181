/**
 * What `novel run` does next. It never decides anything the machine does not
 * decide: it reads `novel next` and maps its action to a move, adding only the
 * run's own limits (target chapter, --until, --pause-after, --force). Pure.
 */
import type { NextDecision } from './next.js';

export const RUN_EXIT = { done: 0, review: 10, executorFailed: 11, budget: 12 } as const;

export interface RunLimits {
  /** Stop once this chapter is committed. */
  targetChapter: number;
  /** Stop before executing or advancing this step. */
  until?: string;
  /** Stages after whose advance the run pauses. */
  pauseAfter: ReadonlySet<string>;
  force: boolean;
}

export type RunMove =
  | { kind: 'stop'; exit: number; reason: string }
  | { kind: 'execute'; step: string }
  | { kind: 'advance'; step: string; reused: boolean }
  | { kind: 'commit'; step: string; chapter: number | null; volume: number | null };

export function nextMove(next: NextDecision, limits: RunLimits, lastCompleted: number, executedHere: ReadonlySet<string>): RunMove {
  if (next.action !== 'recover' && lastCompleted >= limits.targetChapter) {
    return { kind: 'stop', exit: RUN_EXIT.done, reason: `target reached: chapter ${limits.targetChapter} is committed` };
  }
  if (limits.until !== undefined && next.step === limits.until) {
    return { kind: 'stop', exit: RUN_EXIT.done, reason: `stopped before ${limits.until} (--until)` };
  }
  switch (next.action) {
    case 'review':
      return { kind: 'stop', exit: RUN_EXIT.review, reason: `${next.reason}; decide with \`${next.command}\`` };
    case 'recover':
    case 'commit': {
      const m = /^(chapter|volume):(\d+):commit$/.exec(next.step);
      const n = Number(m?.[2]);
      return { kind: 'commit', step: next.step, chapter: m?.[1] === 'chapter' ? n : null, volume: m?.[1] === 'volume' ? n : null };
    }
    case 'advance':
      if (limits.force && !executedHere.has(next.step)) return { kind: 'execute', step: next.step };
      return { kind: 'advance', step: next.step, reused: !executedHere.has(next.step) };
    case 'execute':
      if (next.state === 'volume_planning') {
        return { kind: 'stop', exit: 2, reason: `${next.step} must run first: ${next.reason}` };
      }
      return { kind: 'execute', step: next.step };
  }
}
