/** `novel.config.json` (PROTOCOL §10): every key optional, unknown keys refused. */
import * as v from 'valibot';
import { NonNegativeIntSchema, PositiveIntSchema } from './common.js';

/** A field name or status word of the state (non-empty, no dot). */
const FieldName = v.pipe(v.string(), v.minLength(1), v.regex(/^[^.]+$/, 'schema.field_name'));
const Score = v.pipe(v.number(), v.minValue(0), v.maxValue(5));

/** A whole number from 1 to `max`: every count a setting holds is bounded (1e300 is a whole number too). */
const Count = (max: number) => v.pipe(PositiveIntSchema, v.maxValue(max));
/** A rate per 1,000 characters: at most 1,000. */
const PerKchars = v.pipe(v.number(), v.minValue(0), v.maxValue(1000));
/** 字数 a chapter's settings speak of: at most a million. */
const MAX_ZISHU = 1_000_000;

const RangeSchema = v.pipe(
  v.tuple([v.pipe(NonNegativeIntSchema, v.maxValue(MAX_ZISHU)), v.pipe(NonNegativeIntSchema, v.maxValue(MAX_ZISHU))]),
  v.check(([a, b]) => a <= b, 'schema.range'),
);

/** `{min, max}`, each optional, each within `lowest`…`max`, and min ≤ max when both are given. */
const MinMax = (lowest: 0 | 1, max: number) =>
  v.pipe(
    v.strictObject({
      min: v.optional(v.pipe(lowest === 0 ? NonNegativeIntSchema : PositiveIntSchema, v.maxValue(max))),
      max: v.optional(Count(max)),
    }),
    v.check((r) => r.min === undefined || r.max === undefined || r.min <= r.max, 'schema.min_max'),
  );

/** A regular expression the lint can use as it does (`gu`): one that does not compile would count nothing. */
function isPattern(source: string): boolean {
  try {
    new RegExp(source, 'gu');
    return true;
  } catch {
    return false;
  }
}

/** PROTOCOL §13.1: what novel measures in every chapter, and how the gate uses it. */
export const QualityConfigSchema = v.strictObject({
  platform: v.optional(v.picklist(['qidian', 'tomato', 'none'])),
  zishu: v.optional(v.strictObject({ hard: v.optional(RangeSchema), target: v.optional(RangeSchema) })),
  banned_words: v.optional(v.array(v.pipe(v.string(), v.minLength(1)))),
  blacklist_max_per_kchars: v.optional(PerKchars),
  repetition: v.optional(
    v.strictObject({ window: v.optional(Count(10_000)), max_same_opening: v.optional(Count(10_000)) }),
  ),
  patterns: v.optional(
    v.array(
      v.strictObject({
        id: v.pipe(v.string(), v.minLength(1)),
        regex: v.pipe(v.string(), v.minLength(1), v.check(isPattern, 'schema.pattern')),
        max_per_kchars: PerKchars,
      }),
    ),
  ),
  max_paragraph_zishu: v.optional(v.nullable(Count(MAX_ZISHU))),
  title: v.optional(
    v.pipe(
      v.strictObject({
        min: v.optional(v.pipe(NonNegativeIntSchema, v.maxValue(1000))),
        max: v.optional(Count(1000)),
        forbidden: v.optional(v.array(v.string())),
      }),
      v.check((t) => t.min === undefined || t.max === undefined || t.min <= t.max, 'schema.min_max'),
    ),
  ),
  hook: v.optional(
    v.strictObject({
      required: v.optional(v.boolean()),
      min_strength: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(5))),
    }),
  ),
  weights: v.optional(
    v.union([
      v.picklist(['plot', 'character', 'suspense', 'slice_of_life']),
      v.record(v.string(), v.pipe(v.number(), v.minValue(0), v.maxValue(100))),
    ]),
  ),
  key_chapters: v.optional(v.boolean()),
  dormancy: v.optional(
    v.strictObject({
      short: v.optional(Count(100_000)),
      medium: v.optional(Count(100_000)),
      long: v.optional(Count(100_000)),
    }),
  ),
  ai_flavour: v.optional(
    v.strictObject({
      soft: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
      hard: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
    }),
  ),
});

/** An IANA time zone this Node knows (Asia/Shanghai, UTC). */
function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const ConfigSchema = v.strictObject({
  gate: v.optional(
    v.strictObject({
      pass: v.optional(Score),
      polish: v.optional(Score),
      revise: v.optional(Score),
      pause: v.optional(Score),
    }),
  ),
  max_revisions: v.optional(v.pipe(NonNegativeIntSchema, v.maxValue(100))),
  revision_policy: v.optional(v.picklist(['auto', 'manual_confirm', 'none'])),
  memory_context_chapters: v.optional(v.pipe(NonNegativeIntSchema, v.maxValue(10_000))),
  executor: v.optional(
    v.strictObject({
      command: v.optional(v.string()),
      model: v.optional(v.pipe(v.string(), v.minLength(1))),
      secondary_model: v.optional(v.pipe(v.string(), v.minLength(1))),
      // A timer holds at most 2^31 - 1 ms: a longer timeout would fire at once.
      timeout_s: v.optional(v.pipe(v.number(), v.minValue(1), v.maxValue(2_147_483))),
      retries: v.optional(v.pipe(NonNegativeIntSchema, v.maxValue(100))),
      sandbox: v.optional(v.picklist(['auto', 'required', 'off'])),
    }),
  ),
  // A year at most; a finite number (1e400 parses as Infinity).
  lock_stale_minutes: v.optional(v.pipe(v.number(), v.minValue(1), v.maxValue(525_600))),
  chapters_per_volume: v.optional(v.pipe(PositiveIntSchema, v.maxValue(100_000))),
  volume_chapters: v.optional(MinMax(1, 100_000)),
  book_chapters: v.optional(v.pipe(PositiveIntSchema, v.maxValue(1_000_000))),
  staging_max_files: v.optional(v.pipe(PositiveIntSchema, v.maxValue(10_000_000))),
  quality: v.optional(QualityConfigSchema),
  memory_keep_ratio: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
  // Where the continuity checks find the book's facts (§19): field names in the state, and the statuses that matter.
  continuity: v.optional(
    v.strictObject({
      status: v.optional(FieldName),
      location: v.optional(FieldName),
      realm: v.optional(FieldName),
      ladder: v.optional(FieldName),
      holder: v.optional(FieldName),
      item_status: v.optional(FieldName),
      item_name: v.optional(FieldName),
      story_day: v.optional(FieldName),
      gone: v.optional(v.array(FieldName)),
      unusable: v.optional(v.array(FieldName)),
    }),
  ),
  // The daily serial (§18): the 字数 to commit each day, and the time zone the days are counted in.
  serial: v.optional(
    v.strictObject({
      daily_zishu: v.optional(Count(10_000_000)),
      timezone: v.optional(v.pipe(v.string(), v.check(isTimeZone, 'schema.timezone'))),
    }),
  ),
  title: v.optional(v.string()),
  author: v.optional(v.string()),
  language: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'schema.language_tag'))),
  chapter_length: v.optional(MinMax(1, MAX_ZISHU)),
});

export type Config = v.InferOutput<typeof ConfigSchema>;
