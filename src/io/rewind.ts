/**
 * `novel rewind` (PROTOCOL §14): reads what the pure plan needs (the history
 * each commit kept, the files of the rewound chapters, the changelog), then
 * applies the plan as a journal, like a commit: written and fsync'd first,
 * applied idempotently, deleted last, rolled forward by the next mutating
 * command when a kill interrupts it.
 */
import { diagnosticsError, NovelError } from '../core/errors.js';
import { said } from '../core/messages.js';
import type { CommitHistory } from '../core/commit-plan.js';
import { CHAPTER_FILE_FOLDERS, paths, volumeOfDirName } from '../core/paths.js';
import { earliestRewind, planRewind, rewindJournal, type RewindPlan } from '../core/rewind.js';
import { formatChapterRef } from '../core/step-id.js';
import type { NextDecision } from '../core/next.js';
import { JournalSchema } from '../schemas/journal.js';
import { outlineChapters } from '../core/outline.js';
import { readChangelog } from './book-files.js';
import { replayChangelog } from '../core/state-ops.js';
import { prettyJson } from '../core/canonical-json.js';
import { applyJournal, writeJournal } from './commit-journal.js';
import { nextOf, openProject, type CommandEnv, type OpenProject } from './project.js';
import { dropFromShingleIndex } from './shingle-index.js';
import { readPublished } from './publishing.js';
import { sha256Hex } from './project-fs.js';
import { withMutation } from './mutation.js';
import * as v from 'valibot';

/** A line patch (text-patch.ts): where the lines differ, and the lines the text before had there. */
const PatchSchema = v.looseObject({
  after_sha256: v.string(),
  at: v.pipe(v.number(), v.integer()),
  after_lines: v.pipe(v.number(), v.integer(), v.minValue(0)),
  before: v.array(v.string()),
});

const HistorySchema = v.looseObject({
  chapter: v.number(),
  changelog_bytes: v.number(),
  unknown_entities_bytes: v.number(),
  files: v.record(
    v.string(),
    v.nullable(
      v.union(
        [
          v.string(),
          // One form each (strict): a history holding two is refused, not read as one and applied as the other.
          v.strictObject({ patch: v.looseObject({ ...PatchSchema.entries, from_end: v.optional(v.literal(true)) }) }),
          // Placed from the end: a key of its own, so that a novel from before it refuses the history rather than
          // misplace the patch.
          v.strictObject({ patch_from_end: PatchSchema }),
          v.strictObject({
            json: v.looseObject({
              after_sha256: v.string(),
              before_sha256: v.string(),
              remove: v.array(v.string()),
              truncate: v.record(v.string(), v.number()),
              set: v.record(v.string(), v.unknown()),
            }),
          }),
        ],
        'the text before (a string), null, or one of {"patch": …}, {"patch_from_end": …}, {"json": …} (one key only)',
      ),
    ),
  ),
});

function readHistoryOf(p: OpenProject, chapter: number): CommitHistory | null {
  const rel = paths.commitHistory(chapter);
  const parsed = p.fs.readJson(rel, HistorySchema, 'invalid_history');
  if (parsed === null) return null;
  // A history there but damaged refuses the rewind by its name (it is not read as missing, nor in part).
  if (!parsed.ok)
    throw diagnosticsError(
      'invalid_history',
      said('rewinding.history_damaged', { file: rel, chapter }),
      parsed.diagnostics,
      said('rewinding.history_damaged.hint', { chapter }),
    );
  return parsed.value as CommitHistory;
}

/** Every volumes/vol-VV/ folder with the chapters its outline has blocks for ([] without a readable outline). */
function volumeFolders(p: OpenProject): Array<{ volume: number; outline: number[] }> {
  const out: Array<{ volume: number; outline: number[] }> = [];
  for (const dir of p.fs.listDirs('volumes')) {
    const volume = volumeOfDirName(dir);
    if (volume === null) continue;
    const text = p.fs.readTextChecked(paths.volumeOutline(volume));
    out.push({ volume, outline: text && 'text' in text ? outlineChapters(text.text) : [] });
  }
  return out;
}

/** The plan of a rewind to chapter `to` of the project as it is (refused with the reason when it cannot be done). */
export function buildRewindPlan(p: OpenProject, to: number, note: string | null): RewindPlan {
  const cp = p.loaded.checkpoint;
  const last = cp.last_completed_chapter;
  // The chapter in flight (last + 1) may be named too: its staged work is moved aside and it is drafted afresh.
  if (to > last + 1) {
    throw new NovelError(
      'nothing_to_rewind',
      said('rewinding.not_committed', { to: formatChapterRef(to), chapter: to, last }),
      {
        hint:
          last >= 1
            ? said('rewinding.name_committed', { command: `novel rewind --to ${formatChapterRef(last)}` })
            : said('rewinding.nothing_committed'),
      },
    );
  }
  // Imported chapters are the author's own text, recorded at once (§14): a rewind goes back to a chapter written after
  // them.
  const imported = cp.imported_chapters ?? 0;
  if (to <= imported) {
    throw new NovelError(
      'imported_chapter',
      said('rewinding.imported', { to: formatChapterRef(to), chapter: to, imported }),
      {
        hint:
          last > imported
            ? said('rewinding.earliest', {
                chapter: imported + 1,
                command: `novel rewind --to ${formatChapterRef(imported + 1)}`,
              })
            : said('rewinding.edit_imported'),
      },
    );
  }
  const histories = new Map<number, CommitHistory>();
  for (let c = to; c <= last; c++) {
    const h = readHistoryOf(p, c);
    if (h) histories.set(c, h);
  }
  // Below the chapter asked for, a history only has to be there (for the hint): it is not read.
  const earliest = earliestRewind(last, (c) => (c >= to ? histories.has(c) : p.fs.isFile(paths.commitHistory(c))));
  if (to < earliest) {
    throw new NovelError(
      'history_missing',
      said('rewinding.no_history', {
        to: formatChapterRef(to),
        chapter: earliest - 1,
        file: paths.commitHistory(earliest - 1),
      }),
      {
        hint:
          earliest <= last
            ? said('rewinding.earliest', {
                chapter: earliest,
                command: `novel rewind --to ${formatChapterRef(earliest)}`,
              })
            : said('rewinding.from_now_on'),
      },
    );
  }
  // Every folder a per-chapter file lives in (from the step table's outputs and novel's own files), and staging/.
  // Each once: a folder of staging/ is listed with staging/ too.
  const files = [
    ...new Set(
      [...new Set([...CHAPTER_FILE_FOLDERS, 'staging'])].flatMap((d) => p.fs.listFiles(d, { recursive: true })),
    ),
  ];
  let folder = 1;
  while (p.fs.exists(paths.rewindDir(folder))) folder++;
  const bytesOf = (rel: string): Buffer | null => (p.fs.isFile(rel) ? p.fs.readBytes(rel) : null);
  const kept = readChangelog(p.fs).lines.filter((l) => l.chapter < to);
  return planRewind({
    to,
    lastCompleted: last,
    histories,
    files,
    hashOf: (rel) => {
      try {
        return p.fs.sha256(rel);
      } catch {
        return null; // a link or a file novel may not read: moved as it is, checked by its presence
      }
    },
    sha256: sha256Hex,
    currentText: (rel) => {
      const r = p.fs.readTextChecked(rel);
      return r && 'text' in r ? r.text : null;
    },
    changelog: bytesOf('state/changelog.jsonl') ?? new Uint8Array(0),
    stateText: prettyJson(replayChangelog(kept).state),
    unknownEntities: bytesOf('logs/unknown-entities.jsonl'),
    consistencyReport: bytesOf('logs/consistency-report.jsonl'),
    folder,
    volumes: volumeFolders(p),
    chaptersPerVolume: p.settings.chapters_per_volume,
    checkpointRaw: p.loaded.raw,
    note,
  });
}

export interface RewindResult {
  plan: RewindPlan | null;
  /** An interrupted rewind to this chapter was rolled forward (nothing else was done). */
  recovered: boolean;
  /** Nothing to rewind: no chapter from this one on is committed, and nothing of it is staged (nothing was done). */
  nothing?: boolean;
  next: NextDecision;
}

/** A rewind to a published chapter redrafts what readers have read: refused without --force (§18). */
function guardPublished(p: OpenProject, to: number): void {
  const published = readPublished(p.fs).map((l) => l.chapter);
  const through = published.length ? Math.max(...published) : 0;
  if (to <= through)
    throw new NovelError('published', said('publishing.rewind_guard', { chapter: to, through }), {
      hint: said('publishing.rewind_guard.hint', { ref: formatChapterRef(through + 1) }),
    });
}

/** A rewind that would move, restore and cut nothing. */
function isEmptyRewind(plan: RewindPlan): boolean {
  return (
    plan.chapters.length === 0 &&
    plan.moved.length === 0 &&
    plan.restored.length === 0 &&
    plan.changelog_lines_cut === 0
  );
}

export function rewindBook(
  cenv: CommandEnv,
  projectFlag: string | undefined,
  to: number,
  note: string | null,
  dryRun: boolean,
  force = false,
): RewindResult {
  if (dryRun) {
    const p = openProject(cenv, projectFlag);
    if (!force) guardPublished(p, to);
    const plan = buildRewindPlan(p, to, note);
    return isEmptyRewind(plan)
      ? { plan: null, recovered: false, nothing: true, next: nextOf(p, false) }
      : { plan, recovered: false, next: nextOf(p, false) };
  }
  return withMutation(cenv, projectFlag, { chapter: null }, (p, m) => {
    if (m.recovered && m.recovered.kind === 'rewind' && m.recovered.chapter === to) {
      dropFromShingleIndex(p.fs, to);
      return { plan: null, recovered: true, next: nextOf(openProject(cenv, projectFlag, p.fs), false) };
    }
    if (!force) guardPublished(p, to);
    const plan = buildRewindPlan(p, to, note);
    // Run again after it finished (a kill after its journal went, or twice by hand): no second folder, no second note.
    if (isEmptyRewind(plan)) return { plan: null, recovered: false, nothing: true, next: nextOf(p, false) };
    const journal = v.parse(JournalSchema, rewindJournal(plan, sha256Hex));
    writeJournal(p.fs, paths.rewindJournal, journal);
    applyJournal(p.fs, paths.rewindJournal, journal);
    // The rewound chapters leave the repetition check's index.
    dropFromShingleIndex(p.fs, to);
    return { plan, recovered: false, next: nextOf(openProject(cenv, projectFlag, p.fs), false) };
  });
}
