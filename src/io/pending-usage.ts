/**
 * Usage of executor steps not advanced yet: `logs/chapter-NNN-pending-usage.json`
 * {step → usage}, written after every attempt, so that a run stopped between
 * a step's execution and its advance (Ctrl-C, a kill, a pause) loses no cost.
 * The advance of the step, by `novel run` or by hand, moves its usage into
 * `logs/chapter-NNN-executions.jsonl`.
 */
import { paths } from '../core/paths.js';
import * as v from 'valibot';
import { addAttempt, type AttemptReport, type StepUsage } from '../core/usage.js';
import { appendJsonLine, executionsPath, readJsonLines } from './history-log.js';
import type { ProjectFs } from './project-fs.js';

const PendingSchema = v.record(
  v.string(),
  v.looseObject({ executor: v.string(), attempts: v.number(), duration_ms: v.number() }),
);

const pendingPath = (chapter: number): string => paths.pendingUsage(chapter);

function readPending(fs: ProjectFs, chapter: number): Record<string, StepUsage> {
  try {
    const parsed = fs.readJson(pendingPath(chapter), PendingSchema, 'invalid_pending_usage');
    return parsed?.ok ? (parsed.value as unknown as Record<string, StepUsage>) : {};
  } catch {
    return {};
  }
}

/** One more attempt of `step`; returns the step's usage so far. */
export function recordAttempt(
  fs: ProjectFs,
  chapter: number,
  step: string,
  executor: string,
  duration_ms: number,
  report: AttemptReport,
): StepUsage {
  const pending = readPending(fs, chapter);
  const usage = addAttempt(pending[step], executor, duration_ms, report);
  fs.writeJson(pendingPath(chapter), { ...pending, [step]: usage });
  return usage;
}

/** At the advance of `step`: its usage goes into the executions log (once), and leaves the pending file. */
export function settleUsage(fs: ProjectFs, chapter: number, step: string): void {
  const pending = readPending(fs, chapter);
  const usage = pending[step];
  if (!usage) return;
  const line = { step, ...usage };
  // A kill after the append and before the pending entry went: the line is there already, not written twice.
  if (JSON.stringify(readJsonLines(fs, executionsPath(chapter)).at(-1)) !== JSON.stringify(line))
    appendJsonLine(fs, executionsPath(chapter), line);
  const rest = { ...pending };
  delete rest[step];
  if (Object.keys(rest).length) fs.writeJson(pendingPath(chapter), rest);
  else fs.remove(pendingPath(chapter));
}
