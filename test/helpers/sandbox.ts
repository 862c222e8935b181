/**
 * Whether the executors' box can be had on this machine (bwrap on PATH and a
 * box starts), for the tests that need it. NOVEL_SANDBOX_TESTS=required (set
 * by .ci/run) turns a missing box into a failure instead of a skip.
 */
import { spawnSync } from 'node:child_process';
import { BOX_BASE_FLAGS } from '../../src/core/sandbox.js';

export const SANDBOX_REQUIRED = process.env.NOVEL_SANDBOX_TESTS === 'required';

function probe(): string | null {
  const r = spawnSync('bwrap', [...BOX_BASE_FLAGS, 'true'], { encoding: 'utf8' });
  if (r.error) return `bwrap: ${r.error.message}`;
  return r.status === 0 ? null : `bwrap exits ${r.status}: ${r.stderr.trim()}`;
}

/** null when the box works here; else why not. */
export const BOX_MISSING: string | null = probe();
export const BOX = BOX_MISSING === null;
