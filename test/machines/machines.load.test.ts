/**
 * The machines are built when their modules load, so a test that imports them
 * statically cannot report a machine that fails to build: the file fails to
 * load and no test of it fails (the mutation run counts that as no failure).
 * These tests load the modules inside the test.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';

describe('the machines, loaded inside the test', () => {
  it('the chapter pipeline builds, enters at the lock and passes straight on to the draft', async () => {
    const { pipelineMachine } = await import('../../machines/pipeline.machine.js');
    expect(pipelineMachine.config.initial).toBe('lock');
    expect(pipelineMachine.root.initial.target.map((t) => t.key)).toEqual(['lock']);
    const actor = createActor(pipelineMachine, { input: { chapter: 1, max_revisions: 2, revision_policy: 'auto' } });
    expect(actor.getSnapshot().value).toBe('draft');
  });

  it('the book machine builds and enters at resolving, which routes a fresh book to its plan', async () => {
    const { bookMachine } = await import('../../machines/book.machine.js');
    expect(bookMachine.config.initial).toBe('resolving');
    expect(bookMachine.root.initial.target.map((t) => t.key)).toEqual(['resolving']);
    expect(createActor(bookMachine, { input: { chapter: 1 } }).getSnapshot().value).toBe('planning');
    expect(createActor(bookMachine, { input: { chapter: 1, setup: 'world' } }).getSnapshot().value).toEqual({
      setup: { world: 'awaiting' },
    });
    expect(createActor(bookMachine, { input: { chapter: 1, imported_chapters: 1 } }).getSnapshot().value).toEqual({
      importing: 'importSummarize',
    });
    expect(createActor(bookMachine, { input: { chapter: 1, outline_chapters: [1] } }).getSnapshot().value).toEqual({
      writing: 'draft',
    });
  });
});
