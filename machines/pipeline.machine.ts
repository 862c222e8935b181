/**
 * The chapter pipeline (PROTOCOL §3, §6) as one XState v5 machine. It is the
 * single source of truth: `next`, `advance`, `decide`, `status`, `graph` and the
 * model-based tests all derive from it. Pure: no I/O, no timers, no invoke.
 *
 * Every stable state awaits one step; its `meta` says which step, in which
 * mode, and what kind of action the executor or author must take. `lock` and
 * `gate` are transient (eventless) states.
 */
import { and, assign, setup } from 'xstate';
import type { ChapterStage } from '../src/core/step-id.js';
import {
  classifyVerdict,
  DEFAULT_MAX_REVISIONS,
  DEFAULT_THRESHOLDS,
  forcePassAllowed,
  type GateVerdict,
  type LayeredCheck,
  type Thresholds,
  type Verdict,
} from './pipeline.gate.js';
import type { PipelineEvent } from './pipeline.events.js';

/** Bump when state names or context fields change: they are part of the on-disk format. */
export const PIPELINE_MACHINE_ID = 'novel.pipeline.v1';

export type RevisionPolicy = 'auto' | 'manual_confirm' | 'none';

export type GateDecision =
  | 'pass'
  | 'polish'
  | 'revise'
  | 'pause_for_user'
  | 'pause_for_user_force_rewrite'
  | 'accepted_by_user';

/** A warning the gate adds itself (revision_policy "none" skipping a revise). */
export interface PolicyWarning {
  layer: 'gate';
  decision: 'revise';
  message: string;
}

/** The `gate` object recorded in `.checkpoint.json`. */
export interface GateRecord {
  decision: GateDecision;
  verdict: GateVerdict;
  overall_final: number;
  high_violation: boolean;
  high_confidence_violations: LayeredCheck[];
  warnings: Array<LayeredCheck | PolicyWarning>;
  reason: string;
  force_passed?: true;
  polished?: true;
}

export interface PipelineContext {
  chapter: number;
  revision_count: number;
  max_revisions: number;
  revision_policy: RevisionPolicy;
  thresholds: Thresholds;
  /** Gate inputs from the latest JUDGED event. */
  verdict: Verdict | null;
  gate: GateRecord | null;
}

export interface PipelineInput {
  chapter: number;
  max_revisions?: number;
  revision_policy?: RevisionPolicy;
  thresholds?: Thresholds;
}

export type StepAction = 'execute' | 'commit' | 'review' | 'done';
export type StepMode = 'draft' | 'revision' | 'polish' | 'normal' | 'commit' | 'review';

/** What a stable state awaits. */
export interface StateMeta {
  step: ChapterStage | null;
  mode: StepMode;
  action: StepAction;
  description: string;
}

type JudgedEvent = Extract<PipelineEvent, { type: 'JUDGED' }>;

const fmt = (n: number): string => n.toFixed(2);

function verdictOf(context: PipelineContext): Verdict {
  if (!context.verdict) throw new Error('gate entered without a verdict');
  return context.verdict;
}

function gateRecord(
  context: PipelineContext,
  decision: GateDecision,
  reason: string,
  extra: Partial<GateRecord> = {},
): GateRecord {
  const v = verdictOf(context);
  return {
    decision,
    verdict: classifyVerdict(v, context.thresholds),
    overall_final: v.overall_final,
    high_violation: v.high_violation,
    high_confidence_violations: v.high_confidence_violations,
    warnings: [...v.warnings],
    reason,
    ...extra,
  };
}

function scoreReason(context: PipelineContext): string {
  const v = verdictOf(context);
  const t = context.thresholds;
  if (v.high_violation) return `${v.high_confidence_violations.length} high-confidence violation(s)`;
  return `overall_final ${fmt(v.overall_final)} (pass ≥ ${t.pass}, polish ≥ ${t.polish}, revise ≥ ${t.revise}, pause ≥ ${t.pause})`;
}

export const pipelineMachine = setup({
  types: {
    context: {} as PipelineContext,
    events: {} as PipelineEvent,
    input: {} as PipelineInput,
    meta: {} as StateMeta,
  },
  guards: {
    verdictIsRevise: ({ context }) => classifyVerdict(verdictOf(context), context.thresholds) === 'revise',
    verdictIsPass: ({ context }) => classifyVerdict(verdictOf(context), context.thresholds) === 'pass',
    verdictIsPolish: ({ context }) => classifyVerdict(verdictOf(context), context.thresholds) === 'polish',
    verdictIsPause: ({ context }) => classifyVerdict(verdictOf(context), context.thresholds) === 'pause_for_user',
    policyIsNone: ({ context }) => context.revision_policy === 'none',
    policyIsManualConfirm: ({ context }) => context.revision_policy === 'manual_confirm',
    revisionBudgetLeft: ({ context }) => context.revision_count < context.max_revisions,
    inRevisionRound: ({ context }) => context.revision_count > 0,
    forcePassAllowed: ({ context }) => forcePassAllowed(verdictOf(context), context.thresholds),
  },
  actions: {
    startChapter: assign({ revision_count: 0, verdict: null, gate: null }),
    storeVerdict: assign({
      verdict: ({ event }) => {
        const e = event as JudgedEvent;
        return {
          overall_final: e.overall_final,
          high_violation: e.high_violation,
          high_confidence_violations: e.high_confidence_violations,
          warnings: e.warnings,
        };
      },
    }),
    recordPass: assign({
      gate: ({ context }) => gateRecord(context, 'pass', `pass: ${scoreReason(context)}`),
    }),
    recordPolish: assign({
      gate: ({ context }) => gateRecord(context, 'polish', `polish: ${scoreReason(context)}; one extra refine, then commit`),
    }),
    startRevisionRound: assign({
      revision_count: ({ context }) => context.revision_count + 1,
      gate: ({ context }) =>
        gateRecord(
          context,
          'revise',
          `revise: ${scoreReason(context)}; revision ${context.revision_count + 1} of ${context.max_revisions}`,
        ),
    }),
    recordRevisionSkipped: assign({
      gate: ({ context }) =>
        gateRecord(context, 'pass', `revise not acted on (revision_policy none): ${scoreReason(context)}`, {
          warnings: [
            ...verdictOf(context).warnings,
            {
              layer: 'gate',
              decision: 'revise',
              message: `gate decided revise for chapter ${context.chapter} (${scoreReason(context)}); revision_policy "none" records it and allows the commit`,
            },
          ],
        }),
    }),
    recordReviseAwaitingConfirmation: assign({
      gate: ({ context }) =>
        gateRecord(
          context,
          'pause_for_user',
          `revise awaits confirmation (revision_policy manual_confirm): ${scoreReason(context)}`,
        ),
    }),
    recordForcePass: assign({
      gate: ({ context }) =>
        gateRecord(
          context,
          'pass',
          `force pass: revision budget spent (${context.revision_count}/${context.max_revisions}), ${scoreReason(context)}, no high-confidence violation`,
          { force_passed: true },
        ),
    }),
    recordBudgetSpentPause: assign({
      gate: ({ context }) =>
        gateRecord(
          context,
          'pause_for_user',
          `revision budget spent (${context.revision_count}/${context.max_revisions}) and ${scoreReason(context)}`,
        ),
    }),
    recordPause: assign({
      gate: ({ context }) => gateRecord(context, 'pause_for_user', `pause for the author: ${scoreReason(context)}`),
    }),
    recordForceRewritePause: assign({
      gate: ({ context }) =>
        gateRecord(
          context,
          'pause_for_user_force_rewrite',
          `pause, rewrite advised: ${scoreReason(context)}`,
        ),
    }),
    recordPolished: assign({
      gate: ({ context }) =>
        context.gate && { ...context.gate, decision: 'pass' as const, polished: true as const, reason: `${context.gate.reason}; polished` },
    }),
    recordAcceptedByUser: assign({
      gate: ({ context }) =>
        context.gate && { ...context.gate, decision: 'accepted_by_user' as const, reason: `accepted by the author (${context.gate.reason})` },
    }),
    startRevisionByUser: assign({
      revision_count: ({ context }) => context.revision_count + 1,
      gate: ({ context }) =>
        context.gate && {
          ...context.gate,
          decision: 'revise' as const,
          reason: `revision ${context.revision_count + 1} requested by the author (${context.gate.reason})`,
        },
    }),
  },
}).createMachine({
  id: PIPELINE_MACHINE_ID,
  initial: 'lock',
  context: ({ input }) => ({
    chapter: input.chapter,
    revision_count: 0,
    max_revisions: input.max_revisions ?? DEFAULT_MAX_REVISIONS,
    revision_policy: input.revision_policy ?? 'auto',
    thresholds: input.thresholds ?? DEFAULT_THRESHOLDS,
    verdict: null,
    gate: null,
  }),
  states: {
    lock: {
      description: 'The chapter is claimed: a fresh round with no revisions and no gate.',
      always: { target: 'draft', actions: 'startChapter' },
    },
    draft: {
      description: 'Awaiting the chapter-writer draft.',
      meta: { step: 'draft', mode: 'draft', action: 'execute', description: 'write the chapter draft' },
      on: { DRAFTED: 'summarize' },
    },
    summarize: {
      description: 'Awaiting the summarizer (summary, state delta, crossref, storyline memory).',
      meta: { step: 'summarize', mode: 'normal', action: 'execute', description: 'summarize the chapter' },
      on: {
        SUMMARIZED: 'refine',
        DRAFT_LOST: [{ guard: 'inRevisionRound', target: 'revising' }, { target: 'draft' }],
      },
    },
    refine: {
      description: 'Awaiting the style-refiner pass.',
      meta: { step: 'refine', mode: 'normal', action: 'execute', description: 'refine the chapter style' },
      on: { REFINED: 'judge' },
    },
    judge: {
      description: 'Awaiting the quality-judge evaluation.',
      meta: { step: 'judge', mode: 'normal', action: 'execute', description: 'judge the chapter' },
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
        { guard: and(['verdictIsRevise', 'revisionBudgetLeft']), target: 'revising', actions: 'startRevisionRound' },
        { guard: and(['verdictIsRevise', 'forcePassAllowed']), target: 'commit', actions: 'recordForcePass' },
        { guard: 'verdictIsRevise', target: 'review', actions: 'recordBudgetSpentPause' },
        { guard: 'verdictIsPass', target: 'commit', actions: 'recordPass' },
        { guard: 'verdictIsPolish', target: 'polishing', actions: 'recordPolish' },
        { guard: 'verdictIsPause', target: 'review', actions: 'recordPause' },
        { target: 'review', actions: 'recordForceRewritePause' },
      ],
    },
    revising: {
      description: 'A revision round: the chapter-writer redrafts with the required fixes.',
      meta: { step: 'draft', mode: 'revision', action: 'execute', description: 'revise the chapter draft' },
      on: { DRAFTED: 'summarize' },
    },
    polishing: {
      description: 'One extra refine pass; no re-judge.',
      meta: { step: 'refine', mode: 'polish', action: 'execute', description: 'polish the chapter (one extra refine)' },
      on: { REFINED: { target: 'commit', actions: 'recordPolished' } },
    },
    review: {
      description: 'Paused for the author: novel decide chapter:NNN accept|revise|rewrite.',
      meta: { step: 'review', mode: 'review', action: 'review', description: 'the author decides' },
      on: {
        ACCEPT: { target: 'commit', actions: 'recordAcceptedByUser' },
        REVISE: { target: 'revising', actions: 'startRevisionByUser' },
        REWRITE: 'lock',
      },
    },
    commit: {
      description: 'The gate allows the commit transaction.',
      meta: { step: 'commit', mode: 'commit', action: 'commit', description: 'commit the chapter into the book' },
      on: { COMMITTED: 'done' },
    },
    done: {
      description: 'The chapter is in the book.',
      meta: { step: null, mode: 'normal', action: 'done', description: 'chapter committed' },
      type: 'final',
    },
  },
});

export type PipelineMachine = typeof pipelineMachine;
export type PipelineStateName =
  | 'lock'
  | 'draft'
  | 'summarize'
  | 'refine'
  | 'judge'
  | 'gate'
  | 'revising'
  | 'polishing'
  | 'review'
  | 'commit'
  | 'done';

/** States a snapshot can rest in (persisted through the checkpoint). */
export const STABLE_STATES = ['draft', 'summarize', 'refine', 'judge', 'revising', 'polishing', 'review', 'commit', 'done'] as const;
export type StableState = (typeof STABLE_STATES)[number];

export function stateMeta(state: StableState): StateMeta {
  return pipelineMachine.states[state]?.meta as StateMeta;
}
