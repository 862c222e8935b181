/**
 * The chapter pipeline's states, context and step metadata: what the book
 * machine embeds for a chapter and what `next`, packets and status read.
 * The standalone pipeline machine (for `novel graph`, the inspector and the
 * model-based tests) is created from them in pipeline.machine.ts, which the
 * hot path of `novel next` never loads.
 */
import { and } from 'xstate';
import {
  CHAPTER_STAGES,
  CHAPTER_STEP_MODES,
  CHAPTER_STEP_TABLE,
  keysOf,
  LADDER,
  type ChapterStage,
  type ChapterStepState,
  type LadderRung,
  type StepMode,
} from '../src/core/step-table.js';
import { DEFAULT_MAX_REVISIONS, DEFAULT_THRESHOLDS } from './pipeline.gate.js';
import type { BookContext, BookInput, SetupStep } from './novel.setup.js';

export type {
  GateDecision,
  GateRecord,
  PipelineContext,
  PipelineInput,
  PolicyWarning,
  RevisionPolicy,
} from './novel.setup.js';

/** Bump when state names or context fields change: they are part of the on-disk format. */
export const PIPELINE_MACHINE_ID = 'novel.pipeline.v1';

export type StepAction = 'execute' | 'commit' | 'review' | 'done' | 'recover' | 'retry';
export { LADDER, type LadderRung, type StepMode };

/** What a stable state awaits. */
export interface StateMeta {
  step: ChapterStage | 'plan' | SetupStep | null;
  mode: StepMode;
  action: StepAction;
  description: string;
  /** Where `novel status` marks the chapter (null: no chapter in progress). */
  ladder: { rung: LadderRung; note?: string } | null;
}

/** The context a machine starts with: the chapter's, then the book's around it. */
export function initialContext(input: BookInput): BookContext {
  return {
    chapter: input.chapter,
    revision_count: 0,
    max_revisions: input.max_revisions ?? DEFAULT_MAX_REVISIONS,
    revision_policy: input.revision_policy ?? 'auto',
    thresholds: input.thresholds ?? DEFAULT_THRESHOLDS,
    verdict: null,
    gate: null,
    title_fixed: input.title_fixed ?? false,
    hook_fixed_round: input.hook_fixed_round ?? null,
    volume: input.volume ?? 1,
    last_completed_chapter: input.last_completed_chapter ?? input.chapter - 1,
    chapters_per_volume: input.chapters_per_volume ?? 30,
    book_chapters: input.book_chapters ?? null,
    outline_chapters: input.outline_chapters ?? [],
    planning: input.planning ?? false,
    journal: input.journal ?? null,
    resume: null,
    claimed: false,
    setup: input.setup ?? null,
    imported_chapters: input.imported_chapters ?? 0,
    import_caught_up: input.import_caught_up ?? 0,
    import_summarized: input.import_summarized ?? false,
  };
}

/** A step's state meta, from its row of the step table. */
function stepMeta(stage: ChapterStage): StateMeta {
  const row: (typeof CHAPTER_STEP_TABLE)[ChapterStage] = CHAPTER_STEP_TABLE[stage];
  const note = 'note' in row ? { note: row.note.en } : {};
  return {
    step: stage,
    mode: row.mode,
    action: row.action,
    description: row.description,
    ladder: { rung: row.rung, ...note },
  };
}

/** A step run again in another mode (a revision round, a polish pass). */
function modeMeta(state: keyof typeof CHAPTER_STEP_MODES): StateMeta {
  const m = CHAPTER_STEP_MODES[state];
  const row = CHAPTER_STEP_TABLE[m.step];
  return {
    step: m.step,
    mode: m.mode,
    action: row.action,
    description: m.description,
    ladder: { rung: row.rung, note: m.note.en },
  };
}

/** Where a step's event leads when no guard says otherwise. */
const then = (stage: ChapterStage): string => CHAPTER_STEP_TABLE[stage].then ?? 'done';

/**
 * A plain step's state: its meta and its event, from its row of the step
 * table. The steps whose events carry guards or actions are written out in
 * `chapterStates` below and replace these.
 */
function stepStates() {
  const states: Record<string, unknown> = {};
  for (const stage of CHAPTER_STAGES) {
    const row = CHAPTER_STEP_TABLE[stage];
    states[row.state] = {
      description: row.awaiting,
      meta: stepMeta(stage),
      on: row.event === null ? {} : { [row.event]: then(stage) },
    };
  }
  return states as Record<ChapterStepState, { description: string; meta: StateMeta; on: Record<string, string> }>;
}

/**
 * The chapter states, shared by both machines: the steps' states from the
 * step table, with the guards and actions of the pipeline added here.
 */
export const chapterStates = {
  lock: {
    description: 'The chapter is claimed: a fresh round with no revisions and no gate.',
    always: { target: CHAPTER_STEP_TABLE.draft.state, actions: 'startChapter' },
  },
  ...stepStates(),
  draft: {
    description: CHAPTER_STEP_TABLE.draft.awaiting,
    meta: stepMeta('draft'),
    on: { DRAFTED: { target: then('draft'), actions: 'claimChapter' } },
  },
  summarize: {
    description: CHAPTER_STEP_TABLE.summarize.awaiting,
    meta: stepMeta('summarize'),
    on: {
      SUMMARIZED: then('summarize'),
      DRAFT_LOST: [{ guard: 'inRevisionRound', target: 'revising' }, { target: 'draft' }],
    },
  },
  refine: {
    description: CHAPTER_STEP_TABLE.refine.awaiting,
    meta: stepMeta('refine'),
    on: {
      REFINED: [
        { guard: 'titleNeedsFix', target: 'titleFix', actions: ['markTitleFix', 'archiveTitleFix'] },
        { target: then('refine') },
      ],
    },
  },
  judge: {
    description: CHAPTER_STEP_TABLE.judge.awaiting,
    meta: stepMeta('judge'),
    on: { JUDGED: { target: then('judge'), actions: 'storeVerdict' } },
  },
  gate: {
    description: 'The gate of §6: first match wins, then budget and revision policy.',
    always: [
      { guard: and(['verdictIsRevise', 'policyIsNone']), target: 'commit', actions: 'recordRevisionSkipped' },
      {
        guard: and(['verdictIsRevise', 'revisionBudgetLeft', 'policyIsManualConfirm']),
        target: 'review',
        actions: 'recordReviseAwaitingConfirmation',
      },
      {
        guard: and(['verdictIsRevise', 'revisionBudgetLeft']),
        target: 'revising',
        actions: ['countRevision', 'recordRevise', 'archiveRound'],
      },
      { guard: and(['verdictIsRevise', 'forcePassAllowed']), target: 'commit', actions: 'recordForcePass' },
      { guard: 'verdictIsRevise', target: 'review', actions: 'recordBudgetSpentPause' },
      { guard: 'hookNeedsFix', target: 'hookFix', actions: ['markHookFix', 'archiveHookFix'] },
      { guard: 'verdictIsPass', target: 'commit', actions: 'recordPass' },
      { guard: 'verdictIsPolish', target: 'polishing', actions: 'recordPolish' },
      { guard: 'verdictIsPause', target: 'review', actions: 'recordPause' },
      { target: 'review', actions: 'recordForceRewritePause' },
    ],
  },
  revising: {
    description: 'A revision round: the chapter-writer redrafts with the required fixes.',
    meta: modeMeta('revising'),
    on: { DRAFTED: then('draft') },
  },
  polishing: {
    description: 'One extra refine pass; no re-judge.',
    meta: modeMeta('polishing'),
    on: {
      REFINED: [
        // A polish pass that lost the title's text: the title-fix, then the chapter is judged again.
        { guard: 'titleNeedsFix', target: 'titleFix', actions: ['markTitleFix', 'archiveTitleFix'] },
        { target: 'commit', actions: 'recordPolished' },
      ],
    },
  },
  review: {
    description: CHAPTER_STEP_TABLE.review.awaiting,
    meta: stepMeta('review'),
    on: {
      ACCEPT: { target: 'commit', actions: 'recordAcceptedByUser' },
      REVISE: { target: 'revising', actions: ['countRevision', 'recordRevisionByUser', 'archiveRound'] },
      REWRITE: { target: 'lock', actions: 'archiveRewrite' },
    },
  },
  done: {
    description: 'The chapter is in the book.',
    meta: {
      step: null,
      mode: 'normal',
      action: 'done',
      description: 'chapter committed',
      ladder: null,
    } satisfies StateMeta,
    type: 'final',
  },
} as const;

export type PipelineStateName = keyof typeof chapterStates;

/** Chapter states a snapshot can rest in. */
export type StableState = ChapterStepState | keyof typeof CHAPTER_STEP_MODES | 'done';
export const STABLE_STATES: readonly StableState[] = [
  ...CHAPTER_STAGES.map((s) => CHAPTER_STEP_TABLE[s].state),
  ...keysOf(CHAPTER_STEP_MODES),
  'done',
];

export function stateMeta(state: StableState): StateMeta {
  return chapterStates[state].meta;
}
