/**
 * Events of the pipeline machine and their link to step ids. Events are the
 * finished steps (past tense) and the human decisions; DRAFT_LOST is what the
 * staging probe reports when the drafted chapter vanished, or was replaced,
 * before summarize.
 */
import type { ChapterStage } from '../src/core/step-id.js';
import type { Verdict } from './pipeline.gate.js';

export type PipelineEvent =
  | { type: 'DRAFTED' }
  | { type: 'SUMMARIZED' }
  | { type: 'REFINED' }
  | ({ type: 'JUDGED' } & Verdict)
  | { type: 'COMMITTED' }
  | { type: 'ACCEPT' }
  | { type: 'REVISE' }
  | { type: 'REWRITE' }
  | { type: 'DRAFT_LOST' };

export type PipelineEventType = PipelineEvent['type'];

/** The event an `advance` of a step sends once its outputs validate. */
export const STEP_EVENT = {
  draft: 'DRAFTED',
  summarize: 'SUMMARIZED',
  refine: 'REFINED',
  judge: 'JUDGED',
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
