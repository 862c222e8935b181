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
      model: v.optional(v.pipe(v.string(), v.minLength(1))),
      timeout_s: v.optional(v.pipe(v.number(), v.minValue(1))),
      retries: v.optional(NonNegativeIntSchema),
    }),
  ),
  lock_stale_minutes: v.optional(v.pipe(v.number(), v.minValue(1))),
  chapters_per_volume: v.optional(PositiveIntSchema),
  book_chapters: v.optional(PositiveIntSchema),
  staging_max_files: v.optional(PositiveIntSchema),
  memory_keep_ratio: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
  title: v.optional(v.string()),
  author: v.optional(v.string()),
  language: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'a BCP 47 language tag such as zh-CN'))),
  chapter_length: v.optional(v.strictObject({ min: v.optional(PositiveIntSchema), max: v.optional(PositiveIntSchema) })),
});

export type Config = v.InferOutput<typeof ConfigSchema>;
