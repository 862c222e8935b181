/**
 * The book machine on every path the book model plans (the shortest event
 * list to each of its transitions, from each of the model's starts), replayed
 * without the CLI: each step's state, status and whole context, and the
 * transitions taken, against the recorded paths (__snapshots__). The model
 * test (book.model.test.ts) shows the CLI does what these snapshots say; this
 * one runs in the mutation run, which leaves the CLI out, so that a changed
 * guard, target or action of the machine fails a unit test.
 *
 * The event lists are searched once (breadth-first, slow) and kept in
 * book-machine-paths.json beside this file; `UPDATE_BOOK_PATHS=1` searches
 * them again (after a change to the machine, with the snapshots:
 * `UPDATE_BOOK_PATHS=1 npx vitest run -u test/machines/book.machine.paths.test.ts`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bookMachine } from '../../machines/book.machine.js';
import type { BookInput } from '../../machines/novel.setup.js';
import type { PipelineEvent } from '../../machines/pipeline.events.js';
import { bookGraph, pipelineGraph, transitionKey } from '../../src/core/graph.js';
import { eventName, rangeOf, replayBook, shortestTo } from '../helpers/book-model.js';
import { transitionsTakenBy } from '../helpers/transitions-taken.js';

const base = {
  chapter: 4,
  last_completed_chapter: 3,
  volume: 1,
  chapters_per_volume: 4,
  book_chapters: 5,
  max_revisions: 2,
};
const STARTS: Array<[string, BookInput]> = [
  ['outlined to 4', { ...base, outline_chapters: rangeOf(1, 4) }],
  ['no outline', { ...base, outline_chapters: [] }],
  [
    'new book with samples',
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
    } as BookInput,
  ],
  [
    'imported',
    {
      chapter: 3,
      last_completed_chapter: 2,
      volume: 1,
      chapters_per_volume: 4,
      book_chapters: 5,
      max_revisions: 2,
      outline_chapters: [],
      imported_chapters: 2,
    } as BookInput,
  ],
  [
    'imported, summarized',
    {
      chapter: 3,
      last_completed_chapter: 2,
      volume: 1,
      chapters_per_volume: 4,
      book_chapters: 5,
      max_revisions: 2,
      outline_chapters: [],
      imported_chapters: 2,
      import_summarized: true,
    } as BookInput,
  ],
  [
    'journal pending',
    {
      ...base,
      chapter: 5,
      last_completed_chapter: 4,
      outline_chapters: rangeOf(1, 30),
      journal: { kind: 'chapter', chapter: 4 },
    } as BookInput,
  ],
];

const PATHS_FILE = join(import.meta.dirname, 'book-machine-paths.json');

/** Per start, per transition key: the shortest event list that takes it (none: unreachable from there). */
function plannedPaths(): Record<string, Record<string, PipelineEvent[]>> {
  if (process.env.UPDATE_BOOK_PATHS !== '1' && existsSync(PATHS_FILE))
    return JSON.parse(readFileSync(PATHS_FILE, 'utf8'));
  const keys = [...new Set(bookGraph().transitions.map(transitionKey))];
  const out: Record<string, Record<string, PipelineEvent[]>> = {};
  for (const [name, input] of STARTS) {
    out[name] = {};
    for (const key of keys) {
      const events = shortestTo(input, key);
      if (events !== null) (out[name] as Record<string, PipelineEvent[]>)[key] = events;
    }
  }
  writeFileSync(PATHS_FILE, `${JSON.stringify(out, null, 1)}\n`);
  return out;
}

describe('the book machine on the model’s paths', () => {
  const planned = plannedPaths();
  it(
    'the planned paths reach every transition of the book level ' +
      'from some start (the chapter machine’s own are its tests’)',
    () => {
      const reached = new Set(Object.values(planned).flatMap((byKey) => Object.keys(byKey)));
      const chapterKeys = new Set(
        pipelineGraph().transitions.map((t) =>
          transitionKey({ ...t, source: `writing.${t.source}`, target: `writing.${t.target}` }),
        ),
      );
      const bookKeys = [...new Set(bookGraph().transitions.map(transitionKey))].filter((k) => !chapterKeys.has(k));
      expect(bookKeys.length).toBeGreaterThan(40);
      expect(bookKeys.filter((k) => !reached.has(k))).toEqual([]);
    },
  );
  it(
    'the book graph: every state with its description, step ' + 'and mode, every transition with its guard and actions',
    () => {
      expect(JSON.stringify(bookGraph(), null, 1)).toMatchSnapshot();
    },
  );
  for (const [name, input] of STARTS) {
    it(`from ${name}: every reachable transition, step by step`, () => {
      const paths: string[] = [];
      for (const [key, events] of Object.entries(planned[name] ?? {})) {
        const snaps = replayBook(input, events);
        // Each step: the event, the state reached, and the context fields it changed.
        const steps = snaps.map((s, i) => {
          const before = (i === 0 ? {} : (snaps[i - 1]?.context ?? {})) as Record<string, unknown>;
          const changed = Object.entries(s.context as unknown as Record<string, unknown>).filter(
            ([k, v]) => JSON.stringify(before[k]) !== JSON.stringify(v),
          );
          // What the CLI reads of the state it rests in: its meta (step, mode, action, description).
          const meta = Object.values(s.getMeta()).filter((m) => m !== undefined);
          return (
            `${i === 0 ? 'start' : eventName(events[i - 1] as never)} → ${JSON.stringify(s.value)} ` +
            `${s.status} ${JSON.stringify(Object.fromEntries(changed))} meta ${JSON.stringify(meta)}`
          );
        });
        paths.push(
          [`to ${key}`, ...steps, `taken: ${transitionsTakenBy(bookMachine, input, events).join(' | ')}`].join('\n  '),
        );
      }
      expect(paths.length).toBeGreaterThan(0);
      expect(paths.join('\n')).toMatchSnapshot();
    });
  }
});
