/** staging/.commit/*.json: the commit journal (PROTOCOL §7). */
import * as v from 'valibot';
import { Sha256Schema } from './common.js';

export const JournalSchema = v.looseObject({
  version: v.literal(1),
  kind: v.picklist(['chapter', 'volume', 'rewind', 'setup']),
  /** The setup step a setup journal commits. */
  setup: v.optional(v.picklist(['world', 'characters', 'style'])),
  chapter: v.nullable(v.number()),
  volume: v.nullable(v.number()),
  writes: v.array(v.looseObject({ path: v.string(), content: v.string(), sha256: Sha256Schema })),
  appends: v.array(v.looseObject({ path: v.string(), before: v.pipe(v.number(), v.integer(), v.minValue(0)), text: v.string() })),
  removes: v.array(v.string()),
  checkpoint: v.record(v.string(), v.unknown()),
  fingerprint_paths: v.array(v.string()),
});
export type Journal = v.InferOutput<typeof JournalSchema>;
