/**
 * `.checkpoint.json` (PROTOCOL §2). A loose object: fields other tools add are
 * kept and written back untouched.
 */
import * as v from 'valibot';
import { NonNegativeIntSchema, PositiveIntSchema, recordOf, Sha256Schema } from './common.js';
import { PIPELINE_STAGES, type PipelineStage } from '../../machines/book.table.js';
import { GATE_DECISIONS } from '../../machines/novel.setup.js';

/** The stages and decisions are the machines' own (machines/): the schema reads them. */
export { GATE_DECISIONS, PIPELINE_STAGES, type PipelineStage };

export const ORCHESTRATOR_STATES = [
  'INIT',
  'QUICK_START',
  'VOL_PLANNING',
  'WRITING',
  'CHAPTER_REWRITE',
  'VOL_REVIEW',
  'ERROR_RETRY',
] as const;

export const CheckpointGateSchema = v.looseObject({
  decision: v.picklist(GATE_DECISIONS),
  verdict: v.optional(v.picklist(['revise', 'pass', 'polish', 'pause_for_user', 'pause_for_user_force_rewrite'])),
  overall_final: v.optional(v.number()),
  overall_judge: v.optional(v.number()),
  weights: v.optional(v.nullable(v.record(v.string(), v.number()))),
  lint: v.optional(v.array(v.looseObject({}))),
  high_violation: v.optional(v.boolean()),
  high_confidence_violations: v.optional(v.array(v.looseObject({}))),
  warnings: v.optional(v.array(v.looseObject({}))),
  reason: v.optional(v.string()),
  force_passed: v.optional(v.boolean()),
  polished: v.optional(v.boolean()),
});

export const CheckpointSchema = v.looseObject({
  last_completed_chapter: NonNegativeIntSchema,
  current_volume: NonNegativeIntSchema,
  orchestrator_state: v.optional(v.picklist(ORCHESTRATOR_STATES)),
  pipeline_stage: v.optional(v.nullable(v.picklist(PIPELINE_STAGES))),
  inflight_chapter: v.optional(v.nullable(PositiveIntSchema)),
  revision_count: v.optional(NonNegativeIntSchema),
  gate: v.optional(CheckpointGateSchema),
  staging_hashes: v.optional(recordOf(Sha256Schema, 'staging path → sha256')),
  /** The staged chapter and evaluations as the judge's advance judged them (§17). */
  judged_hashes: v.optional(recordOf(Sha256Schema, 'staging path → sha256')),
  last_checkpoint_time: v.optional(v.string()),
  /** Chapters `novel import` recorded (§14). */
  imported_chapters: v.optional(NonNegativeIntSchema),
  /** Imported chapters whose catch-up summary is committed. */
  import_caught_up: v.optional(NonNegativeIntSchema),
  /** The next imported chapter's catch-up summary is advanced. */
  import_stage: v.optional(v.picklist(['summarized'])),
});

export type CheckpointInput = v.InferInput<typeof CheckpointSchema>;
export type Checkpoint = v.InferOutput<typeof CheckpointSchema>;
export type CheckpointGate = v.InferOutput<typeof CheckpointGateSchema>;

export const CHECKPOINT_FIXES: Record<string, string> = {
  last_completed_chapter: 'set it to the number of the last chapter in chapters/ (0 for a new book)',
  current_volume: 'set it to the volume being written (1 for a new book)',
  orchestrator_state: `use one of ${ORCHESTRATOR_STATES.join(', ')}`,
  pipeline_stage: `use null or one of ${PIPELINE_STAGES.join(', ')}`,
  inflight_chapter: 'use null or the chapter number in progress',
  revision_count: 'use a whole number ≥ 0 (0 when unsure)',
  gate: 'remove the gate object; `novel next` recomputes it from the staged evaluation',
  staging_hashes: 'remove staging_hashes; it is rebuilt at the next advance',
  judged_hashes: 'remove judged_hashes and pipeline_stage\'s gate; the chapter is judged again',
  imported_chapters: 'set it to the number of chapters `novel import` wrote (or remove it when the book was not imported)',
  import_caught_up: 'set it to the last imported chapter that has its summary in summaries/ (0 when none)',
  import_stage: 'remove import_stage; the catch-up summary is validated and advanced again',
};
