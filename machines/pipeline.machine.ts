/**
 * The chapter pipeline (PROTOCOL §3, §6): lock → draft → summarize → refine →
 * judge → gate → commit, with the bounded revision loop, the polish pass and
 * the author's review. The same states are the `writing` child of the book
 * machine (book.machine.ts); this standalone machine is the chapter level on
 * its own, for the chapter model-based tests.
 *
 * Every stable state awaits one step; its `meta` says which step, in which
 * mode, what kind of action the executor or author must take, and where it
 * sits on the status ladder. `lock` and `gate` are transient (eventless).
 */
import { novelSetup } from './novel.setup.js';
import { chapterStates, initialContext, PIPELINE_MACHINE_ID } from './pipeline.states.js';

export * from './pipeline.states.js';

export const pipelineMachine = novelSetup.createMachine({
  id: PIPELINE_MACHINE_ID,
  initial: 'lock',
  context: ({ input }) => initialContext(input),
  states: chapterStates,
});

export type PipelineMachine = typeof pipelineMachine;
