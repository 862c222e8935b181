/**
 * A read-only picture of staging/ taken once per command: every agent output
 * with its sha256 and text (or the problem that kept it from being read).
 * The I/O shell fills it; the core decides from it.
 */
import type { Diagnostic } from '../schemas/diagnostics.js';
import { isStepOutput } from './step-outputs.js';

export type StagedFile =
  | { path: string; sha256: string; text: string }
  | { path: string; sha256: string | null; problem: Diagnostic };

export interface StagingView {
  readonly files: ReadonlyMap<string, StagedFile>;
}

export function stagedText(view: StagingView, rel: string): string | undefined {
  const f = view.files.get(rel);
  return f && 'text' in f ? f.text : undefined;
}

/**
 * {path → sha256} of every readable staged step output, sorted by path: bounded by what the steps write, never by what
 * else lies in staging/.
 */
export function stagingHashes(view: StagingView): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of [...view.files.keys()].filter(isStepOutput).sort()) {
    const f = view.files.get(p);
    if (f?.sha256) out[p] = f.sha256;
  }
  return out;
}

/** A file is new when it is present and its hash was not recorded at the last advance. */
export function isNewFile(
  view: StagingView,
  rel: string,
  recorded: Readonly<Record<string, string>> | undefined,
): boolean {
  const f = view.files.get(rel);
  if (!f) return false;
  return recorded?.[rel] !== f.sha256;
}

/** A staged JSON object, or null when it is missing or does not parse. */
export function stagedJson(view: StagingView, rel: string): Record<string, unknown> | null {
  const text = stagedText(view, rel);
  if (text === undefined) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
