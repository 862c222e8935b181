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
import type { ChapterStage } from '../src/core/step-id.js';
import type { SetupStep } from './novel.setup.js';
import type { Verdict } from './pipeline.gate.js';

export type ChapterEvent =
  | { type: 'DRAFTED' }
  | { type: 'SUMMARIZED' }
  /** title_hard: novel's lint found a hard title finding in the refined text (§13.4). */
  | { type: 'REFINED'; title_hard?: boolean }
  | { type: 'TITLE_FIXED' }
  | ({ type: 'JUDGED' } & Verdict)
  | { type: 'HOOK_FIXED' }
  | { type: 'COMMITTED' }
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

/** The event an `advance` of a step sends once its outputs validate. */
export const STEP_EVENT = {
  draft: 'DRAFTED',
  summarize: 'SUMMARIZED',
  refine: 'REFINED',
  'title-fix': 'TITLE_FIXED',
  judge: 'JUDGED',
  'hook-fix': 'HOOK_FIXED',
  commit: 'COMMITTED',
} as const satisfies Partial<Record<ChapterStage, PipelineEventType>>;

export type AdvanceableStage = keyof typeof STEP_EVENT;

export const DECISIONS = ['accept', 'revise', 'rewrite'] as const;
export type Decision = (typeof DECISIONS)[number];

export const DECISION_EVENT = {
  accept: 'ACCEPT',
  revise: 'REVISE',
  rewrite: 'REWRITE',
} as const satisfies Record<Decision, PipelineEventType>;
