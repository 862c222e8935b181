/**
 * The author's planning inputs outside the book's trees (PROTOCOL §14):
 * characters/**, world/**, samples/**, brief.md, style-profile.json and
 * book.json. A mutating command records the author's edits of them
 * (logs/author-edits.jsonl and a one-line notice naming each path), never
 * refusing them, and takes their new values; novel's own writes (a setup
 * commit) are taken silently once it is done. Their values live in
 * `.novel/inputs.json` {path: {sha256, size, mtime_ms}}: a file whose size and
 * time are as recorded is not read again.
 */
import * as v from 'valibot';
import type { FingerprintDiff } from '../core/fingerprint-rules.js';
import { paths } from '../core/paths.js';
import { sha256Hex, type ProjectFs } from './project-fs.js';

const RECORD = '.novel/inputs.json';
const TREES = ['characters', 'world', 'samples'] as const;
const FILES = ['brief.md', 'style-profile.json', paths.book] as const;

const RecordSchema = v.record(v.string(), v.object({ sha256: v.string(), size: v.number(), mtime_ms: v.number() }));
type InputsRecord = v.InferOutput<typeof RecordSchema>;

function readRecord(fs: ProjectFs): InputsRecord | null {
  try {
    const r = fs.readJson(RECORD, RecordSchema, 'invalid_inputs_record');
    return r?.ok ? r.value : null;
  } catch {
    return null;
  }
}

/** The inputs as they are now, each file hashed unless its size and time are as recorded. */
function snapshot(fs: ProjectFs, before: InputsRecord | null): InputsRecord {
  const rels = [...TREES.flatMap((t) => fs.listFiles(t, { recursive: true })), ...FILES.filter((f) => fs.isFile(f))];
  const out: InputsRecord = {};
  for (const rel of rels.sort()) {
    const st = fs.lstat(rel);
    if (!st?.isFile()) continue;
    const known = before?.[rel];
    const sha256 =
      known && known.size === st.size && known.mtime_ms === st.mtimeMs ? known.sha256 : sha256Hex(fs.readBytes(rel));
    out[rel] = { sha256, size: st.size, mtime_ms: st.mtimeMs };
  }
  return out;
}

export interface InputsCheck {
  /** The author's edits since the last mutating command (null: none, or the first record of the inputs). */
  edits: FingerprintDiff | null;
  /** Take the inputs as they are after the command (its own writes included). */
  settle: () => void;
}

/** Before a mutating command: what the author changed; after it, `settle` records the inputs anew. */
export function checkPlanningInputs(fs: ProjectFs): InputsCheck {
  const before = readRecord(fs);
  const now = snapshot(fs, before);
  let edits: FingerprintDiff | null = null;
  if (before !== null) {
    const added = Object.keys(now).filter((r) => !(r in before));
    const removed = Object.keys(before).filter((r) => !(r in now));
    const changed = Object.keys(now).filter((r) => r in before && before[r]?.sha256 !== now[r]?.sha256);
    if (added.length || removed.length || changed.length) edits = { added, removed, changed };
  }
  return {
    edits,
    settle: () => {
      const after = snapshot(fs, now);
      if (JSON.stringify(after) !== JSON.stringify(before)) fs.writeJson(RECORD, after);
    },
  };
}

/** A new project's inputs as novel wrote them (`init`, `import`): the author's later edits are told from them. */
export function recordPlanningInputs(fs: ProjectFs): void {
  checkPlanningInputs(fs).settle();
}
