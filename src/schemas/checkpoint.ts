/**
 * `.checkpoint.json` (PROTOCOL §2). A loose object: fields other tools add are
 * kept and written back untouched.
 */
import * as v from 'valibot';
import { NonNegativeIntSchema, PositiveIntSchema, recordOf, SaidSchema, Sha256Schema } from './common.js';
import { PIPELINE_STAGES, type PipelineStage } from '../../machines/book.table.js';
import { GATE_DECISIONS } from '../../machines/novel.setup.js';
import { said, type Said } from '../core/messages.js';

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
  /**
   * The reason as said (a message id and its arguments), for a reader in another language; written since the catalogue
   * of words.
   */
  words: v.optional(SaidSchema),
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

/** The fix of each field of `.checkpoint.json`, said. */
export const CHECKPOINT_FIXES: Record<string, Said> = {
  last_completed_chapter: said('schema.fix.last_completed_chapter'),
  current_volume: said('schema.fix.current_volume'),
  orchestrator_state: said('schema.fix.one_of', { values: ORCHESTRATOR_STATES }),
  pipeline_stage: said('schema.fix.null_or_one_of', { values: PIPELINE_STAGES }),
  inflight_chapter: said('schema.fix.inflight_chapter'),
  revision_count: said('schema.fix.revision_count'),
  gate: said('schema.fix.gate'),
  staging_hashes: said('schema.fix.staging_hashes'),
  judged_hashes: said('schema.fix.judged_hashes'),
  imported_chapters: said('schema.fix.imported_chapters'),
  import_caught_up: said('schema.fix.import_caught_up'),
  import_stage: said('schema.fix.import_stage'),
};
