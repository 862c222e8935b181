/**
 * rehydrate field by field: what a checkpoint restores into the book's
 * context (micro-step flags, imports, the recorded gate and its verdict), a
 * claimed chapter vs the router, ERROR_RETRY, a lost draft, a missing gate,
 * and the helpers qualityContext and retried.
 */
import { describe, expect, it } from 'vitest';
import type { GateRecord } from '../../machines/novel.setup.js';
import { qualityContext, rehydrate, type BookProbe } from '../../src/core/rehydrate.js';
import { restName, retried } from '../../src/core/book-rest.js';
import { DEFAULT_SETTINGS } from '../../src/core/settings.js';
import type { StagingView } from '../../src/core/staging-view.js';
import type { Checkpoint } from '../../src/schemas/checkpoint.js';

const settings = { ...DEFAULT_SETTINGS, chapters_per_volume: 1000 };
const probe = (over: Partial<BookProbe> = {}): BookProbe => ({ journal: null, outline_chapters: [5, 6], ...over });
const empty: StagingView = { files: new Map() };
const CH5 = 'staging/chapters/chapter-005.md';
const withDraft = (sha = 'a'.repeat(64)): StagingView => ({
  files: new Map([[CH5, { path: CH5, sha256: sha, text: '# t\n' }]]),
});
const cp = (over: Record<string, unknown>): Checkpoint =>
  ({ last_completed_chapter: 4, current_volume: 1, orchestrator_state: 'WRITING', ...over }) as Checkpoint;
const revise: GateRecord = {
  decision: 'revise',
  verdict: 'revise',
  overall_final: 3.2,
  high_violation: false,
  high_confidence_violations: [],
  warnings: [],
  reason: 'revise (test)',
};

describe('rehydrate: what a checkpoint restores', () => {
  it('a chapter in flight: its state, revision count, micro-step flags and gate', () => {
    const r = rehydrate(
      cp({
        pipeline_stage: 'refined',
        inflight_chapter: 5,
        revision_count: 1,
        gate: revise,
        title_fixed: true,
        hook_fixed_round: 1,
      }),
      settings,
      withDraft(),
      probe(),
    );
    expect(r).toMatchObject({ restored: 'judge', pendingGate: false, draftLost: false, effects: [] });
    expect(restName(r.snapshot)).toBe('judge');
    expect(r.snapshot.context).toMatchObject({
      chapter: 5,
      revision_count: 1,
      title_fixed: true,
      hook_fixed_round: 1,
      claimed: true,
      gate: revise,
    });
  });

  it('flags absent or malformed are off', () => {
    const r = rehydrate(
      cp({ pipeline_stage: 'refined', inflight_chapter: 5, title_fixed: 'yes', hook_fixed_round: '1' }),
      settings,
      withDraft(),
      probe(),
    );
    expect(r.snapshot.context).toMatchObject({ title_fixed: false, hook_fixed_round: null, revision_count: 0 });
  });

  it('the verdict is rebuilt from the gate: optional fields only when recorded, gate-layer warnings left out', () => {
    const lintFinding = { rule: 'zishu_hard', severity: 'hard', message: 'm', fix: 'f' };
    const gate = {
      ...revise,
      overall_judge: 3.9,
      weights: { plot_logic: 1 },
      lint: [lintFinding],
      warnings: [
        { layer: 'gate', rule: 'policy', message: 'p' },
        { layer: 'score', rule: 'overall_mismatch', message: 's' },
      ],
    };
    const r = rehydrate(
      cp({ pipeline_stage: 'revising', inflight_chapter: 5, revision_count: 1, gate }),
      settings,
      withDraft(),
      probe(),
    );
    expect(r.snapshot.context.verdict).toEqual({
      overall_final: 3.2,
      overall_judge: 3.9,
      weights: { plot_logic: 1 },
      lint: [lintFinding],
      high_violation: false,
      high_confidence_violations: [],
      warnings: [{ layer: 'score', rule: 'overall_mismatch', message: 's' }],
    });
    const plain = rehydrate(
      cp({ pipeline_stage: 'revising', inflight_chapter: 5, revision_count: 1, gate: revise }),
      settings,
      withDraft(),
      probe(),
    );
    expect(plain.snapshot.context.verdict).toEqual({
      overall_final: 3.2,
      high_violation: false,
      high_confidence_violations: [],
      warnings: [],
    });
  });

  it('a claimed draft is fresh: no gate, revision count or micro-step flags carried over', () => {
    const r = rehydrate(
      cp({
        pipeline_stage: null,
        inflight_chapter: 5,
        revision_count: 2,
        gate: revise,
        title_fixed: true,
        hook_fixed_round: 2,
      }),
      settings,
      empty,
      probe(),
    );
    expect(r.restored).toBe('draft');
    expect(r.snapshot.context).toMatchObject({
      chapter: 5,
      claimed: true,
      revision_count: 0,
      gate: null,
      verdict: null,
      title_fixed: false,
      hook_fixed_round: null,
    });
  });

  it('a committed stage or no inflight chapter is not a claim: the router picks the next chapter', () => {
    for (const fields of [
      { pipeline_stage: 'committed', inflight_chapter: 4 },
      { pipeline_stage: 'refined', inflight_chapter: null },
    ]) {
      const r = rehydrate(cp(fields), settings, empty, probe());
      expect(r.snapshot.context).toMatchObject({ chapter: 5, claimed: false });
      expect(r).toMatchObject({ restored: 'draft', pendingGate: false, draftLost: false, effects: [] });
    }
  });

  it('an unfinished journal sends even a chapter in flight to the router (recovering)', () => {
    const r = rehydrate(
      cp({ pipeline_stage: 'refined', inflight_chapter: 5 }),
      settings,
      withDraft(),
      probe({ journal: { kind: 'chapter', chapter: 5 } as never }),
    );
    expect(r.restored).toBe('recovering');
  });

  it('imports and setup are restored from the checkpoint and the probe', () => {
    const r = rehydrate(
      cp({ imported_chapters: 3, import_caught_up: 1, import_stage: 'summarized' }),
      settings,
      empty,
      probe(),
    );
    expect(r.snapshot.context).toMatchObject({ imported_chapters: 3, import_caught_up: 1, import_summarized: true });
    expect(r.restored).toBe('importCommit');
    const plain = rehydrate(cp({}), settings, empty, probe({ setup: 'characters' }));
    expect(plain.snapshot.context).toMatchObject({
      imported_chapters: 0,
      import_caught_up: 0,
      import_summarized: false,
      setup: 'characters',
    });
  });
});

describe('rehydrate: ERROR_RETRY, a lost draft, a missing gate', () => {
  it('a failed chapter step rests in retrying with the step to resume', () => {
    const r = rehydrate(
      cp({ orchestrator_state: 'ERROR_RETRY', pipeline_stage: 'refined', inflight_chapter: 5 }),
      settings,
      withDraft(),
      probe(),
    );
    expect(r).toMatchObject({ restored: 'retrying', pendingGate: false, draftLost: false, effects: [] });
    expect(restName(r.snapshot)).toBe('retrying');
    expect(r.snapshot.context.resume).toBe('judge');
  });

  it('ERROR_RETRY in a state that is not resumable (commit) restores that state', () => {
    const pass = { ...revise, decision: 'pass', verdict: 'pass', overall_final: 4.2 };
    const r = rehydrate(
      cp({ orchestrator_state: 'ERROR_RETRY', pipeline_stage: 'judged', inflight_chapter: 5, gate: pass }),
      settings,
      withDraft(),
      probe(),
    );
    expect(r.restored).toBe('commit');
    expect(restName(r.snapshot)).toBe('commit');
  });

  it(
    'summarize with the staged draft missing or replaced goes ' +
      'back to draft (draftLost); the same or unrecorded hash stays',
    () => {
      const lost = rehydrate(cp({ pipeline_stage: 'drafting', inflight_chapter: 5 }), settings, empty, probe());
      expect(lost).toMatchObject({ restored: 'summarize', draftLost: true });
      expect(restName(lost.snapshot)).toBe('draft');
      const replaced = rehydrate(
        cp({ pipeline_stage: 'drafting', inflight_chapter: 5, staging_hashes: { [CH5]: 'b'.repeat(64) } }),
        settings,
        withDraft(),
        probe(),
      );
      expect(replaced.draftLost).toBe(true);
      const same = rehydrate(
        cp({ pipeline_stage: 'drafting', inflight_chapter: 5, staging_hashes: { [CH5]: 'a'.repeat(64) } }),
        settings,
        withDraft(),
        probe(),
      );
      expect(same.draftLost).toBe(false);
      expect(restName(same.snapshot)).toBe('summarize');
      expect(
        rehydrate(cp({ pipeline_stage: 'drafting', inflight_chapter: 5 }), settings, withDraft(), probe()).draftLost,
      ).toBe(false);
    },
  );

  it('other states do not look at the staged draft', () => {
    expect(rehydrate(cp({ pipeline_stage: 'drafted', inflight_chapter: 5 }), settings, empty, probe()).draftLost).toBe(
      false,
    );
  });

  it('judged without a gate and without a valid staged evaluation stays in judge with no pending gate', () => {
    const r = rehydrate(cp({ pipeline_stage: 'judged', inflight_chapter: 5 }), settings, withDraft(), probe());
    expect(r).toMatchObject({ restored: 'judge', pendingGate: false, effects: [] });
    expect(restName(r.snapshot)).toBe('judge');
    expect(r.snapshot.context.gate).toBeNull();
  });
});

describe('qualityContext and retried', () => {
  const lists = () => ({}) as never;

  it('no word lists: no quality layer', () => {
    expect(qualityContext(settings, probe(), 5)).toEqual({});
  });

  it('with word lists: the quality settings, and keyChapter for a key chapter when key_chapters is on', () => {
    const q = qualityContext(settings, probe({ lintLists: lists }), 5);
    expect(q.quality?.settings).toBe(settings.quality);
    expect(q.quality?.lists).toBe(lists);
    expect(q.quality?.keyChapter).toBe(true);
    expect(
      'keyChapter' in
        (qualityContext(settings, probe({ lintLists: lists, outline_chapters: [4, 9] }), 5).quality ?? {}),
    ).toBe(false);
    expect(
      qualityContext(settings, probe({ lintLists: lists, outline_chapters: [4, 9], convergenceChapters: () => [5] }), 5)
        .quality?.keyChapter,
    ).toBe(true);
    const off = { ...settings, quality: { ...settings.quality, key_chapters: false } };
    expect('keyChapter' in (qualityContext(off, probe({ lintLists: lists }), 5).quality ?? {})).toBe(false);
  });

  it('retried: a book waiting after a failure is retried; any other is left as it is', () => {
    const waiting = rehydrate(
      cp({ orchestrator_state: 'ERROR_RETRY', pipeline_stage: 'refined', inflight_chapter: 5 }),
      settings,
      withDraft(),
      probe(),
    ).snapshot;
    const r = retried(waiting);
    expect(r.events).toEqual([{ type: 'RETRY' }]);
    expect(restName(r.snapshot)).toBe('judge');
    const writing = rehydrate(
      cp({ pipeline_stage: 'refined', inflight_chapter: 5 }),
      settings,
      withDraft(),
      probe(),
    ).snapshot;
    const same = retried(writing);
    expect(same.events).toEqual([]);
    expect(same.snapshot).toBe(writing);
  });
});

describe('a missing gate computed again reads the continuity facts (§19)', () => {
  it('judged with no gate recorded: the verdict carries the undismissed finding, as the advance would', async () => {
    const { castIndex, DEFAULT_CONTINUITY } = await import('../../src/core/continuity.js');
    const { readFileSync } = await import('node:fs');
    const evaluation = readFileSync(
      new URL('../../fixtures/outputs/judge/overall-4.2/staging/evaluations/chapter-004-eval.json', import.meta.url),
      'utf8',
    ).replace('"chapter": 4', '"chapter": 5');
    const file = (path: string, text: string) => [path, { path, sha256: 'c'.repeat(64), text }] as const;
    const view: StagingView = {
      files: new Map([
        file(CH5, '# 第5章\n\n云婉清推门而入。\n'),
        file(
          'staging/state/chapter-005-delta.json',
          JSON.stringify({ chapter: 5, base_state_version: 4, storyline_id: 'main', ops: [] }),
        ),
        file('staging/audits/chapter-005-audit.json', JSON.stringify({ chapter: 5, issues: [] })),
        file('staging/evaluations/chapter-005-eval.json', evaluation),
      ]),
    };
    const continuity = () => ({
      state: { characters: { yun: { status: 'dead' } } },
      cast: castIndex([{ id: 'yun', names: ['云婉清'] }]),
      ladders: {},
      resolved: new Set<string>(),
      names: DEFAULT_CONTINUITY,
    });
    const judged = cp({ inflight_chapter: 5, pipeline_stage: 'judged', revision_count: 0 });
    const withFacts = rehydrate(judged, settings, view, probe({ continuity }));
    expect(withFacts.pendingGate).toBe(true);
    expect(withFacts.snapshot.context.gate?.decision).toBe('revise');
    expect(withFacts.snapshot.context.gate?.lint).toEqual([expect.objectContaining({ rule: 'continuity' })]);
    // Without the facts (a probe that gives none) the same evaluation passes.
    expect(rehydrate(judged, settings, view, probe()).snapshot.context.gate?.decision).toBe('pass');
  });
});
