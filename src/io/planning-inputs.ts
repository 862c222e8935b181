/**
 * The author's planning inputs outside the book's trees (PROTOCOL §14):
 * characters/**, world/**, samples/**, brief.md, style-profile.json and
 * book.json. A mutating command records the author's edits of them
 * (logs/author-edits.jsonl and a one-line notice naming each path), never
 * refusing them, and takes their new values; novel's own writes (a setup
 * commit) are taken silently once it is done. Their hashes live in
 * `.novel/inputs.json` {path: sha256}; logs/.cache/inputs.json keeps each
 * file's size and time beside its hash, so that a file that has them still
 * is not read again.
 */
import * as v from 'valibot';
import type { FingerprintDiff } from '../core/fingerprint-rules.js';
import { paths } from '../core/paths.js';
import { sha256Hex, type ProjectFs } from './project-fs.js';

const RECORD = '.novel/inputs.json';
/** Each file's size and time with its hash: a file that has them still is not read again (a cache: losable). */
const STATS = 'logs/.cache/inputs.json';
const TREES = ['characters', 'world', 'samples'] as const;
const FILES = ['brief.md', 'style-profile.json', paths.book] as const;

const RecordSchema = v.record(v.string(), v.string());
const StatsSchema = v.record(v.string(), v.tuple([v.number(), v.number(), v.string()]));
type InputsRecord = v.InferOutput<typeof RecordSchema>;
type InputStats = v.InferOutput<typeof StatsSchema>;

function readSafely<S extends v.GenericSchema>(fs: ProjectFs, rel: string, schema: S): v.InferOutput<S> | null {
  try {
    const r = fs.readJson(rel, schema, 'invalid_inputs_record');
    return r?.ok ? r.value : null;
  } catch {
    return null;
  }
}

/** The inputs as they are now (path → sha256), each file hashed unless its size and time are as last seen. */
function snapshot(fs: ProjectFs, seen: InputStats | null): { hashes: InputsRecord; stats: InputStats } {
  const rels = [...TREES.flatMap((t) => fs.listFiles(t, { recursive: true })), ...FILES.filter((f) => fs.isFile(f))];
  const hashes: InputsRecord = {};
  const stats: InputStats = {};
  for (const rel of rels.sort()) {
    const st = fs.lstat(rel);
    if (!st?.isFile()) continue;
    const known = seen?.[rel];
    const sha = known && known[0] === st.size && known[1] === st.mtimeMs ? known[2] : sha256Hex(fs.readBytes(rel));
    hashes[rel] = sha;
    stats[rel] = [st.size, st.mtimeMs, sha];
  }
  return { hashes, stats };
}

export interface InputsCheck {
  /** The author's edits since the last mutating command (null: none, or the first record of the inputs). */
  edits: FingerprintDiff | null;
  /** Take the inputs as they are after the command (its own writes included). */
  settle: () => void;
}

/** Before a mutating command: what the author changed; after it, `settle` records the inputs anew. */
export function checkPlanningInputs(fs: ProjectFs): InputsCheck {
  const before = readSafely(fs, RECORD, RecordSchema);
  const seen = readSafely(fs, STATS, StatsSchema);
  const now = snapshot(fs, seen);
  let edits: FingerprintDiff | null = null;
  if (before !== null) {
    const added = Object.keys(now.hashes).filter((r) => !(r in before));
    const removed = Object.keys(before).filter((r) => !(r in now.hashes));
    const changed = Object.keys(now.hashes).filter((r) => r in before && before[r] !== now.hashes[r]);
    if (added.length || removed.length || changed.length) edits = { added, removed, changed };
  }
  return {
    edits,
    settle: () => {
      const after = snapshot(fs, now.stats);
      if (JSON.stringify(after.hashes) !== JSON.stringify(before)) fs.writeJson(RECORD, after.hashes);
      if (JSON.stringify(after.stats) !== JSON.stringify(seen)) fs.writeJson(STATS, after.stats, { fsync: false });
    },
  };
}

/** A new project's inputs as novel wrote them (`init`, `import`): the author's later edits are told from them. */
export function recordPlanningInputs(fs: ProjectFs): void {
  checkPlanningInputs(fs).settle();
}

const isPlanningInput = (rel: string): boolean =>
  TREES.some((t) => rel.startsWith(`${t}/`)) || (FILES as readonly string[]).includes(rel);

/**
 * A commit's own writes of planning inputs (a setup commit's cast and world), taken into the record as the journal is
 * applied: a kill before the command's end, rolled forward by the next one, never shows them as the author's edits.
 */
export function noteInputWrites(fs: ProjectFs, writes: ReadonlyArray<{ path: string; sha256: string }>): void {
  const mine = writes.filter((w) => isPlanningInput(w.path));
  if (mine.length === 0) return;
  const record = readSafely(fs, RECORD, RecordSchema);
  if (record === null) return;
  const next: InputsRecord = { ...record };
  for (const w of mine) next[w.path] = w.sha256;
  const sorted = Object.fromEntries(Object.entries(next).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  if (JSON.stringify(sorted) !== JSON.stringify(record)) fs.writeJson(RECORD, sorted);
}
