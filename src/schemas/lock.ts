/**
 * `.novel.lock/info.json` (PROTOCOL §8, §12). Read leniently: `pid`, `host`
 * and `started` decide staleness; a missing `heartbeat` means `started`, and
 * a missing `chapter` or `owner` means none (locks written by other tools,
 * the older cc-novel-writer CLI among them, look like that).
 */
import * as v from 'valibot';
import { lazily } from './common.js';

const Timestamp = lazily(() =>
  v.pipe(
    v.string(),
    v.check((s) => !Number.isNaN(Date.parse(s)), 'schema.timestamp'),
  ),
);

export const LockInfoSchema = lazily(() =>
  v.pipe(
    v.looseObject({
      pid: v.pipe(v.number(), v.integer(), v.minValue(1)),
      host: v.string(),
      started: Timestamp,
      heartbeat: v.optional(Timestamp),
      chapter: v.optional(v.nullable(v.number()), null),
      owner: v.optional(v.nullable(v.string()), null),
    }),
    v.transform((info) => ({ ...info, heartbeat: info.heartbeat ?? info.started })),
  ),
);
export type LockInfo = v.InferOutput<typeof LockInfoSchema>;

/** `.novel.lock/executor.json`: the process group of the executor a `novel run` is running (src/io/run-session.ts). */
export const ExecutorRecordSchema = lazily(() =>
  v.looseObject({
    pgid: v.pipe(v.number(), v.integer(), v.minValue(2)),
  }),
);
