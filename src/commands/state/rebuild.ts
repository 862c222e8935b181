import { Command } from 'clipanion';
import { prettyJson } from '../../core/canonical-json.js';
import { replayChangelog } from '../../core/state-ops.js';
import { readChangelog, STATE_FILE } from '../../io/book-files.js';
import { hasFingerprint, updateFingerprint } from '../../io/fingerprint.js';
import { withMutation } from '../../io/mutation.js';
import { rebuildShingleIndex } from '../../io/shingle-index.js';
import { NovelCommand, type CommandResult } from '../base-command.js';

export class StateRebuildCommand extends NovelCommand {
  static override paths = [['state', 'rebuild']];

  static override usage = Command.Usage({
    category: 'State',
    description: 'Rewrite state/current-state.json from the changelog',
    details: `
      Replays the applied ops of \`state/changelog.jsonl\` from the empty state and writes the result atomically. Refused (exit 2) while a commit journal is pending: finish that commit first.
    `,
    examples: [['Rebuild the state', '$0 state rebuild']],
  });

  run(): CommandResult {
    return withMutation(this.context, this.project, { chapter: null, refuseJournal: true, checkFingerprint: false }, (p) => {
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
        data: { path: STATE_FILE, changelog_lines: lines.length, state_version: state.state_version, changed: before !== after },
        text: `${STATE_FILE} rebuilt from ${lines.length} changelog line(s): state_version ${state.state_version}${before === after ? ' (unchanged)' : ''}`,
      };
    });
  }
}
