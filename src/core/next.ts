/**
 * `next`: what happens now, derived from the rehydrated machine snapshot and
 * the staging probe (PROTOCOL §5). Pure.
 */
import { transition } from 'xstate';
import { bookMachine } from '../../machines/book.machine.js';
import { stateMeta, type GateRecord, type StepMode } from '../../machines/pipeline.states.js';
import { DECISIONS } from '../../machines/pipeline.events.js';
import type { Checkpoint } from '../schemas/checkpoint.js';
import type { Diagnostic } from './diagnostics.js';
import { journalPath, paths } from './paths.js';
import { chapterRest, rehydrate, restName, type BookProbe, type RestName, type Rehydrated } from './rehydrate.js';
import type { Settings } from './settings.js';
import type { StagingView } from './staging-view.js';
import { formatStepId, padChapter, padVolume, type ChapterStage } from './step-id.js';
import { validateStep, type OutputEvidence, type ValidatedStage } from './validate.js';
import { plannedRange, stagedVolumeDir, validateVolumePlan } from './volume-plan.js';

export type NextAction = 'execute' | 'advance' | 'commit' | 'review' | 'recover' | 'done';

export interface NextDecision {
  step: string;
  action: NextAction;
  reason: string;
  chapter: number | null;
  /** pipeline_stage as recorded: the last completed stage. */
  stage: string | null;
  revision_count: number;
  mode: StepMode;
  /** The machine state the book rests in: a chapter state while writing, else planning, recovering or complete. */
  state: RestName;
  /** The last run's executor failed here (orchestrator_state ERROR_RETRY). */
  error_retry?: true;
  /** The volume being planned or written. */
  volume: number;
  gate?: GateRecord;
  evidence: Record<string, { present: boolean; valid: boolean; new: boolean }>;
  diagnostics: Diagnostic[];
  /** For a review: the decisions the author can take. */
  options?: Array<{ decision: string; command: string }>;
  /** The exact command to type next. */
  command: string;
}

export interface NextInput {
  checkpoint: Checkpoint;
  settings: Settings;
  view: StagingView;
  /** What the I/O shell found besides the checkpoint: journal, outline. */
  probe: BookProbe;
}

function evidenceOf(outputs: OutputEvidence[]): NextDecision['evidence'] {
  const out: NextDecision['evidence'] = {};
  for (const o of outputs) out[o.path] = { present: o.present, valid: o.valid, new: o.new };
  return out;
}

/** Which staged file makes the awaited step count as done (for reasons). */
const PRODUCER: Record<ValidatedStage, string> = {
  draft: 'chapter-writer',
  summarize: 'summarizer',
  refine: 'style-refiner',
  judge: 'quality-judge',
};

/**
 * The hashes a step's outputs must differ from to count as new (§5). A fresh
 * draft only has to exist and validate; when the drafted chapter was lost, its
 * recorded hash no longer says anything and is ignored.
 */
export function freshnessBaseline(cp: Checkpoint, hydrated: Rehydrated): Record<string, string> {
  const state = chapterRest(hydrated.snapshot);
  if (state === 'draft') return {};
  const hashes = { ...(cp.staging_hashes ?? {}) };
  if (hydrated.draftLost) delete hashes[paths.stagingChapter(hydrated.snapshot.context.chapter)];
  return hashes;
}

function interruptedReason(step: string, attempt: number): string {
  return `an execution of ${step} (attempt ${attempt}) by \`novel run\` was interrupted: its outputs may be partial and are not reused; the step runs again (\`novel run\` moves them to staging/revisions/…/interrupted-K/ first), or \`novel advance ${step}\` records them if you checked them`;
}

export function decideNext(input: NextInput, hydrated: Rehydrated = rehydrate(input.checkpoint, input.settings, input.view, input.probe)): NextDecision {
  const { snapshot } = hydrated;
  const name = restName(snapshot);
  if (name === 'retrying') {
    // What the run would retry: the machine's own RETRY, decided like any other state.
    const [resumed] = transition(bookMachine, snapshot, { type: 'RETRY' });
    const d = decideNext(input, { ...hydrated, snapshot: resumed });
    return { ...d, error_retry: true, reason: `the last run's executor failed here (orchestrator_state ERROR_RETRY; fix the cause, then \`novel run\` retries): ${d.reason}` };
  }
  const ctx = snapshot.context;
  const base = {
    stage: input.checkpoint.pipeline_stage ?? null,
    diagnostics: [] as Diagnostic[],
    volume: ctx.volume,
    state: name,
  };

  if (name === 'recovering') {
    const j = ctx.journal ?? { kind: 'chapter' as const, chapter: ctx.chapter };
    const rel = journalPath(j);
    return {
      ...base,
      step: j.kind === 'chapter' ? `chapter:${padChapter(j.chapter)}:commit` : `volume:${padVolume(j.volume)}:commit`,
      action: 'recover',
      reason: `an unfinished commit journal ${rel} must be rolled forward first`,
      chapter: j.kind === 'chapter' ? j.chapter : null,
      revision_count: input.checkpoint.revision_count ?? 0,
      mode: 'commit',
      evidence: { [rel]: { present: true, valid: true, new: true } },
      command: j.kind === 'chapter' ? `novel commit --chapter ${j.chapter}` : `novel commit --volume ${j.volume}`,
    };
  }

  if (name === 'complete') {
    return {
      ...base,
      step: 'book:complete',
      action: 'done',
      reason: `the planned book is written: chapter ${ctx.last_completed_chapter} of ${ctx.book_chapters} is committed (config book_chapters)`,
      chapter: null,
      revision_count: 0,
      mode: 'normal',
      evidence: {},
      command: 'novel status',
    };
  }

  if (name === 'planning') {
    const vol = ctx.volume;
    const range = plannedRange(ctx.last_completed_chapter, vol, input.settings);
    const staged = [...input.view.files.keys()].some((p) => p.startsWith(`${stagedVolumeDir(vol)}/`));
    const problems = staged ? validateVolumePlan(input.view, vol, range, input.probe.storylines ?? null) : [];
    const planStep = formatStepId({ kind: 'volume', volume: vol, stage: 'plan' });
    const interrupted = input.probe.interrupted?.step === planStep;
    const ready = staged && problems.every((d) => d.severity !== 'error') && !interrupted;
    const step = ready ? formatStepId({ kind: 'volume', volume: vol, stage: 'commit' }) : planStep;
    return {
      ...base,
      step,
      action: ready ? 'commit' : 'execute',
      reason: ready
        ? `the plan of volume ${vol} (chapters ${range[0]}–${range[1]}) is staged and valid: commit it into volumes/vol-${padVolume(vol)}/`
        : interrupted
          ? interruptedReason(planStep, input.probe.interrupted?.attempt ?? 1)
          : staged
          ? `the staged plan of volume ${vol} does not validate (see \`novel validate ${step}\`): run the plot-architect again`
          : `volume ${vol} is to be planned: run the plot-architect for chapters ${range[0]}–${range[1]}`,
      chapter: null,
      revision_count: 0,
      mode: 'plan',
      evidence: {},
      diagnostics: problems,
      command: ready ? `novel commit --volume ${vol}` : `novel instructions ${step}`,
    };
  }

  const state = chapterRest(snapshot) ?? 'draft';
  const meta = stateMeta(state);
  const stepStage = (meta.step ?? 'draft') as ChapterStage;
  const step = formatStepId({ kind: 'chapter', chapter: ctx.chapter, stage: stepStage });
  const common = {
    ...base,
    step,
    chapter: ctx.chapter,
    revision_count: ctx.revision_count,
    mode: meta.mode,
    ...(ctx.gate ? { gate: ctx.gate } : {}),
  };

  if (meta.action === 'commit') {
    return {
      ...common,
      action: 'commit',
      reason: ctx.gate ? `the gate allows the commit: ${ctx.gate.reason}` : 'the gate allows the commit',
      evidence: {},
      command: `novel commit --chapter ${ctx.chapter}`,
    };
  }
  if (meta.action === 'review') {
    const ref = `chapter:${padChapter(ctx.chapter)}`;
    return {
      ...common,
      action: 'review',
      reason: ctx.gate ? `paused for the author: ${ctx.gate.reason}` : 'paused for the author',
      evidence: {},
      options: DECISIONS.map((d) => ({ decision: d, command: `novel decide ${ref} ${d}` })),
      command: `novel decide ${ref} accept|revise|rewrite`,
    };
  }

  const stage = stepStage as ValidatedStage;
  const validation = validateStep(stage, input.view, {
    chapter: ctx.chapter,
    stagingHashes: freshnessBaseline(input.checkpoint, hydrated),
  });
  const evidence = evidenceOf(validation.outputs);
  const who = PRODUCER[stage];
  const modeNote = meta.mode === 'revision' ? ` (revision ${ctx.revision_count})` : meta.mode === 'polish' ? ' (polish pass)' : '';
  if (input.probe.interrupted?.step === step) {
    return { ...common, action: 'execute', reason: interruptedReason(step, input.probe.interrupted.attempt), evidence, diagnostics: validation.diagnostics, command: `novel instructions ${step}` };
  }
  if (validation.valid && validation.fresh) {
    return {
      ...common,
      action: 'advance',
      reason: hydrated.draftLost
        ? `the staged chapter replaced the one recorded at the draft advance${modeNote}: record it as the draft`
        : `the ${who} outputs${modeNote} are present, new and valid: record them`,
      evidence,
      diagnostics: validation.diagnostics,
      command: `novel advance ${step}`,
    };
  }
  let reason: string;
  if (hydrated.draftLost) reason = `the drafted chapter is missing from staging or was replaced since its advance: draft it again${modeNote}`;
  else if (!validation.outputs.some((o) => o.required && o.present)) reason = `run the ${who}${modeNote}`;
  else if (!validation.valid) reason = `the ${who} outputs${modeNote} do not validate: run it again (see \`novel validate ${step}\`)`;
  else reason = `the ${who} outputs${modeNote} are unchanged since the last advance: run it${stage === 'refine' ? ' (a refine that changes nothing counts once it writes a fresh change log)' : ''}`;
  return {
    ...common,
    action: 'execute',
    reason,
    evidence,
    diagnostics: validation.diagnostics,
    command: `novel instructions ${step}`,
  };
}
