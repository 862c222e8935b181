/**
 * The book machine on every path the book model plans (the shortest event
 * list to each of its transitions, from each of the model's starts), replayed
 * without the CLI: each step's state, status and whole context, and the
 * transitions taken, against the recorded paths (__snapshots__). The model
 * test (book.model.test.ts) shows the CLI does what these snapshots say; this
 * one runs in the mutation run, which leaves the CLI out, so that a changed
 * guard, target or action of the machine fails a unit test.
 */
import { describe, expect, it } from 'vitest';
import { bookMachine } from '../../machines/book.machine.js';
import type { BookInput } from '../../machines/novel.setup.js';
import { bookGraph, transitionKey } from '../../src/core/graph.js';
import { eventName, rangeOf, replayBook, shortestTo } from '../helpers/book-model.js';
import { transitionsTakenBy } from '../helpers/transitions-taken.js';

const base = { chapter: 4, last_completed_chapter: 3, volume: 1, chapters_per_volume: 4, book_chapters: 5, max_revisions: 2 };
const STARTS: Array<[string, BookInput]> = [
  ['outlined to 4', { ...base, outline_chapters: rangeOf(1, 4) }],
  ['no outline', { ...base, outline_chapters: [] }],
  ['new book with samples', { chapter: 1, last_completed_chapter: 0, volume: 1, chapters_per_volume: 4, book_chapters: 5, max_revisions: 2, outline_chapters: [], planning: true, setup: 'world' } as BookInput],
  ['imported', { chapter: 3, last_completed_chapter: 2, volume: 1, chapters_per_volume: 4, book_chapters: 5, max_revisions: 2, outline_chapters: [], imported_chapters: 2 } as BookInput],
  ['imported, summarized', { chapter: 3, last_completed_chapter: 2, volume: 1, chapters_per_volume: 4, book_chapters: 5, max_revisions: 2, outline_chapters: [], imported_chapters: 2, import_summarized: true } as BookInput],
  ['journal pending', { ...base, chapter: 5, last_completed_chapter: 4, outline_chapters: rangeOf(1, 30), journal: { kind: 'chapter', chapter: 4 } } as BookInput],
];

describe('the book machine on the model’s paths', () => {
  const keys = [...new Set(bookGraph().transitions.map(transitionKey))];
  for (const [name, input] of STARTS) {
    it(`from ${name}: every reachable transition, step by step`, () => {
      const paths: string[] = [];
      for (const key of keys) {
        const events = shortestTo(input, key);
        if (events === null) continue;
        const snaps = replayBook(input, events);
        // Each step: the event, the state reached, and the context fields it changed.
        const steps = snaps.map((s, i) => {
          const before = (i === 0 ? {} : snaps[i - 1]?.context ?? {}) as Record<string, unknown>;
          const changed = Object.entries(s.context as unknown as Record<string, unknown>).filter(([k, v]) => JSON.stringify(before[k]) !== JSON.stringify(v));
          return `${i === 0 ? 'start' : eventName(events[i - 1] as never)} → ${JSON.stringify(s.value)} ${s.status} ${JSON.stringify(Object.fromEntries(changed))}`;
        });
        paths.push([`to ${key}`, ...steps, `taken: ${transitionsTakenBy(bookMachine, input, events).join(' | ')}`].join('\n  '));
      }
      expect(paths.length).toBeGreaterThan(0);
      expect(paths.join('\n')).toMatchSnapshot();
    });
  }
});
