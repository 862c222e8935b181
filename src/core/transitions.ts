/**
 * The mutating transitions of the pipeline: `advance <step>` and `decide`.
 * Each is planned here, purely, from the checkpoint and the staging probe:
 * the machine event, the resulting snapshot, the checkpoint fields (§3) and
 * the files to archive. The I/O shell only applies the plan.
 */
import { transition } from 'xstate';
import { DECISION_EVENT, STEP_EVENT, type Decision, type PipelineEvent } from '../../machines/pipeline.events.js';
import { pipelineMachine, type StableState } from '../../machines/pipeline.machine.js';
import type { Checkpoint } from '../schemas/checkpoint.js';
import { describeValue, type Diagnostic } from './diagnostics.js';
import { diagnosticsError, NovelError } from './errors.js';
import { decideNext, freshnessBaseline } from './next.js';
import { projectCheckpoint, type CheckpointFields } from './projection.js';
import { rehydrate, stateName, type PipelineSnapshot } from './rehydrate.js';
import { revisionArchive, rewriteArchive, type ArchivePlan } from './revision-round.js';
import type { Settings } from './settings.js';
import type { StagingView } from './staging-view.js';
import { formatStepId, padChapter, type StepId } from './step-id.js';
import { validateStep, type ValidatedStage } from './validate.js';

export const STAGE_ORDER = 'draft → summarize → refine → judge → (gate) → commit; a revision loops back to draft, a polish to refine';

export interface TransitionPlan {
  /** The step or decision this transition records, e.g. chapter:004:judge or decide:revise. */
  step: string;
  events: PipelineEvent[];
  from: StableState;
  to: StableState;
  snapshot: PipelineSnapshot;
  fields: CheckpointFields;
  /** Files to copy into an archive directory, then remove from live staging. */
  archive: ArchivePlan | null;
  /** Title of the staged chapter after this transition (null: none staged). */
  stagedTitle: string | null;
  /** Warnings to show; errors never reach a plan. */
  warnings: Diagnostic[];
  /** The transition applied a gate that a read-only command had only computed. */
  appliedPendingGate: boolean;
}

export interface TransitionInput {
  checkpoint: Checkpoint;
  settings: Settings;
  view: StagingView;
  journal: string | null;
}

function refuseJournal(input: TransitionInput): void {
  if (input.journal !== null) {
    throw new NovelError('commit_pending', `an unfinished commit journal ${input.journal} is pending`, {
      hint: 'finish it first: run the commit again (`novel next` names it); it rolls forward to the committed state',
    });
  }
}

function stagedTitleOf(cp: Checkpoint): string | undefined {
  const t = (cp as Record<string, unknown>).staged_title;
  return typeof t === 'string' ? t : undefined;
}

export function planAdvance(input: TransitionInput, step: StepId): TransitionPlan {
  refuseJournal(input);
  const requested = formatStepId(step);
  if (step.kind === 'volume') {
    throw new NovelError('unsupported_step', `${requested}: volume steps are not advanced; the volume plan is moved into the book by \`novel commit --volume ${step.volume}\``, {
      hint: 'run `novel next` to see the pipeline step to advance',
    });
  }
  const hydrated = rehydrate(input.checkpoint, input.settings, input.view);
  const next = decideNext(input, hydrated);
  if (next.state === 'volume_planning') {
    throw new NovelError('out_of_order', `${requested}: volume ${input.checkpoint.current_volume} is still being planned; the next step is ${next.step}`, {
      hint: 'plan the volume first (`novel next` → volume:VV:plan)',
      details: { expected: next.step },
    });
  }
  if (step.stage === 'commit' || step.stage === 'review') {
    const how = step.stage === 'commit' ? `novel commit --chapter ${step.chapter}` : `novel decide chapter:${padChapter(step.chapter)} accept|revise|rewrite`;
    throw new NovelError('not_advanceable', `${requested}: a ${step.stage} step is not advanced; use \`${how}\``, {
      hint: `the next step is ${next.step} (${next.action})`,
      details: { expected: next.step },
    });
  }
  if (requested !== next.step) {
    throw new NovelError('out_of_order', `${requested}: out of order; the pipeline expects ${next.step} (${next.action}) now`, {
      hint: `order per chapter: ${STAGE_ORDER}. Run \`novel next\` to see why`,
      details: { expected: next.step, requested, state: next.state },
    });
  }
  const stage = step.stage as ValidatedStage;
  const stagedTitle = stagedTitleOf(input.checkpoint);
  const validation = validateStep(stage, input.view, {
    chapter: step.chapter,
    stagingHashes: freshnessBaseline(input.checkpoint, hydrated),
    ...(stagedTitle !== undefined && stage === 'refine' ? { stagedTitle } : {}),
  });
  if (!validation.valid) {
    throw diagnosticsError('validation_failed', `${requested}: the staged outputs do not validate`, validation.diagnostics, `fix the files above, then run \`novel advance ${requested}\` again`);
  }
  if (!validation.fresh) {
    const files = validation.outputs.filter((o) => o.required).map((o) => o.path);
    throw new NovelError('outputs_not_new', `${requested}: the staged outputs are byte-identical to those recorded at the last advance (${files.join(', ')})`, {
      hint: `run the ${stage} step first; it must write new output before it can be advanced`,
      details: { files },
    });
  }

  const from = hydrated.restored;
  let snapshot = hydrated.snapshot;
  const events: PipelineEvent[] = [];
  let archive: ArchivePlan | null = null;
  if (hydrated.pendingGate && stateName(snapshot) === 'revising') {
    archive = revisionArchive(input.view, step.chapter, snapshot.context.revision_count);
  }
  const event: PipelineEvent =
    stage === 'judge' && validation.verdict ? { type: 'JUDGED', ...validation.verdict } : ({ type: STEP_EVENT[stage] } as PipelineEvent);
  const [after] = transition(pipelineMachine, snapshot, event);
  if (after === snapshot || stateName(after) === stateName(snapshot) && after.context === snapshot.context) {
    throw new NovelError('internal_transition', `${requested}: the pipeline machine did not accept ${event.type} in state ${stateName(snapshot)}`, { exitCode: 1 });
  }
  events.push(event);
  snapshot = after;
  if (event.type === 'JUDGED' && stateName(snapshot) === 'revising') {
    archive = revisionArchive(input.view, step.chapter, snapshot.context.revision_count);
  }
  return {
    step: requested,
    events,
    from,
    to: stateName(snapshot),
    snapshot,
    fields: projectCheckpoint(snapshot),
    archive,
    stagedTitle: validation.title ?? stagedTitle ?? null,
    warnings: validation.diagnostics.filter((d) => d.severity === 'warning'),
    appliedPendingGate: hydrated.pendingGate,
  };
}

export function planDecide(
  input: TransitionInput & { existingRewrites: number },
  chapter: number,
  decision: Decision,
): TransitionPlan {
  refuseJournal(input);
  const hydrated = rehydrate(input.checkpoint, input.settings, input.view);
  const next = decideNext(input, hydrated);
  const ref = `chapter:${padChapter(chapter)}`;
  if (next.state !== 'review' || next.chapter !== chapter) {
    throw new NovelError('not_paused', `decide ${ref}: chapter ${chapter} is not paused at review; the pipeline expects ${next.step} (${next.action})`, {
      hint: '`novel decide` only resolves a pause; run `novel next` to see what to do',
      details: { expected: next.step, state: next.state, found_chapter: describeValue(next.chapter) },
    });
  }
  const event: PipelineEvent = { type: DECISION_EVENT[decision] };
  const [snapshot] = transition(pipelineMachine, hydrated.snapshot, event);
  let archive: ArchivePlan | null = null;
  const to = stateName(snapshot);
  if (decision === 'revise') archive = revisionArchive(input.view, chapter, snapshot.context.revision_count);
  if (decision === 'rewrite') archive = rewriteArchive(input.view, chapter, input.existingRewrites + 1);
  const stagedTitle = decision === 'rewrite' ? null : (stagedTitleOf(input.checkpoint) ?? null);
  return {
    step: `decide ${ref} ${decision}`,
    events: [event],
    from: hydrated.restored,
    to,
    snapshot,
    fields: projectCheckpoint(snapshot),
    archive,
    stagedTitle,
    warnings: [],
    appliedPendingGate: false,
  };
}
