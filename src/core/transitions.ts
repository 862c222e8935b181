/**
 * The mutating transitions of the book machine that record a step:
 * `advance <step>` and `decide`. Each is planned here, purely, from the
 * checkpoint and the probes: the machine events, the resulting snapshot, the
 * checkpoint fields (§3) and the files to archive. Which files are archived is
 * read from the named actions `transition()` returns (archiveRound,
 * archiveRewrite), never from state names. The I/O shell only applies the plan.
 */
import { said } from './messages.js';
import { transition } from 'xstate';
import { bookMachine } from '../../machines/book.machine.js';
import { DECISION_EVENT, STEP_EVENT, type Decision, type PipelineEvent } from '../../machines/pipeline.events.js';
import type { Checkpoint } from '../schemas/checkpoint.js';
import { describeValue, type Diagnostic } from '../schemas/diagnostics.js';
import { diagnosticsError, NovelError } from './errors.js';
import { decideNext, freshnessBaseline, type NextDecision } from './next.js';
import { journalPath, paths } from './paths.js';
import { projectCheckpoint, type CheckpointFields } from './projection.js';
import { hasHardTitleFinding, type LintReport } from './lint.js';
import { rehydrate, validationContextFor, type BookProbe, type Rehydrated } from './rehydrate.js';
import { restMeta, restName, retried, type BookSnapshot, type RestName } from './book-rest.js';
import {
  archivedPath,
  hookFixArchive,
  revisionArchive,
  rewriteArchive,
  titleFixArchive,
  type ArchivePlan,
} from './revision-round.js';
import { fixGuardOf, type FixGuard } from './fix-guard.js';
import { stagedText } from './staging-view.js';
import type { Settings } from './settings.js';
import type { StagingView } from './staging-view.js';
import type { StateDoc } from './state-ops.js';
import { formatStepId, padChapter, type StepId } from './step-id.js';
import { validateStep, type ValidatedStage } from './validate.js';
import { firstPassOrder } from './step-table.js';

export interface TransitionPlan {
  /** The step or decision this transition records, e.g. chapter:004:judge or decide:revise. */
  step: string;
  events: PipelineEvent[];
  from: RestName;
  to: RestName;
  snapshot: BookSnapshot;
  fields: CheckpointFields;
  /** Files to copy into an archive directory, then remove from live staging. */
  archive: ArchivePlan | null;
  /** Title of the staged chapter after this transition (null: none staged). */
  stagedTitle: string | null;
  /** Warnings to show; errors never reach a plan. */
  warnings: Diagnostic[];
  /** The transition applied a gate that a read-only command had only computed. */
  appliedPendingGate: boolean;
  /** novel's lint of the staged chapter (§13.2), on the advance of a draft, a refine or a judge. */
  lint?: LintReport;
  /** The chapter the step is for when it is not the machine's chapter (an imported chapter's catch-up). */
  chapter?: number;
}

export interface TransitionInput {
  checkpoint: Checkpoint;
  settings: Settings;
  view: StagingView;
  probe: BookProbe;
  /** The current state, for the dry run of a summarize step's ops (warnings). */
  state?: StateDoc;
  /** The committed storyline memories, for the memory-keep warning of a summarize step. */
  committedMemory?: (storylineId: string) => string | undefined;
}

function refuseJournal(input: TransitionInput): void {
  if (input.probe.journal !== null) {
    throw new NovelError(
      'commit_pending',
      said('transition.commit_pending', { journal: journalPath(input.probe.journal) }),
      {
        hint: said('transition.commit_pending.hint'),
      },
    );
  }
}

function stagedTitleOf(cp: Checkpoint): string | undefined {
  const t = (cp as Record<string, unknown>).staged_title;
  return typeof t === 'string' ? t : undefined;
}

/** The files the named effects archive, for the chapter of the snapshot they ran on. */
function archiveFor(
  effects: readonly string[],
  view: StagingView,
  snapshot: BookSnapshot,
  existingRewrites: number,
): ArchivePlan | null {
  const chapter = snapshot.context.chapter;
  if (effects.includes('archiveRewrite')) return rewriteArchive(view, chapter, existingRewrites + 1);
  if (effects.includes('archiveRound')) return revisionArchive(view, chapter, snapshot.context.revision_count);
  if (effects.includes('archiveHookFix')) return hookFixArchive(view, chapter, snapshot.context.revision_count);
  if (effects.includes('archiveTitleFix')) return titleFixArchive(view, chapter);
  return null;
}

/** Entering a title-fix or a hook-fix: what the micro-step must keep, recorded in the checkpoint (§13.4). */
function fixGuardFor(view: StagingView, snapshot: BookSnapshot): FixGuard | undefined {
  const step = restMeta(snapshot).mode;
  if (step !== 'title-fix' && step !== 'hook-fix') return undefined;
  const chapter = snapshot.context.chapter;
  const dir =
    step === 'title-fix' ? paths.titleFixDir(chapter) : paths.hookFixDir(chapter, snapshot.context.revision_count);
  return fixGuardOf(
    stagedText(view, paths.stagingChapter(chapter)) ?? '',
    step,
    archivedPath(dir, paths.stagingChapter(chapter)),
  );
}

/** A book that waits after an executor failure is retried by any step recorded by hand. */
const resumed = (hydrated: Rehydrated) => retried(hydrated.snapshot);

function refusePlanning(next: NextDecision, requested: string, input: TransitionInput): void {
  const planning = next.mode === 'plan';
  if (planning || next.action === 'done') {
    const refusal = planning
      ? said('transition.plan_first', { requested, volume: next.volume, step: next.step })
      : said('transition.book_complete', { requested, step: next.step });
    throw new NovelError('out_of_order', refusal, {
      hint: planning
        ? said('transition.plan_first.hint', { step: next.step, volume: next.volume })
        : said('transition.book_complete.hint', { now: input.settings.book_chapters }),
      details: { expected: next.step },
    });
  }
}

export function planAdvance(input: TransitionInput, step: StepId): TransitionPlan {
  refuseJournal(input);
  const requested = formatStepId(step);
  if (step.kind === 'volume') {
    throw new NovelError('unsupported_step', said('transition.volume_step', { requested, volume: step.volume }), {
      hint: said('transition.volume_step.hint'),
    });
  }
  if (step.kind === 'setup') {
    throw new NovelError('unsupported_step', said('transition.setup_step', { requested }), {
      hint: said('transition.setup_step.hint'),
    });
  }
  const hydrated = rehydrate(input.checkpoint, input.settings, input.view, input.probe);
  const next = decideNext(input, hydrated);
  refusePlanning(next, requested, input);
  if (step.stage === 'commit' || step.stage === 'review') {
    const how =
      step.stage === 'commit'
        ? `novel commit --chapter ${step.chapter}`
        : `novel decide chapter:${padChapter(step.chapter)} accept|revise|rewrite`;
    throw new NovelError('not_advanceable', said('transition.not_advanceable', { requested, stage: step.stage, how }), {
      hint: said('transition.next_step', { step: next.step, action: said('status.action', { action: next.action }) }),
      details: { expected: next.step },
    });
  }
  if (requested !== next.step) {
    throw new NovelError(
      'out_of_order',
      said('transition.out_of_order', {
        requested,
        step: next.step,
        action: said('status.action', { action: next.action }),
      }),
      {
        hint: said('transition.out_of_order.hint', { order: firstPassOrder().join(' → ') }),
        details: { expected: next.step, requested, state: next.state },
      },
    );
  }
  const stage = step.stage as ValidatedStage;
  const stagedTitle = stagedTitleOf(input.checkpoint);
  const validation = validateStep(
    stage,
    input.view,
    validationContextFor(
      stage,
      step.chapter,
      { ...input, stagingHashes: freshnessBaseline(input.checkpoint, hydrated) },
      true,
    ),
  );
  if (!validation.valid) {
    throw diagnosticsError(
      'validation_failed',
      said('transition.invalid', { requested }),
      validation.diagnostics,
      said('transition.invalid.hint', { requested }),
    );
  }
  if (!validation.fresh) {
    const files = validation.outputs.filter((o) => o.required).map((o) => o.path);
    throw new NovelError('outputs_not_new', said('transition.not_new', { requested, files }), {
      hint:
        stage === 'refine'
          ? said('transition.not_new.refine', { log: paths.stagingChangeLog(input.checkpoint.inflight_chapter ?? 0) })
          : said('transition.not_new.hint', { stage }),
      details: { files },
    });
  }

  const start = resumed(hydrated);
  // A gate a read-only command only computed is applied now: its archive too.
  let archive = archiveFor(hydrated.effects, input.view, start.snapshot, 0);
  // A refined text with a hard title finding goes through title-fix first (§13.4).
  const titleHard = validation.lint !== undefined && hasHardTitleFinding(validation.lint);
  const event: PipelineEvent =
    stage === 'judge' && validation.verdict
      ? { type: 'JUDGED', ...validation.verdict }
      : stage === 'refine' && titleHard
        ? { type: 'REFINED', title_hard: true }
        : ({ type: STEP_EVENT[stage] } as PipelineEvent);
  if (!start.snapshot.can(event)) {
    throw new NovelError(
      'internal_transition',
      said('transition.internal', { requested, event: event.type, state: restName(start.snapshot) }),
      { exitCode: 1 },
    );
  }
  const [snapshot, actions] = transition(bookMachine, start.snapshot, event);
  archive =
    archiveFor(
      actions.map((a) => a.type),
      input.view,
      snapshot,
      0,
    ) ?? archive;
  const to = restName(snapshot);
  const fixGuard = fixGuardFor(input.view, snapshot);
  return {
    step: requested,
    events: [...start.events, event],
    from: hydrated.restored,
    to,
    snapshot,
    fields: { ...projectCheckpoint(snapshot), ...(fixGuard ? { fix_guard: fixGuard } : {}) },
    archive,
    stagedTitle: validation.title ?? stagedTitle ?? null,
    warnings: validation.diagnostics.filter((d) => d.severity === 'warning'),
    appliedPendingGate: hydrated.pendingGate,
    ...(validation.lint ? { lint: validation.lint } : {}),
    ...(step.kind === 'import' ? { chapter: step.chapter } : {}),
  };
}

export function planDecide(
  input: TransitionInput & { existingRewrites: number },
  chapter: number,
  decision: Decision,
): TransitionPlan {
  refuseJournal(input);
  const hydrated = rehydrate(input.checkpoint, input.settings, input.view, input.probe);
  const next = decideNext(input, hydrated);
  const ref = `chapter:${padChapter(chapter)}`;
  if (next.action !== 'review' || next.chapter !== chapter) {
    throw new NovelError(
      'not_paused',
      said('transition.not_paused', {
        ref,
        chapter,
        step: next.step,
        action: said('status.action', { action: next.action }),
      }),
      {
        hint: said('error.not_paused.hint'),
        details: { expected: next.step, state: next.state, found_chapter: describeValue(next.chapter) },
      },
    );
  }
  const start = resumed(hydrated);
  const event: PipelineEvent = { type: DECISION_EVENT[decision] };
  const [snapshot, actions] = transition(bookMachine, start.snapshot, event);
  return {
    step: `decide ${ref} ${decision}`,
    events: [...start.events, event],
    from: hydrated.restored,
    to: restName(snapshot),
    snapshot,
    fields: projectCheckpoint(snapshot),
    archive: archiveFor(
      actions.map((a) => a.type),
      input.view,
      snapshot,
      input.existingRewrites,
    ),
    stagedTitle: decision === 'rewrite' ? null : (stagedTitleOf(input.checkpoint) ?? null),
    warnings: [],
    appliedPendingGate: false,
  };
}
