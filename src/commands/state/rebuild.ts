import { prettyJson } from '../../core/canonical-json.js';
import { say } from '../../core/messages.js';
import { replayChangelog } from '../../core/state-ops.js';
import { readChangelog, STATE_FILE } from '../../io/book-files.js';
import { hasFingerprint, updateFingerprint } from '../../io/fingerprint.js';
import { withMutation } from '../../io/mutation.js';
import { rebuildShingleIndex } from '../../io/shingle-index.js';
import { usageOf, NovelCommand, type CommandResult } from '../base-command.js';

export class StateRebuildCommand extends NovelCommand {
  static override paths = [['state', 'rebuild']];

  static override usage = usageOf('state.rebuild', 'state', ['$0 state rebuild']);

  run(): CommandResult {
    return withMutation(
      this.context,
      this.project,
      { chapter: null, refuseJournal: true, checkFingerprint: false },
      (p) => {
        const { lines } = readChangelog(p.fs);
        const { state } = replayChangelog(lines);
        const content = prettyJson(state);
        const before = p.fs.sha256(STATE_FILE);
        p.fs.writeText(STATE_FILE, content);
        const after = p.fs.sha256(STATE_FILE) as string;
        // Without a fingerprint yet, the next mutating command records one, of every file.
        if (hasFingerprint(p.fs)) updateFingerprint(p.fs, { [STATE_FILE]: after });
        // The repetition check's index, from the committed chapters.
        rebuildShingleIndex(p.fs, p.loaded.checkpoint.last_completed_chapter);
        return {
          data: {
            path: STATE_FILE,
            changelog_lines: lines.length,
            state_version: state.state_version,
            changed: before !== after,
          },
          text: say(this.lang, 'cmd.state.rebuilt', {
            file: STATE_FILE,
            n: lines.length,
            version: state.state_version,
            unchanged: before === after,
          }),
        };
      },
    );
  }
}
