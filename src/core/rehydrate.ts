/**
 * Checkpoint + staging probe ⇒ machine snapshot (PROTOCOL §5). Only stable
 * states are restored (`machine.resolveState` runs no eventless transitions);
 * the probe then sends the events the staging area implies: DRAFT_LOST when
 * the drafted chapter vanished or is no longer the one recorded at its advance, JUDGED when the checkpoint says `judged` but
 * no gate was recorded.
 */
import { transition, type SnapshotFrom } from 'xstate';
import type { LayeredCheck } from '../../machines/pipeline.gate.js';
import {
  pipelineMachine,
  type GateRecord,
  type PipelineContext,
  type PolicyWarning,
  type StableState,
} from '../../machines/pipeline.machine.js';
import type { Checkpoint, CheckpointGate } from '../schemas/checkpoint.js';
import { paths } from './paths.js';
import type { Settings } from './settings.js';
import type { StagingView } from './staging-view.js';
import { validateStep } from './validate.js';

export type PipelineSnapshot = SnapshotFrom<typeof pipelineMachine>;

export interface Rehydrated {
  snapshot: PipelineSnapshot;
  /** The state restored from the checkpoint alone, before probe events. */
  restored: StableState;
  /** A gate computed from the staged eval that the checkpoint does not record yet. */
  pendingGate: boolean;
  /** The probe found the drafted chapter missing or replaced and went back to draft. */
  draftLost: boolean;
}

function gateFromCheckpoint(gate: CheckpointGate | undefined): GateRecord | null {
  if (!gate) return null;
  const record: GateRecord = {
    ...(gate as Record<string, unknown>),
    decision: gate.decision,
    verdict: gate.verdict ?? (gate.decision === 'accepted_by_user' ? 'pause_for_user' : gate.decision),
    overall_final: gate.overall_final ?? 0,
    high_violation: gate.high_violation ?? false,
    high_confidence_violations: (gate.high_confidence_violations ?? []) as LayeredCheck[],
    warnings: (gate.warnings ?? []) as Array<LayeredCheck | PolicyWarning>,
    reason: gate.reason ?? `gate ${gate.decision} (recorded)`,
  } as GateRecord;
  return record;
}

/** The stable state a checkpoint describes, and the chapter it concerns. */
export function restoredState(cp: Checkpoint): { state: StableState; chapter: number; gateMissing: boolean } {
  const stage = cp.pipeline_stage ?? null;
  const inflight = cp.inflight_chapter ?? null;
  if (stage === null || stage === 'committed' || inflight === null) {
    const chapter = stage === null && inflight !== null ? inflight : cp.last_completed_chapter + 1;
    return { state: 'draft', chapter, gateMissing: false };
  }
  switch (stage) {
    case 'drafting':
      return { state: 'summarize', chapter: inflight, gateMissing: false };
    case 'drafted':
      return { state: 'refine', chapter: inflight, gateMissing: false };
    case 'refined':
      return { state: 'judge', chapter: inflight, gateMissing: false };
    case 'judged': {
      const d = cp.gate?.decision;
      if (d === 'pass' || d === 'accepted_by_user') return { state: 'commit', chapter: inflight, gateMissing: false };
      if (d === 'pause_for_user' || d === 'pause_for_user_force_rewrite') {
        return { state: 'review', chapter: inflight, gateMissing: false };
      }
      return { state: 'judge', chapter: inflight, gateMissing: true };
    }
    case 'revising':
      return {
        state: cp.gate?.decision === 'polish' ? 'polishing' : 'revising',
        chapter: inflight,
        gateMissing: false,
      };
  }
}

export function rehydrate(cp: Checkpoint, settings: Settings, view: StagingView): Rehydrated {
  const { state, chapter, gateMissing } = restoredState(cp);
  const gate = state === 'draft' || gateMissing ? null : gateFromCheckpoint(cp.gate);
  const context: PipelineContext = {
    chapter,
    revision_count: state === 'draft' ? 0 : (cp.revision_count ?? 0),
    max_revisions: settings.max_revisions,
    revision_policy: settings.revision_policy,
    thresholds: settings.thresholds,
    verdict: gate
      ? {
          overall_final: gate.overall_final,
          high_violation: gate.high_violation,
          high_confidence_violations: gate.high_confidence_violations,
          warnings: gate.warnings.filter((w): w is LayeredCheck => w.layer !== 'gate'),
        }
      : null,
    gate,
  };
  let snapshot = pipelineMachine.resolveState({ value: state, context });
  let draftLost = false;
  let pendingGate = false;
  const staged = view.files.get(paths.stagingChapter(chapter));
  const recorded = cp.staging_hashes?.[paths.stagingChapter(chapter)];
  if (state === 'summarize' && (!staged || (recorded !== undefined && staged.sha256 !== recorded))) {
    [snapshot] = transition(pipelineMachine, snapshot, { type: 'DRAFT_LOST' });
    draftLost = true;
  }
  if (gateMissing) {
    const judged = validateStep('judge', view, { chapter });
    if (judged.valid && judged.verdict) {
      [snapshot] = transition(pipelineMachine, snapshot, { type: 'JUDGED', ...judged.verdict });
      pendingGate = true;
    }
  }
  return { snapshot, restored: state, pendingGate, draftLost };
}

export function stateName(snapshot: PipelineSnapshot): StableState {
  return snapshot.value as StableState;
}
