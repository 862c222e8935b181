/**
 * Snapshot ⇒ checkpoint fields (the §3 table). The one function every
 * mutating command uses to write `.checkpoint.json`; `undefined` removes a key.
 */
import type { GateRecord } from '../../machines/pipeline.machine.js';
import type { PipelineStage } from '../schemas/checkpoint.js';
import { stateName, type PipelineSnapshot } from './rehydrate.js';

export interface CheckpointFields {
  pipeline_stage: PipelineStage | null;
  inflight_chapter: number | null;
  revision_count: number;
  gate: GateRecord | undefined;
  last_completed_chapter?: number;
}

export function projectCheckpoint(snapshot: PipelineSnapshot): CheckpointFields {
  const { chapter, revision_count, gate } = snapshot.context;
  const inflight = (pipeline_stage: PipelineStage | null, withGate = false): CheckpointFields => ({
    pipeline_stage,
    inflight_chapter: chapter,
    revision_count,
    gate: withGate && gate ? gate : undefined,
  });
  switch (stateName(snapshot)) {
    case 'draft':
      return inflight(null);
    case 'summarize':
      return inflight('drafting', revision_count > 0);
    case 'refine':
      return inflight('drafted', revision_count > 0);
    case 'judge':
      return inflight('refined', revision_count > 0);
    case 'commit':
    case 'review':
      return inflight('judged', true);
    case 'revising':
    case 'polishing':
      return inflight('revising', true);
    case 'done':
      return {
        pipeline_stage: 'committed',
        inflight_chapter: null,
        revision_count: 0,
        gate: undefined,
        last_completed_chapter: chapter,
      };
  }
}
