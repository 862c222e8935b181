import { say } from '../../core/messages.js';
import { Command } from 'clipanion';
import { lockStatus } from '../../io/lock.js';
import { lockEnvFor, openFs } from '../../io/project.js';
import { loadSettings } from '../../io/settings.js';
import { NovelCommand, type CommandResult } from '../base-command.js';

export class LockStatusCommand extends NovelCommand {
  static override paths = [['lock', 'status']];

  static override usage = Command.Usage({
    category: 'Lock',
    description: 'Show who holds the project lock and whether it is stale',
    details: `
      A lock is stale when its heartbeat is older than \`lock_stale_minutes\` (default 30), when its process is gone on this host, or (for a lock without readable info.json) when it is more than 60 s old.
    `,
    examples: [['Show the lock', '$0 lock status'], ['As JSON', '$0 lock status --json']],
  });

  run(): CommandResult {
    const fs = openFs(this.context, this.project);
    // Every command that opens a project validates its settings (§10), nested keys included.
    const settings = loadSettings(fs);
    const s = lockStatus(fs, lockEnvFor(this.context, fs, settings));
    const h = s.holder;
    const text = !s.held
      ? say(this.lang, 'lock.free')
      : say(this.lang, 'lock.held', { stale: s.stale ? (s.stale_reason ?? '') : null, holder: !h ? null : this.lang === 'zh' ? `进程 ${h.pid}（${h.host}），开始于 ${h.started}，心跳 ${h.heartbeat}，第${h.chapter ?? '-'}章${h.owner ? `，属于 ${h.owner}` : ''}` : `pid ${h.pid} on ${h.host}, started ${h.started}, heartbeat ${h.heartbeat}, chapter ${h.chapter ?? '-'}${h.owner ? `, owner ${h.owner}` : ''}` });
    return { data: { held: s.held, stale: s.stale, stale_reason: s.stale_reason, holder: h }, text };
  }
}
