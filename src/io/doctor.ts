/**
 * `novel doctor`: every consistency check in one report. Each finding has a
 * severity, a code, the file, what is wrong, and the exact command that fixes
 * it. Only reads.
 */
import { displayName, removeCommand } from '../core/shell-words.js';
import { stagingTree } from './staging-probe.js';
import * as path from 'node:path';
import { rebuildCheckpoint } from '../core/checkpoint-rebuild.js';
import { NovelError } from '../core/errors.js';
import { diffListing } from '../core/fingerprint-rules.js';
import { nextOf } from './project.js';
import { outlineChapters } from '../core/outline.js';
import { orphanedStaging, upcomingCoverage } from '../core/doctor-rules.js';
import { journalPath, paths } from '../core/paths.js';
import { verifyState } from '../core/state-verify.js';
import { padChapter } from '../core/step-id.js';
import { readChangelog, readState } from './book-files.js';
import { readExecution } from './execution-record.js';
import { hashAll, listFinalTrees, readFingerprint, stillMatches } from './fingerprint.js';
import { lockStatus } from './lock.js';
import { lockEnvFor, openProject, type CommandEnv } from './project.js';
import { findProjectRoot, ProjectFs } from './project-fs.js';

export interface Finding {
  severity: 'error' | 'warning' | 'info';
  code: string;
  file: string | null;
  message: string;
  fix: string | null;
}

const UPCOMING = 10;

function executorVersion(bin: string, env: NodeJS.ProcessEnv): string | null {
  const cp = process.getBuiltinModule('node:child_process') as typeof import('node:child_process');
  const r = cp.spawnSync(bin, ['--version'], { env, encoding: 'utf8', timeout: 5000 });
  return r.status === 0 ? (r.stdout.trim().split('\n')[0] ?? '') : null;
}

export function runDoctor(cenv: CommandEnv, projectFlag: string | undefined): { root: string; findings: Finding[] } {
  const findings: Finding[] = [];
  const add = (f: Finding): void => void findings.push(f);
  let root: string;
  try {
    root = findProjectRoot(cenv.cwd, projectFlag);
  } catch (err) {
    if (!(err instanceof NovelError) || err.code !== 'checkpoint_missing') throw err;
    root = path.resolve(cenv.cwd, projectFlag ?? '.');
    add({ severity: 'error', code: 'checkpoint_missing', file: paths.checkpoint, message: err.message, fix: `novel checkpoint rebuild --project ${root}` });
    return { root, findings };
  }
  const fs = new ProjectFs(root);
  let p;
  try {
    p = openProject(cenv, projectFlag, fs);
  } catch (err) {
    if (!(err instanceof NovelError)) throw err;
    const file = err.code === 'invalid_config' ? paths.config : paths.checkpoint;
    add({ severity: 'error', code: err.code, file, message: err.message, fix: err.code === 'invalid_config' ? `correct ${paths.config} (docs/configuration.md)` : 'novel checkpoint rebuild --force' });
    return { root, findings };
  }
  const cp = p.loaded.checkpoint;

  // The checkpoint against the book.
  const changelog = readChangelog(fs);
  const chapterFiles = fs.listFiles('chapters').map((f) => /^chapters\/chapter-(\d+)\.md$/.exec(f)?.[1]).filter((n): n is string => n !== undefined).map(Number);
  const implied = rebuildCheckpoint({ changelogChapters: changelog.lines.map((l) => l.chapter), chapterFiles, chaptersPerVolume: p.settings.chapters_per_volume, outlineOf: () => undefined });
  if (implied.fields.last_completed_chapter !== cp.last_completed_chapter && p.journal === null) {
    add({ severity: 'error', code: 'checkpoint_disagrees', file: paths.checkpoint, message: `last_completed_chapter is ${cp.last_completed_chapter}, the changelog's last chapter is ${implied.fields.last_completed_chapter}`, fix: 'novel checkpoint rebuild --force' });
  }
  for (const w of implied.warnings) add({ severity: 'warning', code: w.code, file: w.file, message: w.message, fix: w.fix ?? null });

  // The fingerprint, every file.
  const recorded = readFingerprint(fs);
  if (recorded === null) add({ severity: 'info', code: 'no_fingerprint', file: paths.fingerprint, message: 'no fingerprint is recorded yet', fix: 'the next mutating command records one (e.g. novel state verify --accept)' });
  else {
    const present = listFinalTrees(fs);
    const current = hashAll(fs, present);
    const { added, removed } = diffListing(recorded, present);
    for (const f of present.filter((x) => recorded[x] !== undefined && !stillMatches(fs, x, recorded[x] as string, current[x] ?? null))) add({ severity: 'error', code: 'file_changed', file: f, message: `${f} changed outside novel`, fix: `restore ${f}, or novel state verify --accept` });
    for (const f of added) add({ severity: 'error', code: 'file_added', file: f, message: `${f} was added outside novel`, fix: `delete ${f}, or novel state verify --accept` });
    for (const f of removed) add({ severity: 'error', code: 'file_removed', file: f, message: `${f} was removed outside novel`, fix: `restore ${f}, or novel state verify --accept` });
  }

  // The state against its changelog.
  const state = verifyState(readState(fs) as Record<string, unknown>, changelog.lines);
  if (!state.consistent) add({ severity: 'error', code: 'state_diverges', file: 'state/current-state.json', message: `the state diverges from the changelog at ${state.differing_paths.join(', ')} (first divergent chapter: ${state.first_divergent_chapter ?? 'none'})`, fix: 'novel state rebuild (or novel state verify --accept to keep a hand fix)' });

  // A pending journal.
  if (p.probe.journal) {
    const j = p.probe.journal;
    add({ severity: 'error', code: 'journal_pending', file: journalPath(j), message: 'a commit was interrupted after its journal', fix: j.kind === 'chapter' ? `novel commit --chapter ${j.chapter}` : `novel commit --volume ${j.volume}` });
  }

  // The lock and its leftovers.
  const lock = lockStatus(fs, lockEnvFor(cenv, fs));
  if (lock.held && lock.stale) add({ severity: 'warning', code: 'lock_stale', file: paths.lockDir, message: `a stale lock (${lock.stale_reason})`, fix: 'novel lock clear' });
  for (const name of fs.rootEntries('.novel.lock.')) add({ severity: 'warning', code: 'lock_leftover', file: name, message: `${name} is left over from an interrupted lock operation`, fix: 'novel lock clear (any mutating command removes it)' });

  // An interrupted execution.
  const execution = readExecution(fs);
  if (execution) add({ severity: 'warning', code: 'execution_interrupted', file: '.novel/execution.json', message: `an execution of ${execution.step} (attempt ${execution.attempt}) never finished; its outputs are not reused`, fix: 'novel run (runs the step again)' });

  // Staging files that belong to no step.
  const next = nextOf(p);
  const tree = stagingTree(fs, p.settings.staging_max_files);
  if (tree.overflow) {
    const o = tree.overflow;
    add({ severity: 'error', code: 'staging_overflow', file: o.dirs[0]?.dir ?? 'staging', message: `staging/ holds ${o.count} entries, above the limit of ${o.limit} (staging_max_files); novel run will not execute a step until it is cleaned. Biggest: ${o.dirs.map((d) => `${displayName(d.dir)} (${d.entries})`).join(', ')}`, fix: removeCommand(o.dirs[0]?.dir ?? 'staging') });
  }
  const staged = tree.overflow ? [] : [...tree.entries].filter(([, e]) => e.kind !== 'dir').map(([rel]) => rel);
  for (const rel of orphanedStaging(staged, next, cp.last_completed_chapter)) {
    add({ severity: 'warning', code: 'staging_orphan', file: rel, message: `${displayName(rel)} belongs to no step (the book is at ${next.step})`, fix: removeCommand(rel) });
  }

  // Outline and contracts of the next chapters of the current volume.
  if (next.state !== 'planning' && next.state !== 'complete') {
    const vol = Math.max(1, cp.current_volume);
    const r = fs.readTextChecked(paths.volumeOutline(vol));
    const { missing, noContract } = upcomingCoverage({
      lastCompleted: cp.last_completed_chapter,
      volume: vol,
      chaptersPerVolume: p.settings.chapters_per_volume,
      bookChapters: p.settings.book_chapters,
      upcoming: UPCOMING,
      outlined: new Set(r && 'text' in r ? outlineChapters(r.text) : []),
      hasContract: (c) => fs.exists(`${paths.volumeDir(vol)}/chapter-contracts/chapter-${padChapter(c)}.json`),
    });
    // A volume outlined only a few chapters ahead is a normal state: the book machine plans the rest when it gets there.
    if (missing.length) add({ severity: 'info', code: 'outline_missing', file: paths.volumeOutline(vol), message: `no outline block yet for chapter(s) ${missing.join(', ')}: the book machine plans them when it reaches them`, fix: `nothing to do now; novel run plans the rest of volume ${vol} (or write the blocks yourself)` });
    if (noContract.length) add({ severity: 'warning', code: 'contract_missing', file: `${paths.volumeDir(vol)}/chapter-contracts/`, message: `no chapter contract for chapter(s) ${noContract.join(', ')}`, fix: `write them (novel schema contract shows the format)` });
  }

  // Executors on PATH.
  for (const bin of ['claude', 'codex']) {
    const version = executorVersion(bin, cenv.env);
    add(version === null
      ? { severity: 'info', code: 'executor_missing', file: null, message: `${bin} is not on PATH (${cenv.env.PATH ?? ''})`, fix: bin === 'claude' ? 'npm install -g @anthropic-ai/claude-code (only to run --executor claude)' : 'npm install -g @openai/codex (only to run --executor codex)' }
      : { severity: 'info', code: 'executor_found', file: null, message: `${bin} ${version}`, fix: null });
  }
  return { root, findings };
}
