/**
 * Events of the two machines and their link to step ids.
 *
 * Chapter events are the finished steps (past tense) and the author's
 * decisions; DRAFT_LOST is what the staging probe reports when the drafted
 * chapter vanished, or was replaced, before summarize.
 *
 * Book events are what happens above one chapter: a volume plan committed, a
 * commit transaction interrupted and rolled forward, an executor that failed
 * past its retries, and the author (or `novel run`) retrying after that.
 */
import type { CHAPTER_STEP_TABLE, ChapterStage, SetupStep } from '../src/core/step-table.js';
import type { Verdict } from './pipeline.gate.js';

/** The events a step's advance sends, from the step table: those with a payload are typed below. */
type StepEventType = Exclude<(typeof CHAPTER_STEP_TABLE)[ChapterStage]['event'], null>;

export type ChapterEvent =
  | { type: Exclude<StepEventType, 'REFINED' | 'JUDGED'> }
  /** title_hard: novel's lint found a hard title finding in the refined text (§13.4). */
  | { type: 'REFINED'; title_hard?: boolean }
  | ({ type: 'JUDGED' } & Verdict)
  | { type: 'ACCEPT' }
  | { type: 'REVISE' }
  | { type: 'REWRITE' }
  | { type: 'DRAFT_LOST' };

export type BookEvent =
  /** `novel commit --volume` moved a valid plan into volumes/; the chapters its outline covers. */
  | { type: 'PLAN_COMMITTED'; outline_chapters: readonly number[] }
  /** `novel commit --setup` moved a setup step's files into place; the setup step still missing after it (null: none). */
  | { type: 'SETUP_COMMITTED'; setup: SetupStep | null }
  /** A chapter or plan commit was killed after its journal was written. */
  | { type: 'COMMIT_INTERRUPTED' }
  | { type: 'PLAN_COMMIT_INTERRUPTED'; outline_chapters: readonly number[] }
  /** The next mutating command rolled the journal forward. */
  | { type: 'JOURNAL_RECOVERED' }
  /** `novel run` gave up on a step after its retries (orchestrator_state ERROR_RETRY). */
  | { type: 'EXECUTOR_FAILED' }
  /** The step is tried again: `novel run`, or a manual advance of it. */
  | { type: 'RETRY' };

export type PipelineEvent = ChapterEvent | BookEvent;
export type PipelineEventType = PipelineEvent['type'];

/** The event an `advance` of a step sends once its outputs validate (from the step table). */
export { STEP_EVENT, type AdvanceableStage } from '../src/core/step-table.js';

export const DECISIONS = ['accept', 'revise', 'rewrite'] as const;
export type Decision = (typeof DECISIONS)[number];

export const DECISION_EVENT = {
  accept: 'ACCEPT',
  revise: 'REVISE',
  rewrite: 'REWRITE',
} as const satisfies Record<Decision, PipelineEventType>;
