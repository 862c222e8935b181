/**
 * `novel state verify [--accept]` (PROTOCOL §7.3): the state replayed from the
 * changelog against state/current-state.json, every file of the final trees
 * against the fingerprint; with --accept, a hand fix of the state is recorded
 * as an accepted-state line of the changelog and the current files as the
 * fingerprint.
 */
import { refreshChapterFacts } from './book-files.js';
import { diffListing, isEmptyDiff, type FingerprintDiff } from '../core/fingerprint-rules.js';
import { verifyState, type StateVerification } from '../core/state-verify.js';
import { acceptedStateLine, type StateDoc } from '../core/state-ops.js';
import { CHANGELOG_FILE, readChangelog, STATE_FILE } from './book-files.js';
import { hashAll, listFinalTrees, readFingerprint, stillMatches, writeFingerprint } from './fingerprint.js';
import { recordBoundary } from './boundary-cache.js';
import type { OpenProject } from './project.js';
import { StateSchema } from '../schemas/book.js';
import { diagnosticsError } from '../core/errors.js';
import { said } from '../core/messages.js';

/** Every file of the final trees re-hashed against the fingerprint (null: none recorded yet, no divergence). */
function fullDiff(p: OpenProject): { diff: FingerprintDiff | null; current: Record<string, string> } {
  const recorded = readFingerprint(p.fs);
  const present = listFinalTrees(p.fs);
  const current = hashAll(p.fs, present);
  if (recorded === null) return { diff: null, current };
  const { added, removed } = diffListing(recorded, present);
  const changed = present.filter(
    (f) => recorded[f] !== undefined && !stillMatches(p.fs, f, recorded[f] as string, current[f] ?? null),
  );
  return { diff: { added, removed, changed }, current };
}

function checkState(p: OpenProject) {
  const parsed = p.fs.readJson(STATE_FILE, StateSchema, 'invalid_state');
  if (parsed && !parsed.ok)
    throw diagnosticsError(
      'invalid_state',
      said('bookfile.damaged', { file: STATE_FILE }),
      parsed.diagnostics,
      said('bookfile.state.hint'),
    );
  const current = parsed?.value ?? { schema_version: 1, state_version: 0, last_updated_chapter: 0 };
  return verifyState(current as Record<string, unknown>, readChangelog(p.fs).lines);
}

/** Append one line to the changelog (whole-file atomic write; the changelog is never rewritten otherwise). */
function appendLine(p: OpenProject, line: object): void {
  const before = p.fs.exists(CHANGELOG_FILE) ? p.fs.readText(CHANGELOG_FILE) : '';
  p.fs.writeText(
    CHANGELOG_FILE,
    `${before}${before === '' || before.endsWith('\n') ? '' : '\n'}${JSON.stringify(line)}\n`,
  );
}

export interface BookVerification {
  state: StateVerification;
  /** The author's fix of the state was recorded as an accepted-state line (--accept). */
  fixRecorded: boolean;
  /** The final trees against the fingerprint (null: none recorded yet). */
  recordedDiff: FingerprintDiff | null;
  diff: FingerprintDiff;
  changelogLines: number;
}

/** Verify the book; with `accepted`, record the author's fix of the state and the current files. */
export function verifyBook(p: OpenProject, accepted: boolean): BookVerification {
  let state = checkState(p);
  let fixRecorded = false;
  if (accepted && !state.consistent) {
    // The author's fix of the state becomes history: replay takes it from this line on.
    const current = p.fs.readJson(STATE_FILE, StateSchema, 'invalid_state');
    if (current?.ok) {
      appendLine(p, acceptedStateLine(current.value as StateDoc));
      fixRecorded = true;
      state = checkState(p);
    }
  }
  const { diff: recordedDiff, current } = fullDiff(p);
  const diff = recordedDiff ?? { added: [], removed: [], changed: [] };
  // A book file "removed" by putting a directory (or anything but a file) at its path is no edit to accept: refused,
  // naming it, as a FIFO among the files is.
  if (accepted)
    for (const rel of diff.removed) {
      const st = p.fs.lstat(rel);
      if (st !== null && !st.isFile() && !st.isSymbolicLink()) p.fs.readBytes(rel);
    }
  if (accepted && (recordedDiff === null || !isEmptyDiff(diff) || fixRecorded))
    writeFingerprint(p.fs, fixRecorded ? hashAll(p.fs, listFinalTrees(p.fs)) : current);
  // Accepted chapter edits: their logs take the 字数 and title of the text as it is now.
  if (accepted) refreshChapterFacts(p.fs, [...diff.changed, ...diff.added]);
  // Every file accepted: the trees match the fingerprint.
  if (accepted) recordBoundary(p.fs, p.loaded.checkpoint);
  return { state, fixRecorded, recordedDiff, diff, changelogLines: readChangelog(p.fs).lines.length };
}
