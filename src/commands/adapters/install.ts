import { Option } from 'clipanion';
import { NovelError } from '../../core/errors.js';
import { said, say } from '../../core/messages.js';
import { oneOf } from '../../core/one-of.js';
import { ADAPTER_KINDS, installAdapters } from '../../io/adapters.js';
import { acquireLock } from '../../io/lock.js';
import { lockEnvFor, openFs } from '../../io/project.js';
import { usageOf, NovelCommand, type CommandResult } from '../base-command.js';

const isKind = oneOf(ADAPTER_KINDS);

export class AdaptersInstallCommand extends NovelCommand {
  static override paths = [['adapters', 'install']];

  static override usage = usageOf('adapters.install', 'project', [
    '$0 adapters install claude',
    '$0 adapters install codex',
  ]);

  kind = Option.String({ name: 'claude|codex' });

  run(): CommandResult {
    if (!isKind(this.kind))
      throw new NovelError('invalid_option', said('cmd.adapters.kind', { kind: this.kind }), {
        hint: 'novel adapters install claude',
      });
    const fs = openFs(this.context, this.project);
    // Like every command that writes the project: under its lock (inside an executor step: refused, exit 3).
    const lock = acquireLock(fs, lockEnvFor(this.context, fs), null);
    let result: ReturnType<typeof installAdapters>;
    try {
      result = installAdapters(fs, this.kind);
    } finally {
      lock.release();
    }
    const { installed, unchanged, kept } = result;
    const lines = [
      ...installed.map((f) => `  + ${f}`),
      ...unchanged.map((f) => say(this.lang, 'cmd.adapters.unchanged', { file: f })),
      ...kept.map((f) => say(this.lang, 'cmd.adapters.kept', { file: f })),
    ];
    return {
      data: { kind: this.kind, installed, unchanged, kept },
      text: `${say(this.lang, 'cmd.adapters.head', { kind: this.kind })}\n${lines.join('\n')}`,
    };
  }
}
