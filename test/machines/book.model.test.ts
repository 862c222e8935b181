/**
 * Model-based tests of the book machine: for every book-level transition (and
 * every transition the book adds to the chapter pipeline inside `writing`),
 * the shortest sequence of events that takes it is replayed on the machine
 * and realised through the real CLI on a copy of the fixture project — the
 * demo executor writes, a failing command template fails, commits are killed
 * right after their journal. After each event `novel next` must say what the
 * machine predicts and `.checkpoint.json` must hold the book-level fields of
 * the model snapshot. The chapter pipeline's own transitions are driven by
 * pipeline.model.test.ts; together the two cover both machines.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { PipelineEvent } from '../../machines/pipeline.events.js';
import { bookGraph, pipelineGraph, transitionKey } from '../../src/core/graph.js';
import {
  bookTransitionsTaken,
  configure,
  crashAfterJournal,
  eventName,
  expectBookCheckpoint,
  expectBookNext,
  importedBook,
  newBook,
  rangeOf,
  realiseBook,
  removeOutline,
  replayBook,
  shortestToEach,
  truncateOutline,
  type BookSnapshot,
  type BookStart,
} from '../helpers/book-model.js';
import { cleanupTempDirs, fixtureCopy, novel } from '../helpers/project.js';

afterAll(cleanupTempDirs);

/**
 * Volumes of their own length (§14): volume 1's outline stops at chapter 4, so chapter 4 ends it;
 * a new volume is planned for chapters_per_volume (4) chapters, and chapter 5 ends the book.
 */
const BOOK = {
  chapters_per_volume: 4,
  volume_chapters: { min: 1, max: 100 },
  book_chapters: 5,
  executor: { retries: 0 },
  quality: { hook: { required: true }, key_chapters: false },
};
const base = {
  chapter: 4,
  last_completed_chapter: 3,
  volume: 1,
  chapters_per_volume: 4,
  book_chapters: 5,
  max_revisions: 2,
};

const STARTS: BookStart[] = [
  {
    name: 'chapter 4 outlined, the last of volume 1',
    input: { ...base, outline_chapters: rangeOf(1, 4) },
    prepare: async (p) => {
      configure(p, BOOK);
      await truncateOutline(p, 4);
    },
  },
  {
    name: 'volume 1 has no outline',
    input: { ...base, outline_chapters: [] },
    prepare: async (p) => {
      configure(p, BOOK);
      await removeOutline(p);
    },
  },
  {
    name: 'a new book (init, a sample text in samples/)',
    input: {
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
    prepare: async (p) => {
      await newBook(p);
      configure(p, BOOK);
    },
  },
  {
    name: 'an imported book of 2 chapters',
    input: {
      chapter: 3,
      last_completed_chapter: 2,
      volume: 1,
      chapters_per_volume: 4,
      book_chapters: 5,
      max_revisions: 2,
      outline_chapters: [],
      imported_chapters: 2,
    },
    prepare: async (p) => {
      await importedBook(p, 2);
      configure(p, BOOK);
    },
  },
  {
    name: 'an imported book whose first catch-up summary is advanced',
    input: {
      chapter: 3,
      last_completed_chapter: 2,
      volume: 1,
      chapters_per_volume: 4,
      book_chapters: 5,
      max_revisions: 2,
      outline_chapters: [],
      imported_chapters: 2,
      import_summarized: true,
    },
    prepare: async (p) => {
      await importedBook(p, 2);
      configure(p, BOOK);
      const r = await novel(p, ['run', '--executor', 'demo', '--pause-after', 'summarize']);
      expect(r.code, r.stderr).toBe(0);
    },
  },
  {
    name: 'a commit of chapter 4 killed after its journal',
    input: {
      ...base,
      chapter: 5,
      last_completed_chapter: 4,
      outline_chapters: rangeOf(1, 30),
      journal: { kind: 'chapter', chapter: 4 },
    },
    prepare: async (p) => {
      configure(p, BOOK);
      const r = await novel(p, ['run', '--executor', 'demo', '--pause-after', 'judge']);
      expect(r.code, r.stderr).toBe(0);
      crashAfterJournal(p, ['commit', '--chapter', '4'], 'prepare');
    },
  },
];

/** The machine's own transitions of the book level (chapter-internal ones belong to the chapter model). */
const chapterKeys = new Set(
  pipelineGraph().transitions.map((t) =>
    transitionKey({ ...t, source: `writing.${t.source}`, target: `writing.${t.target}` }),
  ),
);
const bookKeys = bookGraph()
  .transitions.map(transitionKey)
  .filter((k) => !chapterKeys.has(k));
const bookStates = bookGraph()
  .states.filter((s) => s.parent === null)
  .map((s) => s.id);
/**
 * The top-level state of a state the CLI reports (`draft` → `writing`, `world` → `setup`), read from the machine's
 * graph.
 */
const topOf = (reported: string): string =>
  (bookGraph().states.find((s) => s.id === reported || s.id.endsWith(`.${reported}`))?.id ?? reported).split(
    '.',
  )[0] as string;

interface Planned {
  start: BookStart;
  events: PipelineEvent[];
}

function plan(): Planned[] {
  const covered = new Set<string>();
  const out: Planned[] = [];
  // Each start's shortest list to each key, searched once per start.
  const shortest = new Map<BookStart, Map<string, PipelineEvent[]>>();
  for (const key of bookKeys) {
    if (covered.has(key)) continue;
    for (const start of STARTS) {
      if (!shortest.has(start)) shortest.set(start, shortestToEach(start.input, bookKeys));
      const events = shortest.get(start)?.get(key) ?? null;
      if (!events) continue;
      out.push({ start, events });
      for (const t of bookTransitionsTaken(start.input, events)) covered.add(t);
      break;
    }
  }
  return out;
}

const PLANNED = plan();
const taken = new Map<string, number>();
const visited = new Map<string, number>();

describe('the book machine, driven through the real CLI', () => {
  it(`plans ${PLANNED.length} paths that reach every book transition`, () => {
    const reachable = new Set(PLANNED.flatMap((p) => bookTransitionsTaken(p.start.input, p.events)));
    expect(bookKeys.filter((k) => !reachable.has(k))).toEqual([]);
    expect(PLANNED.length).toBe(EXPECTED_PATHS);
  });

  PLANNED.forEach(({ start, events }, i) => {
    it(`path ${i + 1} (${start.name}): ${events.map(eventName).join(' → ')}`, async () => {
      const project = fixtureCopy();
      await start.prepare(project);
      const states = replayBook(start.input, events);
      let before = states[0] as BookSnapshot;
      // Coverage counts the states the CLI itself reported, not the model's.
      const reported = [await expectBookNext(project, before, 'start')];
      for (let k = 0; k < events.length; k++) {
        const e = events[k] as PipelineEvent;
        const after = states[k + 1] as BookSnapshot;
        const note = `step ${k + 1} ${e.type} (${JSON.stringify(before.value)} → ${JSON.stringify(after.value)})`;
        await realiseBook(project, e, before, note);
        reported.push(await expectBookNext(project, after, note));
        expectBookCheckpoint(project, after, note);
        before = after;
      }
      for (const t of new Set(bookTransitionsTaken(start.input, events))) taken.set(t, (taken.get(t) ?? 0) + 1);
      for (const top of new Set(reported.map(topOf))) visited.set(top, (visited.get(top) ?? 0) + 1);
      // The router is transient (no command rests in it): it was passed when the CLI reported a state only it leads to.
      if (reported.map(topOf).some((t) => ['planning', 'setup', 'importing', 'recovering', 'complete'].includes(t)))
        visited.set('resolving', (visited.get('resolving') ?? 0) + 1);
    });
  });

  it('covers every state and transition of the book level (the chapter level: pipeline.model.test.ts)', () => {
    const rows = [
      'state                  paths',
      ...bookStates.map((s) => `${s.padEnd(22)} ${visited.get(s) ?? 0}`),
      '',
      'transition                                                                 paths',
    ];
    for (const k of bookKeys) rows.push(`${k.padEnd(74)} ${taken.get(k) ?? 0}`);
    const states = bookStates.filter((s) => (visited.get(s) ?? 0) > 0).length;
    const transitions = bookKeys.filter((k) => (taken.get(k) ?? 0) > 0).length;
    rows.push(
      '',
      `states covered: ${states}/${bookStates.length} (${((100 * states) / bookStates.length).toFixed(0)} %)`,
      `transitions covered: ${transitions}/${bookKeys.length} ` +
        `(${((100 * transitions) / bookKeys.length).toFixed(0)} %)`,
    );
    process.stdout.write(`\nBook model coverage\n${rows.join('\n')}\n`);
    expect(states).toBe(bookStates.length);
    expect(transitions).toBe(bookKeys.length);
  });
});

/** The number of planned paths: a change of the book graph must show up here. */
const EXPECTED_PATHS = 30;
