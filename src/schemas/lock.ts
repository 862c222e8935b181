/** `.novel.lock/info.json` (PROTOCOL §8). */
import * as v from 'valibot';

export const LockInfoSchema = v.looseObject({
  pid: v.pipe(v.number(), v.integer(), v.minValue(1)),
  host: v.string(),
  started: v.pipe(v.string(), v.isoTimestamp()),
  heartbeat: v.pipe(v.string(), v.isoTimestamp()),
  chapter: v.nullable(v.number()),
  owner: v.nullable(v.string()),
});
export type LockInfo = v.InferOutput<typeof LockInfoSchema>;
