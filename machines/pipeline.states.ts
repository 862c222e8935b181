/**
 * The chapter pipeline's states, context and step metadata: what the book
 * machine embeds for a chapter and what `next`, packets and status read.
 * The standalone pipeline machine (for `novel graph`, the inspector and the
 * model-based tests) is created from them in pipeline.machine.ts, which the
 * hot path of `novel next` never loads.
 */
import { and } from 'xstate';
import type { ChapterStage } from '../src/core/step-id.js';
import { DEFAULT_MAX_REVISIONS, DEFAULT_THRESHOLDS } from './pipeline.gate.js';
import type { BookContext, BookInput, SetupStep } from './novel.setup.js';

export type { GateDecision, GateRecord, PipelineContext, PipelineInput, PolicyWarning, RevisionPolicy } from './novel.setup.js';

/** Bump when state names or context fields change: they are part of the on-disk format. */
export const PIPELINE_MACHINE_ID = 'novel.pipeline.v1';

export type StepAction = 'execute' | 'commit' | 'review' | 'done' | 'recover' | 'retry';
export type StepMode = 'draft' | 'revision' | 'polish' | 'normal' | 'commit' | 'review' | 'plan' | 'hook-fix' | 'title-fix' | 'setup' | 'import';

/** The rungs of `novel status`'s ladder. */
export const LADDER = ['lock', 'draft', 'summarize', 'refine', 'judge', 'gate', 'commit'] as const;
export type LadderRung = (typeof LADDER)[number];

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

const meta = (m: StateMeta): StateMeta => m;

/** The chapter states, shared by both machines. */
export const chapterStates = {
  lock: {
    description: 'The chapter is claimed: a fresh round with no revisions and no gate.',
    always: { target: 'draft', actions: 'startChapter' },
  },
  draft: {
    description: 'Awaiting the chapter-writer draft.',
    meta: meta({ step: 'draft', mode: 'draft', action: 'execute', description: 'write the chapter draft', ladder: { rung: 'draft' } }),
    on: { DRAFTED: { target: 'summarize', actions: 'claimChapter' } },
  },
  summarize: {
    description: 'Awaiting the summarizer (summary, state delta, crossref, storyline memory).',
    meta: meta({ step: 'summarize', mode: 'normal', action: 'execute', description: 'summarize the chapter', ladder: { rung: 'summarize' } }),
    on: {
      SUMMARIZED: 'refine',
      DRAFT_LOST: [{ guard: 'inRevisionRound', target: 'revising' }, { target: 'draft' }],
    },
  },
  refine: {
    description: 'Awaiting the style-refiner pass.',
    meta: meta({ step: 'refine', mode: 'normal', action: 'execute', description: 'refine the chapter style', ladder: { rung: 'refine' } }),
    on: {
      REFINED: [
        { guard: 'titleNeedsFix', target: 'titleFix', actions: ['markTitleFix', 'archiveTitleFix'] },
        { target: 'judge' },
      ],
    },
  },
  titleFix: {
    description: 'A hard title finding after refine: the style-refiner fixes the "# " line only, once per chapter (§13.4).',
    meta: meta({ step: 'title-fix', mode: 'title-fix', action: 'execute', description: 'fix the chapter title (the "# " line only)', ladder: { rung: 'refine', note: 'title fix' } }),
    on: { TITLE_FIXED: 'judge' },
  },
  judge: {
    description: 'Awaiting the quality-judge evaluation.',
    meta: meta({ step: 'judge', mode: 'normal', action: 'execute', description: 'judge the chapter', ladder: { rung: 'judge' } }),
    on: { JUDGED: { target: 'gate', actions: 'storeVerdict' } },
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
  hookFix: {
    description: 'A pass or polish whose required hook is weak: the chapter-writer rewrites the last two paragraphs only, once per revision round, then the chapter is judged again (§13.4).',
    meta: meta({ step: 'hook-fix', mode: 'hook-fix', action: 'execute', description: 'strengthen the chapter-end hook (the last two paragraphs only)', ladder: { rung: 'judge', note: 'hook fix' } }),
    on: { HOOK_FIXED: 'judge' },
  },
  revising: {
    description: 'A revision round: the chapter-writer redrafts with the required fixes.',
    meta: meta({ step: 'draft', mode: 'revision', action: 'execute', description: 'revise the chapter draft', ladder: { rung: 'draft', note: 'revision' } }),
    on: { DRAFTED: 'summarize' },
  },
  polishing: {
    description: 'One extra refine pass; no re-judge.',
    meta: meta({ step: 'refine', mode: 'polish', action: 'execute', description: 'polish the chapter (one extra refine)', ladder: { rung: 'refine', note: 'polish pass' } }),
    on: {
      REFINED: [
        // A polish pass that lost the title's text: the title-fix, then the chapter is judged again.
        { guard: 'titleNeedsFix', target: 'titleFix', actions: ['markTitleFix', 'archiveTitleFix'] },
        { target: 'commit', actions: 'recordPolished' },
      ],
    },
  },
  review: {
    description: 'Paused for the author: novel decide chapter:NNN accept|revise|rewrite.',
    meta: meta({ step: 'review', mode: 'review', action: 'review', description: 'the author decides', ladder: { rung: 'gate', note: 'paused for the author' } }),
    on: {
      ACCEPT: { target: 'commit', actions: 'recordAcceptedByUser' },
      REVISE: { target: 'revising', actions: ['countRevision', 'recordRevisionByUser', 'archiveRound'] },
      REWRITE: { target: 'lock', actions: 'archiveRewrite' },
    },
  },
  commit: {
    description: 'The gate allows the commit transaction.',
    meta: meta({ step: 'commit', mode: 'commit', action: 'commit', description: 'commit the chapter into the book', ladder: { rung: 'commit' } }),
    on: { COMMITTED: 'done' },
  },
  done: {
    description: 'The chapter is in the book.',
    meta: meta({ step: null, mode: 'normal', action: 'done', description: 'chapter committed', ladder: null }),
    type: 'final',
  },
} as const;

export type PipelineStateName = keyof typeof chapterStates;

/** Chapter states a snapshot can rest in. */
export const STABLE_STATES = ['draft', 'summarize', 'refine', 'titleFix', 'judge', 'hookFix', 'revising', 'polishing', 'review', 'commit', 'done'] as const;
export type StableState = (typeof STABLE_STATES)[number];

export function stateMeta(state: StableState): StateMeta {
  return chapterStates[state].meta;
}
