/**
 * What `novel run` does next, and when it stops. It never decides anything the
 * book machine does not decide: it maps `next`'s action to a move and adds
 * only the run's own policy — target chapter, --until, --pause-after,
 * --force, the executor's retry budget and the spending budgets. Pure.
 */
import { paths } from './paths.js';
import { NovelError } from './errors.js';
import { render, said, type Said } from './messages.js';
import type { NextDecision } from './next.js';
import { chapterOfStep, formatStepId, SETUP_STEPS, type StepId } from './step-id.js';
import { CHAPTER_STAGES, PAUSE_STAGES, type PauseStage } from './step-table.js';

export const RUN_EXIT = { done: 0, review: 10, executorFailed: 11, budget: 12, interrupted: 130 } as const;

/**
 * Stages --pause-after accepts: a chapter stage after its advance, or `plan` once a volume plan is staged and valid.
 */
export { PAUSE_STAGES, type PauseStage };

export interface RunLimits {
  /** Stop once this chapter is committed. */
  targetChapter: number;
  /** Stop before executing or advancing this step. */
  until?: string;
  /** Stages after which the run pauses. */
  pauseAfter: ReadonlySet<PauseStage>;
  force: boolean;
  /** Executor attempts per step beyond the first. */
  retries: number;
  budgetUsd?: number;
  budgetTokens?: number;
}

export interface Spent {
  /** The cost executors reported. */
  cost_usd: number;
  tokens: number;
  /** Some step's executor reported no cost (Codex never does): cost_usd is then a lower bound. */
  cost_unknown: boolean;
}

/** A cost for people: `?` when unknown, never $0.0000 for a cost nobody reported. */
export function formatCost(usd: number, unknown: boolean): string {
  if (!unknown) return `$${usd.toFixed(4)}`;
  return usd > 0 ? `$${usd.toFixed(4)}+?` : '?';
}

export type RunMove =
  | { kind: 'stop'; exit: number; reason: string; reason_zh?: string }
  | { kind: 'execute'; step: string; id: StepId }
  | { kind: 'advance'; step: string; id: StepId; reused: boolean }
  | { kind: 'commit'; step: string; id: StepId; chapter: number | null; volume: number | null; setup?: true };

/** The run stops, saying why in English and in Chinese. */
function stopWith(exit: number, words: Said): RunMove {
  return { kind: 'stop', exit, reason: render('en', words), reason_zh: render('zh', words) };
}

export function nextMove(
  next: NextDecision,
  limits: RunLimits,
  lastCompleted: number,
  executedHere: ReadonlySet<string>,
): RunMove {
  if (next.action !== 'recover' && lastCompleted >= limits.targetChapter) {
    return stopWith(RUN_EXIT.done, said('run.target_reached', { chapter: limits.targetChapter }));
  }
  if (limits.until !== undefined && next.step === limits.until) {
    return stopWith(RUN_EXIT.done, said('run.until', { step: limits.until }));
  }
  switch (next.action) {
    case 'done':
      return {
        kind: 'stop',
        exit: RUN_EXIT.done,
        reason: next.reason,
        ...(next.reason_zh ? { reason_zh: next.reason_zh } : {}),
      };
    case 'review':
      return {
        kind: 'stop',
        exit: RUN_EXIT.review,
        reason: render('en', said('run.review', { reason: next.reason, command: next.command })),
        reason_zh: render('zh', said('run.review', { reason: next.reason_zh ?? next.reason, command: next.command })),
      };
    case 'recover':
    case 'commit': {
      const step = decided(next);
      if (step.kind === 'setup')
        return { kind: 'commit', step: next.step, id: step, chapter: null, volume: null, setup: true };
      const volume = step.kind === 'volume' ? step.volume : null;
      const planStep = step.kind === 'volume' ? formatStepId({ ...step, stage: 'plan' }) : null;
      if (
        next.action === 'commit' &&
        volume !== null &&
        planStep !== null &&
        limits.pauseAfter.has('plan') &&
        executedHere.has(planStep)
      ) {
        return stopWith(
          RUN_EXIT.done,
          said('runstop.paused_plan', { step: planStep, dir: paths.stagedVolumeDir(volume), volume }),
        );
      }
      return { kind: 'commit', step: next.step, id: step, chapter: chapterOfStep(step), volume };
    }
    case 'advance':
      if (limits.force && !executedHere.has(next.step)) return { kind: 'execute', step: next.step, id: decided(next) };
      return { kind: 'advance', step: next.step, id: decided(next), reused: !executedHere.has(next.step) };
    case 'execute':
      return { kind: 'execute', step: next.step, id: decided(next) };
  }
}

/** The step a decision that acts names (only a complete book's carries none). */
function decided(next: NextDecision): StepId {
  if (next.id === null) throw new Error(`${next.step}: a decision to ${next.action} names no step`);
  return next.id;
}

/** The chapter stages in pipeline order. */
const ORDER: readonly string[] = CHAPTER_STAGES;

/**
 * --until names a step the book already passed (the run would never stop
 * there): an earlier chapter, an earlier stage of the current chapter, or the
 * plan of a volume already planned.
 */
export function untilPassed(until: StepId, next: NextDecision, lastCompleted: number): boolean {
  if (until.kind === 'setup') {
    // Setup comes before everything: once the book is past it, the step is passed.
    if (next.mode !== 'setup' || next.id?.kind !== 'setup') return next.action !== 'recover';
    return SETUP_STEPS.indexOf(until.stage) < SETUP_STEPS.indexOf(next.id.stage);
  }
  if (until.kind === 'import') {
    if (next.mode !== 'import') return until.chapter <= lastCompleted && next.action !== 'recover';
    const current = next.chapter ?? 0;
    return (
      until.chapter < current || (until.chapter === current && until.stage === 'summarize' && next.action === 'commit')
    );
  }
  // During a new book's setup or an import's catch-up, every volume plan and chapter is still ahead.
  if (
    (next.mode === 'setup' || next.mode === 'import') &&
    (until.kind === 'volume' ? until.volume >= next.volume : until.chapter > lastCompleted)
  )
    return false;
  if (until.kind === 'volume') {
    if (until.volume < next.volume) return true;
    return until.volume === next.volume && next.mode !== 'plan' && next.action !== 'recover';
  }
  if (until.chapter <= lastCompleted) return true;
  const current = next.chapter ?? lastCompleted + 1;
  if (until.chapter !== current || next.mode === 'plan') return false;
  return next.id?.kind === 'chapter' && ORDER.indexOf(until.stage) < ORDER.indexOf(next.id.stage);
}

/** After an advance: pause here (why, said), or not (null)? */
export function pauseAfterAdvance(step: StepId, limits: RunLimits): Said | null {
  const stage = step.stage as PauseStage;
  return limits.pauseAfter.has(stage) ? said('runstop.paused', { step: formatStepId(step), stage }) : null;
}

/** Before an execution: is a budget spent? */
export function budgetStop(spent: Spent, limits: RunLimits): Said | null {
  const usd = limits.budgetUsd !== undefined && spent.cost_usd >= limits.budgetUsd;
  const tokens = limits.budgetTokens !== undefined && spent.tokens >= limits.budgetTokens;
  if (!usd && !tokens) return null;
  return said('runstop.budget', { cost: formatCost(spent.cost_usd, spent.cost_unknown), tokens: spent.tokens });
}

/** Attempt `attempt` (1-based) of a step: run it, or give up (ERROR_RETRY). */
export function attemptAllowed(attempt: number, limits: RunLimits): boolean {
  return attempt <= limits.retries + 1;
}

export function givenUpReason(step: string, failures: number): Said {
  return said('runstop.given_up', { step, failures });
}

/** Executors that report no cost: a dollar budget alone could never stop them. */
export const COSTLESS_EXECUTORS: ReadonlySet<string> = new Set(['codex']);

/** Before a run: a budget the executor cannot honour (null: fine). */
export function unenforceableBudget(
  executor: string,
  limits: Pick<RunLimits, 'budgetUsd' | 'budgetTokens'>,
): Said | null {
  if (!COSTLESS_EXECUTORS.has(executor) || limits.budgetUsd === undefined || limits.budgetTokens !== undefined)
    return null;
  return said('runstop.budget_unenforceable', { executor });
}

/** No executor chosen: novel never picks one for the author. */
export function executorMissing(): NovelError {
  return new NovelError('executor_missing', said('error.executor_missing'), {
    hint: said('error.executor_missing.hint'),
    details: { choices: ['claude', 'codex', 'demo', '<command template with {packet}>'] },
  });
}
