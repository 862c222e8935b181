/** Where the book rests: read from a snapshot's state and meta, never from a state name. */
import { initialTransition, transition } from 'xstate';
import { describe, expect, it } from 'vitest';
import { bookMachine } from '../../machines/book.machine.js';
import type { BookInput } from '../../machines/novel.setup.js';
import type { PipelineEvent } from '../../machines/pipeline.events.js';
import {
  chapterRest,
  restMeta,
  restName,
  retried,
  setupRest,
  startingSnapshot,
  type BookSnapshot,
} from '../../src/core/book-rest.js';

function at(input: BookInput, events: PipelineEvent[] = []): BookSnapshot {
  let [s] = initialTransition(bookMachine, input);
  for (const e of events) [s] = transition(bookMachine, s, e);
  return s;
}

const OUTLINED: BookInput = { chapter: 1, last_completed_chapter: 0, outline_chapters: [1, 2, 3] };

describe('where the book rests', () => {
  it('a chapter state while writing, with what it awaits', () => {
    const s = at(OUTLINED, [{ type: 'DRAFTED' }]);
    expect(restName(s)).toBe('summarize');
    expect(chapterRest(s)).toBe('summarize');
    expect(setupRest(s)).toBeNull();
    expect(restMeta(s)).toMatchObject({ step: 'summarize', action: 'execute' });
  });

  it('a setup step awaits its agent, then (its files staged and valid) its commit', () => {
    const awaiting = at({ chapter: 1, setup: 'characters' });
    expect([restName(awaiting), setupRest(awaiting), chapterRest(awaiting)]).toEqual([
      'characters',
      'characters',
      null,
    ]);
    expect(restMeta(awaiting)).toMatchObject({ step: 'characters', mode: 'setup', action: 'execute' });
    const ready = at({ chapter: 1, setup: 'characters' }, [{ type: 'SETUP_STAGED' }]);
    expect([restName(ready), setupRest(ready)]).toEqual(['setupReady', 'characters']);
    expect(restMeta(ready)).toMatchObject({ step: 'characters', mode: 'setup', action: 'commit' });
  });

  it('a book state: planning, its plan ready, retrying', () => {
    const planning = at({ ...OUTLINED, planning: true });
    expect([restName(planning), chapterRest(planning), setupRest(planning)]).toEqual(['planning', null, null]);
    expect(restName(at({ ...OUTLINED, planning: true }, [{ type: 'PLAN_STAGED' }]))).toBe('planReady');
    const failed = at(OUTLINED, [{ type: 'EXECUTOR_FAILED' }]);
    expect(restName(failed)).toBe('retrying');
    expect(restMeta(failed).action).toBe('retry');
  });

  it('retried: the machine’s own RETRY for a book that waits, nothing for any other', () => {
    const failed = at(OUTLINED, [{ type: 'DRAFTED' }, { type: 'EXECUTOR_FAILED' }]);
    const again = retried(failed);
    expect(again.events).toEqual([{ type: 'RETRY' }]);
    expect(restName(again.snapshot)).toBe('summarize');
    const writing = at(OUTLINED);
    expect(retried(writing)).toEqual({ snapshot: writing, events: [] });
  });
});

describe('the starting snapshot', () => {
  const inputs: Array<[string, BookInput]> = [
    ['the next chapter', OUTLINED],
    ['a volume to plan', { chapter: 4, last_completed_chapter: 3, outline_chapters: [1, 2, 3] }],
    ['planning recorded', { ...OUTLINED, planning: true }],
    ['a setup step', { chapter: 1, setup: 'characters' }],
    ['a journal', { ...OUTLINED, journal: { kind: 'chapter', chapter: 1 } }],
    ['an imported chapter', { chapter: 1, outline_chapters: [1, 2], imported_chapters: 2, import_caught_up: 0 }],
    ['the book complete', { chapter: 4, last_completed_chapter: 3, outline_chapters: [1, 2, 3], book_chapters: 3 }],
  ];
  it.each(inputs)('%s: the state and context initialTransition gives', (_, input) => {
    const [expected] = initialTransition(bookMachine, input);
    const s = startingSnapshot(input);
    expect(s.value).toEqual(expected.value);
    expect(s.context).toEqual(expected.context);
    expect(s.status).toBe(expected.status);
  });
});
