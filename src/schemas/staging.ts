/** Shapes of what agents write under staging/ (PROTOCOL §4, §7.4). */
import * as v from 'valibot';
import { NonNegativeIntSchema, PositiveIntSchema, recordOf, SlugSchema } from './common.js';

export const DeltaSchema = v.looseObject({
  chapter: PositiveIntSchema,
  base_state_version: NonNegativeIntSchema,
  storyline_id: SlugSchema,
  ops: v.array(v.unknown()),
  unknown_entities: v.optional(v.array(v.unknown())),
});
export type Delta = v.InferOutput<typeof DeltaSchema>;

export const CrossrefSchema = v.looseObject({
  storyline_id: SlugSchema,
  cross_references: v.array(v.unknown()),
  leak_risk: v.picklist(['none', 'low', 'high']),
});

export const CheckSchema = v.looseObject({
  status: v.string(),
  confidence: v.picklist(['high', 'medium', 'low']),
  constraint_type: v.optional(v.string()),
});

export const EvalSchema = v.looseObject({
  chapter: PositiveIntSchema,
  overall: v.pipe(v.number(), v.minValue(0), v.maxValue(5)),
  recommendation: v.string(),
  contract_verification: v.looseObject({
    l1_checks: v.array(CheckSchema),
    l2_checks: v.array(CheckSchema),
    l3_checks: v.array(CheckSchema),
    ls_checks: v.array(CheckSchema),
  }),
  scores: recordOf(v.looseObject({ score: v.number(), reason: v.string() }), 'dimension → {score, reason}'),
  required_fixes: v.optional(v.array(v.looseObject({ target: v.optional(v.string()), instruction: v.string() }))),
});
export type Evaluation = v.InferOutput<typeof EvalSchema>;

export const ChapterMemorySchema = v.looseObject({
  chapter: PositiveIntSchema,
  time_anchor: v.string(),
  location: v.string(),
  events: v.array(v.unknown()),
  character_states: recordOf(v.unknown(), 'character → state'),
  open_threads: v.array(v.unknown()),
});

export const ChangeLogSchema = v.union([v.array(v.unknown()), v.looseObject({})]);
