/**
 * What an executor step may not change, and how a change is told and
 * repaired. Agents write only under staging/; everything else of the project
 * — the book, the author's settings and story bible, novel's bookkeeping — is
 * guarded. A bounded set of it is captured byte for byte before each step
 * and restored after a change: the settings and story bible, and the hot set
 * of §4 (the state, foreshadowing, storylines, the current volume and the
 * files of the ten latest chapters). Pure.
 */
import { chapterBookFiles, paths } from './paths.js';
import { removeCommand, shellQuote } from './shell-words.js';
import { render, said, type Said } from './messages.js';

/** Cheap identity of a file or directory: enough to see that it changed. */
export interface Ident {
  size: number;
  mtimeMs: number;
  /**
   * Moved by every write and every change of the mtime: a file rewritten in place with its size and mtime put back
   * still differs here.
   */
  ctimeMs: number;
  ino: number;
  dir: boolean;
}

export type ChangeKind = 'added' | 'removed' | 'changed';

export interface GuardChange {
  path: string;
  kind: ChangeKind;
  /** Put back exactly as it was before the step. */
  restored: boolean;
}

/** Paths the guard leaves alone: the executor's own tree. */
export function unguarded(rel: string): boolean {
  return rel === 'staging' || rel.startsWith('staging/');
}

/** Directories captured whole (recursively): the story bible and the hot set's trees. */
export function capturedTrees(currentVolume: number): string[] {
  return [
    'world',
    'characters',
    'storylines',
    'foreshadowing',
    ...(currentVolume >= 1 ? [paths.volumeDir(currentVolume)] : []),
  ];
}

/** The append-only changelog is captured as its size and tail: an append is undone by truncating it. */
export const TAIL_CAPTURED = 'state/changelog.jsonl';
export const TAIL_BYTES = 64 * 1024;

/** Single files captured (when present): the state, and the files of the ten latest committed chapters. */
export function capturedFiles(lastCompleted: number): string[] {
  const out = ['state/current-state.json', 'state/chapter-memory.json'];
  for (let n = Math.max(1, lastCompleted - 9); n <= lastCompleted; n++) out.push(...chapterBookFiles(n));
  return out;
}

/** How a path differs between before and after a step (null: it does not). */
export function classify(before: Ident | undefined, now: Ident | undefined): ChangeKind | null {
  if (!before && !now) return null;
  if (!before) return 'added';
  if (!now) return 'removed';
  if (before.dir && now.dir) return null;
  if (
    before.dir !== now.dir ||
    before.size !== now.size ||
    before.mtimeMs !== now.mtimeMs ||
    before.ctimeMs !== now.ctimeMs ||
    before.ino !== now.ino
  )
    return 'changed';
  return null;
}

const FINAL = /^(chapters|summaries|evaluations|state|storylines|foreshadowing|volumes)\//;

/** The exact command to inspect and repair a change novel could not undo, said. */
export function repairWords(change: GuardChange): Said {
  const q = shellQuote(change.path);
  if (change.kind === 'added') return said('guarded.delete', { command: removeCommand(change.path) });
  if (FINAL.test(change.path)) return said('guarded.restore', { path: q });
  return said('guarded.inspect', { path: q });
}

/** The same in English. */
export function repairOf(change: GuardChange): string {
  return render('en', repairWords(change));
}

/** Each change, said: what happened to the path, and its repair unless it was put back. */
export function changeWords(changes: readonly GuardChange[]): Said[] {
  return changes.map((c) =>
    said('guarded.change', {
      kind: c.kind,
      path: c.path,
      restored: c.restored,
      repair: c.restored ? null : repairWords(c),
    }),
  );
}

/** The same in English. */
export function describeChanges(changes: readonly GuardChange[]): string[] {
  return changeWords(changes).map((w) => render('en', w));
}

export function sortChanges(changes: GuardChange[]): GuardChange[] {
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
