/**
 * `next`: what happens now, derived from the rehydrated machine snapshot and
 * the staging probe (PROTOCOL §5). Pure.
 */
import { render, said, say, type MessageKey, type Said } from './messages.js';
import { type GateRecord, type StepMode } from '../../machines/pipeline.states.js';
import { gateReason } from '../../machines/novel.setup.js';
import { DECISIONS } from '../../machines/pipeline.events.js';
import type { Checkpoint } from '../schemas/checkpoint.js';
import type { Diagnostic } from '../schemas/diagnostics.js';
import { journalCommand, journalPath, paths } from './paths.js';
import {
  probePlan,
  probeSetup,
  rehydrate,
  withStagedProbes,
  validationContextFor,
  type BookProbe,
  type Rehydrated,
  type SetupProbe,
} from './rehydrate.js';
import { restMeta, restName, retried, type RestName } from './book-rest.js';
import { SETUP_AGENT } from './setup.js';
import type { Settings } from './settings.js';
import type { StagingView } from './staging-view.js';
import { CHAPTER_STEP_TABLE } from './step-table.js';
import { formatChapterRef, formatStepId, type ChapterStage, type StepId } from './step-id.js';
import { validateStep, type OutputEvidence, type ValidatedStage } from './validate.js';

export type NextAction = 'execute' | 'advance' | 'commit' | 'review' | 'recover' | 'done';

export interface NextDecision {
  /** The step, typed (null once the book is complete): what callers decide on. */
  id: StepId | null;
  /** The same step as its id text (`chapter:012:draft`, `book:complete`): what is printed. */
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
  /** false: leave reason_zh out, for a caller that shows no Chinese reason. */
  zh?: boolean;
}

/** A decision worked out only as far as its step (see `nextStep`): no output validated, no reason said. */
interface StepOnly {
  stepOnly: true;
}

/** A step as a decision carries it: typed, and as its id text. */
const named = (id: StepId): { id: StepId; step: string } => ({ id, step: formatStepId(id) });

function evidenceOf(outputs: OutputEvidence[]): NextDecision['evidence'] {
  const out: NextDecision['evidence'] = {};
  for (const o of outputs) out[o.path] = { present: o.present, valid: o.valid, new: o.new };
  return out;
}

/**
 * The hashes a step's outputs must differ from to count as new (§5). A fresh
 * draft only has to exist and validate; when the drafted chapter was lost, its
 * recorded hash no longer says anything and is ignored.
 */
export function freshnessBaseline(cp: Checkpoint, hydrated: Rehydrated): Record<string, string> {
  if (restMeta(hydrated.snapshot).mode === 'draft') return {};
  const hashes = { ...(cp.staging_hashes ?? {}) };
  if (hydrated.draftLost) delete hashes[paths.stagingChapter(hydrated.snapshot.context.chapter)];
  return hashes;
}

/**
 * A reason from the message catalogue (its arguments plain or said), in English and (unless the caller shows none) in
 * Chinese.
 */
function both<K extends MessageKey>(
  input: NextInput & Partial<StepOnly>,
  key: K,
  ...args: Parameters<typeof said<K>> extends [K, ...infer A] ? A : never
): { reason: string; reason_zh?: string } {
  if (input.stepOnly) return { reason: '' };
  const words = (said as unknown as (k: K, ...a: typeof args) => Said)(key, ...args);
  return input.zh === false
    ? { reason: render('en', words) }
    : { reason: render('en', words), reason_zh: render('zh', words) };
}

export function decideNext(
  input: NextInput,
  hydrated: Rehydrated = rehydrate(input.checkpoint, input.settings, input.view, input.probe),
): NextDecision {
  const d = decideRest(input, hydrated);
  // A live `novel run` is executing a step: what it leaves is its own to check and record, never an interruption.
  const running = input.probe.running;
  return running ? { ...d, ...both(input, 'next.running', { step: running.step, attempt: running.attempt }) } : d;
}

/**
 * Only the step the book awaits, typed and as its id text: what plain `next` prints and what `run` executes. The same
 * decision as `decideNext`, stopped before what only its other fields need (validating the step's staged outputs,
 * saying the reason).
 */
export function nextStep(
  input: NextInput,
  hydrated: Rehydrated = rehydrate(input.checkpoint, input.settings, input.view, input.probe),
): Pick<NextDecision, 'id' | 'step'> {
  const { id, step } = decideRest({ ...input, stepOnly: true }, hydrated);
  return { id, step };
}

function decideRest(input: NextInput & Partial<StepOnly>, hydrated: Rehydrated): NextDecision {
  const { snapshot } = hydrated;
  const name = restName(snapshot);
  // What the state awaits is asked of the machine (its meta), never read from a state name.
  const meta = restMeta(snapshot);
  if (meta.action === 'retry') {
    // What the run would retry: the machine's own RETRY, decided like any other state.
    const again = withStagedProbes(retried(snapshot).snapshot, input.settings, input.view, input.probe);
    const d = decideRest(input, { ...hydrated, ...again });
    return {
      ...d,
      error_retry: true,
      reason: say('en', 'next.error_retry', { reason: d.reason }),
      ...(input.zh === false ? {} : { reason_zh: say('zh', 'next.error_retry', { reason: d.reason_zh ?? d.reason }) }),
    };
  }
  const ctx = snapshot.context;
  const base = {
    stage: input.checkpoint.pipeline_stage ?? null,
    diagnostics: [] as Diagnostic[],
    volume: ctx.volume,
    state: name,
  };

  if (meta.action === 'recover') {
    const j = ctx.journal ?? { kind: 'chapter' as const, chapter: ctx.chapter };
    const rel = input.probe.journalFile ?? journalPath(j);
    // A catch-up commit of an imported chapter is named as such.
    const imported =
      j.kind === 'chapter' &&
      !j.rewind &&
      j.chapter <= ctx.imported_chapters &&
      j.chapter > (input.checkpoint.import_caught_up ?? 0);
    return {
      ...base,
      ...named(
        j.kind === 'setup'
          ? { kind: 'setup', stage: j.step }
          : j.kind === 'chapter'
            ? { kind: imported ? 'import' : 'chapter', chapter: j.chapter, stage: 'commit' }
            : { kind: 'volume', volume: j.volume, stage: 'commit' },
      ),
      action: 'recover',
      ...(j.kind === 'chapter' && j.rewind
        ? both(input, 'next.recover.rewind', { file: rel, chapter: j.chapter })
        : both(input, 'next.recover', { file: rel })),
      chapter: j.kind === 'chapter' ? j.chapter : null,
      revision_count: input.checkpoint.revision_count ?? 0,
      mode: 'commit',
      evidence: { [rel]: { present: true, valid: true, new: true } },
      command: journalCommand(j),
    };
  }

  const setup = hydrated.setup ?? probeSetup(snapshot, input.view, input.probe);
  if (setup !== null) return setupNext(input, setup, meta.action === 'commit', base);
  if (meta.mode === 'import') return importNext(input, hydrated, meta.action === 'commit', base);

  if (meta.action === 'done') {
    return {
      ...base,
      id: null,
      step: 'book:complete',
      action: 'done',
      ...both(input, 'next.complete', {
        last: ctx.last_completed_chapter,
        total: ctx.book_chapters ?? ctx.last_completed_chapter,
      }),
      chapter: null,
      revision_count: 0,
      mode: 'normal',
      evidence: {},
      command: 'novel status',
    };
  }

  if (meta.mode === 'plan') {
    // Whether the plan awaits its commit is the machine's state (planReady, from the probe's PLAN_STAGED).
    const vol = ctx.volume;
    const plan = hydrated.plan ?? probePlan(snapshot, input.settings, input.view, input.probe);
    const range = plan?.range ?? [ctx.last_completed_chapter + 1, ctx.last_completed_chapter + 1];
    const planStep = formatStepId({ kind: 'volume', volume: vol, stage: 'plan' });
    const ready = meta.action === 'commit';
    const { id, step } = named({ kind: 'volume', volume: vol, stage: ready ? 'commit' : 'plan' });
    return {
      ...base,
      id,
      step,
      action: ready ? 'commit' : 'execute',
      ...(ready
        ? both(input, 'next.plan_ready', { volume: vol, first: range[0], last: range[1], dir: paths.volumeDir(vol) })
        : plan?.interrupted
          ? both(input, 'next.interrupted', { step: planStep, attempt: input.probe.interrupted?.attempt ?? 1 })
          : plan?.staged
            ? both(input, 'next.plan_invalid', { volume: vol, step })
            : both(input, 'next.plan', {
                volume: vol,
                first: range[0],
                last: range[1],
                // Before the first chapter, a style step skipped for want of samples is said, not silent.
                noStyle: ctx.last_completed_chapter === 0 && input.probe.sampleMetrics?.() === null,
              })),
      chapter: null,
      revision_count: 0,
      mode: 'plan',
      evidence: {},
      diagnostics: plan?.staged ? plan.problems : [],
      command: ready ? `novel commit --volume ${vol}` : `novel instructions ${step}`,
    };
  }

  const stepStage = (meta.step ?? 'draft') as ChapterStage;
  const { id, step } = named({ kind: 'chapter', chapter: ctx.chapter, stage: stepStage });
  const common = {
    ...base,
    id,
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
      ...both(input, 'next.commit', { gate: ctx.gate ? gateReason(ctx.gate) : null }),
      evidence: {},
      command: `novel commit --chapter ${ctx.chapter}`,
    };
  }
  if (meta.action === 'review') {
    const ref = formatChapterRef(ctx.chapter);
    return {
      ...common,
      action: 'review',
      ...both(input, 'next.review', { gate: ctx.gate ? gateReason(ctx.gate) : null }),
      evidence: {},
      options: DECISIONS.map((d) => ({ decision: d, command: `novel decide ${ref} ${d}` })),
      command: `novel decide ${ref} accept|revise|rewrite`,
    };
  }

  // What the step's outputs are (and so the action and the reason) is all that is left to decide.
  if (input.stepOnly) return { ...common, action: 'execute', reason: '', evidence: {}, command: '' };
  const stage = stepStage as ValidatedStage;
  const validation = validateStep(
    stage,
    input.view,
    validationContextFor(
      stage,
      ctx.chapter,
      { ...input, stagingHashes: freshnessBaseline(input.checkpoint, hydrated) },
      false,
    ),
  );
  const evidence = evidenceOf(validation.outputs);
  const who = CHAPTER_STEP_TABLE[stage].producer;
  const modeNote =
    meta.mode === 'revision' ? ` (revision ${ctx.revision_count})` : meta.mode === 'polish' ? ' (polish pass)' : '';
  if (input.probe.interrupted?.step === step) {
    return {
      ...common,
      action: 'execute',
      ...both(input, 'next.interrupted', { step, attempt: input.probe.interrupted.attempt }),
      evidence,
      diagnostics: validation.diagnostics,
      command: `novel instructions ${step}`,
    };
  }
  if (validation.valid && validation.fresh) {
    return {
      ...common,
      action: 'advance',
      ...both(input, 'next.advance', { who, mode: modeNote, draftLost: hydrated.draftLost }),
      evidence,
      diagnostics: validation.diagnostics,
      command: `novel advance ${step}`,
    };
  }
  const why = hydrated.draftLost
    ? 'lost'
    : !validation.outputs.some((o) => o.required && o.present)
      ? 'missing'
      : !validation.valid
        ? 'invalid'
        : 'unchanged';
  return {
    ...common,
    action: 'execute',
    ...both(input, 'next.execute', { who, mode: modeNote, why, step, refine: stage === 'refine' }),
    evidence,
    diagnostics: validation.diagnostics,
    command: `novel instructions ${step}`,
  };
}

type Base = Pick<NextDecision, 'stage' | 'diagnostics' | 'volume' | 'state'>;

/** A setup step (§14): execute its agent, or commit its valid staged files. */
function setupNext(input: NextInput, found: SetupProbe, ready: boolean, base: Base): NextDecision {
  const { step: setup, staged, problems, interrupted } = found;
  const { id, step } = named({ kind: 'setup', stage: setup });
  const agent = SETUP_AGENT[setup];
  const what =
    setup === 'world'
      ? 'build the world and the storylines'
      : setup === 'characters'
        ? 'weave the cast'
        : 'draw the style profile from samples/';
  return {
    ...base,
    id,
    step,
    action: ready ? 'commit' : 'execute',
    ...(ready
      ? both(input, 'next.setup_ready', { step })
      : interrupted
        ? both(input, 'next.interrupted', { step, attempt: input.probe.interrupted?.attempt ?? 1 })
        : staged
          ? both(input, 'next.setup_invalid', { step, agent })
          : both(input, 'next.setup', { step, agent, what })),
    chapter: null,
    revision_count: 0,
    mode: 'setup',
    evidence: {},
    diagnostics: problems,
    command: ready ? 'novel commit --setup' : `novel instructions ${step}`,
  };
}

/** An imported chapter's catch-up (§14): summarize and advance it like a summarize step, then commit. */
function importNext(
  input: NextInput & Partial<StepOnly>,
  hydrated: Rehydrated,
  summarized: boolean,
  base: Base,
): NextDecision {
  const ctx = hydrated.snapshot.context;
  const chapter = ctx.import_caught_up + 1;
  const common = { ...base, chapter, revision_count: 0, mode: 'import' as const };
  if (summarized) {
    return {
      ...common,
      ...named({ kind: 'import', chapter, stage: 'commit' }),
      action: 'commit',
      ...both(input, 'next.import_commit', { chapter }),
      evidence: {},
      command: `novel commit --chapter ${chapter}`,
    };
  }
  const { id, step } = named({ kind: 'import', chapter, stage: 'summarize' });
  if (input.stepOnly) return { ...common, id, step, action: 'execute', reason: '', evidence: {}, command: '' };
  const validation = validateStep('summarize', input.view, { chapter });
  const evidence = evidenceOf(validation.outputs);
  if (input.probe.interrupted?.step === step) {
    return {
      ...common,
      id,
      step,
      action: 'execute',
      ...both(input, 'next.interrupted', { step, attempt: input.probe.interrupted.attempt }),
      evidence,
      diagnostics: validation.diagnostics,
      command: `novel instructions ${step}`,
    };
  }
  if (validation.valid) {
    return {
      ...common,
      id,
      step,
      action: 'advance',
      ...both(input, 'next.import_advance'),
      evidence,
      diagnostics: validation.diagnostics,
      command: `novel advance ${step}`,
    };
  }
  return {
    ...common,
    id,
    step,
    action: 'execute',
    ...both(input, 'next.import_summarize', { chapter, total: ctx.imported_chapters }),
    evidence,
    diagnostics: validation.diagnostics,
    command: `novel instructions ${step}`,
  };
}
