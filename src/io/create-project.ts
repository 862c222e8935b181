/**
 * A new, minimal valid project (`novel init`, and `novel import` into a new
 * folder): the template's files, the demo's AI-cliché blacklist, the folders,
 * the fingerprint; the checkpoint last, so that its presence marks a finished
 * project root. Existing files are kept as they are.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { paths } from '../core/paths.js';
import { newProjectFiles, type BookFields } from '../core/project-template.js';
import { recordBoundary } from './boundary-cache.js';
import { recordBoxProbe } from './sandbox.js';
import { rebuildShingleIndex } from './shingle-index.js';
import { recordPlanningInputs } from './planning-inputs.js';
import { readCheckpoint } from './checkpoint.js';
import { boundaryDiff, hashAll, listFinalTrees, writeFingerprint } from './fingerprint.js';
import { demoProjectSource } from './package-files.js';
import { bookEvidenceSaid, ProjectFs } from './project-fs.js';
import { NovelError } from '../core/errors.js';
import { said } from '../core/messages.js';
import { nextOf, openProject, type CommandEnv } from './project.js';

export function createEmptyProject(
  target: string,
  quality: Record<string, unknown>,
  book?: BookFields,
  env: NodeJS.ProcessEnv = process.env,
): { created: string[]; kept: string[] } {
  mkdirSync(target, { recursive: true });
  const fs = new ProjectFs(target);
  const created: string[] = [];
  const kept: string[] = [];
  // The AI-cliché blacklist starts as the demo's (its whitelist too): the author edits it, the writer and refiner avoid
  // it.
  const files: Record<string, string> = {
    ...newProjectFiles(quality, book),
    'ai-blacklist.json': readFileSync(path.join(demoProjectSource(), 'ai-blacklist.json'), 'utf8'),
  };
  const order = Object.keys(files)
    .filter((f) => f !== paths.checkpoint)
    .concat(paths.checkpoint);
  for (const rel of order) {
    if (fs.exists(rel)) {
      kept.push(rel);
      continue;
    }
    fs.writeText(rel, files[rel] as string);
    created.push(rel);
  }
  for (const dir of ['characters/active', 'volumes', 'chapters', 'summaries', 'evaluations', 'logs', 'staging'])
    fs.mkdir(dir);
  writeFingerprint(fs, hashAll(fs, listFinalTrees(fs)));
  recordPlanningInputs(fs);
  recordBoundary(fs, readCheckpoint(fs).checkpoint);
  recordBoxProbe(fs, env);
  return { created, kept };
}

export type InitResult =
  | { demo: true; root: string }
  | { demo: false; root: string; created: string[]; kept: string[] };

/**
 * `novel init [DIR] [--demo]`: refuses a folder that holds a project or a book
 * (or, for the demo, anything); the demo project is copied and set to run with
 * the offline demo executor.
 */
export function initProject(
  cwd: string,
  dir: string | undefined,
  options: { demo: boolean; quality: Record<string, unknown>; book?: BookFields; env?: NodeJS.ProcessEnv },
): InitResult {
  const target = path.resolve(cwd, dir ?? '.');
  if (existsSync(path.join(target, paths.checkpoint))) {
    throw new NovelError('project_exists', said('projectdir.exists', { dir: target, file: paths.checkpoint }), {
      hint: said('projectdir.exists.hint'),
    });
  }
  const book = bookEvidenceSaid(target);
  if (book.found.length) {
    throw new NovelError(
      'book_exists',
      said('projectdir.book_exists', { dir: target, book: book.words, file: paths.checkpoint }),
      {
        hint: said('projectdir.book_exists.hint', { command: `novel checkpoint rebuild --project ${dir ?? '.'}` }),
        details: { found: book.found },
      },
    );
  }
  const env = options.env ?? process.env;
  if (!options.demo)
    return { demo: false, root: target, ...createEmptyProject(target, options.quality, options.book, env) };
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new NovelError('directory_not_empty', said('projectdir.demo_not_empty', { dir: target }), {
      hint: said('projectdir.choose_another'),
    });
  }
  cpSync(demoProjectSource(), target, { recursive: true });
  // The demo runs with the offline demo executor, measured against the qidian preset: recorded, so that `novel run`
  // needs no flag.
  const config = path.join(target, paths.config);
  const settings = JSON.parse(readFileSync(config, 'utf8')) as Record<string, unknown>;
  writeFileSync(
    config,
    `${JSON.stringify({ ...settings, ...options.quality, executor: { command: 'demo' } }, null, 2)}\n`,
  );
  // The copy matches the demo's fingerprint: its stat signature is recorded, as
  // after any mutation, so that the first reads check the book by stats.
  const fs = new ProjectFs(target);
  const cp = readCheckpoint(fs).checkpoint;
  if (boundaryDiff(fs, cp) === null) recordBoundary(fs, cp);
  recordPlanningInputs(fs);
  // The repetition check's index of the demo's committed chapters.
  rebuildShingleIndex(fs, cp.last_completed_chapter);
  recordBoxProbe(fs, env);
  return { demo: true, root: target };
}

/** What a new project does first, as `novel next` says it (a book with samples/ is set up first). */
export function nextStepOf(cenv: CommandEnv, root: string): { step: string; command: string } {
  const next = nextOf(openProject(cenv, root), false);
  return { step: next.step, command: next.command };
}
