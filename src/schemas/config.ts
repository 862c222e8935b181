/** `novel.config.json` (PROTOCOL §10): every key optional, unknown keys refused. */
import * as v from 'valibot';
import { NonNegativeIntSchema, PositiveIntSchema } from './common.js';

const Score = v.pipe(v.number(), v.minValue(0), v.maxValue(5));

export const ConfigSchema = v.strictObject({
  gate: v.optional(
    v.strictObject({
      pass: v.optional(Score),
      polish: v.optional(Score),
      revise: v.optional(Score),
      pause: v.optional(Score),
    }),
  ),
  max_revisions: v.optional(NonNegativeIntSchema),
  revision_policy: v.optional(v.picklist(['auto', 'manual_confirm', 'none'])),
  memory_context_chapters: v.optional(NonNegativeIntSchema),
  executor: v.optional(
    v.strictObject({
      command: v.optional(v.string()),
      timeout_s: v.optional(v.pipe(v.number(), v.minValue(1))),
      retries: v.optional(NonNegativeIntSchema),
    }),
  ),
  lock_stale_minutes: v.optional(v.pipe(v.number(), v.minValue(1))),
  chapters_per_volume: v.optional(PositiveIntSchema),
  book_chapters: v.optional(PositiveIntSchema),
});

export type Config = v.InferOutput<typeof ConfigSchema>;
