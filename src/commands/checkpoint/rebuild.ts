import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Command, Option } from 'clipanion';
import { rebuildCheckpoint } from '../../core/checkpoint-rebuild.js';
import { NovelError } from '../../core/errors.js';
import { outlineChapters } from '../../core/outline.js';
import { paths } from '../../core/paths.js';
import { readChangelog } from '../../io/book-files.js';
import { acquireLock, defaultLockEnv } from '../../io/lock.js';
import { bookEvidence, ProjectFs } from '../../io/project-fs.js';
import { loadSettings } from '../../io/settings.js';
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
    const root = path.resolve(this.context.cwd, this.project ?? '.');
    if (!existsSync(root)) throw new NovelError('not_a_project', `${root}: no such directory`, { hint: 'pass --project DIR, the directory that holds the book' });
    const fs = new ProjectFs(root);
    const exists = fs.exists(paths.checkpoint);
    if (exists && !this.force) {
      throw new NovelError('checkpoint_exists', `${root}: ${paths.checkpoint} exists; rebuild replaces it only with --force`, { hint: '`novel status` shows what it says; `novel checkpoint rebuild --force` replaces it and keeps a backup' });
    }
    if (!exists && bookEvidence(root).length === 0 && !fs.exists('volumes')) {
      throw new NovelError('not_a_book', `${root}: holds no book (no chapters/*.md, state/current-state.json or state/changelog.jsonl)`, { hint: 'create a project with `novel init DIR`' });
    }
    const settings = loadSettings(fs);
    const lock = acquireLock(fs, defaultLockEnv(this.context.env, settings.lock_stale_minutes), null);
    try {
      const rebuilt = rebuildCheckpoint({
        changelogChapters: readChangelog(fs).lines.map((l) => l.chapter),
        chapterFiles: fs.listFiles('chapters').map((f) => /^chapters\/chapter-(\d+)\.md$/.exec(f)?.[1]).filter((n): n is string => n !== undefined).map(Number),
        chaptersPerVolume: settings.chapters_per_volume,
        outlineOf: (volume) => {
          const r = fs.readTextChecked(paths.volumeOutline(volume));
          return r && 'text' in r ? outlineChapters(r.text) : undefined;
        },
      });
      let backup: string | null = null;
      if (exists) {
        backup = '.checkpoint.json.bak';
        for (let k = 2; fs.exists(backup); k++) backup = `.checkpoint.json.bak-${k}`;
        fs.writeText(backup, fs.readText(paths.checkpoint));
      }
      const checkpoint = { ...rebuilt.fields, last_checkpoint_time: new Date().toISOString() };
      fs.writeJson(paths.checkpoint, checkpoint);
      const f = rebuilt.fields;
      const lines = [
        `rebuilt ${paths.checkpoint}: ${f.last_completed_chapter} chapter(s) committed, volume ${f.current_volume} ${f.orchestrator_state === 'WRITING' ? 'being written' : 'to be planned'}`,
        ...(backup ? [`the old checkpoint is kept as ${backup}`] : []),
        'next: novel next',
      ];
      return { data: { checkpoint, backup }, text: lines.join('\n'), warnings: rebuilt.warnings };
    } finally {
      lock.release();
    }
  }
}
