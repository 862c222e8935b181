/**
 * The chapter commit of PROTOCOL §7, computed in full before anything is
 * written: every file written or moved, every append, every staging removal,
 * the state ops applied and dropped, and the checkpoint afterwards. The plan
 * is what the journal records and what `--dry-run` prints. Pure.
 */
import {
  CHAPTER_OUTPUTS,
  CHAPTER_STEP_TABLE,
  MOVED_AT_COMMIT,
  RECHECKED_AT_COMMIT,
  type ChapterOutput,
} from './step-table.js';
import { fillPattern, type PatternArgs } from './path-pattern.js';
import { dormancyTally, dormantCountOf, tallyItem, type DormancyTally } from './context/dormant-foreshadowing.js';
import { spliceForeshadowing, spliceLedger, spliceState, stateVersionOf, writesWhole } from './book-splice.js';
import { editedRange, type Span } from './json-splice.js';
import type { Content, JoinedBytes } from './joined-bytes.js';
import { lintChapter, severityCounts, type LintLists } from './lint.js';
import type { GateRecord } from '../../machines/novel.setup.js';
import type { CheckpointFields } from './projection.js';
import { upsertChapterMemory } from './chapter-memory.js';
import { stageRecords } from './chapter-log.js';
import { chapterTitle } from './chapter-text.js';
import { chapterBody, countZishu } from './zishu.js';
import { prettyJson } from './canonical-json.js';
import type { Diagnostic } from '../schemas/diagnostics.js';
import { diagnosticsError, NovelError } from './errors.js';
import { said, type Said } from './messages.js';
import { updateForeshadowing } from './foreshadowing.js';
import { paths } from './paths.js';
import type { Settings } from './settings.js';
import { stagedText, type StagingView } from './staging-view.js';
import { applyOps, type DroppedOp, type OpsResult, type StateDoc } from './state-ops.js';
import { padChapter } from './step-id.js';
import { validateStep } from './validate.js';
import { keptBefore, keptBeforeBytes, type ReversePatch } from './text-patch.js';
import { keptJson, type JsonReverse } from './json-reverse.js';

type Obj = Record<string, unknown>;

export interface PlannedWrite {
  path: string;
  /** The new text, or the new bytes of a spliced file (book-splice.ts), in parts. */
  content: Content;
  /** "move": the content comes from a staged file; "write": computed. */
  kind: 'move' | 'write';
  from?: string;
  /** Its sha256, when the plan already computed it (the journal hashes the others). */
  sha256?: string;
  /** The content is novel's own serialisation of the whole document (book-splice.ts may edit it next time). */
  canonical?: true;
  /** Made by editing the file's bytes: those bytes, and the range the edits covered (its history's patch). */
  spliced?: { before: Buffer; edited: Span };
  /**
   * The foreshadowing list written again whole because the chapter changed many of its items
   * (book-splice.ts `writesWhole`): the documents before and after. Its history keeps the JSON
   * changes (json-reverse.ts) when the text before is novel's own serialisation, whichever way
   * the list was read: the same history either way.
   */
  documents?: { before: unknown; after: unknown };
}

/**
 * A large book file as a commit reads it: its bytes, when novel serialised
 * them itself and a commit may splice them (null otherwise), and the document
 * parsed and checked on demand (the whole-document path).
 */
export interface BookJson<T> {
  canonical: Buffer | null;
  parsed: () => T;
}

/** A document read whole: nothing to splice. */
export const wholeDocument = <T>(value: T): BookJson<T> => ({ canonical: null, parsed: () => value });

export interface PlannedAppend {
  path: string;
  /** Byte length of the file before the append (the journal truncates back to it). */
  before: number;
  text: string;
}

export interface CommitPlan {
  kind: 'chapter';
  chapter: number;
  writes: PlannedWrite[];
  appends: PlannedAppend[];
  removes: string[];
  checkpoint: Obj;
  state_ops: { applied: Obj[]; dropped: DroppedOp[] };
  /** Final-tree files whose fingerprint the commit updates. */
  fingerprint_paths: string[];
  /**
   * How many foreshadowing items of the list after the commit are dormant at the next chapter (§13.6), for status to
   * reuse.
   */
  dormant_next?: number;
  /** The tally of the list after the commit, for the next commit to update. */
  dormancy_tally?: DormancyTally;
}

export interface CommitInput {
  chapter: number;
  checkpointRaw: Obj;
  /** The checkpoint fields after COMMITTED, projected from the book machine. */
  checkpointFields: CheckpointFields;
  settings: Settings;
  view: StagingView;
  gate: GateRecord;
  revisionCount: number;
  state: BookJson<StateDoc>;
  changelogBytes: number;
  changelogEndsWithNewline: boolean;
  globalForeshadowing: BookJson<Obj[]>;
  /** The dormancy tally of the list as read, when a commit recorded it for these bytes. */
  dormancyTally?: DormancyTally | null;
  volumePlan: Obj[];
  ledger: BookJson<Obj[]>;
  unknownEntitiesBytes: number;
  history: Obj[];
  /** What executors reported per step (logs/chapter-NNN-executions.jsonl). */
  executions: Obj[];
  currentVolume: number;
  now: Date;
  /** The lint's word lists: the committed text's report goes to logs/lint/chapter-NNN.json (§13.2). */
  lintLists?: LintLists;
  /** The text a book file has before this commit (null: none), for the history a rewind restores from (§14). */
  readBefore?: (path: string) => string | null;
  /** The sha256 of a text (UTF-8) or of bytes: the history's patches name the text they apply to. */
  sha256?: (text: Content) => string;
}

/**
 * The book files a commit replaces rather than creates: their text before it is kept for a rewind.
 * The state is not among them: a rewind replays the changelog up to the chapter before (the
 * state verify rule), so a commit on a book with a large state does not copy it once more.
 */
export const isReplacedByCommit = (path: string): boolean =>
  /^(state\/chapter-memory\.json|foreshadowing\/global\.json|storylines\/[^/]+\/memory\.md)$/.test(path);

/** `.novel/history/chapter-NNN.json`: what chapter N's commit replaced, and the sizes of the logs it appended to. */
export interface CommitHistory {
  chapter: number;
  changelog_bytes: number;
  unknown_entities_bytes: number;
  /**
   * Each replaced file before the commit: its text, the lines that differ
   * from its text after the commit (text-patch.ts), or the values that differ
   * from its document after it (json-reverse.ts); null: it did not exist.
   */
  files: Record<
    string,
    string | null | { patch: ReversePatch } | { patch_from_end: ReversePatch } | { json: JsonReverse }
  >;
}

function parsed(view: StagingView, rel: string): Obj {
  return JSON.parse(stagedText(view, rel) as string) as Obj;
}

/** The judge's hook_strength score (§13.4), null when it gave none. */
function hookStrength(evaluation: Obj): number | null {
  const entry = (evaluation.scores as Obj | undefined)?.hook_strength as Obj | undefined;
  return typeof entry?.score === 'number' ? entry.score : null;
}

/** Every staged output the commit needs, validated; problems are one refusal. */
export function checkCommitInputs(view: StagingView, chapter: number): void {
  const problems: Diagnostic[] = [];
  for (const stage of RECHECKED_AT_COMMIT) {
    problems.push(...validateStep(stage, view, { chapter }).diagnostics.filter((d) => d.severity === 'error'));
  }
  if (problems.length) {
    throw diagnosticsError(
      'commit_inputs_invalid',
      said('commit.inputs_invalid', { chapter }),
      problems,
      said('commit.inputs_invalid.hint'),
    );
  }
}

/** What the chapter table shows without reading the chapter again: its title and 字数. */
export function chapterFacts(text: string): { title: string | null; zishu: number; han: number } {
  const title = chapterTitle(text);
  return { title: title ? title.slice(2).trim() : null, ...countZishu(chapterBody(text)) };
}

/** The staged delta of chapter n, computed against the current state (else refused, naming the field). */
function stagedDelta(
  view: StagingView,
  n: number,
  state: BookJson<StateDoc>,
  hint: Said,
): { delta: Obj; storyline: string } {
  const delta = parsed(view, paths.stagingDelta(n));
  const version = (state.canonical && stateVersionOf(state.canonical)) ?? state.parsed().state_version;
  if (delta.base_state_version !== version) {
    throw new NovelError(
      'state_version_mismatch',
      said('commit.state_version', {
        file: paths.stagingDelta(n),
        expected: version,
        found: String(delta.base_state_version),
      }),
      { hint },
    );
  }
  return { delta, storyline: String(delta.storyline_id) };
}

/** The commit's state side (§7.1–§7.4): ops merged, foreshadowing, the memory ledger, the changelog line. */
function mergeSummary(
  input: Pick<
    CommitInput,
    | 'state'
    | 'volumePlan'
    | 'globalForeshadowing'
    | 'dormancyTally'
    | 'view'
    | 'ledger'
    | 'changelogBytes'
    | 'changelogEndsWithNewline'
    | 'unknownEntitiesBytes'
  >,
  n: number,
  delta: Obj,
  storyline: string,
  marker: Obj = {},
): {
  writes: PlannedWrite[];
  appends: PlannedAppend[];
  result: Omit<OpsResult, 'state'>;
  stateVersion: number;
  tally: DormancyTally;
} {
  const view = input.view;
  const writes: PlannedWrite[] = [];
  const ops = Array.isArray(delta.ops) ? delta.ops : [];
  // §7.1: the entities the ops touch spliced into novel's own bytes, else the whole state.
  const splicedState = input.state.canonical ? spliceState(input.state.canonical, ops, n) : null;
  let result: Omit<OpsResult, 'state'>;
  let baseVersion: number;
  if (splicedState) {
    ({ result, base_state_version: baseVersion } = splicedState);
    writes.push({ path: paths.state, content: splicedState.bytes, kind: 'write', canonical: true });
  } else {
    const state = input.state.parsed();
    const applied = applyOps(state, ops);
    result = applied;
    baseVersion = state.state_version;
    writes.push({
      path: paths.state,
      content: prettyJson({ ...applied.state, state_version: baseVersion + 1, last_updated_chapter: n }),
      kind: 'write',
      canonical: true,
    });
  }

  // §7.2 foreshadowing; "already in history" ops change nothing but count as applied.
  const planMap = new Map<string, Obj>();
  for (const item of input.volumePlan) if (typeof item.id === 'string') planMap.set(item.id, item);
  const ctx = { chapter: n, storyline_id: storyline, plan: planMap };
  const listBytes = input.globalForeshadowing.canonical;
  const splicedList =
    result.foreshadow.length > 0 && listBytes && input.dormancyTally
      ? spliceForeshadowing(listBytes, result.foreshadow, ctx)
      : null;
  let tally: DormancyTally;
  if (splicedList && listBytes && input.dormancyTally) {
    // Counted afresh when the whole list was parsed anyway; else the cached tally, moved by the touched items.
    tally = splicedList.whole
      ? dormancyTally({ foreshadowing: splicedList.whole.after })
      : structuredClone(input.dormancyTally);
    for (const { before, after } of splicedList.whole ? [] : splicedList.touched.values()) {
      tallyItem(tally, before, -1);
      tallyItem(tally, after, 1);
    }
    const whole = splicedList.whole;
    const documents = whole
      ? { before: { foreshadowing: whole.before }, after: { foreshadowing: whole.after } }
      : undefined;
    writes.push({
      path: paths.globalForeshadowing,
      content: splicedList.bytes,
      kind: 'write',
      canonical: true,
      spliced: { before: listBytes, edited: editedRange(splicedList.edits) ?? { start: 0, end: 0 } },
      ...(documents ? { documents } : {}),
    });
  } else if (result.foreshadow.length > 0) {
    const before = input.globalForeshadowing.parsed();
    const global = updateForeshadowing(before, result.foreshadow, ctx);
    tally = dormancyTally({ foreshadowing: global });
    // Written whole here in any case; the history is kept as the splice's would be (a list it would have written
    // whole).
    const whole = writesWhole(new Set(result.foreshadow.map((op) => op.path)).size, before.length);
    writes.push({
      path: paths.globalForeshadowing,
      content: prettyJson({ foreshadowing: global }),
      kind: 'write',
      canonical: true,
      ...(whole ? { documents: { before: { foreshadowing: before }, after: { foreshadowing: global } } } : {}),
    });
  } else tally = input.dormancyTally ?? dormancyTally({ foreshadowing: input.globalForeshadowing.parsed() });

  // §7.4 chapter memory ledger: the chapter's entry appended to novel's own bytes, else the whole ledger.
  const memRel = paths.stagingChapterMemory(n);
  if (view.files.has(memRel)) {
    const entry = parsed(view, memRel);
    const ledgerBytes = input.ledger.canonical;
    const splicedLedger = ledgerBytes ? spliceLedger(ledgerBytes, entry) : null;
    if (splicedLedger && ledgerBytes) {
      writes.push({
        path: paths.chapterMemory,
        content: splicedLedger.bytes,
        kind: 'write',
        canonical: true,
        spliced: { before: ledgerBytes, edited: editedRange(splicedLedger.edits) ?? { start: 0, end: 0 } },
      });
    } else {
      writes.push({
        path: paths.chapterMemory,
        content: prettyJson(upsertChapterMemory(input.ledger.parsed(), entry)),
        kind: 'write',
        canonical: true,
      });
    }
  }

  // §7.3 changelog line.
  const line = {
    chapter: n,
    base_state_version: baseVersion,
    state_version: baseVersion + 1,
    storyline_id: storyline,
    ops: result.applied,
    dropped: result.dropped,
    // The lines the delta marks as memory, dream or flashback: the continuity checks of the committed chapter (§19).
    ...(Array.isArray(delta.recollections) && delta.recollections.length ? { recollections: delta.recollections } : {}),
    ...marker,
  };
  const appends: PlannedAppend[] = [
    {
      path: 'state/changelog.jsonl',
      before: input.changelogBytes,
      text: `${input.changelogBytes > 0 && !input.changelogEndsWithNewline ? '\n' : ''}${JSON.stringify(line)}\n`,
    },
  ];
  const unknown = Array.isArray(delta.unknown_entities) ? delta.unknown_entities : [];
  if (unknown.length) {
    appends.push({
      path: 'logs/unknown-entities.jsonl',
      before: input.unknownEntitiesBytes,
      text: unknown.map((entity) => `${JSON.stringify({ chapter: n, storyline_id: storyline, entity })}\n`).join(''),
    });
  }
  return { writes, appends, result, stateVersion: baseVersion + 1, tally };
}

/** A staged output the commit moves into the book as it is (the step table's `moved`), when it is staged. */
function moveOutput(
  view: StagingView,
  output: ChapterOutput,
  args: PatternArgs,
  move: (from: string, to: string) => void,
): void {
  const row = CHAPTER_OUTPUTS[output];
  const from = fillPattern(row.staged, args);
  if (row.book !== null && view.files.has(from)) move(from, fillPattern(row.book, args));
}

export function planChapterCommit(input: CommitInput): CommitPlan {
  const n = input.chapter;
  const view = input.view;
  checkCommitInputs(view, n);
  const { delta, storyline } = stagedDelta(view, n, input.state, said('commit.state_version.hint'));

  const writes: PlannedWrite[] = [];
  const move = (from: string, to: string): void => {
    writes.push({ path: to, content: stagedText(view, from) as string, kind: 'move', from });
  };
  for (const output of MOVED_AT_COMMIT) moveOutput(view, output, { chapter: n, storyline }, move);

  const judges: Obj[] = [];
  const primary = parsed(view, paths.stagingEval(n));
  judges.push({ role: 'primary', file: paths.evaluation(n), overall: primary.overall });
  const secondaryRel = paths.stagingEvalSecondary(n);
  const hasSecondary = view.files.has(secondaryRel);
  if (hasSecondary) {
    const secondary = parsed(view, secondaryRel);
    judges.push({ role: 'secondary', file: paths.evaluationSecondary(n), overall: secondary.overall });
    writes.push({
      path: paths.evaluationSecondary(n),
      content: prettyJson(secondary),
      kind: 'move',
      from: secondaryRel,
    });
  }
  const metadata = { ...((primary.metadata as Obj | undefined) ?? {}), gate: input.gate, judges };
  writes.push({
    path: paths.evaluation(n),
    content: prettyJson({ ...primary, metadata }),
    kind: 'move',
    from: paths.stagingEval(n),
  });

  const merged = mergeSummary(input, n, delta, storyline);
  writes.push(...merged.writes);
  const { result, appends } = merged;

  // The committed text's lint report (no timestamp: the same text and settings give the same bytes).
  const chapterText = stagedText(view, paths.stagingChapter(n)) as string;
  const lint = input.lintLists
    ? lintChapter({
        chapter: n,
        source: 'chapters',
        text: chapterText,
        settings: input.settings.quality,
        lists: input.lintLists,
      })
    : null;
  if (lint) writes.push({ path: paths.lintReport(n), content: prettyJson(lint), kind: 'write' });
  const hook = hookStrength(parsed(view, paths.stagingEval(n)));

  const chapterLog = {
    chapter: n,
    storyline_id: storyline,
    committed_at: input.now.toISOString(),
    gate: input.gate,
    revisions: input.revisionCount,
    force_passed: input.gate.force_passed === true,
    state_version: merged.stateVersion,
    ops_applied: result.applied.length,
    ops_dropped: result.dropped.length,
    ...chapterFacts(stagedText(view, paths.stagingChapter(n)) as string),
    ...(typeof input.checkpointRaw.author_note === 'string' ? { author_note: input.checkpointRaw.author_note } : {}),
    overall: input.gate.overall_final,
    ...(lint ? { lint: { ...severityCounts(lint), blacklist_per_kchars: lint.metrics.blacklist_per_kchars } } : {}),
    hook_strength: hook,
    stages: stageRecords(input.history, input.executions),
  };
  writes.push({ path: paths.chapterLog(n), content: prettyJson(chapterLog), kind: 'write' });

  return {
    ...closeCommit(input, n, writes, appends, result),
    dormant_next: dormantCountOf(merged.tally, n + 1, input.settings.quality.dormancy),
    dormancy_tally: merged.tally,
  };
}

/**
 * What every chapter commit ends with: the checkpoint (§3: committed, and what
 * the book machine does next), the history a rewind restores from (§14), the
 * staged files to clear and the final-tree files whose fingerprint it updates.
 */
function closeCommit(
  input: Pick<
    CommitInput,
    | 'checkpointRaw'
    | 'checkpointFields'
    | 'now'
    | 'readBefore'
    | 'sha256'
    | 'changelogBytes'
    | 'unknownEntitiesBytes'
    | 'view'
  >,
  n: number,
  writes: PlannedWrite[],
  appends: PlannedAppend[],
  result: Omit<OpsResult, 'state'>,
): CommitPlan {
  const checkpoint: Obj = { ...input.checkpointRaw };
  for (const k of ['gate', 'staging_hashes', 'judged_hashes', 'staged_title', 'archive_pending', 'author_note'])
    delete checkpoint[k];
  const { gate: _gate, ...fields } = input.checkpointFields;
  // A field the projection leaves undefined is not written (the micro-steps' flags of the committed chapter).
  for (const [k, v] of Object.entries(fields)) if (v === undefined) delete checkpoint[k];
  Object.assign(checkpoint, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)), {
    last_checkpoint_time: input.now.toISOString(),
  });

  // What this commit replaces, as it was: a rewind to this chapter restores it (§14).
  if (input.readBefore) {
    const files: CommitHistory['files'] = {};
    const hash = input.sha256;
    for (const w of writes) {
      if (!isReplacedByCommit(w.path)) continue;
      const afterSha256 = (): string => {
        w.sha256 = (hash as (content: Content) => string)(w.content);
        return w.sha256;
      };
      const spliced = w.spliced;
      const before = spliced ? spliced.before : input.readBefore(w.path);
      if (before === null || hash === undefined) {
        files[w.path] = before === null ? null : before.toString();
        continue;
      }
      // A list written whole, when its text before is novel's own serialisation (spliced bytes are; others are
      // compared).
      const documents = w.documents;
      if (documents && (spliced !== undefined || prettyJson(documents.before) === before)) {
        files[w.path] = keptJson(before, { ...documents, beforeSha256: hash(before) }, afterSha256);
        continue;
      }
      const kept = spliced
        ? keptBeforeBytes(spliced.before, w.content as Buffer | JoinedBytes, spliced.edited, afterSha256)
        : keptBefore(before as string, w.content as string, afterSha256);
      // A patch placed from the end is kept under a key of its own (an older novel refuses it rather than misplace it).
      if (typeof kept === 'string' || !kept.patch.from_end) files[w.path] = kept;
      else {
        const { from_end: _, ...patch } = kept.patch;
        files[w.path] = { patch_from_end: patch };
      }
    }
    const history: CommitHistory = {
      chapter: n,
      changelog_bytes: input.changelogBytes,
      unknown_entities_bytes: input.unknownEntitiesBytes,
      files,
    };
    writes.push({ path: paths.commitHistory(n), content: prettyJson(history), kind: 'write' });
  }

  const removes = [...input.view.files.keys()].filter((p) => !p.startsWith('staging/revisions/')).sort();
  const finalTree = /^(chapters|summaries|evaluations|state|storylines|foreshadowing|volumes)\//;
  const fingerprintPaths = [...writes.map((w) => w.path), ...appends.map((a) => a.path)]
    .filter((p) => finalTree.test(p))
    .sort();
  return {
    kind: 'chapter',
    chapter: n,
    writes,
    appends,
    removes,
    checkpoint,
    state_ops: { applied: result.applied, dropped: result.dropped },
    fingerprint_paths: fingerprintPaths,
  };
}

export interface ImportCommitInput
  extends Pick<
    CommitInput,
    | 'chapter'
    | 'checkpointRaw'
    | 'checkpointFields'
    | 'view'
    | 'state'
    | 'changelogBytes'
    | 'changelogEndsWithNewline'
    | 'globalForeshadowing'
    | 'dormancyTally'
    | 'volumePlan'
    | 'ledger'
    | 'unknownEntitiesBytes'
    | 'now'
    | 'readBefore'
    | 'sha256'
  > {
  /** The imported chapter's log (logs/chapter-NNN-log.json), completed by the catch-up; null when it has none. */
  chapterLog: Obj | null;
  /** The imported chapter's text: a chapter without a log gets one from its title and 字数. */
  importedText: string | null;
}

/**
 * The catch-up commit of an imported chapter (§14): its summary, delta and
 * memory go into the book like a chapter commit's, the imported text stays as
 * it is, and the changelog line is marked `catch_up`. Pure.
 */
export function planImportCommit(input: ImportCommitInput): CommitPlan {
  const n = input.chapter;
  const view = input.view;
  const problems = validateStep('summarize', view, { chapter: n }).diagnostics.filter((d) => d.severity === 'error');
  if (problems.length) {
    throw diagnosticsError(
      'commit_inputs_invalid',
      said('commit.import_invalid', { chapter: n }),
      problems,
      said('commit.import_invalid.hint', { step: `import:${padChapter(n)}:summarize` }),
    );
  }
  const { delta, storyline } = stagedDelta(view, n, input.state, said('commit.import_state_version.hint'));
  const writes: PlannedWrite[] = [];
  const move = (from: string, to: string): void =>
    void writes.push({ path: to, content: stagedText(view, from) as string, kind: 'move', from });
  // A catch-up commits what a summarize step writes; the imported text stays as it is.
  for (const output of MOVED_AT_COMMIT) {
    if ((CHAPTER_STEP_TABLE.summarize.writes as readonly string[]).includes(output))
      moveOutput(view, output, { chapter: n, storyline }, move);
  }
  const merged = mergeSummary(input, n, delta, storyline, { catch_up: true });
  const { appends, result } = merged;
  writes.push(...merged.writes);
  const log = {
    ...(input.chapterLog ?? {
      chapter: n,
      imported: true,
      ...(input.importedText === null ? {} : chapterFacts(input.importedText)),
      stages: [],
    }),
    storyline_id: storyline,
    caught_up: true,
    state_version: merged.stateVersion,
    ops_applied: result.applied.length,
    ops_dropped: result.dropped.length,
  };
  writes.push({ path: paths.chapterLog(n), content: prettyJson(log), kind: 'write' });
  return { ...closeCommit(input, n, writes, appends, result), dormancy_tally: merged.tally };
}
