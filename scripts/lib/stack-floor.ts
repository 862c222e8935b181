/**
 * The stack floor of `npm run bench`: what every `novel next` does before any work of its own, with the libraries
 * the design fixes. clipanion parses the command line; valibot parses `.checkpoint.json` and `novel.config.json`
 * with their schemas; XState makes the book machine and starts it at the checkpoint's next chapter; the step of
 * the state it rests in is printed. No boundary check, no probe of staging/ or of the book, no packet: what
 * `novel next` costs above this floor is novel's own work. Built with the CLI's bundle options and loaded by the
 * same dist/cli.js, through a code cache made the same way (scripts/lib/stack-floor.mjs).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Cli, Command, Option } from 'clipanion';
import * as v from 'valibot';
import { createActor } from 'xstate';
import { bookMachine } from '../../machines/book.machine.js';
import type { StateMeta } from '../../machines/pipeline.states.js';
import { syncWriter } from '../../src/io/stdio.js';
import { CheckpointSchema } from '../../src/schemas/checkpoint.js';
import { ConfigSchema } from '../../src/schemas/config.js';

class FloorNext extends Command {
  static override paths = [['next']];
  json = Option.Boolean('--json', false);
  project = Option.String('--project', '.');

  async execute(): Promise<number> {
    const read = (file: string): unknown => JSON.parse(readFileSync(join(this.project, file), 'utf8'));
    const cp = v.parse(CheckpointSchema, read('.checkpoint.json'));
    v.parse(ConfigSchema, read('novel.config.json'));
    const chapter = cp.last_completed_chapter + 1;
    const actor = createActor(bookMachine, {
      input: { chapter, last_completed_chapter: cp.last_completed_chapter, outline_chapters: [chapter] },
    });
    actor.start();
    const meta = Object.values(actor.getSnapshot().getMeta())[0] as StateMeta | undefined;
    const step = meta?.step ?? null;
    this.context.stdout.write(this.json ? `${JSON.stringify({ chapter, step })}\n` : `chapter ${chapter}: ${step}\n`);
    return 0;
  }
}

const cli = new Cli({ binaryName: 'novel' });
cli.register(FloorNext);
// novel's bundles write through file descriptors, never through process.stdout (src/io/stdio.ts).
const context = { stdin: process.stdin, stdout: syncWriter(1), stderr: syncWriter(2) } as never;
cli.run(process.argv.slice(2), context).then((code) => process.exit(code));
