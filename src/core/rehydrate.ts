/**
 * Checkpoint + settings + probes ⇒ book machine snapshot (PROTOCOL §5). Only
 * stable states are restored (`resolveState` runs no eventless transitions),
 * through the one table of machines/book.table.ts. Where no chapter is in
 * flight, the machine's own router (`resolving`) decides: a volume to plan,
 * the next chapter, or the end of the book. The staging probe then sends the
 * events staging implies: DRAFT_LOST when the drafted chapter vanished or is
 * no longer the one recorded at its advance, JUDGED when the checkpoint says
 * `judged` but records no usable gate.
 */
import { planBounds, planRange, validateVolumePlan, type StorylineIndex } from './volume-plan.js';
import type { Diagnostic } from '../schemas/diagnostics.js';
import { formatStepId } from './step-id.js';
import { setupWritable, validateSetup } from './setup.js';
import { transition } from 'xstate';
import {
  chapterRest,
  restMeta,
  restName,
  setupRest,
  startingSnapshot,
  type BookSnapshot,
  type RestName,
} from './book-rest.js';
import { bookMachine } from '../../machines/book.machine.js';
import { chapterStateOf, type ChapterRestState } from '../../machines/book.table.js';
import { judgedChange } from './judged-bytes.js';
import type { LayeredCheck, VerdictWarning } from '../../machines/pipeline.gate.js';
import {
  RESUMABLE_STATES,
  type SetupStep,
  type BookContext,
  type GateRecord,
  type JournalRef,
  type PolicyWarning,
  type ResumableState,
} from '../../machines/novel.setup.js';
import { stateMeta } from '../../machines/pipeline.states.js';
import type { PipelineEvent } from '../../machines/pipeline.events.js';
import type { Checkpoint, CheckpointGate } from '../schemas/checkpoint.js';
import { paths } from './paths.js';
import { isSaid, messageEntry, render, said, type MessageKey, type Said } from './messages.js';
import type { Settings } from './settings.js';
import type { StagingView } from './staging-view.js';
import { validateStep, type LintSetup, type ValidatedStage, type ValidationContext } from './validate.js';
import type { StateDoc } from './state-ops.js';
import type { ContinuityFacts } from './continuity.js';
import type { LintLists, StyleMetrics } from './lint.js';
import { isKeyChapter } from './key-chapters.js';
import { fixGuardFrom, type FixGuard } from './fix-guard.js';

/** What the I/O shell found besides the checkpoint. */
export interface BookProbe {
  /** An unfinished commit journal. */
  journal: JournalRef | null;
  /** Chapters with an outline block in volumes/vol-{current}/outline.md. */
  outline_chapters: readonly number[];
  /** An executor step `novel run` started and never saw finish (its outputs are not reused). */
  interrupted?: { step: string; attempt: number } | null;
  /** An executor step a live `novel run` (another process) is executing now. */
  running?: { step: string; attempt: number } | null;
  /** The lint's word lists (ai-blacklist.json, cliche-lint.json), read by the I/O shell at the first call. */
  lintLists?: () => LintLists;
  /** The chapters inside the current volume's convergence events (storyline-schedule.json), read at the first call. */
  convergenceChapters?: () => readonly number[];
  /** storylines/storylines.json's ids and names, read while a volume is planned (null: no usable file). */
  storylines?: StorylineIndex | null;
  /** The first setup step whose files are missing (§14), probed before the first chapter and plan only. */
  setup?: SetupStep | null;
  /** novel's style numbers of samples/ (§14 book:style), read at the first call (null: no sample text). */
  sampleMetrics?: () => StyleMetrics | null;
  /** The unfinished journal's own path, when one is pending. */
  journalFile?: string | null;
  /** The facts the continuity checks read (the committed state, the cast, the ladders), read at the first call. */
  continuity?: () => ContinuityFacts;
}

export interface Rehydrated {
  snapshot: BookSnapshot;
  /** The state restored from the checkpoint alone, before probe events. */
  restored: RestName;
  /** A gate computed from the staged eval that the checkpoint does not record yet. */
  pendingGate: boolean;
  /** The probe found the drafted chapter missing or replaced and went back to draft. */
  draftLost: boolean;
  /** Effects (named actions) of the probe's own events, for the next mutating command to carry out. */
  effects: string[];
  /** What the probe found of the plan of the volume being planned (null: no volume is being planned). */
  plan?: PlanProbe | null;
  /** What the probe found of the setup step the book awaits (null: the book is not being set up). */
  setup?: SetupProbe | null;
}

/** The staged files of the setup step a book awaits, as the probe finds them. */
export interface SetupProbe {
  step: SetupStep;
  /** Any file of the step is staged. */
  staged: boolean;
  problems: Diagnostic[];
  /** An execution of the step was interrupted (its files may be half written). */
  interrupted: boolean;
}

/** The setup step a book being set up awaits, probed in staging/ (null: the book is not being set up). */
export function probeSetup(snapshot: BookSnapshot, view: StagingView, probe: BookProbe): SetupProbe | null {
  const step = setupRest(snapshot);
  if (step === null) return null;
  const staged = [...view.files.keys()].some((p) => setupWritable(p, step));
  const problems = staged ? validateSetup(step, view, probe.sampleMetrics?.() ?? null).diagnostics : [];
  const interrupted = probe.interrupted?.step === formatStepId({ kind: 'setup', stage: step });
  return { step, staged, problems, interrupted };
}

/** Staged, valid and not interrupted: what a probe event (PLAN_STAGED, SETUP_STAGED) says. */
const stagedAndValid = (found: { staged: boolean; interrupted: boolean; problems: Diagnostic[] } | null): boolean =>
  found?.staged === true && !found.interrupted && found.problems.every((d) => d.severity !== 'error');

/**
 * The probe's events for a book that plans or sets up: a plan or setup step
 * whose files are found staged and valid awaits its commit (PLAN_STAGED,
 * SETUP_STAGED). The machine's state then says what `next` does.
 */
export function withStagedProbes(
  snapshot: BookSnapshot,
  settings: Settings,
  view: StagingView,
  probe: BookProbe,
): Pick<Rehydrated, 'snapshot' | 'plan' | 'setup'> {
  const plan = probePlan(snapshot, settings, view, probe);
  const setup = probeSetup(snapshot, view, probe);
  const event: PipelineEvent | null = stagedAndValid(plan)
    ? { type: 'PLAN_STAGED' }
    : stagedAndValid(setup)
      ? { type: 'SETUP_STAGED' }
      : null;
  const next = event !== null && snapshot.can(event) ? transition(bookMachine, snapshot, event)[0] : snapshot;
  return { snapshot: next, plan, setup };
}

/** The staged plan of the volume being planned, as the probe finds it. */
export interface PlanProbe {
  volume: number;
  /** The chapters the plan is for. */
  range: [number, number];
  /** Anything is staged under the volume's plan folder. */
  staged: boolean;
  problems: Diagnostic[];
  /** An execution of the plan step was interrupted (its files may be half written). */
  interrupted: boolean;
}

/** The plan of the volume a planning book awaits, probed in staging/ (null: the book is not planning). */
export function probePlan(
  snapshot: BookSnapshot,
  settings: Settings,
  view: StagingView,
  probe: BookProbe,
): PlanProbe | null {
  if (restMeta(snapshot).mode !== 'plan') return null;
  const { volume, last_completed_chapter, outline_chapters } = snapshot.context;
  const bounds = planBounds(last_completed_chapter, outline_chapters, settings);
  const range = planRange(view, volume, bounds);
  const dir = `${paths.stagedVolumeDir(volume)}/`;
  const staged = [...view.files.keys()].some((p) => p.startsWith(dir));
  const problems = staged ? validateVolumePlan(view, volume, range, probe.storylines ?? null, bounds) : [];
  const interrupted = probe.interrupted?.step === formatStepId({ kind: 'volume', volume, stage: 'plan' });
  return { volume, range, staged, problems, interrupted };
}

/** The quality layer of a validation: the settings' quality and the probe's word lists (none without them). */
export function qualityContext(settings: Settings, probe: BookProbe, chapter: number): { quality?: LintSetup } {
  if (!probe.lintLists) return {};
  const key =
    settings.quality.key_chapters && isKeyChapter(chapter, probe.outline_chapters, probe.convergenceChapters?.() ?? []);
  return { quality: { settings: settings.quality, lists: probe.lintLists, ...(key ? { keyChapter: true } : {}) } };
}

/** What the validation of a chapter step reads besides staging/. */
export interface ValidationSources {
  checkpoint: Checkpoint;
  settings: Settings;
  probe: BookProbe;
  /** The hashes the outputs must differ from to count as new. */
  stagingHashes?: Readonly<Record<string, string>>;
  /**
   * The current state and the committed storyline memories (a summarize step's ops and memory are checked against
   * them).
   */
  state?: StateDoc;
  committedMemory?: (storylineId: string) => string | undefined;
}

/**
 * The one validation context of a chapter step (§4): `next` decides with the
 * light one (presence, shape, freshness, the micro-step's byte rule); `advance`
 * and `validate` check with the full one (`full`: the lint, the staged title,
 * the ops' dry run, the memory keep rule, the 字数 target).
 */
export function validationContextFor(
  stage: ValidatedStage,
  chapter: number,
  s: ValidationSources,
  full: boolean,
): ValidationContext {
  const stagedTitle = (s.checkpoint as Record<string, unknown>).staged_title;
  return {
    chapter,
    ...(s.stagingHashes ? { stagingHashes: s.stagingHashes } : {}),
    ...(full && typeof stagedTitle === 'string' && stage === 'refine' ? { stagedTitle } : {}),
    ...(full && s.state && stage === 'summarize' ? { state: s.state } : {}),
    ...(full && s.committedMemory && stage === 'summarize'
      ? { committedMemory: s.committedMemory, memoryKeepRatio: s.settings.memory_keep_ratio }
      : {}),
    ...(full && s.settings.chapter_length ? { chapterLength: s.settings.chapter_length } : {}),
    ...(full ? qualityContext(s.settings, s.probe, chapter) : {}),
    ...(full && s.probe.continuity ? { continuity: s.probe.continuity } : {}),
    ...fixContext(s.checkpoint),
    ...(stage === 'judge' && s.checkpoint.pipeline_stage === 'judged' && s.checkpoint.judged_hashes
      ? { judgedHashes: s.checkpoint.judged_hashes }
      : {}),
  };
}

/** The byte rule of a title-fix or hook-fix in flight (the checkpoint's fix_guard). */
export function fixContext(cp: Checkpoint): { fixGuard?: FixGuard } {
  const fixGuard = fixGuardFrom((cp as Record<string, unknown>).fix_guard);
  return fixGuard ? { fixGuard } : {};
}

function gateFromCheckpoint(gate: CheckpointGate | undefined): GateRecord | null {
  if (!gate) return null;
  const record = {
    ...(gate as Record<string, unknown>),
    decision: gate.decision,
    verdict: gate.verdict ?? (gate.decision === 'accepted_by_user' ? 'pause_for_user' : gate.decision),
    overall_final: gate.overall_final ?? 0,
    high_violation: gate.high_violation ?? false,
    high_confidence_violations: (gate.high_confidence_violations ?? []) as LayeredCheck[],
    warnings: (gate.warnings ?? []) as Array<VerdictWarning | PolicyWarning>,
    ...recordedReason(gate),
  } as GateRecord;
  if (record.words === undefined) delete record.words;
  return record;
}

/**
 * A recorded gate's reason: its English and its said words. Words naming a
 * message this version lacks (a record written by another) are left out, and
 * its English is shown as it is; a record without a reason says its decision.
 */
function recordedReason(gate: CheckpointGate): Pick<GateRecord, 'reason' | 'words'> {
  if (gate.reason === undefined) {
    const words = said('gate.recorded', { decision: gate.decision });
    return { reason: render('en', words), words };
  }
  return { reason: gate.reason, words: knownWords(gate.words) };
}

/** Said words every message of which the catalogue holds, arguments included (undefined: not such words). */
function knownWords(w: unknown): Said | undefined {
  if (!isSaid(w) || w.args === null || messageEntry(w.id as MessageKey) === undefined) return undefined;
  return Object.values(w.args).every((arg) => !isSaid(arg) || knownWords(arg) !== undefined) ? w : undefined;
}

function bookInput(cp: Checkpoint, settings: Settings, probe: BookProbe, chapter: number) {
  return {
    chapter,
    max_revisions: settings.max_revisions,
    revision_policy: settings.revision_policy,
    thresholds: settings.thresholds,
    volume: Math.max(1, cp.current_volume),
    last_completed_chapter: cp.last_completed_chapter,
    chapters_per_volume: settings.chapters_per_volume,
    book_chapters: settings.book_chapters,
    outline_chapters: probe.outline_chapters,
    planning: cp.orchestrator_state === 'VOL_PLANNING',
    journal: probe.journal,
    title_fixed: (cp as Record<string, unknown>).title_fixed === true,
    hook_fixed_round:
      typeof (cp as Record<string, unknown>).hook_fixed_round === 'number'
        ? ((cp as Record<string, unknown>).hook_fixed_round as number)
        : null,
    setup: probe.setup ?? null,
    imported_chapters: cp.imported_chapters ?? 0,
    import_caught_up: cp.import_caught_up ?? 0,
    import_summarized: cp.import_stage === 'summarized',
  };
}

const isResumable = (s: ChapterRestState): s is ResumableState => (RESUMABLE_STATES as readonly string[]).includes(s);

export function rehydrate(cp: Checkpoint, settings: Settings, view: StagingView, probe: BookProbe): Rehydrated {
  const stage = cp.pipeline_stage ?? null;
  const inflight = cp.inflight_chapter ?? null;
  const rested = chapterStateOf(stage, inflight, cp.gate?.decision);
  // A judged chapter (or evaluation) whose bytes changed since the judge's advance is judged again (§17).
  const rejudge =
    stage === 'judged' &&
    inflight !== null &&
    judgedChange(cp.judged_hashes, inflight, (rel) => view.files.get(rel)?.sha256 ?? null) !== null;
  const { state: chapterState, gateMissing } = rejudge
    ? { state: 'judge' as ChapterRestState, gateMissing: false }
    : rested;
  const claimed = inflight !== null && stage !== 'committed';
  const chapter = claimed ? inflight : cp.last_completed_chapter + 1;
  const input = bookInput(cp, settings, probe, chapter);
  const errorRetry = cp.orchestrator_state === 'ERROR_RETRY';

  // No chapter in flight and nothing to resume: the machine's router decides.
  if (probe.journal !== null || (!claimed && !errorRetry)) {
    const routed = startingSnapshot(input);
    return {
      ...withStagedProbes(routed, settings, view, probe),
      restored: restName(routed),
      pendingGate: false,
      draftLost: false,
      effects: [],
    };
  }

  const fresh = startingSnapshot({ ...input, planning: false });
  // A fresh draft (nothing of the chapter recorded yet) carries no gate, revision or micro-step flags.
  const freshDraft = stateMeta(chapterState).mode === 'draft';
  const gate = freshDraft || gateMissing || rejudge ? null : gateFromCheckpoint(cp.gate);
  const context: BookContext = {
    ...fresh.context,
    chapter,
    revision_count: freshDraft ? 0 : (cp.revision_count ?? 0),
    // The micro-steps' flags (§13.4), restored like the revision count.
    title_fixed: freshDraft ? false : input.title_fixed,
    hook_fixed_round: freshDraft ? null : input.hook_fixed_round,
    verdict: gate
      ? {
          overall_final: gate.overall_final,
          ...(gate.overall_judge !== undefined ? { overall_judge: gate.overall_judge } : {}),
          ...(gate.weights !== undefined ? { weights: gate.weights } : {}),
          ...(gate.lint !== undefined ? { lint: gate.lint } : {}),
          high_violation: gate.high_violation,
          high_confidence_violations: gate.high_confidence_violations,
          warnings: gate.warnings.filter((w): w is VerdictWarning => w.layer !== 'gate'),
        }
      : null,
    gate,
    planning: input.planning,
    claimed,
    resume: null,
  };

  if (errorRetry) {
    // Failed in a chapter step, or (nothing claimed and nothing planned) while planning.
    const inChapter = claimed || chapterRest(fresh) !== null;
    const resume = inChapter && isResumable(chapterState) ? chapterState : null;
    if (resume !== null || !inChapter) {
      const snapshot = bookMachine.resolveState({ value: 'retrying', context: { ...context, resume } });
      return { snapshot, restored: 'retrying', pendingGate: false, draftLost: false, effects: [] };
    }
  }

  let snapshot = bookMachine.resolveState({ value: { writing: chapterState }, context });
  const restored = chapterState;
  let draftLost = false;
  let pendingGate = false;
  const effects: string[] = [];
  const staged = view.files.get(paths.stagingChapter(chapter));
  const recorded = cp.staging_hashes?.[paths.stagingChapter(chapter)];
  if (
    stateMeta(chapterState).step === 'summarize' &&
    (!staged || (recorded !== undefined && staged.sha256 !== recorded))
  ) {
    [snapshot] = transition(bookMachine, snapshot, { type: 'DRAFT_LOST' });
    draftLost = true;
  }
  if (gateMissing) {
    const judged = validateStep('judge', view, {
      chapter,
      ...qualityContext(settings, probe, chapter),
      ...(probe.continuity ? { continuity: probe.continuity } : {}),
    });
    if (judged.valid && judged.verdict) {
      let actions;
      [snapshot, actions] = transition(bookMachine, snapshot, { type: 'JUDGED', ...judged.verdict });
      effects.push(...actions.map((a) => a.type));
      pendingGate = true;
    }
  }
  return { snapshot, restored, pendingGate, draftLost, effects };
}
