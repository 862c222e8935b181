/**
 * advance and decide, planned purely from the book machine: which files a
 * transition archives comes from the effects `transition()` returns.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/core/settings.js';
import { planAdvance, planDecide } from '../../src/core/transitions.js';
import type { Checkpoint } from '../../src/schemas/checkpoint.js';
import { staged } from '../helpers/staging.js';

const refined: Checkpoint = {
  last_completed_chapter: 3,
  current_volume: 1,
  orchestrator_state: 'WRITING',
  pipeline_stage: 'refined',
  inflight_chapter: 4,
  revision_count: 0,
} as Checkpoint;
const probe = { journal: null, outline_chapters: Array.from({ length: 30 }, (_, i) => i + 1) };
const settings = DEFAULT_SETTINGS;

describe('transitions', () => {
  it('a judge advance that revises archives the round (archiveRound) and counts the revision', () => {
    const view = staged('draft/good', 'summarize/good', 'judge/overall-3.2');
    const plan = planAdvance(
      { checkpoint: refined, settings, view, probe },
      { kind: 'chapter', chapter: 4, stage: 'judge' },
    );
    expect(plan.to).toBe('revising');
    expect(plan.fields).toMatchObject({ pipeline_stage: 'revising', revision_count: 1, orchestrator_state: 'WRITING' });
    expect(plan.archive?.dir).toBe('staging/revisions/chapter-004/round-1');
    expect(plan.archive?.files).toEqual(
      expect.arrayContaining([
        'staging/evaluations/chapter-004-eval.json',
        'staging/state/chapter-004-delta.json',
        'staging/storylines/main-sword/memory.md',
      ]),
    );
    expect(plan.archive?.files).not.toContain('staging/chapters/chapter-004.md');
  });

  it('a judge advance that passes archives nothing', () => {
    const plan = planAdvance(
      { checkpoint: refined, settings, view: staged('draft/good', 'summarize/good', 'judge/overall-4.2'), probe },
      { kind: 'chapter', chapter: 4, stage: 'judge' },
    );
    expect(plan.to).toBe('commit');
    expect(plan.archive).toBeNull();
    expect(plan.fields.gate?.decision).toBe('pass');
  });

  it('decide rewrite archives every staged output (archiveRewrite); revise archives the round', () => {
    const view = staged('draft/good', 'summarize/good', 'judge/overall-2.0');
    const paused = {
      ...refined,
      pipeline_stage: 'judged',
      gate: { decision: 'pause_for_user', overall_final: 2 },
    } as Checkpoint;
    const rewrite = planDecide({ checkpoint: paused, settings, view, probe, existingRewrites: 1 }, 4, 'rewrite');
    expect(rewrite.to).toBe('draft');
    expect(rewrite.archive?.dir).toBe('staging/revisions/chapter-004/rewrite-2');
    expect(rewrite.archive?.files).toContain('staging/chapters/chapter-004.md');
    expect(rewrite.fields).toMatchObject({ pipeline_stage: null, inflight_chapter: 4, revision_count: 0 });
    const revise = planDecide({ checkpoint: paused, settings, view, probe, existingRewrites: 0 }, 4, 'revise');
    expect(revise.archive?.dir).toBe('staging/revisions/chapter-004/round-1');
    expect(revise.archive?.files).not.toContain('staging/chapters/chapter-004.md');
  });

  it('a step recorded by hand after an executor failure retries first: orchestrator_state WRITING again', () => {
    const failed = { ...refined, orchestrator_state: 'ERROR_RETRY' } as Checkpoint;
    const plan = planAdvance(
      { checkpoint: failed, settings, view: staged('draft/good', 'summarize/good', 'judge/overall-4.2'), probe },
      { kind: 'chapter', chapter: 4, stage: 'judge' },
    );
    expect(plan.events.map((e) => e.type)).toEqual(['RETRY', 'JUDGED']);
    expect(plan.fields.orchestrator_state).toBe('WRITING');
  });

  it('no chapter step is recorded while the volume is to be planned', () => {
    const planning = {
      ...refined,
      pipeline_stage: 'committed',
      inflight_chapter: null,
      orchestrator_state: 'VOL_PLANNING',
    } as Checkpoint;
    expect(() =>
      planAdvance(
        { checkpoint: planning, settings, view: staged('draft/good'), probe },
        { kind: 'chapter', chapter: 4, stage: 'draft' },
      ),
    ).toThrow(/volume 1 is to be planned first/);
  });
});
