/**
 * `novel checkpoint rebuild [--force]`: a checkpoint computed from the book on
 * disk (core/checkpoint-rebuild.ts), written under the lock; an existing one
 * is replaced only with --force and kept as .checkpoint.json.bak[-K].
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { rebuildCheckpoint } from '../core/checkpoint-rebuild.js';
import { NovelError } from '../core/errors.js';
import { outlineChapters } from '../core/outline.js';
import { chapterOfText, paths } from '../core/paths.js';
import { readChangelog } from './book-files.js';
import { acquireLock, defaultLockEnv } from './lock.js';
import { bookEvidence, ProjectFs } from './project-fs.js';
import { loadSettings } from './settings.js';

export function rebuildCheckpointFile(cwd: string, projectFlag: string | undefined, env: NodeJS.ProcessEnv | Record<string, string | undefined>, force: boolean) {
    const root = path.resolve(cwd, projectFlag ?? '.');
    if (!existsSync(root)) throw new NovelError('not_a_project', `${root}: no such directory`, { hint: 'pass --project DIR, the directory that holds the book' });
    const fs = new ProjectFs(root);
    const exists = fs.exists(paths.checkpoint);
    if (exists && !force) {
      throw new NovelError('checkpoint_exists', `${root}: ${paths.checkpoint} exists; rebuild replaces it only with --force`, { hint: '`novel status` shows what it says; `novel checkpoint rebuild --force` replaces it and keeps a backup' });
    }
    if (!exists && bookEvidence(root).length === 0 && !fs.exists('volumes')) {
      throw new NovelError('not_a_book', `${root}: holds no book (no chapters/*.md, state/current-state.json or state/changelog.jsonl)`, { hint: 'create a project with `novel init DIR`' });
    }
    const settings = loadSettings(fs);
    const lock = acquireLock(fs, defaultLockEnv(env, settings.lock_stale_minutes), null);
    try {
      const rebuilt = rebuildCheckpoint({
        changelogChapters: readChangelog(fs).lines.map((l) => l.chapter),
        chapterFiles: fs.listFiles('chapters').map(chapterOfText).filter((n): n is number => n !== null),
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
      return { checkpoint, backup, rebuilt };
    } finally {
      lock.release();
    }
}
