/**
 * The book machine: the lifecycle above one chapter. It plans volumes, writes
 * chapters (the chapter pipeline is its `writing` child), recovers a commit
 * journal left by a killed commit, waits after an executor failed past its
 * retries (orchestrator_state ERROR_RETRY), and ends with the planned book.
 *
 * `resolving` is the one router: it runs at an actor's start, after each
 * chapter commit, after a volume plan commit, after a recovery and on RETRY.
 * Its guards read the context the I/O shell filled from `.checkpoint.json`,
 * the settings and the probes (journal, outline). Rehydration restores stable
 * states only (book.table.ts); `next`, `advance`, `commit`, `status`, `graph`,
 * the packets' next actions and `novel run` all derive from this machine.
 */
import { chapterStates, initialContext, type StateMeta } from './pipeline.states.js';
import { novelSetup, RESUMABLE_STATES, type ResumableState } from './novel.setup.js';

/** Bump when state names or context fields change: they are part of the on-disk format. */
export const BOOK_MACHINE_ID = 'novel.book.v1';

/** Ids of the states chapter states leave the `writing` parent for. */
const RETRYING_ID = 'book-retrying';
const RECOVERING_ID = 'book-recovering';

const meta = (m: StateMeta): StateMeta => m;

/** The chapter states inside `writing`: an executor step can fail past its retries. */
function writingStates() {
  const states: Record<string, unknown> = {
    resume: {
      description: 'Back to the step an executor failed in, or a fresh chapter.',
      always: [
        ...RESUMABLE_STATES.map((state) => ({ guard: { type: 'resumesAt', params: { state } }, target: state })),
        { target: 'lock' },
      ],
    },
  };
  for (const [name, node] of Object.entries(chapterStates)) {
    const on = { ...((node as { on?: object }).on ?? {}) } as Record<string, unknown>;
    if ((RESUMABLE_STATES as readonly string[]).includes(name)) {
      on.EXECUTOR_FAILED = { target: `#${RETRYING_ID}`, actions: { type: 'recordExecutorFailure', params: { state: name as ResumableState } } };
    }
    if (name === 'commit') {
      on.COMMIT_INTERRUPTED = { target: `#${RECOVERING_ID}`, actions: ['recordJournal', 'recordCommitted'] };
    }
    states[name] = 'on' in node || Object.keys(on).length ? { ...node, on } : node;
  }
  return states as typeof chapterStates & { resume: object };
}

export const bookMachine = novelSetup.createMachine({
  id: BOOK_MACHINE_ID,
  initial: 'resolving',
  context: ({ input }) => initialContext(input),
  states: {
    resolving: {
      description: 'Where the book stands: a journal to finish, a step to resume, a volume to plan, the next chapter, or the end.',
      always: [
        { guard: 'journalPending', target: 'recovering' },
        { guard: 'chapterInFlight', target: 'writing' },
        { guard: 'planningRecorded', target: 'planning' },
        { guard: 'bookComplete', target: 'complete' },
        { guard: 'volumeComplete', target: 'planning', actions: 'enterVolumePlanning' },
        { guard: 'nextChapterPlanned', target: 'writing' },
        { target: 'planning', actions: 'replanVolume' },
      ],
    },
    planning: {
      description: 'The plot-architect plans the current volume (orchestrator_state VOL_PLANNING).',
      meta: meta({ step: 'plan', mode: 'plan', action: 'execute', description: 'plan the volume', ladder: null }),
      on: {
        PLAN_COMMITTED: { target: 'resolving', actions: 'leaveVolumePlanning' },
        PLAN_COMMIT_INTERRUPTED: { target: 'recovering', actions: ['leaveVolumePlanning', 'recordJournal'] },
        EXECUTOR_FAILED: { target: 'retrying', actions: { type: 'recordExecutorFailure', params: { state: null } } },
      },
    },
    writing: {
      description: 'The chapter pipeline writes the next chapter (orchestrator_state WRITING).',
      initial: 'resume',
      states: writingStates(),
      onDone: { target: 'resolving', actions: 'recordCommitted' },
    },
    recovering: {
      id: RECOVERING_ID,
      description: 'A commit was killed after its journal: the next mutating command rolls it forward.',
      meta: meta({ step: 'commit', mode: 'commit', action: 'recover', description: 'roll the unfinished commit forward', ladder: null }),
      on: { JOURNAL_RECOVERED: { target: 'resolving', actions: 'clearJournal' } },
    },
    retrying: {
      id: RETRYING_ID,
      description: 'An executor failed past its retries (orchestrator_state ERROR_RETRY); fix the cause, then retry.',
      meta: meta({ step: null, mode: 'normal', action: 'retry', description: 'retry the failed step', ladder: null }),
      on: { RETRY: 'resolving' },
    },
    complete: {
      description: 'The planned book is written (config book_chapters).',
      meta: meta({ step: null, mode: 'normal', action: 'done', description: 'the book is complete', ladder: null }),
      type: 'final',
    },
  },
});

export type BookMachine = typeof bookMachine;
