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
import { novelSetup, RESUMABLE_STATES, SETUP_STEPS, type ResumableState, type SetupStep } from './novel.setup.js';
import { IMPORT_STEP_TABLE, SETUP_STEP_TABLE, VOLUME_STEP_TABLE, type BookStepRow } from '../src/core/step-table.js';

/** Bump when state names or context fields change: they are part of the on-disk format. */
export const BOOK_MACHINE_ID = 'novel.book.v1';

/** Ids of the states chapter states leave the `writing` parent for. */
const RETRYING_ID = 'book-retrying';
const RECOVERING_ID = 'book-recovering';
const RESOLVING_ID = 'book-resolving';

const failed = {
  target: `#${RETRYING_ID}`,
  actions: { type: 'recordExecutorFailure', params: { state: null } },
} as const;

/**
 * A setup step's meta, from its row of the step table: its agent runs, or (ready) its staged files await their commit.
 */
function setupMeta(step: SetupStep, ready: boolean): StateMeta {
  const row = SETUP_STEP_TABLE[step];
  return ready
    ? {
        step,
        mode: 'setup',
        action: 'commit',
        description: `commit the staged files of ${row.description}`,
        ladder: null,
      }
    : { step, mode: 'setup', action: 'execute', description: `${row.description} (${row.agent})`, ladder: null };
}

/** A volume's or an imported chapter's step, from its row of the step table. */
function bookStepMeta(row: BookStepRow, step: StateMeta['step']): StateMeta {
  return { step, mode: row.mode as StateMeta['mode'], action: row.action, description: row.description, ladder: null };
}

/**
 * One state per setup step: the agent writes under staging/ (`awaiting`); once
 * the probe finds its files staged and valid (SETUP_STAGED) they await their
 * commit (`ready`); `novel commit --setup` moves them into place.
 */
function setupStates() {
  const states: Record<string, unknown> = {
    route: {
      description: 'The first setup step whose files are missing.',
      always: [
        ...SETUP_STEPS.slice(0, -1).map((step) => ({ guard: { type: 'setupIs', params: { step } }, target: step })),
        { target: SETUP_STEPS[SETUP_STEPS.length - 1] },
      ],
    },
  };
  for (const step of SETUP_STEPS) {
    states[step] = {
      description: `Setup: ${setupMeta(step, false).description}.`,
      initial: 'awaiting',
      states: {
        awaiting: {
          description: `The ${SETUP_STEP_TABLE[step].agent} writes the files of the step under staging/.`,
          meta: setupMeta(step, false),
          on: { SETUP_STAGED: 'ready', EXECUTOR_FAILED: failed },
        },
        ready: {
          description: 'The staged files validate: `novel commit --setup` moves them into place.',
          meta: setupMeta(step, true),
        },
      },
      on: { SETUP_COMMITTED: { target: `#${RESOLVING_ID}`, actions: 'recordSetupCommitted' } },
    };
  }
  return states as Record<'route' | SetupStep, object>;
}

const meta = (m: StateMeta): StateMeta => m;
const { plan: PLAN, commit: PLAN_COMMIT } = VOLUME_STEP_TABLE;
const { summarize: CATCH_UP, commit: CATCH_UP_COMMIT } = IMPORT_STEP_TABLE;

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
      on.EXECUTOR_FAILED = {
        target: `#${RETRYING_ID}`,
        actions: { type: 'recordExecutorFailure', params: { state: name as ResumableState } },
      };
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
      id: RESOLVING_ID,
      description:
        'Where the book stands: a journal to finish, a step to resume, an imported chapter ' +
        'to catch up, a setup step, a volume to plan, the next chapter, or the end.',
      always: [
        { guard: 'journalPending', target: 'recovering' },
        { guard: 'chapterInFlight', target: 'writing' },
        { guard: 'importPending', target: 'importing' },
        { guard: 'setupPending', target: 'setup' },
        { guard: 'planningRecorded', target: 'planning' },
        { guard: 'bookComplete', target: 'complete' },
        { guard: 'volumeComplete', target: 'planning', actions: 'enterVolumePlanning' },
        { guard: 'nextChapterPlanned', target: 'writing' },
        { target: 'planning', actions: 'replanVolume' },
      ],
    },
    setup: {
      description:
        'A new book is set up before its first plan (§14): world, characters, ' +
        'style; a step whose files exist and validate is skipped.',
      initial: 'route',
      states: setupStates(),
    },
    importing: {
      description:
        'An imported chapter gets its catch-up summary (§14): summarized and advanced ' +
        'like a summarize step, then committed, leaving the imported text as it is.',
      initial: 'route',
      states: {
        route: {
          description: 'Back to the catch-up commit when the summary is advanced.',
          always: [{ guard: 'importSummarized', target: 'importCommit' }, { target: 'importSummarize' }],
        },
        importSummarize: {
          description: "The summarizer writes the imported chapter's summary, state delta and memory.",
          meta: bookStepMeta(CATCH_UP, 'summarize'),
          on: { SUMMARIZED: { target: 'importCommit', actions: 'markImportSummarized' }, EXECUTOR_FAILED: failed },
        },
        importCommit: {
          description: 'The catch-up commit moves the summary, delta and memory into the book.',
          meta: bookStepMeta(CATCH_UP_COMMIT, 'commit'),
          on: {
            COMMITTED: { target: `#${RESOLVING_ID}`, actions: 'recordImportCaughtUp' },
            COMMIT_INTERRUPTED: {
              target: `#${RECOVERING_ID}`,
              actions: ['recordImportJournal', 'recordImportCaughtUp'],
            },
          },
        },
      },
    },
    planning: {
      description: 'The plot-architect plans the current volume (orchestrator_state VOL_PLANNING).',
      meta: bookStepMeta(PLAN, 'plan'),
      on: {
        PLAN_STAGED: 'planReady',
        PLAN_COMMITTED: { target: 'resolving', actions: 'leaveVolumePlanning' },
        PLAN_COMMIT_INTERRUPTED: { target: 'recovering', actions: ['leaveVolumePlanning', 'recordJournal'] },
        EXECUTOR_FAILED: { target: 'retrying', actions: { type: 'recordExecutorFailure', params: { state: null } } },
      },
    },
    planReady: {
      description: 'The staged plan of the volume validates: `novel commit --volume` moves it into volumes/.',
      meta: bookStepMeta(PLAN_COMMIT, 'commit'),
      on: {
        PLAN_COMMITTED: { target: 'resolving', actions: 'leaveVolumePlanning' },
        PLAN_COMMIT_INTERRUPTED: { target: 'recovering', actions: ['leaveVolumePlanning', 'recordJournal'] },
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
      meta: meta({
        step: 'commit',
        mode: 'commit',
        action: 'recover',
        description: 'roll the unfinished commit forward',
        ladder: null,
      }),
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
