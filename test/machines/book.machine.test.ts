import { createActor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { bookMachine, BOOK_MACHINE_ID } from '../../machines/book.machine.js';
import type { BookInput } from '../../machines/novel.setup.js';
import type { PipelineEvent } from '../../machines/pipeline.events.js';

type Snap = SnapshotFrom<typeof bookMachine>;

function run(input: BookInput, events: PipelineEvent[] = []): Snap {
  const actor = createActor(bookMachine, { input });
  actor.start();
  for (const e of events) actor.send(e);
  const s = actor.getSnapshot();
  actor.stop();
  return s;
}

const PASS: PipelineEvent = {
  type: 'JUDGED',
  overall_final: 4.5,
  high_violation: false,
  high_confidence_violations: [],
  warnings: [],
};
const CHAPTER_DONE: PipelineEvent[] = [
  { type: 'DRAFTED' },
  { type: 'SUMMARIZED' },
  { type: 'AUDITED' },
  { type: 'REFINED' },
  PASS,
  { type: 'COMMITTED' },
];
const OUTLINED: BookInput = { chapter: 1, last_completed_chapter: 0, outline_chapters: [1, 2, 3] };

describe('book machine: resolving', () => {
  it('is versioned', () => {
    expect(bookMachine.id).toBe(BOOK_MACHINE_ID);
    expect(BOOK_MACHINE_ID).toBe('novel.book.v1');
  });

  it('the next outlined chapter is written', () => {
    expect(run(OUTLINED).value).toEqual({ writing: 'draft' });
  });

  it('a journal is recovered first, whatever else is pending', () => {
    expect(run({ ...OUTLINED, journal: { kind: 'chapter', chapter: 1 }, planning: true, setup: 'world' }).value).toBe(
      'recovering',
    );
  });

  it('imported chapters are caught up before setup and planning', () => {
    expect(run({ ...OUTLINED, imported_chapters: 2, import_caught_up: 1, setup: 'world' }).value).toEqual({
      importing: 'importSummarize',
    });
    expect(run({ ...OUTLINED, imported_chapters: 2, import_caught_up: 1, import_summarized: true }).value).toEqual({
      importing: 'importCommit',
    });
  });

  it('setup routes to the missing step, before the first chapter only', () => {
    expect(run({ chapter: 1, setup: 'world' }).value).toEqual({ setup: { world: 'awaiting' } });
    expect(run({ chapter: 1, setup: 'characters' }).value).toEqual({ setup: { characters: 'awaiting' } });
    expect(run({ chapter: 1, setup: 'style' }).value).toEqual({ setup: { style: 'awaiting' } });
    expect(run({ chapter: 5, last_completed_chapter: 4, setup: 'world', outline_chapters: [5] }).value).toEqual({
      writing: 'draft',
    });
  });

  it('a recorded plan, a complete book, a complete volume, or nothing outlined', () => {
    expect(run({ ...OUTLINED, planning: true }).value).toBe('planning');
    const done = run({ chapter: 11, last_completed_chapter: 10, book_chapters: 10, outline_chapters: [9, 10] });
    expect(done.value).toBe('complete');
    expect(done.status).toBe('done');
    const next = run({ chapter: 11, last_completed_chapter: 10, volume: 2, outline_chapters: [9, 10] });
    expect(next.value).toBe('planning');
    expect(next.context).toMatchObject({ planning: true, volume: 3, outline_chapters: [] });
    const replan = run({ chapter: 1, last_completed_chapter: 0, volume: 0 });
    expect(replan.value).toBe('planning');
    expect(replan.context).toMatchObject({ planning: true, volume: 1 });
    expect(run({ chapter: 6, last_completed_chapter: 5, volume: 2, outline_chapters: [7, 8] }).context.volume).toBe(2);
  });
});

describe('book machine: lifecycle', () => {
  it('a committed chapter moves the book on to the next', () => {
    const s = run(OUTLINED, CHAPTER_DONE);
    expect(s.value).toEqual({ writing: 'draft' });
    expect(s.context).toMatchObject({
      last_completed_chapter: 1,
      chapter: 2,
      claimed: false,
      resume: null,
      revision_count: 0,
    });
  });

  it('the last chapter of the volume leads to planning the next volume', () => {
    const s = run({ chapter: 3, last_completed_chapter: 2, outline_chapters: [1, 2, 3] }, CHAPTER_DONE);
    expect(s.value).toBe('planning');
    expect(s.context).toMatchObject({ last_completed_chapter: 3, volume: 2 });
  });

  it('a committed plan leaves planning with its outline', () => {
    const s = run({ chapter: 4, last_completed_chapter: 3, planning: true }, [
      { type: 'PLAN_COMMITTED', outline_chapters: [4, 5, 6] },
    ]);
    expect(s.value).toEqual({ writing: 'draft' });
    expect(s.context).toMatchObject({ planning: false, outline_chapters: [4, 5, 6] });
  });

  it('an interrupted plan commit is recovered, then writing goes on', () => {
    const s = run({ chapter: 4, last_completed_chapter: 3, planning: true, volume: 2 }, [
      { type: 'PLAN_COMMIT_INTERRUPTED', outline_chapters: [4, 5] },
    ]);
    expect(s.value).toBe('recovering');
    expect(s.context.journal).toEqual({ kind: 'volume', volume: 2 });
    const t = run({ chapter: 4, last_completed_chapter: 3, planning: true, volume: 2 }, [
      { type: 'PLAN_COMMIT_INTERRUPTED', outline_chapters: [4, 5] },
      { type: 'JOURNAL_RECOVERED' },
    ]);
    expect(t.value).toEqual({ writing: 'draft' });
    expect(t.context.journal).toBeNull();
  });

  it('an interrupted chapter commit records the journal and the committed chapter', () => {
    const events = [...CHAPTER_DONE.slice(0, -1), { type: 'COMMIT_INTERRUPTED' } as PipelineEvent];
    const s = run(OUTLINED, events);
    expect(s.value).toBe('recovering');
    expect(s.context).toMatchObject({
      journal: { kind: 'chapter', chapter: 1 },
      last_completed_chapter: 1,
      chapter: 2,
    });
    expect(run(OUTLINED, [...events, { type: 'JOURNAL_RECOVERED' }]).value).toEqual({ writing: 'draft' });
  });

  it('an executor failure waits in retrying, then resumes the failed step', () => {
    const events: PipelineEvent[] = [{ type: 'DRAFTED' }, { type: 'EXECUTOR_FAILED' }];
    const s = run(OUTLINED, events);
    expect(s.value).toBe('retrying');
    expect(s.context.resume).toBe('summarize');
    const t = run(OUTLINED, [...events, { type: 'RETRY' }]);
    expect(t.value).toEqual({ writing: 'summarize' });
  });

  it('a failure in planning or setup resumes there', () => {
    const p = run({ ...OUTLINED, planning: true }, [{ type: 'EXECUTOR_FAILED' }]);
    expect(p.value).toBe('retrying');
    expect(p.context.resume).toBeNull();
    expect(run({ ...OUTLINED, planning: true }, [{ type: 'EXECUTOR_FAILED' }, { type: 'RETRY' }]).value).toBe(
      'planning',
    );
    expect(run({ chapter: 1, setup: 'characters' }, [{ type: 'EXECUTOR_FAILED' }, { type: 'RETRY' }]).value).toEqual({
      setup: { characters: 'awaiting' },
    });
  });

  it('a setup step whose files the probe finds staged and valid awaits its commit, as a plan does', () => {
    const ready = run({ chapter: 1, setup: 'characters' }, [{ type: 'SETUP_STAGED' }]);
    expect(ready.value).toEqual({ setup: { characters: 'ready' } });
    expect(Object.values(ready.getMeta()).at(-1)).toMatchObject({
      step: 'characters',
      mode: 'setup',
      action: 'commit',
    });
    // No executor runs in a ready step: a failure cannot be reported from it.
    expect(ready.can({ type: 'EXECUTOR_FAILED' })).toBe(false);
    expect(
      run({ chapter: 1, setup: 'characters' }, [{ type: 'SETUP_STAGED' }, { type: 'SETUP_COMMITTED', setup: 'style' }])
        .value,
    ).toEqual({ setup: { style: 'awaiting' } });
  });

  it('a setup commit records the step still missing', () => {
    const s = run({ chapter: 1, setup: 'world' }, [{ type: 'SETUP_COMMITTED', setup: 'style' }]);
    expect(s.value).toEqual({ setup: { style: 'awaiting' } });
    const t = run({ chapter: 1, setup: 'style' }, [{ type: 'SETUP_COMMITTED', setup: null }]);
    expect(t.context.setup).toBeNull();
    expect(t.value).toBe('planning');
  });

  it('an imported chapter: summarize, commit, then the next one', () => {
    const input: BookInput = { ...OUTLINED, imported_chapters: 2, import_caught_up: 0 };
    const s = run(input, [{ type: 'SUMMARIZED' }]);
    expect(s.value).toEqual({ importing: 'importCommit' });
    expect(s.context.import_summarized).toBe(true);
    const t = run(input, [{ type: 'SUMMARIZED' }, { type: 'COMMITTED' }]);
    expect(t.value).toEqual({ importing: 'importSummarize' });
    expect(t.context).toMatchObject({ import_caught_up: 1, import_summarized: false });
    const u = run(input, [
      { type: 'SUMMARIZED' },
      { type: 'COMMITTED' },
      { type: 'SUMMARIZED' },
      { type: 'COMMIT_INTERRUPTED' },
    ]);
    expect(u.value).toBe('recovering');
    expect(u.context).toMatchObject({ import_caught_up: 2, journal: { kind: 'chapter', chapter: 2 } });
  });
});
