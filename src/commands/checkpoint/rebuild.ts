import { Command, Option } from 'clipanion';
import { paths } from '../../core/paths.js';
import { rebuildCheckpointFile } from '../../io/checkpoint-file.js';
import { NovelCommand, type CommandResult } from '../base-command.js';

export class CheckpointRebuildCommand extends NovelCommand {
  static override paths = [['checkpoint', 'rebuild']];

  static override usage = Command.Usage({
    category: 'State',
    description: 'Reconstruct a lost .checkpoint.json from the book',
    details: `
      The last committed chapter comes from \`state/changelog.jsonl\` (cross-checked with \`chapters/\`: missing or uncommitted chapter files are listed); the volume is the one that holds the next chapter (\`chapters_per_volume\`), written on if its outline on disk covers the next chapter, planned otherwise; the stage is \`committed\` with no chapter in flight. Staged outputs stay where they are: \`novel next\` re-derives from them.

      Refuses (exit 2) while a checkpoint exists, unless \`--force\`, which keeps the old one as \`.checkpoint.json.bak\` (or \`.bak-2\`, …). The project directory is \`--project DIR\` or the current directory.
    `,
    examples: [
      ['Rebuild the checkpoint of the book in ./my-novel', '$0 checkpoint rebuild --project my-novel'],
      ['Replace a damaged checkpoint, keeping a backup', '$0 checkpoint rebuild --force'],
    ],
  });

  force = Option.Boolean('--force', false, { description: 'Replace an existing checkpoint (kept as .checkpoint.json.bak)' });

  run(): CommandResult {
    const { checkpoint, backup, rebuilt } = rebuildCheckpointFile(this.context.cwd, this.project, this.context.env, this.force);
    const f = rebuilt.fields;
    const lines = [
        `rebuilt ${paths.checkpoint}: ${f.last_completed_chapter} chapter(s) committed, volume ${f.current_volume} ${f.orchestrator_state === 'WRITING' ? 'being written' : 'to be planned'}`,
        ...(backup ? [`the old checkpoint is kept as ${backup}`] : []),
        'next: novel next',
      ];
    return { data: { checkpoint, backup }, text: lines.join('\n'), warnings: rebuilt.warnings };
  }
}
