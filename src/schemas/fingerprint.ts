/** `.novel/fingerprint.json` and its segments `.novel/fingerprint/<name>.json` (PROTOCOL §4, §12). */
import * as v from 'valibot';
import { lazily, recordOf, SHA256_RE } from './common.js';

/** A lowercase sha256, or for the changelog `tail:<size>:<sha256 of its last 64 KiB>`. */
export const FingerprintValueSchema = lazily(() =>
  v.pipe(
    v.string(),
    v.check((s) => SHA256_RE.test(s) || /^tail:\d+:[0-9a-f]{64}$/.test(s), 'schema.fingerprint_value'),
  ),
);

export const FingerprintSchema = lazily(() =>
  v.looseObject({
    files: recordOf(FingerprintValueSchema, 'path → sha256'),
    /** Names of the segments under .novel/fingerprint/ that hold the rest of the map. */
    segments: v.optional(v.array(v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)))),
  }),
);
export type Fingerprint = v.InferOutput<typeof FingerprintSchema>;

export const FingerprintSegmentSchema = lazily(() =>
  v.looseObject({
    files: recordOf(FingerprintValueSchema, 'path → sha256'),
  }),
);
