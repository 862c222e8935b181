/**
 * Where the book rests: the state of a book machine snapshot, read through
 * its meta (what the state awaits), never through a state name compared
 * outside machines/. Pure.
 */
import { createActor, transition, type InputFrom, type SnapshotFrom } from 'xstate';
import { bookMachine } from '../../machines/book.machine.js';
import type { SetupStep } from '../../machines/novel.setup.js';
import type { PipelineEvent } from '../../machines/pipeline.events.js';
import type { StableState, StateMeta } from '../../machines/pipeline.states.js';

export type BookSnapshot = SnapshotFrom<typeof bookMachine>;
/** Kept for the chapter-level callers: the book snapshot carries the chapter. */
export type PipelineSnapshot = BookSnapshot;

/**
 * A state the book can rest in, flattened: a chapter state while writing, a setup step (or its files ready), an import
 * catch-up state, else the book state.
 */
export type RestName =
  | StableState
  | SetupStep
  | 'setupReady'
  | 'importSummarize'
  | 'importCommit'
  | 'planning'
  | 'planReady'
  | 'recovering'
  | 'retrying'
  | 'complete';

/**
 * The book machine's first snapshot for `input`: its router taken, its effects not carried out. It is the snapshot
 * `initialTransition` returns, computed once: that helper first builds a throwaway actor whose constructor computes an
 * initial snapshot of its own (without the input). An actor that is never started computes the one asked for and
 * carries out nothing.
 */
export function startingSnapshot(input: InputFrom<typeof bookMachine>): BookSnapshot {
  const snapshot = createActor(bookMachine, { input }).getSnapshot();
  if (snapshot.status === 'error') throw snapshot.error;
  return snapshot;
}

export function restName(snapshot: BookSnapshot): RestName {
  const v = snapshot.value as string | Record<string, string | Record<string, string>>;
  if (typeof v === 'string') return v as RestName;
  // One parent at a time: writing, setup or importing; the child is the rest (a setup step awaits its agent, or is
  // ready).
  const child = Object.values(v)[0] as string | Record<string, string>;
  if (typeof child === 'string') return child as RestName;
  // A setup step is ready when its state awaits the commit (its meta), else it awaits its agent.
  return restMeta(snapshot).action === 'commit' ? 'setupReady' : (Object.keys(child)[0] as SetupStep);
}

/**
 * What the state the book rests in awaits (its meta: step, mode, action), asked of the snapshot, never of a state name.
 */
export function restMeta(snapshot: BookSnapshot): StateMeta {
  const metas = Object.values(snapshot.getMeta()).filter((m): m is StateMeta => m !== undefined);
  return metas[metas.length - 1] ?? { step: null, mode: 'normal', action: 'execute', description: '', ladder: null };
}

/** A book that waits after an executor failure is retried (the machine's own RETRY); any other snapshot is as it is. */
export function retried(snapshot: BookSnapshot): { snapshot: BookSnapshot; events: PipelineEvent[] } {
  const retry: PipelineEvent = { type: 'RETRY' };
  if (!snapshot.can(retry)) return { snapshot, events: [] };
  return { snapshot: transition(bookMachine, snapshot, retry)[0], events: [retry] };
}

/** The book rests in a setup step. */
export function setupRest(snapshot: BookSnapshot): SetupStep | null {
  const v = snapshot.value as string | { setup?: Partial<Record<SetupStep, string>> };
  if (typeof v !== 'object' || v.setup === undefined) return null;
  return (Object.keys(v.setup)[0] as SetupStep | undefined) ?? null;
}

/** The chapter state, when the book is writing one. */
export function chapterRest(snapshot: BookSnapshot): StableState | null {
  const v = snapshot.value as string | { writing?: StableState };
  return typeof v === 'string' ? null : (v.writing ?? null);
}
