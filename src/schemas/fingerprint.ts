/** `.novel/fingerprint.json` (PROTOCOL §4). */
import * as v from 'valibot';
import { recordOf, Sha256Schema } from './common.js';

export const FingerprintSchema = v.looseObject({
  files: recordOf(Sha256Schema, 'path → sha256'),
});
export type Fingerprint = v.InferOutput<typeof FingerprintSchema>;
