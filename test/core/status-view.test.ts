/** The status ladder comes from the machine states' meta. */
import { describe, expect, it } from 'vitest';
import { STABLE_STATES, stateMeta } from '../../machines/pipeline.machine.js';
import type { NextDecision } from '../../src/core/next.js';
import { buildStatusView, renderStatus } from '../../src/core/status-view.js';

const lock = { held: false, stale: false, holder: null } as never;
const view = (state: NextDecision['state'], chapter: number | null = 4, decision: Partial<NextDecision> = {}) =>
  buildStatusView({
    next: {
      id: null,
      step: 's',
      action: 'execute',
      reason: 'r',
      chapter,
      stage: null,
      revision_count: 0,
      mode: 'draft',
      state,
      volume: 1,
      evidence: {},
      diagnostics: [],
      command: 'c',
      ...decision,
    },
    volume: 1,
    lastCompleted: 3,
    maxRevisions: 2,
    outline: null,
    lock,
  });

describe('status view', () => {
  it('marks the rung each chapter state names in its meta', () => {
    for (const state of STABLE_STATES) {
      const rung = stateMeta(state).ladder;
      const current = view(state).stages.find((s) => s.status === 'current');
      if (rung === null) expect(current).toBeUndefined();
      else expect(current).toEqual({ name: rung.rung, status: 'current', ...(rung.note ? { note: rung.note } : {}) });
    }
  });

  it('book states have no rung and say what the book does', () => {
    expect(view('planning', null).stages.every((s) => s.status === 'pending')).toBe(true);
    expect(renderStatus(view('planning', null, { mode: 'plan' }))).toMatch(/volume 1: planning/);
    expect(renderStatus(view('complete', null, { action: 'done', mode: 'normal' }))).toMatch(
      /the planned book is complete/,
    );
    expect(renderStatus(view('recovering', null, { action: 'recover', mode: 'commit' }))).toMatch(
      /an interrupted plan commit to finish/,
    );
    expect(renderStatus(view('world', null, { step: 'book:world', mode: 'setup' }))).toMatch(
      /volume 1: setting up the book \(book:world\)/,
    );
    expect(renderStatus(view('world', null, { step: 'book:world', mode: 'setup' }), 'zh')).toMatch(
      /新书设定中（book:world）/,
    );
    expect(renderStatus(view('importSummarize', 2, { step: 'import:002:summarize', mode: 'import' }))).toMatch(
      /^imported chapter 2: its catch-up summary/,
    );
  });
});
