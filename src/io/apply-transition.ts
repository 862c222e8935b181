/**
 * Applies a planned transition. Order, for crash safety:
 *   1. copy the round's files into the archive directory;
 *   2. write the checkpoint (the commit point) with an `archive_pending`
 *      marker naming the live files and their hashes;
 *   3. remove those live files;
 *   4. rewrite the checkpoint without the marker.
 * A crash before 2 leaves the old state plus harmless copies; a crash between
 * 2 and 4 is finished by `completeInterruptedArchive`, which every mutating
 * command runs first.
 */
import { archivedPath } from '../core/revision-round.js';
import { stagingHashes, type StagingView } from '../core/staging-view.js';
import { judgedHashes } from '../core/judged-bytes.js';
import type { TransitionPlan } from '../core/transitions.js';
import { nextCheckpointObject, readCheckpoint, writeCheckpoint, type LoadedCheckpoint } from './checkpoint.js';
import { appendHistory } from './history-log.js';
import type { ProjectFs } from './project-fs.js';

export const ARCHIVE_MARKER = 'archive_pending';

export function applyTransition(
  fs: ProjectFs,
  loaded: LoadedCheckpoint,
  view: StagingView,
  plan: TransitionPlan,
  now: Date,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const hashes = stagingHashes(view);
  const pending: Record<string, string> = {};
  for (const live of plan.archive?.copies ?? [])
    fs.copyFile(live, archivedPath((plan.archive as { dir: string }).dir, live));
  if (plan.archive) {
    for (const live of plan.archive.files) {
      fs.copyFile(live, archivedPath(plan.archive.dir, live));
      const h = hashes[live];
      if (h !== undefined) pending[live] = h;
      delete hashes[live];
    }
  }
  const value = nextCheckpointObject(loaded.raw, plan.fields, {
    staging_hashes: hashes,
    staged_title: plan.stagedTitle,
    now,
  });
  delete value[ARCHIVE_MARKER];
  // An advance that leaves the chapter judged (the judge's, or a polish pass after it) pins its bytes (§17): the commit
  // writes exactly these.
  if (value.pipeline_stage === 'judged' && plan.events.length > 0 && plan.snapshot.context.chapter !== null)
    value.judged_hashes = judgedHashes(view, plan.snapshot.context.chapter);
  for (const [k, v] of Object.entries(extra))
    if (v === undefined) delete value[k];
    else value[k] = v;
  if (plan.archive && plan.archive.files.length > 0) {
    writeCheckpoint(fs, { ...value, [ARCHIVE_MARKER]: { dir: plan.archive.dir, files: pending } });
    for (const live of plan.archive.files) fs.remove(live);
  }
  writeCheckpoint(fs, value);
  // A log line for the chapter's stage history; not part of the transition's commit point.
  appendHistory(fs, plan.chapter ?? plan.snapshot.context.chapter, {
    step: plan.step,
    events: plan.events.map((e) => e.type),
    from: plan.from,
    to: plan.to,
    revision_count: plan.snapshot.context.revision_count,
    ...(plan.snapshot.context.gate && plan.events.some((e) => e.type === 'JUDGED')
      ? { gate: plan.snapshot.context.gate.decision }
      : {}),
    ...(typeof extra.author_note === 'string' ? { author_note: extra.author_note } : {}),
    at: now.toISOString(),
  });
  return value;
}

/**
 * Finish step 3–4 of an interrupted transition: remove live files still
 * identical to what the marker recorded, then drop the marker. Returns the
 * removed paths and the checkpoint object to continue from.
 */
export function completeInterruptedArchive(
  fs: ProjectFs,
  loaded: LoadedCheckpoint,
): { removed: string[]; loaded: LoadedCheckpoint } {
  const marker = loaded.raw[ARCHIVE_MARKER] as { dir?: unknown; files?: unknown } | undefined;
  if (marker === undefined) return { removed: [], loaded };
  const removed: string[] = [];
  if (marker && typeof marker.files === 'object' && marker.files !== null) {
    for (const [live, hash] of Object.entries(marker.files as Record<string, unknown>)) {
      if (typeof hash === 'string' && live.startsWith('staging/') && fs.sha256(live) === hash) {
        fs.remove(live);
        removed.push(live);
      }
    }
  }
  const raw = { ...loaded.raw };
  delete raw[ARCHIVE_MARKER];
  writeCheckpoint(fs, raw);
  return { removed, loaded: readCheckpoint(fs) };
}
