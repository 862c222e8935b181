/** Shapes of the book's own state files (PROTOCOL §7). */
import * as v from 'valibot';
import { lazily, NonNegativeIntSchema } from './common.js';

export const StateSchema = lazily(() =>
  v.looseObject({
    schema_version: v.literal(1),
    state_version: NonNegativeIntSchema,
    last_updated_chapter: NonNegativeIntSchema,
  }),
);

export const GlobalForeshadowingSchema = lazily(() =>
  v.looseObject({
    foreshadowing: v.array(v.looseObject({ id: v.string() })),
  }),
);

export const VolumeForeshadowingSchema = lazily(() =>
  v.looseObject({
    foreshadowing: v.array(v.looseObject({ id: v.string() })),
  }),
);

export const LedgerSchema = lazily(() => v.array(v.looseObject({ chapter: v.number() })));

/** logs/book-ledger.json: the book's totals as of a chapter (src/core/chapter-log.ts). */
export const BookLedgerSchema = lazily(() =>
  v.looseObject({
    last_completed_chapter: v.number(),
    chapters: v.number(),
    zishu: v.number(),
    input_tokens: v.number(),
    output_tokens: v.number(),
    cost_usd: v.number(),
    cost_unknown: v.number(),
  }),
);

export const ChangelogLineSchema = lazily(() =>
  v.looseObject({
    chapter: v.pipe(v.number(), v.integer(), v.minValue(1)),
    base_state_version: NonNegativeIntSchema,
    state_version: NonNegativeIntSchema,
    storyline_id: v.string(),
    ops: v.array(v.unknown()),
    dropped: v.optional(v.array(v.unknown())),
  }),
);

export const HistoryLineSchema = lazily(() => v.looseObject({ step: v.string() }));
