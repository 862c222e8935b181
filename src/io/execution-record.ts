/**
 * The execution record of the executor step `novel run` is running:
 * `.novel/execution.json` {step, attempt, pid, pgid, started, files}, written
 * (fsync'd) before the executor starts and cleared only once it exited
 * successfully. A record found later means that execution was interrupted:
 * its outputs may be partial even when they validate, so they are never
 * reused. They are moved aside for audit to
 * `staging/revisions/<chapter-NNN | volume-VV>/interrupted-K/`, the files the
 * step overwrote are restored from the copies taken at its start
 * (`.novel/execution-backup/`), and the step runs again.
 */
import { paths } from '../core/paths.js';
import * as v from 'valibot';
import { parseStepId } from '../core/step-id.js';
import type { StagingView } from '../core/staging-view.js';
import type { ProjectFs } from './project-fs.js';

export const EXECUTION_RECORD = '.novel/execution.json';
const BACKUP_DIR = '.novel/execution-backup';

const ExecutionRecordSchema = v.looseObject({
  step: v.string(),
  attempt: v.number(),
  pid: v.number(),
  pgid: v.nullable(v.number()),
  started: v.string(),
  /** sha256 of every staged file under the step's write scope when it started. */
  files: v.record(v.string(), v.string()),
});
export type ExecutionRecord = v.InferOutput<typeof ExecutionRecordSchema>;

export function readExecution(fs: ProjectFs): ExecutionRecord | null {
  try {
    const parsed = fs.readJson(EXECUTION_RECORD, ExecutionRecordSchema, 'invalid_execution_record');
    return parsed?.ok ? parsed.value : null;
  } catch {
    return null;
  }
}

const inScope = (rel: string, scope: readonly string[]): boolean =>
  scope.some((s) => rel === s || rel.startsWith(s.endsWith('/') ? s : `${s}/`) || rel === s.replace(/\/$/, ''));

/** Before the executor starts: copy what it may overwrite, then write the record. */
export function startExecution(
  fs: ProjectFs,
  view: StagingView,
  step: string,
  attempt: number,
  scope: readonly string[],
): void {
  const files: Record<string, string> = {};
  for (const [rel, f] of [...view.files].sort(([a], [b]) => a.localeCompare(b))) {
    if (!inScope(rel, scope) || f.sha256 === null) continue;
    files[rel] = f.sha256;
    fs.copyFile(rel, `${BACKUP_DIR}/${rel}`);
  }
  fs.writeJson(EXECUTION_RECORD, {
    step,
    attempt,
    pid: process.pid,
    pgid: null,
    started: new Date().toISOString(),
    files,
  });
}

/** The executor is running: its process group goes into the record. */
export function recordExecutor(fs: ProjectFs, pgid: number): void {
  const r = readExecution(fs);
  if (r) fs.writeJson(EXECUTION_RECORD, { ...r, pgid });
}

/** The executor exited successfully (or the author recorded its outputs): forget the record. */
export function finishExecution(fs: ProjectFs): void {
  if (fs.exists(EXECUTION_RECORD)) fs.remove(EXECUTION_RECORD);
  if (fs.exists(BACKUP_DIR)) fs.remove(BACKUP_DIR);
}

function auditDir(step: string): string {
  const parsed = parseStepId(step);
  if (!parsed.ok) return 'staging/revisions/unknown';
  const s = parsed.step;
  return paths.stepRevisionsDir(s);
}

/**
 * The step's next `<kind>-K/` audit folder. A folder a kill left empty (between
 * its mkdir and the first move) is taken again, so the numbering does not
 * depend on where a run was killed.
 */
function freeAuditDir(
  fs: ProjectFs,
  step: string,
  kind: 'interrupted' | 'failed' | 'unexpected' | 'planted' | 'judged-before',
): string {
  const base = auditDir(step);
  const taken = new Set(fs.listDirs(base));
  let k = 1;
  while (taken.has(`${kind}-${k}`) && fs.listFiles(`${base}/${kind}-${k}`, { recursive: true }).length > 0) k++;
  return `${base}/${kind}-${k}`;
}

/**
 * Undo an interrupted execution: what it wrote goes to interrupted-K/, what
 * it overwrote or removed comes back from the backup. Idempotent: a kill in
 * the middle leaves the record, and the next run undoes again. An executor
 * that exited with a failure is undone at once by the run that saw it, into
 * failed-K/: what the author writes afterwards is theirs, never taken for
 * the failed execution's.
 */
export function undoInterrupted(
  fs: ProjectFs,
  view: StagingView,
  record: ExecutionRecord,
  scope: readonly string[],
  kind: 'interrupted' | 'failed' = 'interrupted',
): { dir: string; moved: string[]; restored: string[] } {
  const dir = freeAuditDir(fs, record.step, kind);
  const moved: string[] = [];
  for (const [rel, f] of view.files) {
    if (!inScope(rel, scope) && !(rel in record.files)) continue;
    if (f.sha256 !== null && record.files[rel] === f.sha256) continue;
    fs.copyFile(rel, `${dir}/${rel.replace(/^staging\//, '')}`);
    moved.push(rel);
  }
  for (const rel of moved) fs.remove(rel);
  const restored: string[] = [];
  for (const [rel, sha] of Object.entries(record.files)) {
    if (view.files.get(rel)?.sha256 === sha && !moved.includes(rel)) continue;
    const backup = `${BACKUP_DIR}/${rel}`;
    if (fs.sha256(backup) === sha) {
      fs.copyFile(backup, rel);
      restored.push(rel);
    }
  }
  finishExecution(fs);
  return { dir, moved: moved.sort(), restored: restored.sort() };
}

/**
 * Move staged entries aside, as they are (a link stays a link, never
 * followed), to `staging/revisions/<chapter-NNN | volume-VV>/<kind>-K/`.
 * Returns the folder and what was moved; an entry that cannot be moved (a
 * name the file system will not take back) is returned in `left`.
 */
export function moveAside(
  fs: ProjectFs,
  step: string,
  kind: 'unexpected' | 'planted' | 'judged-before',
  rels: readonly string[],
): { dir: string; moved: string[]; left: string[] } {
  const dir = freeAuditDir(fs, step, kind);
  const moved: string[] = [];
  const left: string[] = [];
  // Deepest first, so that a directory moved whole does not carry away an entry listed on its own.
  for (const rel of [...rels].sort((a, b) => b.length - a.length)) {
    const to = `${dir}/${rel.replace(/^staging\//, '')}`;
    try {
      fs.mkdir(to.slice(0, to.lastIndexOf('/')));
      fs.rename(rel, to);
      moved.push(rel);
    } catch {
      left.push(rel);
    }
  }
  return { dir, moved: moved.sort(), left: left.sort() };
}
