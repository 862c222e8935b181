/**
 * projectCheckpoint state by state: which checkpoint fields each rest of the
 * book machine writes (machines/book.table.ts), the gate only where the row
 * keeps it, the micro-step fields, imports, and a failed step kept in flight.
 */
import { describe, expect, it } from 'vitest';
import { bookMachine } from '../../machines/book.machine.js';
import { DEFAULT_THRESHOLDS } from '../../machines/pipeline.gate.js';
import { initialContext } from '../../machines/pipeline.machine.js';
import type { GateRecord, ResumableState } from '../../machines/novel.setup.js';
import { projectCheckpoint } from '../../src/core/projection.js';

const G: GateRecord = {
  decision: 'revise',
  verdict: 'revise',
  overall_final: 3.2,
  high_violation: false,
  high_confidence_violations: [],
  warnings: [],
  reason: 'revise (test)',
};
type Ctx = ReturnType<typeof initialContext>;

function project(value: unknown, over: Partial<Ctx> = {}) {
  const context = {
    ...initialContext({ chapter: 5, last_completed_chapter: 4, thresholds: DEFAULT_THRESHOLDS, outline_chapters: [5] }),
    claimed: true,
    ...over,
  };
  return projectCheckpoint(bookMachine.resolveState({ value: value as never, context }));
}
const COMMITTED = { pipeline_stage: 'committed', inflight_chapter: null, revision_count: 0, gate: undefined };

describe('projectCheckpoint: a chapter in flight', () => {
  it('a claimed chapter writes its stage, chapter and revision count', () => {
    expect(project({ writing: 'judge' }, { revision_count: 1, gate: G })).toMatchObject({
      orchestrator_state: 'WRITING',
      pipeline_stage: 'refined',
      inflight_chapter: 5,
      revision_count: 1,
      last_completed_chapter: 4,
      current_volume: 1,
    });
  });

  it('a draft not yet claimed is written as committed; a claimed draft is in flight with no stage', () => {
    expect(project({ writing: 'draft' }, { claimed: false })).toMatchObject({
      orchestrator_state: 'WRITING',
      ...COMMITTED,
    });
    expect(project({ writing: 'draft' }, { claimed: true })).toMatchObject({
      orchestrator_state: 'WRITING',
      pipeline_stage: null,
      inflight_chapter: 5,
    });
  });

  it('only the draft is written as committed when unclaimed; any later state stays in flight', () => {
    expect(project({ writing: 'judge' }, { claimed: false })).toMatchObject({
      pipeline_stage: 'refined',
      inflight_chapter: 5,
    });
  });

  it('the gate is kept where the row says: in_revision only in a revision round, always, never', () => {
    expect(project({ writing: 'judge' }, { revision_count: 0, gate: G }).gate).toBeUndefined();
    expect(project({ writing: 'judge' }, { revision_count: 1, gate: G }).gate).toEqual(G);
    expect(
      project({ writing: 'commit' }, { revision_count: 0, gate: { ...G, decision: 'pass', verdict: 'pass' } }).gate,
    ).toMatchObject({ decision: 'pass' });
    expect(project({ writing: 'hookFix' }, { revision_count: 1, gate: G }).gate).toBeUndefined();
    expect(project({ writing: 'commit' }, { revision_count: 0, gate: null }).gate).toBeUndefined();
  });

  it('micro-step fields: title_fixed only when true, the hook-fix round as it is', () => {
    const fixed = project({ writing: 'judge' }, { title_fixed: true, hook_fixed_round: 2, revision_count: 2, gate: G });
    expect(fixed).toMatchObject({ title_fixed: true, hook_fixed_round: 2 });
    const plain = project({ writing: 'judge' });
    expect(plain.title_fixed).toBeUndefined();
    expect(plain.hook_fixed_round).toBeUndefined();
  });

  it(
    'outside a fix state the recorded fix guard is cleared (key ' +
      'present, undefined); in one it is left alone (key absent)',
    () => {
      const judge = project({ writing: 'judge' });
      expect('fix_guard' in judge).toBe(true);
      expect(judge.fix_guard).toBeUndefined();
      expect('fix_guard' in project({ writing: 'titleFix' })).toBe(false);
      expect('fix_guard' in project({ writing: 'hookFix' })).toBe(false);
    },
  );

  it('a committed chapter (done) is written as committed', () => {
    expect(project({ writing: 'done' }, { revision_count: 1, gate: G })).toMatchObject({
      orchestrator_state: 'WRITING',
      ...COMMITTED,
      title_fixed: undefined,
      hook_fixed_round: undefined,
      fix_guard: undefined,
    });
  });
});

describe('projectCheckpoint: book states', () => {
  it('each book rest writes its orchestrator_state, nested ones included', () => {
    expect(project('planning', { planning: true }).orchestrator_state).toBe('VOL_PLANNING');
    expect(project({ setup: 'world' }).orchestrator_state).toBe('VOL_PLANNING');
    expect(project({ importing: 'importSummarize' }, { imported_chapters: 3 }).orchestrator_state).toBe('WRITING');
    expect(project('complete').orchestrator_state).toBe('WRITING');
    expect(project('planning', { planning: true })).toMatchObject(COMMITTED);
  });

  it('an imported book writes its catch-up; a book without imports writes no import keys', () => {
    expect(
      project({ importing: 'importCommit' }, { imported_chapters: 3, import_caught_up: 1, import_summarized: true }),
    ).toMatchObject({ import_caught_up: 1, import_stage: 'summarized' });
    const notYet = project(
      { importing: 'importSummarize' },
      { imported_chapters: 3, import_caught_up: 1, import_summarized: false },
    );
    expect(notYet.import_caught_up).toBe(1);
    expect('import_stage' in notYet && notYet.import_stage).toBeUndefined();
    const none = project('planning', { planning: true, imported_chapters: 0 });
    expect('import_caught_up' in none).toBe(false);
    expect('import_stage' in none).toBe(false);
  });
});

describe('projectCheckpoint: a failed step (ERROR_RETRY)', () => {
  const retry = (resume: ResumableState, over: Partial<Ctx> = {}) => project('retrying', { resume, ...over });

  it('the failed chapter step stays in flight with its stage; only orchestrator_state says ERROR_RETRY', () => {
    expect(retry('judge', { revision_count: 1, gate: G })).toMatchObject({
      orchestrator_state: 'ERROR_RETRY',
      pipeline_stage: 'refined',
      inflight_chapter: 5,
      revision_count: 1,
      gate: G,
    });
  });

  it('the gate of the failed step follows its row', () => {
    expect(retry('judge', { revision_count: 0, gate: G }).gate).toBeUndefined();
    expect(retry('revising', { revision_count: 1, gate: G }).gate).toEqual(G);
    expect(retry('hookFix', { revision_count: 1, gate: G }).gate).toBeUndefined();
    expect(retry('revising', { revision_count: 1, gate: null }).gate).toBeUndefined();
  });

  it('a failed draft is in flight only when claimed; other steps are in flight claimed or not', () => {
    expect(retry('draft', { claimed: false })).toMatchObject({ orchestrator_state: 'ERROR_RETRY', ...COMMITTED });
    expect(retry('draft', { claimed: true })).toMatchObject({
      orchestrator_state: 'ERROR_RETRY',
      pipeline_stage: null,
      inflight_chapter: 5,
    });
    expect(retry('summarize', { claimed: false })).toMatchObject({ pipeline_stage: 'drafting', inflight_chapter: 5 });
    expect(retry('revising', { claimed: false, revision_count: 1, gate: G })).toMatchObject({
      pipeline_stage: 'revising',
      inflight_chapter: 5,
    });
  });

  it('micro-step fields of the failed step: the guard of a failed fix is left alone', () => {
    expect('fix_guard' in retry('titleFix')).toBe(false);
    expect('fix_guard' in retry('judge')).toBe(true);
    expect(retry('titleFix', { title_fixed: true })).toMatchObject({ title_fixed: true });
  });

  it('a failed volume plan (no step to resume) writes no chapter in flight', () => {
    expect(project('retrying', { resume: null })).toMatchObject({ orchestrator_state: 'ERROR_RETRY', ...COMMITTED });
  });

  it('a step to resume counts only in the retry rest', () => {
    expect(project('planning', { planning: true, resume: 'judge' })).toMatchObject({
      orchestrator_state: 'VOL_PLANNING',
      ...COMMITTED,
    });
  });
});
