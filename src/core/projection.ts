/**
 * Book snapshot ⇒ checkpoint fields, through the table of
 * machines/book.table.ts (the §3 table). The one function every mutating
 * command uses to write `.checkpoint.json`; `undefined` removes a key.
 */
import { BOOK_ROWS, CHAPTER_ROWS, type OrchestratorState } from '../../machines/book.table.js';
import type { GateRecord } from '../../machines/novel.setup.js';
import type { FixGuard } from './fix-guard.js';
import type { PipelineStage } from '../schemas/checkpoint.js';
import { chapterRest, restMeta, type BookSnapshot } from './book-rest.js';
import { stateMeta, type StableState } from '../../machines/pipeline.states.js';

export interface CheckpointFields {
  pipeline_stage: PipelineStage | null;
  inflight_chapter: number | null;
  revision_count: number;
  gate: GateRecord | undefined;
  last_completed_chapter: number;
  current_volume: number;
  orchestrator_state?: OrchestratorState;
  /** The chapter went through its title-fix (§13.4: once per chapter). */
  title_fixed?: true | undefined;
  /** The revision round whose text went through hook-fix (§13.4: once per round). */
  hook_fixed_round?: number | undefined;
  /** Cleared outside a title-fix or hook-fix (the transition into one records it). */
  fix_guard?: FixGuard | undefined;
  /** An imported book's catch-up (§14): the chapters caught up, and whether the next one's summary is advanced. */
  import_caught_up?: number | undefined;
  import_stage?: 'summarized' | undefined;
}

/** Fields of the micro-steps (§13.4) for a chapter in flight in `state`. */
function microFields(
  ctx: BookSnapshot['context'],
  state: StableState,
): Pick<CheckpointFields, 'title_fixed' | 'hook_fixed_round' | 'fix_guard'> {
  const mode = stateMeta(state).mode;
  return {
    title_fixed: ctx.title_fixed ? true : undefined,
    hook_fixed_round: ctx.hook_fixed_round ?? undefined,
    // In a fix state (or waiting to retry one) the recorded guard stays: the key is left out.
    ...(mode === 'title-fix' || mode === 'hook-fix' ? {} : { fix_guard: undefined }),
  };
}

export function projectCheckpoint(snapshot: BookSnapshot): CheckpointFields {
  const ctx = snapshot.context;
  const top = typeof snapshot.value === 'string' ? snapshot.value : (Object.keys(snapshot.value)[0] as string);
  const book = {
    last_completed_chapter: ctx.last_completed_chapter,
    current_volume: ctx.volume,
    ...(top in BOOK_ROWS ? { orchestrator_state: BOOK_ROWS[top as keyof typeof BOOK_ROWS] } : {}),
    ...(ctx.imported_chapters > 0
      ? {
          import_caught_up: ctx.import_caught_up,
          import_stage: ctx.import_summarized ? ('summarized' as const) : undefined,
        }
      : {}),
  };
  const chapter = chapterRest(snapshot);
  if (chapter !== null && chapter !== 'done') {
    const row = CHAPTER_ROWS[chapter];
    if (stateMeta(chapter).mode === 'draft' && !ctx.claimed)
      return { ...book, orchestrator_state: 'WRITING', ...committed() };
    const withGate = row.gate === 'always' || (row.gate === 'in_revision' && ctx.revision_count > 0);
    return {
      ...book,
      orchestrator_state: 'WRITING',
      pipeline_stage: row.stage,
      inflight_chapter: ctx.chapter,
      revision_count: ctx.revision_count,
      gate: withGate && ctx.gate ? ctx.gate : undefined,
      ...microFields(ctx, chapter),
    };
  }
  if (
    restMeta(snapshot).action === 'retry' &&
    ctx.resume !== null &&
    (ctx.claimed || stateMeta(ctx.resume).mode !== 'draft')
  ) {
    // The failed step's chapter stays in flight; only orchestrator_state says ERROR_RETRY.
    const row = CHAPTER_ROWS[ctx.resume];
    const withGate = row.gate === 'always' || (row.gate === 'in_revision' && ctx.revision_count > 0);
    return {
      ...book,
      pipeline_stage: row.stage,
      inflight_chapter: ctx.chapter,
      revision_count: ctx.revision_count,
      gate: withGate && ctx.gate ? ctx.gate : undefined,
      ...microFields(ctx, ctx.resume),
    };
  }
  return { ...book, ...committed() };

  function committed() {
    return {
      pipeline_stage: 'committed' as const,
      inflight_chapter: null,
      revision_count: 0,
      gate: undefined,
      title_fixed: undefined,
      hook_fixed_round: undefined,
      fix_guard: undefined,
    };
  }
}
