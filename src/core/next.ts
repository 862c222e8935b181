/**
 * `next`: what happens now, derived from the rehydrated machine snapshot and
 * the staging probe (PROTOCOL §5). Pure.
 */
import { MESSAGES, say, type MessageKey } from './messages.js';
import { transition } from 'xstate';
import { bookMachine } from '../../machines/book.machine.js';
import { stateMeta, type GateRecord, type StepMode } from '../../machines/pipeline.states.js';
import { DECISIONS } from '../../machines/pipeline.events.js';
import type { Checkpoint } from '../schemas/checkpoint.js';
import type { Diagnostic } from './diagnostics.js';
import { journalCommand, journalPath, paths } from './paths.js';
import { chapterRest, rehydrate, restName, type BookProbe, type RestName, type Rehydrated } from './rehydrate.js';
import type { Settings } from './settings.js';
import type { StagingView } from './staging-view.js';
import { formatStepId, padChapter, padVolume, type ChapterStage } from './step-id.js';
import { fixGuardFrom } from './fix-guard.js';
import { validateStep, type OutputEvidence, type ValidatedStage } from './validate.js';
import { planBounds, planRange, stagedVolumeDir, validateVolumePlan } from './volume-plan.js';

export type NextAction = 'execute' | 'advance' | 'commit' | 'review' | 'recover' | 'done';

export interface NextDecision {
  step: string;
  action: NextAction;
  reason: string;
  /** The same reason in Chinese (status and run show it for zh locales). */
  reason_zh?: string;
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
  'title-fix': 'style-refiner (title-fix)',
  judge: 'quality-judge',
  'hook-fix': 'chapter-writer (hook-fix)',
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

/** A reason in both languages, from the message catalogue. */
function both<K extends MessageKey>(key: K, args: Parameters<(typeof MESSAGES)[K]['en']>[0]): { reason: string; reason_zh: string } {
  const e = MESSAGES[key] as unknown as { en: (a: unknown) => string; zh: (a: unknown) => string };
  return { reason: e.en(args), reason_zh: e.zh(args) };
}

export function decideNext(input: NextInput, hydrated: Rehydrated = rehydrate(input.checkpoint, input.settings, input.view, input.probe)): NextDecision {
  const { snapshot } = hydrated;
  const name = restName(snapshot);
  if (name === 'retrying') {
    // What the run would retry: the machine's own RETRY, decided like any other state.
    const [resumed] = transition(bookMachine, snapshot, { type: 'RETRY' });
    const d = decideNext(input, { ...hydrated, snapshot: resumed });
    return { ...d, error_retry: true, reason: say('en', 'next.error_retry', { reason: d.reason }), reason_zh: say('zh', 'next.error_retry', { reason: d.reason_zh ?? d.reason }) };
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
      ...(j.kind === 'chapter' && j.rewind ? both('next.recover.rewind', { file: rel, chapter: j.chapter }) : both('next.recover', { file: rel })),
      chapter: j.kind === 'chapter' ? j.chapter : null,
      revision_count: input.checkpoint.revision_count ?? 0,
      mode: 'commit',
      evidence: { [rel]: { present: true, valid: true, new: true } },
      command: journalCommand(j),
    };
  }

  if (name === 'complete') {
    return {
      ...base,
      step: 'book:complete',
      action: 'done',
      ...both('next.complete', { last: ctx.last_completed_chapter, total: ctx.book_chapters ?? ctx.last_completed_chapter }),
      chapter: null,
      revision_count: 0,
      mode: 'normal',
      evidence: {},
      command: 'novel status',
    };
  }

  if (name === 'planning') {
    const vol = ctx.volume;
    const bounds = planBounds(ctx.last_completed_chapter, ctx.outline_chapters, input.settings);
    const range = planRange(input.view, vol, bounds);
    const staged = [...input.view.files.keys()].some((p) => p.startsWith(`${stagedVolumeDir(vol)}/`));
    const problems = staged ? validateVolumePlan(input.view, vol, range, input.probe.storylines ?? null, bounds) : [];
    const planStep = formatStepId({ kind: 'volume', volume: vol, stage: 'plan' });
    const interrupted = input.probe.interrupted?.step === planStep;
    const ready = staged && problems.every((d) => d.severity !== 'error') && !interrupted;
    const step = ready ? formatStepId({ kind: 'volume', volume: vol, stage: 'commit' }) : planStep;
    return {
      ...base,
      step,
      action: ready ? 'commit' : 'execute',
      ...(ready
        ? both('next.plan_ready', { volume: vol, first: range[0], last: range[1], dir: `volumes/vol-${padVolume(vol)}` })
        : interrupted
          ? both('next.interrupted', { step: planStep, attempt: input.probe.interrupted?.attempt ?? 1 })
          : staged
            ? both('next.plan_invalid', { volume: vol, step })
            : both('next.plan', { volume: vol, first: range[0], last: range[1] })),
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
      ...both('next.commit', { gate: ctx.gate?.reason ?? null }),
      evidence: {},
      command: `novel commit --chapter ${ctx.chapter}`,
    };
  }
  if (meta.action === 'review') {
    const ref = `chapter:${padChapter(ctx.chapter)}`;
    return {
      ...common,
      action: 'review',
      ...both('next.review', { gate: ctx.gate?.reason ?? null }),
      evidence: {},
      options: DECISIONS.map((d) => ({ decision: d, command: `novel decide ${ref} ${d}` })),
      command: `novel decide ${ref} accept|revise|rewrite`,
    };
  }

  const stage = stepStage as ValidatedStage;
  const fixGuard = fixGuardFrom((input.checkpoint as Record<string, unknown>).fix_guard);
  const validation = validateStep(stage, input.view, {
    chapter: ctx.chapter,
    stagingHashes: freshnessBaseline(input.checkpoint, hydrated),
    ...(fixGuard ? { fixGuard } : {}),
  });
  const evidence = evidenceOf(validation.outputs);
  const who = PRODUCER[stage];
  const modeNote = meta.mode === 'revision' ? ` (revision ${ctx.revision_count})` : meta.mode === 'polish' ? ' (polish pass)' : '';
  if (input.probe.interrupted?.step === step) {
    return { ...common, action: 'execute', ...both('next.interrupted', { step, attempt: input.probe.interrupted.attempt }), evidence, diagnostics: validation.diagnostics, command: `novel instructions ${step}` };
  }
  if (validation.valid && validation.fresh) {
    return {
      ...common,
      action: 'advance',
      ...both('next.advance', { who, mode: modeNote, draftLost: hydrated.draftLost }),
      evidence,
      diagnostics: validation.diagnostics,
      command: `novel advance ${step}`,
    };
  }
  const why = hydrated.draftLost ? 'lost' : !validation.outputs.some((o) => o.required && o.present) ? 'missing' : !validation.valid ? 'invalid' : 'unchanged';
  const { reason, reason_zh } = both('next.execute', { who, mode: modeNote, why, step, refine: stage === 'refine' });
  return {
    ...common,
    action: 'execute',
    reason,
    reason_zh,
    evidence,
    diagnostics: validation.diagnostics,
    command: `novel instructions ${step}`,
  };
}
