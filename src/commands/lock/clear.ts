import { Option } from 'clipanion';
import { say } from '../../core/messages.js';
import { clearLock } from '../../io/lock.js';
import { lockEnvFor, openFs } from '../../io/project.js';
import { loadSettings } from '../../io/settings.js';
import { usageOf, helpOf, NovelCommand, type CommandResult } from '../base-command.js';

export class LockClearCommand extends NovelCommand {
  static override paths = [['lock', 'clear']];

  static override usage = usageOf('lock.clear', 'lock', ['$0 lock clear', '$0 lock clear --force']);

  force = Option.Boolean('--force', false, { description: helpOf('help.lock.clear.--force') });

  run(): CommandResult {
    const fs = openFs(this.context, this.project);
    // Every command that opens a project validates its settings (§10).
    const { removed, status } = clearLock(fs, lockEnvFor(this.context, fs, loadSettings(fs)), this.force);
    return {
      data: {
        removed,
        was: { held: status.held, stale: status.stale, stale_reason: status.stale_reason, holder: status.holder },
      },
      text: removed
        ? say(this.lang, 'cmd.lock.removed', { stale: status.stale ? String(status.stale_reason) : null })
        : say(this.lang, 'cmd.lock.none'),
    };
  }
}
