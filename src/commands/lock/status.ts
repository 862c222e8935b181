import { said, say } from '../../core/messages.js';
import { lockStatus } from '../../io/lock.js';
import { lockEnvFor, openFs } from '../../io/project.js';
import { loadSettings } from '../../io/settings.js';
import { usageOf, NovelCommand, type CommandResult } from '../base-command.js';

export class LockStatusCommand extends NovelCommand {
  static override paths = [['lock', 'status']];

  static override usage = usageOf('lock.status', 'lock', ['$0 lock status', '$0 lock status --json']);

  run(): CommandResult {
    const fs = openFs(this.context, this.project);
    // Every command that opens a project validates its settings (§10), nested keys included.
    const settings = loadSettings(fs);
    const s = lockStatus(fs, lockEnvFor(this.context, fs, settings));
    const h = s.holder;
    const text = !s.held
      ? say(this.lang, 'lock.free')
      : say(this.lang, 'lock.held', {
          stale: s.stale ? (s.stale_reason ?? '') : null,
          holder: h
            ? said('cmd.lock.holder', {
                pid: h.pid,
                host: h.host,
                started: h.started,
                heartbeat: h.heartbeat,
                chapter: h.chapter ?? '-',
                owner: h.owner ?? null,
              })
            : null,
        });
    return { data: { held: s.held, stale: s.stale, stale_reason: s.stale_reason, holder: h }, text };
  }
}
