/**
 * `novel doctor`: every consistency check in one report. Each finding has a
 * severity, a code, the file, what is wrong, and the exact command that fixes
 * it. Only reads.
 */
import { displayName, removeCommand } from '../core/shell-words.js';
import { langOf, render, sayer } from '../core/messages.js';
import type { Diagnostic } from '../schemas/diagnostics.js';
import { diagnosticWords } from './said-at.js';
import { stagingTree } from './staging-probe.js';
import * as path from 'node:path';
import { rebuildCheckpoint } from '../core/checkpoint-rebuild.js';
import { NovelError } from '../core/errors.js';
import { diffListing } from '../core/fingerprint-rules.js';
import { nextOf } from './project.js';
import { outlineChapters } from '../core/outline.js';
import { orphanedStaging, upcomingCoverage } from '../core/doctor-rules.js';
import { chapterOfText, journalCommand, journalPath, paths } from '../core/paths.js';
import { verifyState } from '../core/state-verify.js';
import { readChangelog, readState } from './book-files.js';
import { readExecution } from './execution-record.js';
import { hashAll, listFinalTrees, readFingerprint, stillMatches } from './fingerprint.js';
import { isPidAlive, lockStatus } from './lock.js';
import { parseJsonText } from '../schemas/parse.js';
import { entityIdMap } from '../core/context/entities.js';
import { diskView } from './project-view.js';
import { probeBox } from './sandbox.js';
import { boxDetail, boxState } from '../core/sandbox.js';
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
  const lang = cenv.lang ?? langOf(cenv.env);
  const t = sayer(lang);
  // A diagnostic of the core as a finding's line, in the reader's language where its parts are said.
  const line = (d: Diagnostic): string => (lang === 'en' ? d.message : render(lang, diagnosticWords(d)));
  const fixOf = (d: Diagnostic): string | null =>
    d.fix === undefined ? null : d.words?.fix ? render(lang, d.words.fix) : d.fix;
  let root: string;
  try {
    root = findProjectRoot(cenv.cwd, projectFlag);
  } catch (err) {
    if (!(err instanceof NovelError) || err.code !== 'checkpoint_missing') throw err;
    root = path.resolve(cenv.cwd, projectFlag ?? '.');
    add({
      severity: 'error',
      code: 'checkpoint_missing',
      file: paths.checkpoint,
      message: render(lang, err.said),
      fix: `novel checkpoint rebuild --project ${root}`,
    });
    return { root, findings };
  }
  const fs = new ProjectFs(root);
  let p;
  try {
    // The cast as its files are, not as a record of them (cast-cache.ts): doctor checks what the author has.
    p = openProject(cenv, projectFlag, fs, { castRecord: false });
  } catch (err) {
    if (!(err instanceof NovelError)) throw err;
    const file = err.code === 'invalid_config' ? paths.config : paths.checkpoint;
    add({
      severity: 'error',
      code: err.code,
      file,
      message: render(lang, err.said),
      fix:
        err.code === 'invalid_config'
          ? t('doctoring.correct_config', { file: paths.config })
          : 'novel checkpoint rebuild --force',
    });
    return { root, findings };
  }
  const cp = p.loaded.checkpoint;

  // The checkpoint against the book.
  const changelog = readChangelog(fs);
  const chapterFiles = fs
    .listFiles('chapters')
    .map(chapterOfText)
    .filter((n): n is number => n !== null);
  const implied = rebuildCheckpoint({
    changelogChapters: changelog.lines.map((l) => l.chapter),
    chapterFiles,
    chaptersPerVolume: p.settings.chapters_per_volume,
    outlineOf: () => undefined,
  });
  if (implied.fields.last_completed_chapter !== cp.last_completed_chapter && p.journal === null) {
    add({
      severity: 'error',
      code: 'checkpoint_disagrees',
      file: paths.checkpoint,
      message: t('doctor.checkpoint_disagrees', {
        cp: cp.last_completed_chapter,
        log: implied.fields.last_completed_chapter,
      }),
      fix: 'novel checkpoint rebuild --force',
    });
  }
  for (const w of implied.warnings)
    add({ severity: 'warning', code: w.code, file: w.file, message: line(w), fix: fixOf(w) });

  // The fingerprint, every file.
  const recorded = readFingerprint(fs);
  if (recorded === null)
    add({
      severity: 'info',
      code: 'no_fingerprint',
      file: paths.fingerprint,
      message: t('doctor.no_fingerprint'),
      fix: t('doctor.no_fingerprint.fix'),
    });
  else {
    const present = listFinalTrees(fs);
    const current = hashAll(fs, present);
    const { added, removed } = diffListing(recorded, present);
    for (const f of present.filter(
      (x) => recorded[x] !== undefined && !stillMatches(fs, x, recorded[x] as string, current[x] ?? null),
    ))
      add({
        severity: 'error',
        code: 'file_changed',
        file: f,
        message: t('doctor.file_changed', { file: f }),
        fix: t('doctor.restore_or_accept', { file: f, verb: 'restore' }),
      });
    for (const f of added)
      add({
        severity: 'error',
        code: 'file_added',
        file: f,
        message: t('doctor.file_added', { file: f }),
        fix: t('doctor.restore_or_accept', { file: f, verb: 'delete' }),
      });
    for (const f of removed)
      add({
        severity: 'error',
        code: 'file_removed',
        file: f,
        message: t('doctor.file_removed', { file: f }),
        fix: t('doctor.restore_or_accept', { file: f, verb: 'restore' }),
      });
  }

  // The state against its changelog.
  const state = verifyState(readState(fs) as Record<string, unknown>, changelog.lines);
  if (!state.consistent)
    add({
      severity: 'error',
      code: 'state_diverges',
      file: 'state/current-state.json',
      message: t('doctor.state_diverges', {
        paths: state.differing_paths.join(', '),
        first: String(state.first_divergent_chapter ?? '-'),
      }),
      fix: t('doctor.state_diverges.fix'),
    });

  // A pending journal.
  if (p.probe.journal) {
    const j = p.probe.journal;
    add({
      severity: 'error',
      code: 'journal_pending',
      file: journalPath(j),
      message:
        j.kind === 'chapter' && j.rewind
          ? t('doctor.rewind_pending', { chapter: j.chapter })
          : t('doctor.journal_pending'),
      fix: journalCommand(j),
    });
  }

  // The lock and its leftovers.
  const lock = lockStatus(fs, lockEnvFor(cenv, fs));
  if (lock.held && lock.stale)
    add({
      severity: 'warning',
      code: 'lock_stale',
      file: paths.lockDir,
      message: t('doctor.lock_stale', { reason: lock.stale_reason ?? '' }),
      fix: 'novel lock clear',
    });
  for (const name of fs.rootEntries('.novel.lock.'))
    add({
      severity: 'warning',
      code: 'lock_leftover',
      file: name,
      message: t('doctor.lock_leftover', { name }),
      fix: t('doctor.lock_leftover.fix'),
    });

  // An interrupted execution (a live run's own step is not one).
  const execution = readExecution(fs);
  if (execution && (execution.pid === process.pid || !isPidAlive(execution.pid)))
    add({
      severity: 'warning',
      code: 'execution_interrupted',
      file: '.novel/execution.json',
      message: t('doctor.execution_interrupted', { step: execution.step, attempt: execution.attempt }),
      fix: t('doctor.execution_interrupted.fix'),
    });

  // The cast: a character file the packets cannot read is left out of every one of them, so it is named here.
  for (const d of entityIdMap(diskView(fs)).problems)
    add({
      severity: d.code === 'character_slug' ? 'warning' : 'error',
      code: d.code,
      file: d.file ?? null,
      message: line(d).replace(/^(.+?)[\uff1a:]\s*/, (m, f: string) => (f === d.file ? '' : m)),
      fix: fixOf(d),
    });

  // Staged JSON that no longer parses (a hand edit after its step was recorded): named with its line and column now,
  // not at the commit.
  for (const rel of fs.listFiles('staging', { recursive: true })) {
    if (!rel.endsWith('.json') || rel.startsWith('staging/revisions/') || rel.startsWith('staging/.commit/')) continue;
    const r = fs.readTextChecked(rel);
    if (!r || !('text' in r)) continue;
    const parsed = parseJsonText(r.text, rel, 'invalid_json');
    if (!parsed.ok)
      for (const d of parsed.diagnostics)
        add({
          severity: 'error',
          code: d.code,
          file: rel,
          message: line(d).replace(/^(.+?)[\uff1a:]\s*/, (m, f: string) => (f === rel ? '' : m)),
          fix: fixOf(d),
        });
  }

  // Staging files that belong to no step.
  const next = nextOf(p);
  const tree = stagingTree(fs, p.settings.staging_max_files);
  if (tree.overflow) {
    const o = tree.overflow;
    add({
      severity: 'error',
      code: 'staging_overflow',
      file: o.dirs[0]?.dir ?? 'staging',
      message: t('doctor.staging_overflow', {
        count: o.count,
        limit: o.limit,
        biggest: o.dirs.map((d) => `${displayName(d.dir)} (${d.entries})`).join(', '),
      }),
      fix: removeCommand(o.dirs[0]?.dir ?? 'staging'),
    });
  }
  const staged = tree.overflow ? [] : [...tree.entries].filter(([, e]) => e.kind !== 'dir').map(([rel]) => rel);
  for (const rel of orphanedStaging(staged, next, cp.last_completed_chapter)) {
    add({
      severity: 'warning',
      code: 'staging_orphan',
      file: rel,
      message: t('doctor.staging_orphan', { file: displayName(rel), step: next.step }),
      fix: removeCommand(rel),
    });
  }

  // Outline and contracts of the next chapters of the current volume.
  if (next.mode !== 'plan' && next.action !== 'done') {
    const vol = Math.max(1, cp.current_volume);
    const r = fs.readTextChecked(paths.volumeOutline(vol));
    const { missing, noContract } = upcomingCoverage({
      lastCompleted: cp.last_completed_chapter,
      volume: vol,
      chaptersPerVolume: p.settings.chapters_per_volume,
      bookChapters: p.settings.book_chapters,
      upcoming: UPCOMING,
      outlined: new Set(r && 'text' in r ? outlineChapters(r.text) : []),
      hasContract: (c) => fs.exists(paths.contract(vol, c)),
    });
    // A volume outlined only a few chapters ahead is a normal state: the book machine plans the rest when it gets
    // there.
    if (missing.length)
      add({
        severity: 'info',
        code: 'outline_missing',
        file: paths.volumeOutline(vol),
        message: t('doctor.outline_missing', { chapters: missing.join(', ') }),
        fix: t('doctor.outline_missing.fix', { volume: vol }),
      });
    if (noContract.length)
      add({
        severity: 'warning',
        code: 'contract_missing',
        file: `${paths.volumeDir(vol)}/chapter-contracts/`,
        message: t('doctor.contract_missing', { chapters: noContract.join(', ') }),
        fix: t('doctor.contract_missing.fix'),
      });
  }

  // Executors on PATH.
  for (const bin of ['claude', 'codex']) {
    const version = executorVersion(bin, cenv.env);
    add(
      version === null
        ? {
            severity: 'info',
            code: 'executor_missing',
            file: null,
            message: t('doctor.executor_missing', { bin, path: cenv.env.PATH ?? '' }),
            fix: t('doctor.executor_missing.fix', { bin }),
          }
        : { severity: 'info', code: 'executor_found', file: null, message: `${bin} ${version}`, fix: null },
    );
  }
  // The box executors run in (PROTOCOL §17).
  const mode = p.settings.executor.sandbox;
  const box = boxState(mode, () => probeBox(cenv.env));
  const boxMessage = t(`box.${box.state}`, { detail: boxDetail(box) });
  add(
    box.state === 'on'
      ? { severity: 'info', code: 'sandbox_on', file: null, message: boxMessage, fix: null }
      : {
          severity: box.state === 'required' ? 'error' : 'warning',
          code: box.state === 'off' ? 'sandbox_off' : 'sandbox_unavailable',
          file: box.state === 'off' ? paths.config : null,
          message: boxMessage,
          fix: t(mode === 'off' ? 'doctor.sandbox_off.fix' : 'doctor.sandbox_unavailable.fix'),
        },
  );
  return { root, findings };
}
