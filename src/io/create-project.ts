/**
 * A new, minimal valid project (`novel init`, and `novel import` into a new
 * folder): the template's files, the demo's AI-cliché blacklist, the folders,
 * the fingerprint; the checkpoint last, so that its presence marks a finished
 * project root. Existing files are kept as they are.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { paths } from '../core/paths.js';
import { newProjectFiles } from '../core/project-template.js';
import { recordBoundary } from './boundary-cache.js';
import { readCheckpoint } from './checkpoint.js';
import { hashAll, listFinalTrees, writeFingerprint } from './fingerprint.js';
import { demoProjectSource } from './package-files.js';
import { ProjectFs } from './project-fs.js';

export function createEmptyProject(target: string, quality: Record<string, unknown>): { created: string[]; kept: string[] } {
  mkdirSync(target, { recursive: true });
  const fs = new ProjectFs(target);
  const created: string[] = [];
  const kept: string[] = [];
  // The AI-cliché blacklist starts as the demo's (its whitelist too): the author edits it, the writer and refiner avoid it.
  const files: Record<string, string> = { ...newProjectFiles(quality), 'ai-blacklist.json': readFileSync(path.join(demoProjectSource(), 'ai-blacklist.json'), 'utf8') };
  const order = Object.keys(files).filter((f) => f !== paths.checkpoint).concat(paths.checkpoint);
  for (const rel of order) {
    if (fs.exists(rel)) {
      kept.push(rel);
      continue;
    }
    fs.writeText(rel, files[rel] as string);
    created.push(rel);
  }
  for (const dir of ['characters/active', 'volumes', 'chapters', 'summaries', 'evaluations', 'logs', 'staging']) fs.mkdir(dir);
  writeFingerprint(fs, hashAll(fs, listFinalTrees(fs)));
  recordBoundary(fs, readCheckpoint(fs).checkpoint);
  return { created, kept };
}
