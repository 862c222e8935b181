/**
 * `next`: what happens now, derived from the rehydrated machine snapshot and
 * the staging probe (PROTOCOL §5). Pure.
 */
import { stateMeta, type GateRecord, type StableState, type StepMode } from '../../machines/pipeline.machine.js';
import { DECISIONS } from '../../machines/pipeline.events.js';
import type { Checkpoint } from '../schemas/checkpoint.js';
import type { Diagnostic } from './diagnostics.js';
import { paths } from './paths.js';
import { rehydrate, stateName, type Rehydrated } from './rehydrate.js';
import type { Settings } from './settings.js';
import type { StagingView } from './staging-view.js';
import { formatStepId, padChapter, padVolume, type ChapterStage } from './step-id.js';
import { validateStep, type OutputEvidence, type ValidatedStage } from './validate.js';
import { plannedRange, stagedVolumeDir, validateVolumePlan } from './volume-plan.js';

export type NextAction = 'execute' | 'advance' | 'commit' | 'review' | 'recover';

export interface NextDecision {
  step: string;
  action: NextAction;
  reason: string;
  chapter: number | null;
  /** pipeline_stage as recorded: the last completed stage. */
  stage: string | null;
  revision_count: number;
  mode: StepMode | 'plan';
  /** The machine state the pipeline rests in. */
  state: StableState | 'volume_planning';
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
  /** Project-relative path of an unfinished commit journal, if any. */
  journal: string | null;
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
  const state = stateName(hydrated.snapshot);
  if (state === 'draft') return {};
  const hashes = { ...(cp.staging_hashes ?? {}) };
  if (hydrated.draftLost) delete hashes[paths.stagingChapter(hydrated.snapshot.context.chapter)];
  return hashes;
}

export function decideNext(input: NextInput, hydrated: Rehydrated = rehydrate(input.checkpoint, input.settings, input.view)): NextDecision {
  const cp = input.checkpoint;
  const base = {
    stage: cp.pipeline_stage ?? null,
    diagnostics: [] as Diagnostic[],
  };

  if (input.journal !== null) {
    const m = /chapter-(\d+)\.json$/.exec(input.journal);
    const vm = /vol-(\d+)\.json$/.exec(input.journal);
    const step = m ? `chapter:${padChapter(Number(m[1]))}:commit` : `volume:${padVolume(Number(vm?.[1] ?? cp.current_volume))}:commit`;
    return {
      ...base,
      step,
      action: 'recover',
      reason: `an unfinished commit journal ${input.journal} must be rolled forward first`,
      chapter: m ? Number(m[1]) : null,
      revision_count: cp.revision_count ?? 0,
      mode: 'commit',
      state: 'commit',
      evidence: { [input.journal]: { present: true, valid: true, new: true } },
      command: m ? `novel commit --chapter ${Number(m[1])}` : `novel commit --volume ${Number(vm?.[1] ?? cp.current_volume)}`,
    };
  }

  if (cp.orchestrator_state === 'VOL_PLANNING' && (cp.inflight_chapter ?? null) === null) {
    const vol = Math.max(1, cp.current_volume);
    const range = plannedRange(cp.last_completed_chapter, vol, input.settings);
    const staged = [...input.view.files.keys()].some((p) => p.startsWith(`${stagedVolumeDir(vol)}/`));
    const problems = staged ? validateVolumePlan(input.view, vol, range) : [];
    const ready = staged && problems.length === 0;
    const step = formatStepId({ kind: 'volume', volume: vol, stage: ready ? 'commit' : 'plan' });
    return {
      ...base,
      step,
      action: ready ? 'commit' : 'execute',
      reason: ready
        ? `the plan of volume ${vol} (chapters ${range[0]}–${range[1]}) is staged and valid: commit it into volumes/vol-${padVolume(vol)}/`
        : staged
          ? `the staged plan of volume ${vol} does not validate (see \`novel validate ${step}\`): run the plot-architect again`
          : `volume ${vol} is being planned (orchestrator_state VOL_PLANNING): run the plot-architect for chapters ${range[0]}–${range[1]}`,
      chapter: null,
      revision_count: 0,
      mode: 'plan',
      state: 'volume_planning',
      evidence: {},
      diagnostics: problems,
      command: ready ? `novel commit --volume ${vol}` : `novel validate ${step}`,
    };
  }

  const { snapshot } = hydrated;
  const state = stateName(snapshot);
  const meta = stateMeta(state);
  const ctx = snapshot.context;
  const stepStage = (meta.step ?? 'draft') as ChapterStage;
  const step = formatStepId({ kind: 'chapter', chapter: ctx.chapter, stage: stepStage });
  const common = {
    ...base,
    step,
    chapter: ctx.chapter,
    revision_count: ctx.revision_count,
    mode: meta.mode,
    state,
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
  else reason = `the ${who} outputs${modeNote} are unchanged since the last advance: run it`;
  return {
    ...common,
    action: 'execute',
    reason,
    evidence,
    diagnostics: validation.diagnostics,
    command: `novel instructions ${step}`,
  };
}
