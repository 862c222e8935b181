/**
 * One table, two directions: which `.checkpoint.json` fields each stable state
 * persists as (projection), and which state a checkpoint restores to
 * (rehydration). Both directions read the rows below; a property test walks
 * every stable state through the round trip. Pure.
 */
import type { GateDecision } from './novel.setup.js';
import {
  CHAPTER_STAGES,
  CHAPTER_STEP_MODES,
  CHAPTER_STEP_TABLE,
  keysOf,
  PIPELINE_STAGES,
  type PipelineStage,
} from '../src/core/step-table.js';
import type { StableState } from './pipeline.states.js';

/** The checkpoint's pipeline_stage values (§3), in pipeline order; the checkpoint schema reads this list. */
export { PIPELINE_STAGES, type PipelineStage };
export type OrchestratorState = 'VOL_PLANNING' | 'WRITING' | 'ERROR_RETRY';

/** Chapter states that rest in a checkpoint (`done` is the commit itself). */
export type ChapterRestState = Exclude<StableState, 'done'>;

export interface ChapterRow {
  /** pipeline_stage written; `draft` of a chapter not yet claimed persists as `committed`. */
  stage: PipelineStage | null;
  /** Gate decisions this state is recorded with (empty: any or none). */
  decisions: readonly GateDecision[];
  /** Whether the gate record is written: always, only in a revision round, or never. */
  gate: 'always' | 'in_revision' | 'never';
}

/**
 * A step's state rests as its row of the step table says; a commit and a
 * review are told apart by the gate's decision, and so are the two kinds of
 * revising checkpoint (polishing first: a revising checkpoint is a revision
 * round unless its gate says polish).
 */
const DECISIONS_OF: Partial<Record<ChapterRestState, readonly GateDecision[]>> = {
  commit: ['pass', 'accepted_by_user'],
  review: ['pause_for_user', 'pause_for_user_force_rewrite'],
  polishing: ['polish'],
};

function chapterRows(): Record<ChapterRestState, ChapterRow> {
  const rows: Partial<Record<ChapterRestState, ChapterRow>> = {};
  for (const stage of CHAPTER_STAGES) {
    const row = CHAPTER_STEP_TABLE[stage];
    rows[row.state] = { stage: row.rests_as, decisions: DECISIONS_OF[row.state] ?? [], gate: row.gate };
  }
  // A row with decisions first: it is the more specific reading of its pipeline_stage.
  const modes = keysOf(CHAPTER_STEP_MODES).sort(
    (a, b) => (DECISIONS_OF[b]?.length ?? 0) - (DECISIONS_OF[a]?.length ?? 0),
  );
  for (const state of modes) {
    rows[state] = { stage: CHAPTER_STEP_MODES[state].rests_as, decisions: DECISIONS_OF[state] ?? [], gate: 'always' };
  }
  return rows as Record<ChapterRestState, ChapterRow>;
}

export const CHAPTER_ROWS: Record<ChapterRestState, ChapterRow> = chapterRows();

/** Book states that rest in a checkpoint, and the orchestrator_state each writes. */
export const BOOK_ROWS = {
  // Setup comes before the first plan: a new book's checkpoint says VOL_PLANNING throughout.
  setup: 'VOL_PLANNING',
  importing: 'WRITING',
  planning: 'VOL_PLANNING',
  planReady: 'VOL_PLANNING',
  writing: 'WRITING',
  retrying: 'ERROR_RETRY',
  complete: 'WRITING',
} as const satisfies Record<string, OrchestratorState>;

export type BookRestState = keyof typeof BOOK_ROWS | 'recovering';

/**
 * The chapter state a checkpoint's chapter fields describe. `judged` with no
 * recorded (or an unknown) gate restores to `judge`: the gate is computed
 * again from the staged evaluation (`gateMissing`).
 */
export function chapterStateOf(
  stage: PipelineStage | null,
  inflight: number | null,
  decision: GateDecision | undefined,
): { state: ChapterRestState; gateMissing: boolean } {
  if (stage === null || stage === 'committed' || inflight === null) return { state: 'draft', gateMissing: false };
  const rows = Object.entries(CHAPTER_ROWS) as Array<[ChapterRestState, ChapterRow]>;
  for (const [state, row] of rows) {
    if (row.stage !== stage) continue;
    if (row.decisions.length === 0 || (decision !== undefined && row.decisions.includes(decision)))
      return { state, gateMissing: false };
  }
  // judged without a gate that allows a commit or asks for a review.
  return { state: 'judge', gateMissing: true };
}
