/**
 * Where the book stands, as `novel status` and `novel serve` report it: the
 * status view (next step, rungs, gate, lock), the book's totals and the
 * dormant foreshadowing. Read-only.
 */
import { probeBoxCached } from './sandbox.js';
import { boxState, type BoxState } from '../core/sandbox.js';
import type { BookTotals } from '../core/chapter-log.js';
import { diffHint, type FingerprintDiff } from '../core/fingerprint-rules.js';
import { said, say, type Words } from '../core/messages.js';
import { paths } from '../core/paths.js';
import { stagedJson } from '../core/staging-view.js';
import { buildStatusView, type StatusView } from '../core/status-view.js';
import { readBookTotals, readLedgerTotals, TOTALS_COMPUTED_UP_TO } from './book-files.js';
import { readDailyProgress, readSerialBuffer } from './publishing.js';
import type { DailyProgress } from '../core/daily-goal.js';
import { clockNow } from './clock.js';
import type { SerialBuffer } from '../core/publishing.js';
import { dormantCount } from './dormant-count.js';
import { readerBoundary } from './fingerprint.js';
import { lockStatus } from './lock.js';
import { lockEnvFor, nextOf, openProject, type CommandEnv, type OpenProject } from './project.js';
import type { ProjectFs } from './project-fs.js';

export interface StatusReport {
  view: StatusView;
  totals: BookTotals | null;
  serial: SerialBuffer | null;
  /** The daily goal (§18): today's 字数 against it, the streak (and the calendar when asked); null without a goal. */
  daily: DailyProgress | null;
  dormant: number;
  /** The executors' box: on, or why not. */
  box: BoxState;
  project: OpenProject;
}

/** The paths of a boundary diff, as a list said in the reader's language. */
const boundaryList = ({ changed, added, removed }: FingerprintDiff): Words =>
  said('fingerprint.list', { changed, added, removed });

/** `zh: false`: the report is shown in English only, and leaves its Chinese reasons out. */
export function statusReport(
  cenv: CommandEnv,
  projectFlag: string | undefined,
  fs: ProjectFs,
  zh = true,
  calendarDays = 0,
): StatusReport {
  const { project: p, diff: boundary } = readerBoundary(fs, () => openProject(cenv, projectFlag, fs));
  const cp = p.loaded.checkpoint;
  const next = nextOf(p, zh);
  const outlinePath = paths.volumeOutline(Math.max(1, cp.current_volume));
  const outlineText = p.fs.readTextChecked(outlinePath);
  // Hand edits of the book: status still answers, and names the fix as the next thing to do.
  const built = buildStatusView({
    next,
    volume: cp.current_volume,
    lastCompleted: cp.last_completed_chapter,
    maxRevisions: p.settings.max_revisions,
    outline: outlineText && 'text' in outlineText ? { path: outlinePath, text: outlineText.text } : null,
    lock: lockStatus(p.fs, lockEnvFor(cenv, p.fs, p.settings)),
    evaluation:
      next.action === 'review' && next.chapter !== null ? stagedJson(p.view, paths.stagingEval(next.chapter)) : null,
  });
  const view = boundary
    ? {
        ...built,
        boundary,
        next: {
          ...built.next,
          action: 'fix',
          reason: say('en', 'status.boundary', { list: boundaryList(boundary) }),
          ...(zh ? { reason_zh: say('zh', 'status.boundary', { list: boundaryList(boundary) }) } : {}),
          command: diffHint(boundary),
        },
      }
    : built;
  // One file however long the book (the ledger each commit writes), unless it disagrees with the checkpoint.
  // A longer book without it gets a hint instead of a read of every chapter (built by the next mutating command).
  const totals =
    readLedgerTotals(p.fs, cp.last_completed_chapter) ??
    (cp.last_completed_chapter <= TOTALS_COMPUTED_UP_TO ? readBookTotals(p.fs, cp.last_completed_chapter) : null);
  // Foreshadowing left dormant at the next chapter (§13.6).
  const dormant = dormantCount(p.fs, cp.last_completed_chapter + 1, p.settings.quality.dormancy);
  // The box the executors of `novel run` get (PROTOCOL §17): on, or why not.
  const box = boxState(p.settings.executor.sandbox, () => probeBoxCached(p.fs, cenv.env));
  // What is published and the 存稿 (§18): only for a book that publishes through novel.
  const serial = readSerialBuffer(p.fs, cp.last_completed_chapter);
  const daily = readDailyProgress(p.fs, p.settings, cp.last_completed_chapter, clockNow(cenv.env), calendarDays);
  return { view, totals, dormant, box, serial, daily, project: p };
}
