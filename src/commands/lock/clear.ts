import { Command, Option } from 'clipanion';
import { clearLock } from '../../io/lock.js';
import { lockEnvFor, openFs } from '../../io/project.js';
import { loadSettings } from '../../io/settings.js';
import { NovelCommand, type CommandResult } from '../base-command.js';

export class LockClearCommand extends NovelCommand {
  static override paths = [['lock', 'clear']];

  static override usage = Command.Usage({
    category: 'Lock',
    description: 'Remove a stale project lock (a live one only with --force)',
    details: `
      Refuses (exit 2) to remove a live lock unless \`--force\` is given. Leftover \`.novel.lock.tmp-*\` directories of interrupted acquisitions are removed too.
    `,
    examples: [['Remove a stale lock', '$0 lock clear'], ['Remove the lock even if its holder looks alive', '$0 lock clear --force']],
  });

  force = Option.Boolean('--force', false, { description: 'Remove the lock even when it is live' });

  run(): CommandResult {
    const fs = openFs(this.context, this.project);
    // Every command that opens a project validates its settings (§10).
    const { removed, status } = clearLock(fs, lockEnvFor(this.context, fs, loadSettings(fs)), this.force);
    return {
      data: { removed, was: { held: status.held, stale: status.stale, stale_reason: status.stale_reason, holder: status.holder } },
      text: removed ? `lock removed (${status.stale ? `stale: ${status.stale_reason}` : 'forced'})` : 'no lock to remove',
    };
  }
}
