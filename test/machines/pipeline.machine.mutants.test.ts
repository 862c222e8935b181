/** The chapter pipeline machine started on its own: context from the input, the lock passed straight to the draft. */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS } from '../../machines/pipeline.gate.js';
import { pipelineMachine } from '../../machines/pipeline.machine.js';

describe('pipelineMachine', () => {
  it('starts from the input: chapter, revision budget and policy; rests in draft', () => {
    const actor = createActor(pipelineMachine, { input: { chapter: 3, max_revisions: 4, revision_policy: 'auto' } });
    actor.start();
    const s = actor.getSnapshot();
    expect(s.value).toBe('draft');
    expect(s.context).toMatchObject({
      chapter: 3,
      max_revisions: 4,
      revision_policy: 'auto',
      revision_count: 0,
      thresholds: DEFAULT_THRESHOLDS,
      gate: null,
      last_completed_chapter: 2,
    });
    actor.stop();
  });
});
