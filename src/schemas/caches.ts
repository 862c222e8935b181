/**
 * Machine-local caches under logs/.cache/ (docs/recovery.md, "Caches that
 * keep each command's cost flat"). They are novel's own bookkeeping: one that
 * does not match its schema is treated as absent, and the command does the
 * full work it would have saved (a hand-edited or torn cache never decides).
 */
import * as v from 'valibot';
import type { DormantItem } from '../core/context/dormant-foreshadowing.js';
import type { ForeshadowingTask } from '../core/context/foreshadowing-tasks.js';
import { lazily, recordOf, Sha256Schema } from './common.js';
import { nestedTooDeep } from './parse.js';

/** [size, mtimeMs] of a file. */
const SizeMtime = lazily(() => v.tuple([v.number(), v.number()]));

const isNumber = (x: unknown): x is number => typeof x === 'number';
const isSizeMtime = (x: unknown): x is [number, number] =>
  Array.isArray(x) && x.length === 2 && typeof x[0] === 'number' && typeof x[1] === 'number';

/**
 * A map of a cache that every command reads (boundary.json: a few dozen files, thousands in a long book), checked
 * where it lies. valibot's record and tuple build what they parse anew, an object and an array for every file, and
 * that is most of what a read of the signature allocates at a start.
 */
function mapOf<T>(isValue: (x: unknown) => x is T, what: string) {
  return v.pipe(
    v.custom<Record<string, T>>((x) => {
      if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
      for (const key in x) if (!isValue((x as Record<string, unknown>)[key])) return false;
      return true;
    }, 'schema.object_of'),
    v.description(what),
  );
}

/** logs/.cache/boundary.json: the stat signature of the final trees (src/io/boundary-cache.ts). */
export const BoundaryCacheSchema = lazily(() =>
  v.object({
    v: v.literal(1),
    volume: v.number(),
    last: v.number(),
    fingerprint: v.nullable(SizeMtime),
    dirs: mapOf(isNumber, 'directory → mtimeMs'),
    hot: mapOf(isSizeMtime, 'hot file → [size, mtimeMs]'),
  }),
);
export type BoundaryCache = v.InferOutput<typeof BoundaryCacheSchema>;

/**
 * logs/.cache/staging.json: [size, ctimeMs, sha256] of each staged file (src/io/staging-probe.ts; v 1 held the mtime).
 */
export const StagingCacheSchema = lazily(() =>
  v.object({
    v: v.literal(2),
    files: recordOf(v.tuple([v.number(), v.number(), Sha256Schema]), 'staged file → [size, ctimeMs, sha256]'),
  }),
);

/** A directory entry's own name: no separator, not `.` or `..`. */
const EntryName = lazily(() => v.pipe(v.string(), v.regex(/^(?!\.\.?$)[^/\\]+$/, 'schema.directory_name')));

/** logs/.cache/sweep.json: mtime and subdirectories of each directory novel writes in (src/io/temp-sweep.ts). */
export const SweepCacheSchema = lazily(() =>
  v.object({
    v: v.literal(1),
    dirs: recordOf(v.object({ m: v.number(), d: v.array(EntryName) }), 'directory → {m: mtimeMs, d: subdirectories}'),
  }),
);

const TallySchema = recordOf(v.number(), 'last touched chapter → unresolved items');

/** logs/.cache/commit.json: what a chapter commit leaves for the next one (src/io/commit-cache.ts). */
export const CommitCacheSchema = lazily(() =>
  v.object({
    v: v.literal(1),
    files: recordOf(Sha256Schema, 'book file → sha256 of the bytes novel serialised'),
    stats: v.optional(recordOf(SizeMtime, 'book file → [size, mtimeMs] of those bytes')),
    tally: v.nullable(
      v.object({
        global_sha256: v.nullable(Sha256Schema),
        tally: v.object({ short: TallySchema, medium: TallySchema, long: TallySchema }),
      }),
    ),
  }),
);
export type CommitCache = v.InferOutput<typeof CommitCacheSchema>;

/**
 * logs/.cache/cast.json: the text of each file of characters/active/ a mutating command read, with the size, mtime,
 * ctime and inode it had then (src/io/cast-cache.ts).
 */
export const CastCacheSchema = lazily(() =>
  v.object({
    v: v.literal(1),
    files: recordOf(
      v.tuple([v.number(), v.number(), v.number(), v.number(), v.string()]),
      'cast file → [size, mtimeMs, ctimeMs, ino, text]',
    ),
  }),
);
export type CastCache = v.InferOutput<typeof CastCacheSchema>;

const FileIdentitySchema = lazily(() =>
  v.object({
    /** null: the file was absent. */
    sha256: v.nullable(Sha256Schema),
    /** [size, mtimeMs] of the file when it was recorded settled: a reader that finds them equal need not hash it. */
    stat: v.optional(SizeMtime),
  }),
);

/**
 * logs/.cache/foreshadowing.json, its first line: what the next chapter's foreshadowing was computed from
 * (src/io/foreshadowing-record.ts).
 */
export const ForeshadowingRecordHeadSchema = lazily(() =>
  v.object({
    v: v.literal(1),
    chapter: v.number(),
    line: v.string(),
    plan: v.string(),
    dormancy: v.object({ short: v.number(), medium: v.number(), long: v.number() }),
    list: FileIdentitySchema,
    plan_file: FileIdentitySchema,
    /** The bytes of the second line, its line break included. */
    body_bytes: v.number(),
  }),
);
export type ForeshadowingRecordHead = v.InferOutput<typeof ForeshadowingRecordHeadSchema>;

/** An array of objects, each with a string id, nested no deeper than a book file may: checked where it lies. */
const itemsWithIds = <T>(what: string) =>
  v.pipe(
    v.custom<T[]>(
      (x) =>
        Array.isArray(x) &&
        x.every((i) => typeof i === 'object' && i !== null && typeof (i as { id?: unknown }).id === 'string') &&
        nestedTooDeep(x) === null,
      'schema.array_of',
    ),
    v.description(what),
  );

/** Its second line: the tasks and the light-touch items, as the packets carry them. */
export const ForeshadowingRecordBodySchema = lazily(() =>
  v.object({
    tasks: itemsWithIds<ForeshadowingTask>('foreshadowing_tasks, as the packets carry them'),
    light_touch: itemsWithIds<DormantItem>('foreshadow_light_touch, as the draft packet carries it'),
  }),
);

/** A cache's content, or null when it is missing, not JSON or not of its schema. */
export function parseCache<S extends v.GenericSchema>(schema: S, text: string | null): v.InferOutput<S> | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const r = v.safeParse(schema, value);
  return r.success ? r.output : null;
}

/**
 * logs/.cache/dormant.json: how many foreshadowing items are dormant at a chapter, for the global list of that sha256
 * (src/io/dormant-count.ts).
 */
export const DormantCacheSchema = lazily(() =>
  v.object({
    v: v.literal(1),
    chapter: v.number(),
    dormancy: v.object({ short: v.number(), medium: v.number(), long: v.number() }),
    global_sha256: Sha256Schema,
    /** [size, mtimeMs] of the list when it was recorded settled: a reader that finds them equal need not hash it. */
    global_stat: v.optional(SizeMtime),
    count: v.number(),
  }),
);
export type DormantCache = v.InferOutput<typeof DormantCacheSchema>;

const LintFindingSchema = lazily(() =>
  v.object({
    rule: v.string(),
    feature: v.optional(v.string()),
    severity: v.picklist(['hard', 'soft', 'warn']),
    message: v.string(),
    line: v.optional(v.number()),
    excerpt: v.optional(v.string()),
    fix: v.string(),
    message_zh: v.optional(v.string()),
    fix_zh: v.optional(v.string()),
  }),
);

/** A lint report (src/core/lint.ts), as novel wrote it. */
export const LintReportSchema = lazily(() =>
  v.object({
    chapter: v.number(),
    source: v.picklist(['staging', 'chapters', 'file']),
    zishu: v.number(),
    han: v.number(),
    paragraphs: v.number(),
    sentences: v.number(),
    metrics: v.object({
      blacklist_hits: v.number(),
      blacklist_per_kchars: v.number(),
      banned_hits: v.number(),
      cliche_hits: v.number(),
      pattern_hits: recordOf(v.number(), 'pattern id → hits'),
      avg_sentence_zishu: v.number(),
      dialogue_ratio: v.number(),
      avg_paragraph_zishu: v.number(),
      max_paragraph_zishu: v.number(),
    }),
    ai_flavour: v.optional(
      v.object({
        score: v.number(),
        features: recordOf(v.number(), 'feature id → value'),
        contributions: v.array(
          v.object({ feature: v.string(), value: v.number(), weight: v.number(), share: v.number() }),
        ),
      }),
    ),
    findings: v.array(LintFindingSchema),
  }),
);

/**
 * logs/.cache/lint.json: the last lint of a staged chapter, with everything it was made from (src/io/lint-cache.ts).
 */
export const LintCacheSchema = lazily(() =>
  v.object({
    v: v.literal(2),
    chapter: v.number(),
    /** The staged chapter's text, whole: the cache answers only for the same text. */
    text: v.string(),
    /** The quality settings and word lists, as lintInputsKey writes them. */
    inputs: v.string(),
    report: LintReportSchema,
  }),
);
