import { createActor, initialTransition, transition, type AnyStateMachine, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { bookMachine } from '../../machines/book.machine.js';
import type { BookInput } from '../../machines/novel.setup.js';
import { pipelineMachine, type PipelineInput } from '../../machines/pipeline.machine.js';
import { guardName, transitionKey } from '../../src/core/graph.js';
import { bookEvents, rangeOf, replayBook } from '../helpers/book-model.js';
import { sampleEvents } from '../helpers/pipeline-model.js';
import { transitionsOfEvent, transitionsTakenBy } from '../helpers/transitions-taken.js';

/**
 * The cross-check of test/helpers/transitions-taken.ts: XState's own record
 * of each microstep's transitions (the private field of its inspection
 * event), read here only to show that the public reading agrees with it.
 */
function recordedByXState(machine: AnyStateMachine, input: unknown, events: readonly EventObject[]): string[] {
  const taken: string[] = [];
  const actor = createActor(machine, {
    input,
    inspect: (ev) => {
      if (ev.type !== '@xstate.microstep') return;
      for (const t of (
        ev as unknown as {
          _transitions: Array<{
            source: { path: string[] };
            eventType: string;
            target?: Array<{ path: string[] }>;
            guard?: unknown;
          }>;
        }
      )._transitions) {
        const event = t.eventType.startsWith('xstate.done.state.') ? 'done' : t.eventType;
        for (const target of t.target ?? [])
          taken.push(
            transitionKey({
              source: t.source.path.join('.'),
              event,
              target: target.path.join('.'),
              guard: guardName(t.guard),
            }),
          );
      }
    },
  });
  actor.start();
  for (const e of events) actor.send(e);
  actor.stop();
  return taken;
}

function random(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return s % n;
  };
}

const base = {
  chapter: 4,
  last_completed_chapter: 3,
  volume: 1,
  chapters_per_volume: 4,
  book_chapters: 5,
  max_revisions: 2,
};
const BOOK_STARTS: BookInput[] = [
  { ...base, outline_chapters: rangeOf(1, 4) },
  { ...base, outline_chapters: [] },
  {
    chapter: 1,
    last_completed_chapter: 0,
    volume: 1,
    chapters_per_volume: 4,
    book_chapters: 5,
    max_revisions: 2,
    outline_chapters: [],
    planning: true,
    setup: 'world',
  },
  {
    chapter: 3,
    last_completed_chapter: 2,
    volume: 1,
    chapters_per_volume: 4,
    book_chapters: 5,
    max_revisions: 2,
    outline_chapters: [],
    imported_chapters: 2,
  },
  {
    ...base,
    chapter: 5,
    last_completed_chapter: 4,
    outline_chapters: rangeOf(1, 30),
    journal: { kind: 'chapter', chapter: 4 },
  },
] as BookInput[];

describe('the transitions a machine takes, read through the public API', () => {
  it('agree with XState’s own record on 200 random walks of the book machine', () => {
    const pick = random(11);
    const seen = new Set<string>();
    for (let walk = 0; walk < 200; walk++) {
      const input = BOOK_STARTS[walk % BOOK_STARTS.length] as BookInput;
      const events: EventObject[] = [];
      for (let step = 0; step < 30; step++) {
        const now = replayBook(input, events as never).at(-1);
        if (!now || now.status === 'done') break;
        const options = bookEvents(now);
        events.push(options[pick(options.length)] as EventObject);
      }
      const expected = recordedByXState(bookMachine, input, events);
      expect(transitionsTakenBy(bookMachine, input, events)).toEqual(expected);
      // One event at a time from the snapshot transition() gives (the model's search reads them so): the same keys in
      // the same order.
      let [snapshot] = replayBook(input, []);
      const stepwise = transitionsTakenBy(bookMachine, input, []);
      for (const e of events) {
        stepwise.push(...transitionsOfEvent(bookMachine, snapshot as never, e));
        [snapshot] = transition(bookMachine, snapshot as never, e as never);
      }
      expect(stepwise).toEqual(expected);
      for (const k of expected) seen.add(k);
    }
    // The walks go through the guarded choices that share a source and a target (the gate's).
    expect(seen.size).toBeGreaterThan(40);
  });

  it('agree with XState’s own record on 200 random walks of the chapter machine, under each revision policy', () => {
    const pick = random(5);
    for (let walk = 0; walk < 200; walk++) {
      const input: PipelineInput = {
        chapter: 4,
        max_revisions: walk % 3,
        revision_policy: (['auto', 'manual_confirm', 'none'] as const)[walk % 3],
        thresholds: { pass: 4.0, polish: 3.5, revise: 3.0, pause: 2.0 },
      } as PipelineInput;
      const options = sampleEvents();
      const events = Array.from({ length: 25 }, () => options[pick(options.length)] as EventObject);
      const expected = recordedByXState(pipelineMachine, input, events);
      expect(transitionsTakenBy(pipelineMachine, input, events)).toEqual(expected);
      // One event at a time from the snapshot transition() gives (the model's search reads them so): the same keys in
      // the same order.
      let [snapshot] = initialTransition(pipelineMachine, input);
      const stepwise = transitionsTakenBy(pipelineMachine, input, []);
      for (const e of events) {
        stepwise.push(...transitionsOfEvent(pipelineMachine, snapshot, e));
        [snapshot] = transition(pipelineMachine, snapshot, e as never);
      }
      expect(stepwise).toEqual(expected);
    }
  });
});
