/**
 * Reading and rewriting `.checkpoint.json`. Rewrites start from the raw JSON
 * object, so fields other tools keep there survive untouched, and go through
 * one atomic write.
 */
import { diagnosticsError, NovelError } from '../core/errors.js';
import { said } from '../core/messages.js';
import { paths } from '../core/paths.js';
import { at } from './said-at.js';
import type { CheckpointFields } from '../core/projection.js';
import { CHECKPOINT_FIXES, CheckpointSchema, type Checkpoint } from '../schemas/checkpoint.js';
import { parseJsonText, parseWith } from '../schemas/parse.js';
import type { ProjectFs } from './project-fs.js';

export interface LoadedCheckpoint {
  raw: Record<string, unknown>;
  checkpoint: Checkpoint;
  /** The file's text as read (a reader compares it to see whether the checkpoint changed meanwhile). */
  text: string;
}

/** The checkpoint's text now (null: unreadable), without parsing it. */
export function checkpointText(fs: ProjectFs): string | null {
  const r = fs.readTextChecked(paths.checkpoint, 'invalid_checkpoint');
  return r !== null && 'text' in r ? r.text : null;
}

export function readCheckpoint(fs: ProjectFs): LoadedCheckpoint {
  const r = fs.readTextChecked(paths.checkpoint, 'invalid_checkpoint');
  if (r === null) {
    throw new NovelError('not_a_project', at(paths.checkpoint, said('fs.not_found')), {
      hint: said('projectdir.run_init'),
    });
  }
  if ('diagnostic' in r)
    throw diagnosticsError('invalid_checkpoint', said('bookfile.cannot_read', { file: paths.checkpoint }), [
      r.diagnostic,
    ]);
  const json = parseJsonText(r.text, paths.checkpoint, 'invalid_checkpoint');
  if (!json.ok)
    throw diagnosticsError(
      'invalid_checkpoint',
      said('bookfile.not_json', { file: paths.checkpoint }),
      json.diagnostics,
    );
  if (typeof json.value !== 'object' || json.value === null || Array.isArray(json.value)) {
    throw new NovelError(
      'invalid_checkpoint',
      said('bookfile.not_object', {
        file: paths.checkpoint,
        kind: Array.isArray(json.value) ? 'array' : typeof json.value,
      }),
    );
  }
  const parsed = parseWith(
    CheckpointSchema,
    json.value,
    paths.checkpoint,
    'invalid_checkpoint',
    (field) => CHECKPOINT_FIXES[field.split('.')[0] ?? ''],
  );
  if (!parsed.ok)
    throw diagnosticsError(
      'invalid_checkpoint',
      said('bookfile.invalid', { file: paths.checkpoint }),
      parsed.diagnostics,
    );
  return { raw: json.value as Record<string, unknown>, checkpoint: parsed.value, text: r.text };
}

export interface CheckpointExtras {
  staging_hashes?: Record<string, string>;
  staged_title?: string | null;
  now: Date;
}

/** The checkpoint object after a transition: raw fields kept, §3 fields replaced. */
export function nextCheckpointObject(
  raw: Record<string, unknown>,
  fields: Partial<CheckpointFields> & { orchestrator_state?: string },
  extras: CheckpointExtras,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...raw };
  const set = (key: string, value: unknown): void => {
    if (value === undefined) delete out[key];
    else out[key] = value;
  };
  for (const [key, value] of Object.entries(fields)) set(key, value);
  if ('staging_hashes' in extras) set('staging_hashes', extras.staging_hashes);
  if ('staged_title' in extras) set('staged_title', extras.staged_title ?? undefined);
  set('last_checkpoint_time', extras.now.toISOString());
  return out;
}

export function writeCheckpoint(fs: ProjectFs, value: Record<string, unknown>): void {
  fs.writeJson(paths.checkpoint, value);
}
