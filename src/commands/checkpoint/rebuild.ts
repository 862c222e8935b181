import { Option } from 'clipanion';
import { say } from '../../core/messages.js';
import { paths } from '../../core/paths.js';
import { rebuildCheckpointFile } from '../../io/checkpoint-file.js';
import { usageOf, helpOf, NovelCommand, type CommandResult } from '../base-command.js';

export class CheckpointRebuildCommand extends NovelCommand {
  static override paths = [['checkpoint', 'rebuild']];

  static override usage = usageOf('checkpoint.rebuild', 'state', [
    '$0 checkpoint rebuild --project my-novel',
    '$0 checkpoint rebuild --force',
  ]);

  force = Option.Boolean('--force', false, { description: helpOf('help.checkpoint.rebuild.--force') });

  run(): CommandResult {
    const { checkpoint, backup, rebuilt } = rebuildCheckpointFile(
      this.context.cwd,
      this.project,
      this.context.env,
      this.force,
    );
    const f = rebuilt.fields;
    const lines = [
      say(this.lang, 'cmd.checkpoint.rebuilt', {
        file: paths.checkpoint,
        n: f.last_completed_chapter,
        volume: f.current_volume,
        writing: f.orchestrator_state === 'WRITING',
      }),
      ...(backup ? [say(this.lang, 'cmd.checkpoint.backup', { file: backup })] : []),
      say(this.lang, 'cmd.checkpoint.next'),
    ];
    return { data: { checkpoint, backup }, text: lines.join('\n'), warnings: rebuilt.warnings };
  }
}
