/** `.novel/fingerprint.json` (PROTOCOL §4). */
import * as v from 'valibot';
import { Sha256Schema } from './common.js';

export const FingerprintSchema = v.looseObject({
  files: v.record(v.string(), Sha256Schema),
});
export type Fingerprint = v.InferOutput<typeof FingerprintSchema>;
