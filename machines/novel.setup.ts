/**
 * The one `setup()` both machines are built from: the context they share, the
 * named guards (pure, synchronous) and the named actions. Context changes are
 * `assign`s; effects on files are named actions with no implementation here —
 * `transition()` returns them and the I/O shell carries them out
 * (archiveRound, archiveRewrite). Pure: no I/O, no timers, no invoke.
 */
import { assign, setup } from 'xstate';
import {
  classifyVerdict,
  forcePassAllowed,
  type GateLintFinding,
  type GateVerdict,
  type LayeredCheck,
  type Thresholds,
  type ScoreWarning,
  type Verdict,
  type VerdictWarning,
} from './pipeline.gate.js';
import type { PipelineEvent } from './pipeline.events.js';
import {
  CHAPTER_STAGES,
  CHAPTER_STEP_MODES,
  CHAPTER_STEP_TABLE,
  keysOf,
  SETUP_STEPS,
  type ChapterStage,
  type SetupStep,
} from '../src/core/step-table.js';
import { render, said, type Said, type Words } from '../src/core/messages.js';

export type RevisionPolicy = 'auto' | 'manual_confirm' | 'none';

/** The gate's decisions, as `.checkpoint.json` records them (its schema reads this list). */
export const GATE_DECISIONS = [
  'pass',
  'polish',
  'revise',
  'pause_for_user',
  'pause_for_user_force_rewrite',
  'accepted_by_user',
] as const;
export type GateDecision = (typeof GATE_DECISIONS)[number];

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
  /** The judge's own overall, recorded beside novel's (§13.3). */
  overall_judge?: number;
  /** The weights overall_final was computed with; null: the judge's overall was used. */
  weights?: Record<string, number> | null;
  high_violation: boolean;
  high_confidence_violations: LayeredCheck[];
  /** Hard lint findings on the judged text (§13.3): each makes the gate revise. */
  lint?: GateLintFinding[];
  warnings: Array<VerdictWarning | PolicyWarning>;
  /** Why, in English: part of the record as it was always written (packets, goldens). */
  reason: string;
  /**
   * The same reason as said (message id and arguments), rendered in the reader's language; a record written before it
   * has none.
   */
  words?: Said;
  force_passed?: true;
  polished?: true;
}

/** Chapter states an executor works in: the states `novel run` can fail in and resume. */
export const RESUMABLE_STATES = [
  ...CHAPTER_STAGES.filter((s) => CHAPTER_STEP_TABLE[s].action === 'execute').map((s) => CHAPTER_STEP_TABLE[s].state),
  ...keysOf(CHAPTER_STEP_MODES),
] as ResumableState[];
export type ResumableState =
  | {
      [S in ChapterStage]: (typeof CHAPTER_STEP_TABLE)[S]['action'] extends 'execute'
        ? (typeof CHAPTER_STEP_TABLE)[S]['state']
        : never;
    }[ChapterStage]
  | keyof typeof CHAPTER_STEP_MODES;

export { SETUP_STEPS, type SetupStep };

/**
 * An unfinished commit journal found under staging/.commit/ (`rewind`: a rewind to before the chapter,
 * staging/.commit/rewind.json).
 */
export type JournalRef =
  | { kind: 'chapter'; chapter: number; rewind?: true }
  | { kind: 'volume'; volume: number }
  | { kind: 'setup'; step: SetupStep };

/** The chapter in flight. */
export interface PipelineContext {
  chapter: number;
  revision_count: number;
  max_revisions: number;
  revision_policy: RevisionPolicy;
  thresholds: Thresholds;
  /** Gate inputs from the latest JUDGED event. */
  verdict: Verdict | null;
  gate: GateRecord | null;
  /** The chapter went through title-fix (once per chapter, §13.4). */
  title_fixed: boolean;
  /** The revision round whose judged text went through hook-fix (once per round, §13.4); null: none yet. */
  hook_fixed_round: number | null;
}

/** The book around it: filled from `.checkpoint.json`, the settings and the probes. */
export interface BookContext extends PipelineContext {
  /** current_volume. */
  volume: number;
  last_completed_chapter: number;
  chapters_per_volume: number;
  /** The planned length of the book (config `book_chapters`); null: open-ended. */
  book_chapters: number | null;
  /** Chapters with an outline block in the current volume's outline. */
  outline_chapters: readonly number[];
  /** orchestrator_state VOL_PLANNING is recorded. */
  planning: boolean;
  journal: JournalRef | null;
  /** The chapter state an executor failed in (ERROR_RETRY), to resume on RETRY. */
  resume: ResumableState | null;
  /** The chapter is claimed in flight (a draft after a rewrite), not merely next. */
  claimed: boolean;
  /** The first setup step whose files are missing (probed only before the first chapter and plan); null: none. */
  setup: SetupStep | null;
  /** Chapters `novel import` recorded (checkpoint imported_chapters); 0: none. */
  imported_chapters: number;
  /** Imported chapters whose catch-up summary is committed (checkpoint import_caught_up). */
  import_caught_up: number;
  /** The next imported chapter's catch-up summary is advanced, awaiting its commit (checkpoint import_stage). */
  import_summarized: boolean;
}

export interface PipelineInput {
  chapter: number;
  max_revisions?: number;
  revision_policy?: RevisionPolicy;
  thresholds?: Thresholds;
  title_fixed?: boolean;
  hook_fixed_round?: number | null;
}

/** Where a book starts when an actor is created without a rehydrated snapshot. */
export interface BookInput extends PipelineInput {
  volume?: number;
  last_completed_chapter?: number;
  chapters_per_volume?: number;
  book_chapters?: number | null;
  outline_chapters?: readonly number[];
  planning?: boolean;
  journal?: JournalRef | null;
  setup?: SetupStep | null;
  imported_chapters?: number;
  import_caught_up?: number;
  import_summarized?: boolean;
}

type JudgedEvent = Extract<PipelineEvent, { type: 'JUDGED' }>;

const fmt = (n: number): string => n.toFixed(2);

function verdictOf(context: PipelineContext): Verdict {
  if (!context.verdict) throw new Error('gate entered without a verdict');
  return context.verdict;
}

/** The gate's reason as a person reads it: its said words, or (a record written before them) its English as it is. */
export function gateReason(gate: Pick<GateRecord, 'reason' | 'words'>): Words {
  return gate.words ?? gate.reason;
}

function gateRecord(
  context: PipelineContext,
  decision: GateDecision,
  words: Said,
  extra: Partial<GateRecord> = {},
): GateRecord {
  const v = verdictOf(context);
  return {
    decision,
    verdict: classifyVerdict(v, context.thresholds),
    overall_final: v.overall_final,
    ...(v.overall_judge !== undefined ? { overall_judge: v.overall_judge } : {}),
    ...(v.weights !== undefined ? { weights: v.weights } : {}),
    ...(v.lint !== undefined ? { lint: v.lint } : {}),
    high_violation: v.high_violation,
    high_confidence_violations: v.high_confidence_violations,
    // A hook still weak after its fix (or with the fix spent) is recorded, never blocking.
    warnings: [
      ...v.warnings,
      ...(v.hook_weak && (decision === 'pass' || decision === 'polish') ? [hookWeakWarning(context)] : []),
    ],
    reason: render('en', words),
    words,
    ...extra,
  };
}

/** The recorded gate with a new decision and its reason said around the old one. */
function resaid(gate: GateRecord, decision: GateDecision, words: Said, extra: Partial<GateRecord> = {}): GateRecord {
  return { ...gate, decision, reason: render('en', words), words, ...extra };
}

function hookWeakWarning(context: PipelineContext): ScoreWarning {
  return {
    layer: 'score',
    rule: 'hook_weak',
    message: `chapter ${context.chapter}: the chapter-end hook is still weak after hook-fix; the chapter goes on`,
  };
}

/** What the verdict rests on: what blocks it, else the score against the thresholds. */
function scoreReason(context: PipelineContext): Said {
  const v = verdictOf(context);
  const t = context.thresholds;
  const lint = v.lint ?? [];
  if (v.high_violation || lint.length) {
    return said('gate.blocked', {
      violations: v.high_violation ? v.high_confidence_violations.length : null,
      lint: lint.length ? lint.length : null,
      rules: [...new Set(lint.map((f) => f.rule))].join(', '),
    });
  }
  return said('gate.score', {
    overall: fmt(v.overall_final),
    pass: t.pass,
    polish: t.polish,
    revise: t.revise,
    pause: t.pause,
  });
}

/** Book guards as plain predicates: the machine and the rehydration share them. */
export const bookRules = {
  journalPending: (c: BookContext): boolean => c.journal !== null,
  chapterInFlight: (c: BookContext): boolean => c.resume !== null,
  planningRecorded: (c: BookContext): boolean => c.planning,
  bookComplete: (c: BookContext): boolean => c.book_chapters !== null && c.last_completed_chapter >= c.book_chapters,
  /** A volume ends at the last block of its outline (§14): volumes have their own lengths. */
  volumeComplete: (c: BookContext): boolean =>
    c.outline_chapters.length > 0 && c.last_completed_chapter >= Math.max(...c.outline_chapters),
  nextChapterPlanned: (c: BookContext): boolean => c.outline_chapters.includes(c.last_completed_chapter + 1),
  /**
   * Before the first chapter, a setup step whose files are missing (§14); a step whose files exist and validate is
   * skipped.
   */
  setupPending: (c: BookContext): boolean => c.setup !== null && c.last_completed_chapter === 0,
  /** An imported chapter still lacks its catch-up summary (§14): caught up in order, before chapter N+1. */
  importPending: (c: BookContext): boolean => c.import_caught_up < c.imported_chapters,
};

export const novelSetup = setup({
  types: {
    context: {} as BookContext,
    events: {} as PipelineEvent,
    input: {} as BookInput,
  },
  guards: {
    verdictIsRevise: ({ context }) => classifyVerdict(verdictOf(context), context.thresholds) === 'revise',
    verdictIsPass: ({ context }) => classifyVerdict(verdictOf(context), context.thresholds) === 'pass',
    verdictIsPolish: ({ context }) => classifyVerdict(verdictOf(context), context.thresholds) === 'polish',
    verdictIsPause: ({ context }) => classifyVerdict(verdictOf(context), context.thresholds) === 'pause_for_user',
    hookNeedsFix: ({ context }) => {
      const v = verdictOf(context);
      const verdict = classifyVerdict(v, context.thresholds);
      return (
        v.hook_weak === true &&
        (verdict === 'pass' || verdict === 'polish') &&
        context.hook_fixed_round !== context.revision_count
      );
    },
    titleNeedsFix: ({ context, event }) =>
      event.type === 'REFINED' && event.title_hard === true && !context.title_fixed,
    policyIsNone: ({ context }) => context.revision_policy === 'none',
    policyIsManualConfirm: ({ context }) => context.revision_policy === 'manual_confirm',
    revisionBudgetLeft: ({ context }) => context.revision_count < context.max_revisions,
    inRevisionRound: ({ context }) => context.revision_count > 0,
    forcePassAllowed: ({ context }) => forcePassAllowed(verdictOf(context), context.thresholds),
    journalPending: ({ context }) => bookRules.journalPending(context),
    chapterInFlight: ({ context }) => bookRules.chapterInFlight(context),
    planningRecorded: ({ context }) => bookRules.planningRecorded(context),
    bookComplete: ({ context }) => bookRules.bookComplete(context),
    volumeComplete: ({ context }) => bookRules.volumeComplete(context),
    nextChapterPlanned: ({ context }) => bookRules.nextChapterPlanned(context),
    setupPending: ({ context }) => bookRules.setupPending(context),
    setupIs: ({ context }, params: { step: SetupStep }) => context.setup === params.step,
    importPending: ({ context }) => bookRules.importPending(context),
    importSummarized: ({ context }) => context.import_summarized,
    resumesAt: ({ context }, params: { state: ResumableState }) => context.resume === params.state,
  },
  actions: {
    // Effects the I/O shell carries out (transition() returns them).
    archiveRound: () => {},
    archiveRewrite: () => {},
    archiveHookFix: () => {},
    archiveTitleFix: () => {},
    // Chapter context.
    startChapter: assign({ revision_count: 0, verdict: null, gate: null, title_fixed: false, hook_fixed_round: null }),
    markTitleFix: assign({ title_fixed: true }),
    markHookFix: assign({ hook_fixed_round: ({ context }) => context.revision_count, gate: null }),
    claimChapter: assign({ claimed: true }),
    countRevision: assign({ revision_count: ({ context }) => context.revision_count + 1 }),
    storeVerdict: assign({
      verdict: ({ event }) => {
        const e = event as JudgedEvent;
        return {
          overall_final: e.overall_final,
          ...(e.overall_judge !== undefined ? { overall_judge: e.overall_judge } : {}),
          ...(e.weights !== undefined ? { weights: e.weights } : {}),
          ...(e.lint !== undefined ? { lint: e.lint } : {}),
          ...(e.hook_weak ? { hook_weak: true } : {}),
          high_violation: e.high_violation,
          high_confidence_violations: e.high_confidence_violations,
          warnings: e.warnings,
        };
      },
    }),
    recordPass: assign({
      gate: ({ context }) => gateRecord(context, 'pass', said('gate.pass', { score: scoreReason(context) })),
    }),
    recordPolish: assign({
      gate: ({ context }) => gateRecord(context, 'polish', said('gate.polish', { score: scoreReason(context) })),
    }),
    recordRevise: assign({
      gate: ({ context }) =>
        gateRecord(
          context,
          'revise',
          said('gate.revise', { score: scoreReason(context), n: context.revision_count, max: context.max_revisions }),
        ),
    }),
    recordRevisionSkipped: assign({
      gate: ({ context }) =>
        gateRecord(context, 'pass', said('gate.revise_skipped', { score: scoreReason(context) }), {
          warnings: [
            ...verdictOf(context).warnings,
            {
              layer: 'gate',
              decision: 'revise',
              message:
                `gate decided revise for chapter ${context.chapter} ` +
                `(${render('en', scoreReason(context))}); revision_policy "none" records it and allows the commit`,
            },
          ],
        }),
    }),
    recordReviseAwaitingConfirmation: assign({
      gate: ({ context }) =>
        gateRecord(context, 'pause_for_user', said('gate.revise_awaits', { score: scoreReason(context) })),
    }),
    recordForcePass: assign({
      gate: ({ context }) =>
        gateRecord(
          context,
          'pass',
          said('gate.force_pass', {
            n: context.revision_count,
            max: context.max_revisions,
            score: scoreReason(context),
          }),
          { force_passed: true },
        ),
    }),
    recordBudgetSpentPause: assign({
      gate: ({ context }) =>
        gateRecord(
          context,
          'pause_for_user',
          said('gate.budget_spent', {
            n: context.revision_count,
            max: context.max_revisions,
            score: scoreReason(context),
          }),
        ),
    }),
    recordPause: assign({
      gate: ({ context }) =>
        gateRecord(context, 'pause_for_user', said('gate.below_revise', { score: scoreReason(context) })),
    }),
    recordForceRewritePause: assign({
      gate: ({ context }) =>
        gateRecord(
          context,
          'pause_for_user_force_rewrite',
          said('gate.rewrite_advised', { score: scoreReason(context) }),
        ),
    }),
    recordPolished: assign({
      gate: ({ context }) =>
        context.gate &&
        resaid(context.gate, 'pass', said('gate.polished', { reason: gateReason(context.gate) }), { polished: true }),
    }),
    recordAcceptedByUser: assign({
      gate: ({ context }) =>
        context.gate &&
        resaid(context.gate, 'accepted_by_user', said('gate.accepted', { reason: gateReason(context.gate) })),
    }),
    recordRevisionByUser: assign({
      gate: ({ context }) =>
        context.gate &&
        resaid(
          context.gate,
          'revise',
          said('gate.revision_requested', { n: context.revision_count, reason: gateReason(context.gate) }),
        ),
    }),
    // Book context.
    recordCommitted: assign({
      last_completed_chapter: ({ context }) => context.chapter,
      chapter: ({ context }) => context.chapter + 1,
      claimed: false,
      resume: null,
    }),
    enterVolumePlanning: assign({ planning: true, volume: ({ context }) => context.volume + 1, outline_chapters: [] }),
    replanVolume: assign({ planning: true, volume: ({ context }) => Math.max(1, context.volume) }),
    leaveVolumePlanning: assign({
      planning: false,
      outline_chapters: ({ context, event }) =>
        'outline_chapters' in event ? event.outline_chapters : context.outline_chapters,
    }),
    /** The setup step still missing after a setup commit (the event carries the probe's answer). */
    recordSetupCommitted: assign({ setup: ({ event }) => (event.type === 'SETUP_COMMITTED' ? event.setup : null) }),
    markImportSummarized: assign({ import_summarized: true }),
    recordImportCaughtUp: assign({
      import_caught_up: ({ context }) => context.import_caught_up + 1,
      import_summarized: false,
    }),
    recordImportJournal: assign({
      journal: ({ context }): JournalRef => ({ kind: 'chapter', chapter: context.import_caught_up + 1 }),
    }),
    recordExecutorFailure: assign({ resume: (_, params: { state: ResumableState | null }) => params.state }),
    recordJournal: assign({
      journal: ({ context, event }): JournalRef =>
        event.type === 'PLAN_COMMIT_INTERRUPTED'
          ? { kind: 'volume', volume: context.volume }
          : { kind: 'chapter', chapter: context.chapter },
    }),
    clearJournal: assign({ journal: null }),
  },
});
