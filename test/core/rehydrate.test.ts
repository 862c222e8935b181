/**
 * The one table (machines/book.table.ts), both directions: every stable state
 * with any context projects to checkpoint fields that restore the same state
 * and the same context (property test), and the table's rows say what §3 says.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookMachine } from '../../machines/book.machine.js';
import { CHAPTER_ROWS, chapterStateOf, type ChapterRestState } from '../../machines/book.table.js';
import { DEFAULT_THRESHOLDS } from '../../machines/pipeline.gate.js';
import { initialContext } from '../../machines/pipeline.machine.js';
import type { GateDecision, GateRecord } from '../../machines/novel.setup.js';
import { projectCheckpoint } from '../../src/core/projection.js';
import { rehydrate, validationContextFor, type BookProbe } from '../../src/core/rehydrate.js';
import { restName } from '../../src/core/book-rest.js';
import { DEFAULT_SETTINGS } from '../../src/core/settings.js';
import type { StagingView } from '../../src/core/staging-view.js';
import type { Checkpoint } from '../../src/schemas/checkpoint.js';

const CHAPTER_STATES = Object.keys(CHAPTER_ROWS) as ChapterRestState[];

function gate(decision: GateDecision, overall: number): GateRecord {
  return {
    decision,
    verdict: decision === 'accepted_by_user' ? 'pause_for_user' : (decision as GateRecord['verdict']),
    overall_final: overall,
    high_violation: false,
    high_confidence_violations: [],
    warnings: [],
    reason: `${decision} (test)`,
  };
}

/** The gate a state can be recorded with (the table's decisions; revise in a revision round otherwise). */
function gateFor(state: ChapterRestState, pick: number, revisions: number): GateRecord | null {
  const row = CHAPTER_ROWS[state];
  if (row.gate === 'never') return null;
  if (row.gate === 'in_revision' && revisions === 0) return null;
  const options = row.decisions.length ? row.decisions : (['revise'] as const);
  return gate(options[pick % options.length] as GateDecision, 3.2);
}

/** A staging view holding the staged chapter, so that the probe finds the draft where it belongs. */
function viewWith(chapter: number): StagingView {
  const rel = `staging/chapters/chapter-${String(chapter).padStart(3, '0')}.md`;
  return { files: new Map([[rel, { path: rel, sha256: 'a'.repeat(64), text: '# t\n' }]]) };
}

const probe = (outline: number[]): BookProbe => ({ journal: null, outline_chapters: outline });
const settings = { ...DEFAULT_SETTINGS, chapters_per_volume: 1000 };

function checkpointFrom(fields: ReturnType<typeof projectCheckpoint>): Checkpoint {
  const { gate: g, ...rest } = fields;
  return { ...rest, ...(g ? { gate: g as unknown as Checkpoint['gate'] } : {}) } as Checkpoint;
}

describe('the checkpoint table', () => {
  it('every chapter state, with any chapter, revision count and gate, survives projection then rehydration', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CHAPTER_STATES),
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 0, max: 3 }),
        fc.nat(),
        fc.boolean(),
        (state, chapter, revisions, pick, claimed) => {
          const g = gateFor(state, pick, revisions);
          const rc = state === 'draft' ? 0 : revisions;
          const context = {
            ...initialContext({
              chapter,
              thresholds: DEFAULT_THRESHOLDS,
              chapters_per_volume: 1000,
              volume: Math.ceil(chapter / 1000),
              last_completed_chapter: chapter - 1,
              outline_chapters: [chapter],
            }),
            revision_count: rc,
            gate: g,
            verdict: g
              ? { overall_final: g.overall_final, high_violation: false, high_confidence_violations: [], warnings: [] }
              : null,
            claimed: state === 'draft' ? claimed : true,
          };
          const snapshot = bookMachine.resolveState({ value: { writing: state }, context });
          const cp = checkpointFrom(projectCheckpoint(snapshot));
          const back = rehydrate(cp, settings, viewWith(chapter), probe([chapter]));
          expect(restName(back.snapshot)).toBe(state);
          expect(back.snapshot.context.chapter).toBe(chapter);
          expect(back.snapshot.context.revision_count).toBe(rc);
          expect(back.snapshot.context.gate).toEqual(CHAPTER_ROWS[state].gate === 'never' ? null : g);
          expect(projectCheckpoint(back.snapshot)).toEqual(projectCheckpoint(snapshot));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the book states survive the round trip: planning, retrying (with the step to resume), complete', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 0, max: 50 }),
        fc.constantFrom('draft', 'summarize', 'refine', 'judge', 'revising', 'polishing', null),
        (last, extraVolumes, resume) => {
          // A volume that has room for the next chapter.
          const volume = Math.ceil((last + 1) / 1000) + extraVolumes;
          const base = initialContext({
            chapter: last + 1,
            last_completed_chapter: last,
            volume,
            chapters_per_volume: 1000,
            outline_chapters: resume === null ? [] : [last + 1],
          });
          // planning
          const planning = bookMachine.resolveState({ value: 'planning', context: { ...base, planning: true } });
          const p = rehydrate(checkpointFrom(projectCheckpoint(planning)), settings, { files: new Map() }, probe([]));
          expect(restName(p.snapshot)).toBe('planning');
          expect(p.snapshot.context.volume).toBe(volume);
          // retrying: the chapter step to resume, or the plan
          const claimed = resume !== null && resume !== 'draft';
          const retry = bookMachine.resolveState({
            value: 'retrying',
            context: {
              ...base,
              resume,
              claimed,
              revision_count: resume === 'revising' || resume === 'polishing' ? 1 : 0,
              gate: resume === 'revising' ? gate('revise', 3.2) : resume === 'polishing' ? gate('polish', 3.6) : null,
            },
          });
          const r = rehydrate(
            checkpointFrom(projectCheckpoint(retry)),
            settings,
            viewWith(last + 1),
            probe(resume === null ? [] : [last + 1]),
          );
          expect(restName(r.snapshot)).toBe('retrying');
          expect(r.snapshot.context.resume).toBe(resume);
          // complete
          const done = bookMachine.resolveState({ value: 'complete', context: { ...base, book_chapters: last } });
          const c = rehydrate(
            checkpointFrom(projectCheckpoint(done)),
            { ...settings, book_chapters: last },
            { files: new Map() },
            probe([]),
          );
          expect(restName(c.snapshot)).toBe('complete');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('rows say what §3 says', () => {
    expect(chapterStateOf('drafting', 4, undefined)).toEqual({ state: 'summarize', gateMissing: false });
    expect(chapterStateOf('drafted', 4, undefined)).toEqual({ state: 'audit', gateMissing: false });
    expect(chapterStateOf('audited', 4, undefined)).toEqual({ state: 'refine', gateMissing: false });
    expect(chapterStateOf('refined', 4, undefined)).toEqual({ state: 'judge', gateMissing: false });
    expect(chapterStateOf('judged', 4, 'pass')).toEqual({ state: 'commit', gateMissing: false });
    expect(chapterStateOf('judged', 4, 'accepted_by_user')).toEqual({ state: 'commit', gateMissing: false });
    expect(chapterStateOf('judged', 4, 'pause_for_user_force_rewrite')).toEqual({
      state: 'review',
      gateMissing: false,
    });
    expect(chapterStateOf('judged', 4, undefined)).toEqual({ state: 'judge', gateMissing: true });
    expect(chapterStateOf('revising', 4, 'polish')).toEqual({ state: 'polishing', gateMissing: false });
    expect(chapterStateOf('revising', 4, 'revise')).toEqual({ state: 'revising', gateMissing: false });
    expect(chapterStateOf('committed', null, undefined)).toEqual({ state: 'draft', gateMissing: false });
    expect(chapterStateOf(null, 4, undefined)).toEqual({ state: 'draft', gateMissing: false });
  });
});

describe('judged bytes (PROTOCOL §17)', () => {
  const chapterRel = 'staging/chapters/chapter-004.md';
  const evalRel = 'staging/evaluations/chapter-004-eval.json';
  const cp = (judged: Record<string, string> | undefined): Checkpoint =>
    ({
      last_completed_chapter: 3,
      current_volume: 1,
      orchestrator_state: 'WRITING',
      pipeline_stage: 'judged',
      inflight_chapter: 4,
      revision_count: 0,
      gate: gate('pass', 4.2) as unknown as Checkpoint['gate'],
      ...(judged ? { judged_hashes: judged } : {}),
    }) as Checkpoint;
  const view = (chapterSha: string): StagingView => ({
    files: new Map([
      [chapterRel, { path: chapterRel, sha256: chapterSha, text: '# t\n' }],
      [evalRel, { path: evalRel, sha256: 'e'.repeat(64), text: '{}' }],
    ]),
  });
  const judged = { [chapterRel]: 'a'.repeat(64), [evalRel]: 'e'.repeat(64) };

  it('a chapter still as judged rests at commit with its gate', () => {
    const r = rehydrate(cp(judged), DEFAULT_SETTINGS, view('a'.repeat(64)), probe([4]));
    expect(restName(r.snapshot)).toBe('commit');
    expect(r.snapshot.context.gate?.decision).toBe('pass');
  });

  it('a chapter changed since it was judged goes back to judge, its gate dropped', () => {
    const r = rehydrate(cp(judged), DEFAULT_SETTINGS, view('b'.repeat(64)), probe([4]));
    expect(restName(r.snapshot)).toBe('judge');
    expect(r.snapshot.context.gate).toBeNull();
    expect(r.pendingGate).toBe(false);
  });

  it("the judge's validation context carries the judged hashes while the chapter rests judged, and only then", () => {
    const sources = (c: Checkpoint) => ({ checkpoint: c, settings: DEFAULT_SETTINGS, probe: probe([4]) });
    expect(validationContextFor('judge', 4, sources(cp(judged)), false).judgedHashes).toEqual(judged);
    expect(validationContextFor('judge', 4, sources(cp(judged)), true).judgedHashes).toEqual(judged);
    expect('judgedHashes' in validationContextFor('refine', 4, sources(cp(judged)), false)).toBe(false);
    expect(
      'judgedHashes' in
        validationContextFor('judge', 4, sources({ ...cp(judged), pipeline_stage: 'refined' } as Checkpoint), false),
    ).toBe(false);
    expect('judgedHashes' in validationContextFor('judge', 4, sources(cp(undefined)), false)).toBe(false);
  });

  it('a checkpoint without judged hashes (written before them) is taken as it is', () => {
    expect(restName(rehydrate(cp(undefined), DEFAULT_SETTINGS, view('b'.repeat(64)), probe([4])).snapshot)).toBe(
      'commit',
    );
  });
});
