/**
 * `novel rewind --to chapter:NNN` (PROTOCOL §14), computed in full before
 * anything is written, as a journal of the commit's kind: chapters ≥ NNN and
 * everything committed with them move to `staging/revisions/rewind-K/`; the
 * files their commits replaced (state, foreshadowing, storyline memories, the
 * memory ledger) get back the text they had after chapter NNN−1, from the
 * history each commit keeps (`.novel/history/chapter-NNN.json`), and the
 * state is the changelog replayed up to chapter NNN−1; the changelog, the
 * unknown-entities log and the consistency report are cut back (the cut lines
 * kept in the rewind folder); the plans of volumes that start after chapter
 * NNN move aside too, and the checkpoint drafts chapter NNN next, in the
 * volume that holds it, with the author's note.
 * Files are moved by rename and logs cut at a byte offset: the journal names
 * them (paths, sizes, hashes) and holds no text of theirs, so its size does
 * not grow with the chapters rewound. Pure.
 */
import type { CommitHistory } from './commit-plan.js';
import { chapterOfBookFile, paths, volumeOfBookFile } from './paths.js';
import { applyReversePatch } from './text-patch.js';
import { applyJsonReverse } from './json-reverse.js';
import { NovelError } from './errors.js';
import { said } from './messages.js';
import { formatChapterRef } from './step-id.js';

type Obj = Record<string, unknown>;

export interface RewindInput {
  to: number;
  lastCompleted: number;
  /** The history of each commit from `to` to the last one (index: chapter). */
  histories: ReadonlyMap<number, CommitHistory>;
  /** Every file of the project (relative paths), to find what belongs to the rewound chapters. */
  files: readonly string[];
  /** The sha256 of a file now (null: it cannot be read as a file, e.g. a link in staging/). */
  hashOf: (path: string) => string | null;
  /** The sha256 of bytes. */
  sha256: (bytes: Uint8Array) => string;
  /** A book file's text now (null: absent or unreadable): where a history's patches start from. */
  currentText: (path: string) => string | null;
  /** state/changelog.jsonl as it is on disk (cut at byte offsets). */
  changelog: Uint8Array;
  /** The state after chapter `to` − 1: the changelog replayed up to it. */
  stateText: string;
  /** logs/unknown-entities.jsonl (null: absent). */
  unknownEntities: Uint8Array | null;
  /**
   * logs/consistency-report.jsonl (null: absent): a line per judged round, cut at the first line of a chapter ≥ `to`.
   */
  consistencyReport: Uint8Array | null;
  /** The first K with no `staging/revisions/rewind-K/`. */
  folder: number;
  /** Every volumes/vol-VV/ folder with the chapters its outline has blocks for ([] when it has no outline). */
  volumes: ReadonlyArray<{ volume: number; outline: readonly number[] }>;
  /** config chapters_per_volume: the volume when no outline says. */
  chaptersPerVolume: number;
  checkpointRaw: Obj;
  note: string | null;
}

/** A file moved by rename(2) into the rewind folder. */
export interface RewindMove {
  from: string;
  to: string;
  /** Its sha256 (null: not readable as a file; then only its presence is checked). */
  sha256: string | null;
}

/** An append-only log cut back to its first `at` bytes; the bytes after them go to `tail_to`. */
export interface RewindCut {
  path: string;
  at: number;
  /** sha256 of the bytes kept. */
  sha256: string;
  tail_to: string;
  tail_sha256: string;
}

export interface RewindPlan {
  kind: 'rewind';
  chapter: number;
  folder: string;
  /** Chapters moved aside. */
  chapters: number[];
  /** Volumes whose plans (volumes/vol-VV/) moved aside: they start after the chapter. */
  volumes: number[];
  /** The volume the book is in at the chapter (the checkpoint's current_volume). */
  volume: number;
  /** Files moved into the rewind folder. */
  moved: RewindMove[];
  /** Files given back their text from before the rewound commits. */
  restored: string[];
  /** The restored texts (the size of the book's state, as a commit writes it) and the note. */
  writes: Array<{ path: string; content: string }>;
  cuts: RewindCut[];
  removes: string[];
  checkpoint: Obj;
  changelog_lines_cut: number;
}

export { chapterOfBookFile };

/**
 * The volume the book is in at chapter `to`, and the volume plans to move
 * aside. A volume starts at the first block of its outline (volumes have
 * their own lengths, §14). A plan that starts after `to` was made for a book
 * that went past `to`: it moves aside, to be planned again when the book gets
 * there. A plan that starts at or before `to` stays — the first chapter of a
 * volume included: that plan was made after chapter `to` − 1, which the
 * rewind keeps. The volume is the kept one whose outline holds `to` (or
 * goes on after it: a gap, planned again); `to` after every kept outline is
 * in the volume after the last of them, to be planned (VOL_PLANNING); with no
 * outline at all, the first moved volume or chapters_per_volume's.
 */
export function rewindVolumes(
  to: number,
  volumes: RewindInput['volumes'],
  chaptersPerVolume: number,
): { volume: number; planning: boolean; moved: number[] } {
  const sorted = [...volumes].sort((a, b) => a.volume - b.volume);
  const firstOf = (v: { outline: readonly number[] }): number | null =>
    v.outline.length ? Math.min(...v.outline) : null;
  const kept = sorted.filter((v) => {
    const first = firstOf(v);
    return first !== null && first <= to;
  });
  const holding = kept.find((v) => v.outline.includes(to)) ?? kept.find((v) => v.outline.some((c) => c > to));
  const last = kept.at(-1);
  const startsAfter = sorted.filter((v) => (firstOf(v) ?? 0) > to).map((v) => v.volume);
  const planning = holding === undefined && last !== undefined;
  const volume =
    holding?.volume ??
    (last ? last.volume + 1 : (startsAfter[0] ?? Math.max(1, Math.ceil(to / Math.max(1, chaptersPerVolume)))));
  // A folder with no outline (contracts made ahead, a plan half written by hand) goes with the volumes after the
  // book's.
  const moved = sorted
    .filter((v) => startsAfter.includes(v.volume) || (firstOf(v) === null && v.volume > volume))
    .map((v) => v.volume);
  return { volume, planning, moved };
}

/** Byte offset of the first line of a JSON-lines log whose `chapter` is ≥ `to` (the length when none is). */
export function firstLineOfChapter(bytes: Uint8Array, to: number): number {
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    try {
      const line = JSON.parse(Buffer.from(bytes.subarray(start, end)).toString('utf8')) as { chapter?: unknown };
      if (typeof line.chapter === 'number' && line.chapter >= to) return start;
    } catch {
      /* not a line of novel's: kept */
    }
    start = end + 1;
  }
  return bytes.length;
}

/** Staged outputs of a chapter in flight (not novel's bookkeeping): moved aside too, so the redraft starts clean. */
const isStagedOutput = (rel: string): boolean =>
  rel.startsWith('staging/') &&
  !rel.startsWith('staging/revisions/') &&
  !rel.startsWith('staging/.commit/') &&
  !rel.startsWith('staging/manifests/');

/**
 * Each file the rewound commits replaced, as it was before chapter `to`: from
 * the last commit back to `to`, each history gives the text before it, whole,
 * as the lines that differ from the text after it (which is the file now, or
 * the text before the next commit) or as the values that differ from its
 * document. A patch that does not fit (the file was changed outside novel in
 * between) refuses the rewind, naming the file.
 */
function restoredTexts(input: RewindInput): Map<string, string | null> {
  const encoder = new TextEncoder();
  const shaOf = (text: string): string => input.sha256(encoder.encode(text));
  const replaced = new Set<string>();
  for (let c = input.to; c <= input.lastCompleted; c++)
    for (const rel of Object.keys(input.histories.get(c)?.files ?? {})) replaced.add(rel);
  const out = new Map<string, string | null>();
  for (const rel of [...replaced].sort()) {
    let text: string | null | undefined;
    for (let c = input.lastCompleted; c >= input.to; c--) {
      const kept = input.histories.get(c)?.files[rel];
      if (kept === undefined) continue;
      if (kept === null || typeof kept === 'string') {
        text = kept;
        continue;
      }
      const after = text === undefined ? input.currentText(rel) : text;
      const before =
        after === null
          ? null
          : 'json' in kept
            ? applyJsonReverse(after, kept.json, shaOf)
            : applyReversePatch(
                after,
                'patch' in kept ? kept.patch : { ...kept.patch_from_end, from_end: true },
                shaOf,
              );
      if (before === null) {
        throw new NovelError(
          'history_mismatch',
          said('rewindplan.history_mismatch', {
            to: formatChapterRef(input.to),
            file: rel,
            chapter: c,
            history: paths.commitHistory(c),
          }),
          {
            hint: said('rewindplan.history_mismatch.hint', { chapter: c }),
          },
        );
      }
      text = before;
    }
    if (text !== undefined) out.set(rel, text);
  }
  return out;
}

/** The earliest chapter a rewind can go back to: every commit from it on kept its history. */
export function earliestRewind(lastCompleted: number, hasHistory: (chapter: number) => boolean): number {
  let c = lastCompleted;
  while (c >= 1 && hasHistory(c)) c--;
  return c + 1;
}

export function planRewind(input: RewindInput): RewindPlan {
  const { to, lastCompleted } = input;
  const folder = paths.rewindDir(input.folder);
  const writes: Array<{ path: string; content: string }> = [];
  const removes: string[] = [];
  const moved: RewindMove[] = [];
  const cuts: RewindCut[] = [];
  const moveAside = (rel: string): void => {
    moved.push({ from: rel, to: `${folder}/${rel}`, sha256: input.hashOf(rel) });
  };
  /** A log cut back to `at` bytes, the rest kept at `tailTo` (nothing when nothing is cut). */
  const cutLog = (path: string, bytes: Uint8Array, at: number, tailTo: string): string => {
    const keep = Math.min(Math.max(0, at), bytes.length);
    const tail = bytes.subarray(keep);
    if (tail.length > 0)
      cuts.push({
        path,
        at: keep,
        sha256: input.sha256(bytes.subarray(0, keep)),
        tail_to: tailTo,
        tail_sha256: input.sha256(tail),
      });
    return Buffer.from(tail).toString('utf8');
  };
  const { volume, planning, moved: volumes } = rewindVolumes(to, input.volumes, input.chaptersPerVolume);
  // Per-volume files of novel's go with the volumes after the book's, and with the one to be planned again (its staged
  // plan moves as staged work).
  const laterVolume = (v: number): boolean => v > volume || (planning && v === volume) || volumes.includes(v);
  // The audit folders of the rewound chapters' steps and of the later volumes' (revision rounds, fixes, interrupted
  // runs) move whole.
  const auditDirs = new Set<string>();
  for (const rel of [...input.files].sort()) {
    const audit = /^(staging\/revisions\/(chapter|volume)-(\d+))\//.exec(rel);
    if (audit) {
      const n = Number(audit[3]);
      if (audit[2] === 'chapter' ? n >= to : laterVolume(n)) auditDirs.add(audit[1] as string);
      continue;
    }
    const c = chapterOfBookFile(rel);
    const v = volumeOfBookFile(rel);
    if (c !== null && c >= to && !rel.startsWith('.novel/')) moveAside(rel);
    else if (v !== null && laterVolume(v)) moveAside(rel);
    else if (isStagedOutput(rel)) moveAside(rel);
  }
  for (const dir of [...auditDirs].sort()) moved.push({ from: dir, to: `${folder}/${dir}`, sha256: null });
  // The plans of the volumes that start after the chapter, each folder whole.
  for (const v of volumes) {
    const dir = paths.volumeDir(v);
    moved.push({ from: dir, to: `${folder}/${dir}`, sha256: null });
  }
  const restoredText = restoredTexts(input);
  // The state: the changelog replayed up to the chapter before (it is not copied at each commit).
  if (to <= lastCompleted) restoredText.set('state/current-state.json', input.stateText);
  for (const [rel, text] of [...restoredText].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (text === null) removes.push(rel);
    else writes.push({ path: rel, content: text });
  }
  // The logs the rewound commits appended to, cut back to their size before chapter `to` (the cut lines kept).
  const first = input.histories.get(to);
  const cut = cutLog(
    'state/changelog.jsonl',
    input.changelog,
    first?.changelog_bytes ?? input.changelog.length,
    `${folder}/state/changelog-cut.jsonl`,
  );
  if (input.unknownEntities !== null && first)
    cutLog(
      'logs/unknown-entities.jsonl',
      input.unknownEntities,
      first.unknown_entities_bytes,
      `${folder}/logs/unknown-entities-cut.jsonl`,
    );
  // The judge's consistency lines of the chapters drafted again (the chapter in flight's too).
  if (input.consistencyReport !== null)
    cutLog(
      'logs/consistency-report.jsonl',
      input.consistencyReport,
      firstLineOfChapter(input.consistencyReport, to),
      `${folder}/logs/consistency-report-cut.jsonl`,
    );
  // The book's totals are recomputed from the chapter logs that remain; the rewound commits' history goes.
  removes.push('logs/book-ledger.json');
  for (let c = to; c <= lastCompleted; c++) removes.push(paths.commitHistory(c));
  if (input.note !== null) writes.push({ path: `${folder}/note.md`, content: `${input.note}\n` });

  const checkpoint: Obj = { ...input.checkpointRaw };
  for (const k of [
    'gate',
    'staging_hashes',
    'judged_hashes',
    'staged_title',
    'archive_pending',
    'author_note',
    'fix_guard',
    'title_fixed',
    'hook_fixed_round',
    'error_retry',
    'resume_state',
  ])
    delete checkpoint[k];
  Object.assign(checkpoint, {
    last_completed_chapter: to - 1,
    current_volume: volume,
    orchestrator_state: planning ? 'VOL_PLANNING' : 'WRITING',
    pipeline_stage: 'committed',
    inflight_chapter: null,
    revision_count: 0,
    ...(input.note !== null ? { author_note: input.note } : {}),
  });
  return {
    kind: 'rewind',
    chapter: to,
    folder,
    chapters: Array.from({ length: Math.max(0, lastCompleted - to + 1) }, (_, i) => to + i),
    volumes,
    volume,
    moved,
    restored: [...restoredText.keys()].sort(),
    writes,
    cuts,
    removes: [...new Set(removes)],
    checkpoint,
    changelog_lines_cut: cut.split('\n').filter((l) => l.trim() !== '').length,
  };
}

/**
 * The plan as the journal records it (the shape of a commit journal, kind
 * "rewind"): the moves and cuts by path, size and hash, never by content.
 */
export function rewindJournal(plan: RewindPlan, sha256: (text: string) => string): Obj {
  return {
    version: 1,
    kind: 'rewind',
    chapter: plan.chapter,
    volume: null,
    moves: plan.moved,
    cuts: plan.cuts,
    writes: plan.writes.map((w) => ({ path: w.path, content: w.content, sha256: sha256(w.content) })),
    appends: [],
    removes: plan.removes,
    checkpoint: plan.checkpoint,
    fingerprint_paths: [],
  };
}
