import { lockStatus } from '../io/lock.js';
import { checkFinalTreesAsReader } from '../io/fingerprint.js';
import { lockEnvFor, nextOf, nextStepOf, openFs, openProject } from '../io/project.js';
import { usageOf, NovelCommand, type CommandResult } from './base-command.js';

export class NextCommand extends NovelCommand {
  static override paths = [['next']];

  static override usage = usageOf('next', 'pipeline', ['$0 next', '$0 next --json']);

  run(): CommandResult {
    // Hand edits of the book surface here, before any work is paid for (a pending
    // journal first rolls its own writes forward: the recover step comes first).
    const fs = openFs(this.context, this.project);
    const p = checkFinalTreesAsReader(fs, () => openProject(this.context, this.project, fs));
    // The plain output is the step id alone: its reasons, evidence and the lock are for --json.
    if (!this.json) {
      const { step } = nextStepOf(p);
      return { data: { step }, text: step };
    }
    const decision = nextOf(p);
    const lock = lockStatus(p.fs, lockEnvFor(this.context, p.fs, p.settings));
    // The step is printed as its id text; the typed id is for callers inside novel.
    const { diagnostics, command, id: _typed, ...rest } = decision;
    const data = { ...rest, problems: diagnostics, next_command: command, lock };
    return { data, text: decision.step };
  }
}
