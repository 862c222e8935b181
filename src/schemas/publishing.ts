/** publishing/published.jsonl (PROTOCOL §18): one line per chapter published. */
import * as v from 'valibot';
import { lazily, PositiveIntSchema } from './common.js';

const d = v.description;

export const PublishedLineSchema = lazily(() =>
  v.strictObject({
    chapter: v.pipe(PositiveIntSchema, d('the chapter published')),
    date: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'schema.date'), d('the day it was published (YYYY-MM-DD)')),
    sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'schema.sha256'), d("the chapter file's bytes then")),
  }),
);
