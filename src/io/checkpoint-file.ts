/**
 * `novel checkpoint rebuild [--force]`: a checkpoint computed from the book on
 * disk (core/checkpoint-rebuild.ts), written under the lock; an existing one
 * is replaced only with --force and kept as .checkpoint.json.bak[-K].
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { rebuildCheckpoint } from '../core/checkpoint-rebuild.js';
import { NovelError } from '../core/errors.js';
import { said } from '../core/messages.js';
import { outlineChapters } from '../core/outline.js';
import { chapterOfText, paths } from '../core/paths.js';
import { readChangelog } from './book-files.js';
import { acquireLock, defaultLockEnv } from './lock.js';
import { bookEvidence, ProjectFs } from './project-fs.js';
import { loadSettings } from './settings.js';

export function rebuildCheckpointFile(
  cwd: string,
  projectFlag: string | undefined,
  env: NodeJS.ProcessEnv | Record<string, string | undefined>,
  force: boolean,
) {
  const root = path.resolve(cwd, projectFlag ?? '.');
  if (!existsSync(root))
    throw new NovelError('not_a_project', said('projectdir.no_such_directory', { dir: root }), {
      hint: said('projectdir.pass_project'),
    });
  const fs = new ProjectFs(root);
  const exists = fs.exists(paths.checkpoint);
  if (exists && !force) {
    throw new NovelError(
      'checkpoint_exists',
      said('projectdir.checkpoint_exists', { dir: root, file: paths.checkpoint }),
      { hint: said('projectdir.checkpoint_exists.hint') },
    );
  }
  if (!exists && bookEvidence(root).length === 0 && !fs.exists('volumes')) {
    throw new NovelError('not_a_book', said('projectdir.not_a_book', { dir: root }), {
      hint: said('projectdir.init_dir'),
    });
  }
  const settings = loadSettings(fs);
  const lock = acquireLock(fs, defaultLockEnv(env, settings.lock_stale_minutes), null);
  try {
    const rebuilt = rebuildCheckpoint({
      changelogChapters: readChangelog(fs).lines.map((l) => l.chapter),
      chapterFiles: fs
        .listFiles('chapters')
        .map(chapterOfText)
        .filter((n): n is number => n !== null),
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
