/**
 * The chapter commit plan, pure: moves, the state merge, the changelog line, and the checkpoint the book machine
 * projects.
 */
import { transition } from 'xstate';
import { describe, expect, it } from 'vitest';
import { bookMachine } from '../../machines/book.machine.js';
import { DEFAULT_THRESHOLDS } from '../../machines/pipeline.gate.js';
import { initialContext } from '../../machines/pipeline.machine.js';
import { planChapterCommit, wholeDocument, type CommitInput } from '../../src/core/commit-plan.js';
import { projectCheckpoint } from '../../src/core/projection.js';
import { DEFAULT_SETTINGS } from '../../src/core/settings.js';
import { staged } from '../helpers/staging.js';

const GATE = {
  decision: 'pass' as const,
  verdict: 'pass' as const,
  overall_final: 4.2,
  high_violation: false,
  high_confidence_violations: [],
  warnings: [],
  reason: 'pass',
};

/** The checkpoint fields after COMMITTED of chapter 4, with chapters_per_volume `cpv`. */
/**
 * The checkpoint fields after chapter 4's commit, volume 1 outlined to chapter `outlinedTo` (a volume ends at its
 * outline's last block).
 */
function afterCommit(outlinedTo: number) {
  const context = {
    ...initialContext({
      chapter: 4,
      thresholds: DEFAULT_THRESHOLDS,
      outline_chapters: Array.from({ length: outlinedTo }, (_, i) => i + 1),
    }),
    gate: GATE,
    claimed: true,
  };
  const [after] = transition(bookMachine, bookMachine.resolveState({ value: { writing: 'commit' }, context }), {
    type: 'COMMITTED',
  });
  return projectCheckpoint(after);
}

function input(outlinedTo: number): CommitInput {
  return {
    chapter: 4,
    checkpointRaw: {
      last_completed_chapter: 3,
      current_volume: 1,
      orchestrator_state: 'WRITING',
      pipeline_stage: 'judged',
      inflight_chapter: 4,
      gate: GATE,
      x_other_tool: 1,
    },
    checkpointFields: afterCommit(outlinedTo),
    settings: DEFAULT_SETTINGS,
    view: staged('draft/good', 'summarize/good', 'judge/overall-4.2'),
    gate: GATE,
    revisionCount: 0,
    state: wholeDocument({ schema_version: 1, state_version: 3, last_updated_chapter: 3 }),
    changelogBytes: 120,
    changelogEndsWithNewline: true,
    globalForeshadowing: wholeDocument([]),
    volumePlan: [],
    ledger: wholeDocument([]),
    unknownEntitiesBytes: 0,
    history: [],
    executions: [],
    currentVolume: 1,
    now: new Date('2026-01-01T00:00:00Z'),
  };
}

describe('the chapter commit plan', () => {
  it("keeps the delta's recollections in the changelog line, and writes none when it has none", () => {
    const base = input(30);
    const delta = 'staging/state/chapter-004-delta.json';
    const file = base.view.files.get(delta);
    const withSpans = JSON.stringify({
      ...JSON.parse(file && 'text' in file ? file.text : '{}'),
      recollections: [{ lines: [3, 5], kind: 'flashback' }],
    });
    const view = { files: new Map([...base.view.files, [delta, { path: delta, sha256: 'x', text: withSpans }]]) };
    const lineOf = (i: CommitInput) =>
      JSON.parse(planChapterCommit(i).appends.find((a) => a.path === 'state/changelog.jsonl')?.text ?? '{}');
    expect(lineOf({ ...base, view }).recollections).toEqual([{ lines: [3, 5], kind: 'flashback' }]);
    expect(lineOf(base)).not.toHaveProperty('recollections');
  });

  it(
    'moves the outputs into the book, merges the delta and ' + 'appends one changelog line after the recorded length',
    () => {
      const plan = planChapterCommit(input(30));
      expect(plan.writes.map((w) => w.path)).toEqual(
        expect.arrayContaining([
          'chapters/chapter-004.md',
          'summaries/chapter-004-summary.md',
          'state/chapter-004-crossref.json',
          'storylines/main-sword/memory.md',
          'evaluations/chapter-004-eval.json',
          'state/current-state.json',
        ]),
      );
      const changelog = plan.appends.find((a) => a.path === 'state/changelog.jsonl');
      expect(changelog?.before).toBe(120);
      expect(JSON.parse(changelog?.text ?? '{}')).toMatchObject({
        chapter: 4,
        base_state_version: 3,
        state_version: 4,
        storyline_id: 'main-sword',
      });
      expect(plan.removes).toContain('staging/chapters/chapter-004.md');
    },
  );

  it("the checkpoint is the machine's: the next chapter, or planning the next volume after the last one", () => {
    const mid = planChapterCommit(input(30)).checkpoint;
    expect(mid).toMatchObject({
      last_completed_chapter: 4,
      pipeline_stage: 'committed',
      inflight_chapter: null,
      revision_count: 0,
      orchestrator_state: 'WRITING',
      current_volume: 1,
      x_other_tool: 1,
    });
    expect(mid.gate).toBeUndefined();
    const end = planChapterCommit(input(4)).checkpoint;
    expect(end).toMatchObject({ last_completed_chapter: 4, orchestrator_state: 'VOL_PLANNING', current_volume: 2 });
  });

  it('refuses a delta computed against another state version', () => {
    expect(() =>
      planChapterCommit({
        ...input(30),
        state: wholeDocument({ schema_version: 1, state_version: 7, last_updated_chapter: 3 }),
      }),
    ).toThrow(/base_state_version/);
  });
});
