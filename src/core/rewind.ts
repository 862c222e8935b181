/**
 * `novel rewind --to chapter:NNN` (PROTOCOL §14), computed in full before
 * anything is written, as a journal of the commit's kind: chapters ≥ NNN and
 * everything committed with them move to `staging/revisions/rewind-K/`; the
 * files their commits replaced (state, foreshadowing, storyline memories, the
 * memory ledger) get back the text they had after chapter NNN−1, from the
 * history each commit keeps (`.novel/history/chapter-NNN.json`), and the
 * state is the changelog replayed up to chapter NNN−1; the changelog
 * and the unknown-entities log are cut back (the cut lines kept in the rewind
 * folder); the checkpoint drafts chapter NNN next, with the author's note.
 * Files are moved by rename and logs cut at a byte offset: the journal names
 * them (paths, sizes, hashes) and holds no text of theirs, so its size does
 * not grow with the chapters rewound. Pure.
 */
import type { CommitHistory } from './commit-plan.js';
import { paths } from './paths.js';

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
  /** state/changelog.jsonl as it is on disk (cut at byte offsets). */
  changelog: Uint8Array;
  /** The state after chapter `to` − 1: the changelog replayed up to it. */
  stateText: string;
  /** logs/unknown-entities.jsonl (null: absent). */
  unknownEntities: Uint8Array | null;
  /** The first K with no `staging/revisions/rewind-K/`. */
  folder: number;
  /** The volume the chapter `to` belongs to. */
  volume: number;
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

/** The chapter a committed per-chapter file belongs to (null: it belongs to none). */
export function chapterOfBookFile(rel: string): number | null {
  const m =
    /^chapters\/chapter-(\d+)\.md$/.exec(rel) ??
    /^summaries\/chapter-(\d+)-summary\.md$/.exec(rel) ??
    /^evaluations\/chapter-(\d+)-eval(?:-secondary)?\.json$/.exec(rel) ??
    /^state\/chapter-(\d+)-crossref\.json$/.exec(rel) ??
    /^logs\/chapter-(\d+)-(?:log\.json|history\.jsonl|executions\.jsonl)$/.exec(rel) ??
    /^logs\/lint\/chapter-(\d+)\.json$/.exec(rel) ??
    /^\.novel\/history\/chapter-(\d+)\.json$/.exec(rel);
  return m ? Number(m[1]) : null;
}

/** Staged outputs of a chapter in flight (not novel's bookkeeping): moved aside too, so the redraft starts clean. */
const isStagedOutput = (rel: string): boolean => rel.startsWith('staging/') && !rel.startsWith('staging/revisions/') && !rel.startsWith('staging/.commit/') && !rel.startsWith('staging/manifests/');

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
    if (tail.length > 0) cuts.push({ path, at: keep, sha256: input.sha256(bytes.subarray(0, keep)), tail_to: tailTo, tail_sha256: input.sha256(tail) });
    return Buffer.from(tail).toString('utf8');
  };
  for (const rel of [...input.files].sort()) {
    const c = chapterOfBookFile(rel);
    if (c !== null && c >= to && !rel.startsWith('.novel/')) moveAside(rel);
    else if (isStagedOutput(rel)) moveAside(rel);
  }
  // Each replaced file takes its text from the earliest rewound commit that replaced it.
  const restoredText = new Map<string, string | null>();
  for (let c = to; c <= lastCompleted; c++) {
    const h = input.histories.get(c);
    if (!h) continue;
    for (const [rel, text] of Object.entries(h.files)) if (!restoredText.has(rel)) restoredText.set(rel, text);
  }
  // The state: the changelog replayed up to the chapter before (it is not copied at each commit).
  if (to <= lastCompleted) restoredText.set('state/current-state.json', input.stateText);
  for (const [rel, text] of [...restoredText].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (text === null) removes.push(rel);
    else writes.push({ path: rel, content: text });
  }
  // The logs the rewound commits appended to, cut back to their size before chapter `to` (the cut lines kept).
  const first = input.histories.get(to);
  const cut = cutLog('state/changelog.jsonl', input.changelog, first?.changelog_bytes ?? input.changelog.length, `${folder}/state/changelog-cut.jsonl`);
  if (input.unknownEntities !== null && first) cutLog('logs/unknown-entities.jsonl', input.unknownEntities, first.unknown_entities_bytes, `${folder}/logs/unknown-entities-cut.jsonl`);
  // The book's totals are recomputed from the chapter logs that remain; the rewound commits' history goes.
  removes.push('logs/book-ledger.json');
  for (let c = to; c <= lastCompleted; c++) removes.push(paths.commitHistory(c));
  if (input.note !== null) writes.push({ path: `${folder}/note.md`, content: `${input.note}\n` });

  const checkpoint: Obj = { ...input.checkpointRaw };
  for (const k of ['gate', 'staging_hashes', 'staged_title', 'archive_pending', 'author_note', 'fix_guard', 'title_fixed', 'hook_fixed_round', 'error_retry', 'resume_state']) delete checkpoint[k];
  Object.assign(checkpoint, {
    last_completed_chapter: to - 1,
    current_volume: input.volume,
    orchestrator_state: 'WRITING',
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
