/**
 * The mutating transitions of the book machine that record a step:
 * `advance <step>` and `decide`. Each is planned here, purely, from the
 * checkpoint and the probes: the machine events, the resulting snapshot, the
 * checkpoint fields (§3) and the files to archive. Which files are archived is
 * read from the named actions `transition()` returns (archiveRound,
 * archiveRewrite), never from state names. The I/O shell only applies the plan.
 */
import { say } from './messages.js';
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
import { archivedPath, hookFixArchive, revisionArchive, rewriteArchive, titleFixArchive, type ArchivePlan } from './revision-round.js';
import { fixGuardOf, type FixGuard } from './fix-guard.js';
import { stagedText } from './staging-view.js';
import type { Settings } from './settings.js';
import type { StagingView } from './staging-view.js';
import type { StateDoc } from './state-ops.js';
import { formatStepId, padChapter, type StepId } from './step-id.js';
import { validateStep, type ValidatedStage } from './validate.js';

export const STAGE_ORDER = 'draft → summarize → refine → judge → (gate) → commit; a revision loops back to draft, a polish to refine';

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
    throw new NovelError('commit_pending', `an unfinished commit journal ${journalPath(input.probe.journal)} is pending`, {
      hint: 'finish it first: run the commit again (`novel next` names it); it rolls forward to the committed state',
    });
  }
}

function stagedTitleOf(cp: Checkpoint): string | undefined {
  const t = (cp as Record<string, unknown>).staged_title;
  return typeof t === 'string' ? t : undefined;
}

/** The files the named effects archive, for the chapter of the snapshot they ran on. */
function archiveFor(effects: readonly string[], view: StagingView, snapshot: BookSnapshot, existingRewrites: number): ArchivePlan | null {
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
  const dir = step === 'title-fix' ? paths.titleFixDir(chapter) : paths.hookFixDir(chapter, snapshot.context.revision_count);
  return fixGuardOf(stagedText(view, paths.stagingChapter(chapter)) ?? '', step, archivedPath(dir, paths.stagingChapter(chapter)));
}

/** A book that waits after an executor failure is retried by any step recorded by hand. */
const resumed = (hydrated: Rehydrated) => retried(hydrated.snapshot);

function refusePlanning(next: NextDecision, requested: string, input: TransitionInput): void {
  const planning = next.mode === 'plan';
  if (planning || next.action === 'done') {
    const what = planning ? `volume ${next.volume} is to be planned first` : 'the planned book is complete';
    throw new NovelError('out_of_order', `${requested}: ${what}; the next step is ${next.step}`, {
      hint: planning ? `plan the volume first: \`novel instructions ${next.step}\`, then \`novel commit --volume ${next.volume}\`` : `raise book_chapters in novel.config.json (now ${input.settings.book_chapters}) to write on`,
      details: { expected: next.step },
    });
  }
}

export function planAdvance(input: TransitionInput, step: StepId): TransitionPlan {
  refuseJournal(input);
  const requested = formatStepId(step);
  if (step.kind === 'volume') {
    throw new NovelError('unsupported_step', `${requested}: volume steps are not advanced; the volume plan is moved into the book by \`novel commit --volume ${step.volume}\``, {
      hint: 'run `novel next` to see the pipeline step to advance',
    });
  }
  if (step.kind === 'setup') {
    throw new NovelError('unsupported_step', `${requested}: setup steps are not advanced; their files are moved into the book by \`novel commit --setup\``, {
      hint: 'run `novel next` to see the step to take',
    });
  }
  const hydrated = rehydrate(input.checkpoint, input.settings, input.view, input.probe);
  const next = decideNext(input, hydrated);
  refusePlanning(next, requested, input);
  if (step.stage === 'commit' || step.stage === 'review') {
    const how = step.stage === 'commit' ? `novel commit --chapter ${step.chapter}` : `novel decide chapter:${padChapter(step.chapter)} accept|revise|rewrite`;
    throw new NovelError('not_advanceable', `${requested}: a ${step.stage} step is not advanced; use \`${how}\``, {
      hint: `the next step is ${next.step} (${next.action})`,
      details: { expected: next.step },
      zh: { message: say('zh', 'error.not_advanceable', { requested, how }), hint: `下一步是 ${next.step}` },
    });
  }
  if (requested !== next.step) {
    throw new NovelError('out_of_order', `${requested}: out of order; the pipeline expects ${next.step} (${next.action}) now`, {
      hint: `order per chapter: ${STAGE_ORDER}. Run \`novel next\` to see why`,
      details: { expected: next.step, requested, state: next.state },
      zh: { message: say('zh', 'error.out_of_order', { requested, step: next.step }), hint: say('zh', 'error.out_of_order.hint') },
    });
  }
  const stage = step.stage as ValidatedStage;
  const stagedTitle = stagedTitleOf(input.checkpoint);
  const validation = validateStep(stage, input.view, validationContextFor(stage, step.chapter, { ...input, stagingHashes: freshnessBaseline(input.checkpoint, hydrated) }, true));
  if (!validation.valid) {
    throw diagnosticsError('validation_failed', `${requested}: the staged outputs do not validate`, validation.diagnostics, `fix the files above, then run \`novel advance ${requested}\` again`);
  }
  if (!validation.fresh) {
    const files = validation.outputs.filter((o) => o.required).map((o) => o.path);
    throw new NovelError('outputs_not_new', `${requested}: the staged outputs are byte-identical to those recorded at the last advance (${files.join(', ')})`, {
      hint:
        stage === 'refine'
          ? `run the style-refiner first; a refine that rightly changes nothing in the chapter counts once it writes a fresh change log (${paths.stagingChangeLog(input.checkpoint.inflight_chapter ?? 0)}, e.g. {"changes": []})`
          : `run the ${stage} step first; it must write new output before it can be advanced`,
      details: { files },
      zh: { message: say('zh', 'error.outputs_not_new', { step: requested, files: files.join('，') }), hint: say('zh', 'error.outputs_not_new.hint', { stage }) },
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
    throw new NovelError('internal_transition', `${requested}: the book machine does not accept ${event.type} in state ${restName(start.snapshot)}`, { exitCode: 1 });
  }
  const [snapshot, actions] = transition(bookMachine, start.snapshot, event);
  archive = archiveFor(actions.map((a) => a.type), input.view, snapshot, 0) ?? archive;
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

export function planDecide(input: TransitionInput & { existingRewrites: number }, chapter: number, decision: Decision): TransitionPlan {
  refuseJournal(input);
  const hydrated = rehydrate(input.checkpoint, input.settings, input.view, input.probe);
  const next = decideNext(input, hydrated);
  const ref = `chapter:${padChapter(chapter)}`;
  if (next.action !== 'review' || next.chapter !== chapter) {
    throw new NovelError('not_paused', `decide ${ref}: chapter ${chapter} is not paused at review; the pipeline expects ${next.step} (${next.action})`, {
      hint: '`novel decide` only resolves a pause; run `novel next` to see what to do',
      details: { expected: next.step, state: next.state, found_chapter: describeValue(next.chapter) },
      zh: { message: `decide ${ref}：${say('zh', 'error.not_paused', { chapter })}；流水线在等待 ${next.step}`, hint: say('zh', 'error.not_paused.hint') },
    });
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
    archive: archiveFor(actions.map((a) => a.type), input.view, snapshot, input.existingRewrites),
    stagedTitle: decision === 'rewrite' ? null : (stagedTitleOf(input.checkpoint) ?? null),
    warnings: [],
    appliedPendingGate: false,
  };
}
