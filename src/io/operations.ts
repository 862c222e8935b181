/**
 * The mutating operations of the book, shared by the commands and by
 * `novel run`: record a step (advance), resolve a pause (decide), commit a
 * chapter, commit a volume plan. Each runs inside `withMutation` (lock held,
 * journal rolled forward, fingerprint checked), plans purely in the core from
 * the book machine, then applies the plan. Nobody calls the CLI from inside
 * the CLI. The next step they decide and return carries no Chinese reason
 * (zh: false): the commands show its step and action.
 */
import { judgedChange } from '../core/judged-bytes.js';
import type { Content } from '../core/joined-bytes.js';
import { said } from '../core/messages.js';
import { settleUsage } from './pending-usage.js';
import { readStorylineIndex } from './book-probe.js';
import { transition } from 'xstate';
import { bookMachine } from '../../machines/book.machine.js';
import type { Decision } from '../../machines/pipeline.events.js';
import { consistencyConflicts } from '../core/chapter-log.js';
import { planChapterCommit, planImportCommit, type CommitPlan, type PlannedWrite } from '../core/commit-plan.js';
import { pendingAfter, setupWrites, validateSetup, type SetupStep } from '../core/setup.js';
import { diagnosticsError, NovelError } from '../core/errors.js';
import { decideNext, type NextDecision } from '../core/next.js';
import { isPerChapterFile, journalPath, paths } from '../core/paths.js';
import { projectCheckpoint } from '../core/projection.js';
import { rehydrate } from '../core/rehydrate.js';
import { restMeta, retried, setupRest, type BookSnapshot } from '../core/book-rest.js';
import { stagedText } from '../core/staging-view.js';
import { padVolume, type StepId } from '../core/step-id.js';
import { planAdvance, planDecide, type TransitionPlan } from '../core/transitions.js';
import { outlineChapters } from '../core/outline.js';
import {
  planBounds,
  planRange,
  planVolumeCommit,
  validateVolumePlan,
  type VolumeCommitPlan,
} from '../core/volume-plan.js';
import { applyTransition } from './apply-transition.js';
import { finishExecution, readExecution } from './execution-record.js';
import {
  changelogTail,
  committedMemory,
  fileBytes,
  LEDGER_FILE,
  readGlobalForeshadowing,
  readLedger,
  readState,
  readVolumePlan,
  STATE_FILE,
  type TextsRead,
} from './book-files.js';
import { readBookJson, readCommitCache, recordCommitCache, verifiedFiles } from './commit-cache.js';
import type { CommitCache } from '../schemas/caches.js';
import type { DormancyTally } from '../core/context/dormant-foreshadowing.js';
import { applyJournal, stageJournalWrites, writeJournal } from './commit-journal.js';
import type { Journal } from '../schemas/journal.js';
import { GLOBAL_FORESHADOWING, recordDormantCount } from './dormant-count.js';
import { sha256Hex, type ProjectFs } from './project-fs.js';
import { recordedValues } from './fingerprint.js';
import { appendJsonLine, executionsPath, readHistory, readJsonLines } from './history-log.js';
import { indexCommittedChapter } from './shingle-index.js';
import { nextOf, openProject, type OpenProject } from './project.js';
import { recordStagedLint } from './lint-cache.js';

/** A setup commit (§14): the step's staged files moved into place, and the checkpoint. */
export interface SetupCommitPlan {
  kind: 'setup';
  step: SetupStep;
  writes: PlannedWrite[];
  appends: [];
  removes: string[];
  checkpoint: Record<string, unknown>;
  fingerprint_paths: string[];
}

export interface Recorded {
  plan: TransitionPlan;
  /** The checkpoint object written. */
  written: Record<string, unknown>;
  /** What comes next, read again from disk. */
  next: NextDecision;
}

const CONSISTENCY_REPORT = 'logs/consistency-report.jsonl';

function reopened(p: OpenProject): OpenProject {
  return openProject({ cwd: p.fs.root, env: {} }, undefined, p.fs);
}

/** `advance <step>`: validate the step's outputs and send its event. */
export function advanceStep(p: OpenProject, step: StepId, now: Date): Recorded {
  const summarize = (step.kind === 'chapter' || step.kind === 'import') && step.stage === 'summarize';
  const input = {
    checkpoint: p.loaded.checkpoint,
    settings: p.settings,
    view: p.view,
    probe: p.probe,
    ...(summarize ? { state: readState(p.fs), committedMemory: (id: string) => committedMemory(p.fs, id) } : {}),
  };
  const plan = planAdvance(input, step);
  const evalText = stagedText(p.view, paths.stagingEval(plan.snapshot.context.chapter));
  if (plan.events.some((e) => e.type === 'JUDGED') && evalText !== undefined) {
    // Before the transition, and once: a kill between the two never loses or doubles the line.
    const line = {
      chapter: plan.snapshot.context.chapter,
      round: p.loaded.checkpoint.revision_count ?? 0,
      conflicts: consistencyConflicts(JSON.parse(evalText) as Record<string, unknown>),
    };
    const last = readJsonLines(p.fs, CONSISTENCY_REPORT).at(-1);
    if (JSON.stringify(last) !== JSON.stringify(line)) appendJsonLine(p.fs, CONSISTENCY_REPORT, line);
  }
  const written = applyTransition(p.fs, p.loaded, p.view, plan, now);
  // The lint this advance made of the staged chapter: the next step's packet carries the same report
  // (src/io/lint-cache.ts).
  const linted = stagedText(p.view, paths.stagingChapter(plan.snapshot.context.chapter));
  if (plan.lint && p.probe.lintLists && linted !== undefined)
    recordStagedLint(p.fs, plan.lint.chapter, linted, p.settings.quality, p.probe.lintLists(), plan.lint);
  // What the step's executor cost, recorded by novel run after each attempt, joins the chapter's executions log.
  if (step.kind === 'chapter' || step.kind === 'import') settleUsage(p.fs, step.chapter, plan.step);
  // Outputs of an interrupted execution recorded by hand: the author vouches for them.
  if (readExecution(p.fs)?.step === plan.step) finishExecution(p.fs);
  return { plan, written, next: nextOf(reopened(p), false) };
}

/** `decide chapter:NNN accept|revise|rewrite`. */
export function decideChapter(p: OpenProject, chapter: number, decision: Decision, now: Date, note?: string): Recorded {
  const rewritesBase = paths.rewriteDir(chapter, 1).replace(/\/rewrite-1$/, '');
  const existingRewrites = p.fs.listDirs(rewritesBase).filter((d) => /^rewrite-\d+$/.test(d)).length;
  const plan = planDecide(
    { checkpoint: p.loaded.checkpoint, settings: p.settings, view: p.view, probe: p.probe, existingRewrites },
    chapter,
    decision,
  );
  // The author's note goes to the next draft's packet (revise, rewrite) and the chapter log (every decision); a
  // decision without one drops an old one.
  const written = applyTransition(p.fs, p.loaded, p.view, plan, now, { author_note: note });
  return { plan, written, next: nextOf(reopened(p), false) };
}

/** Everything a chapter commit needs, read and checked; then the pure plan. */
export function buildChapterCommitPlan(
  p: OpenProject,
  chapter: number,
  now: Date,
  cache: CommitCache | null = null,
): { plan: CommitPlan; read: LargeFilesRead } {
  const cp = p.loaded.checkpoint;
  const catchUp = (cp.imported_chapters ?? 0) >= chapter && (cp.import_caught_up ?? 0) < chapter;
  if (cp.last_completed_chapter >= chapter && (cp.inflight_chapter ?? null) !== chapter && !catchUp) {
    throw new NovelError(
      'already_committed',
      said('committing.already', { chapter, last: cp.last_completed_chapter }),
      {
        hint: said('committing.already.hint'),
      },
    );
  }
  // The judged bytes are the committed bytes (§17): a staged chapter or evaluation changed since its judgement is
  // refused, named.
  if (cp.pipeline_stage === 'judged' && cp.inflight_chapter === chapter)
    refuseUnjudged(
      chapter,
      judgedChange(cp.judged_hashes, chapter, (rel) => p.view.files.get(rel)?.sha256 ?? null),
    );
  const hydrated = rehydrate(cp, p.settings, p.view, { ...p.probe, journal: null });
  const next = decideNext(
    { checkpoint: cp, settings: p.settings, view: p.view, probe: { ...p.probe, journal: null }, zh: false },
    hydrated,
  );
  if (next.mode === 'import' && next.action === 'commit' && next.chapter === chapter)
    return buildImportCommitPlan(p, hydrated.snapshot, chapter, now, cache);
  if (next.action !== 'commit' || next.chapter !== chapter) {
    throw new NovelError(
      'not_committable',
      said('committing.chapter_refused', {
        chapter,
        step: next.step,
        action: said('status.action', { action: next.action }),
      }),
      {
        hint: next.action === 'review' ? said('committing.paused', { command: next.command }) : said('error.next_hint'),
        details: { expected: next.step, state: next.state },
      },
    );
  }
  const { snapshot } = retried(hydrated.snapshot);
  const gate = snapshot.context.gate;
  if (!gate) throw new NovelError('internal', said('committing.no_gate'), { exitCode: 1 });
  // The checkpoint after the commit is the machine's: the next chapter, a volume to plan, or the end.
  const [after] = transition(bookMachine, snapshot, { type: 'COMMITTED' });
  const changelog = changelogTail(p.fs);
  const texts: TextsRead = new Map();
  const { read, ...large } = readLargeFiles(p, texts, cache);
  const plan = planChapterCommit({
    chapter,
    checkpointRaw: p.loaded.raw,
    checkpointFields: projectCheckpoint(after),
    settings: p.settings,
    view: p.view,
    gate,
    revisionCount: snapshot.context.revision_count,
    ...large,
    changelogBytes: changelog.bytes,
    changelogEndsWithNewline: changelog.endsWithNewline,
    volumePlan: readVolumePlan(p.fs, paths.volumeDir(Math.max(1, cp.current_volume))),
    unknownEntitiesBytes: fileBytes(p.fs, 'logs/unknown-entities.jsonl'),
    history: readHistory(p.fs, chapter),
    executions: readJsonLines(p.fs, executionsPath(chapter)),
    currentVolume: cp.current_volume,
    now,
    ...(p.probe.lintLists ? { lintLists: p.probe.lintLists() } : {}),
    sha256: sha256Hex,
    readBefore: textBefore(p, texts),
  });
  // The chapter's bytes as this commit writes them (read once, with the view): hashed again, against the judgement.
  const chapterWrite = plan.writes.find((w) => w.path === paths.chapter(chapter));
  if (chapterWrite && cp.judged_hashes?.[paths.stagingChapter(chapter)] !== undefined) {
    const sha = sha256Hex(
      typeof chapterWrite.content === 'string' ? Buffer.from(chapterWrite.content, 'utf8') : chapterWrite.content,
    );
    const judged = cp.judged_hashes[paths.stagingChapter(chapter)] as string;
    if (sha !== judged) refuseUnjudged(chapter, { path: paths.stagingChapter(chapter), judged, now: sha });
  }
  refuseOverwrites(p, plan.writes);
  return { plan, read };
}

function refuseUnjudged(chapter: number, change: ReturnType<typeof judgedChange>): void {
  if (change === null) return;
  throw new NovelError(
    'judged_bytes_changed',
    said('committing.judged_changed', { chapter, file: change.path, judged: change.judged, now: change.now }),
    {
      hint: said('committing.judged_changed.hint', { chapter }),
      details: { file: change.path, judged: change.judged, found: change.now },
    },
  );
}

/**
 * The large book files a commit builds on, checked against the fingerprint by the bytes read (null: absent or
 * unreadable).
 */
function refuseUnrecorded(fs: ProjectFs, read: Record<string, string | null>): void {
  const recorded = recordedValues(fs, Object.keys(read));
  if (recorded === null) return;
  for (const [rel, sha] of Object.entries(read)) {
    const want = recorded[rel] ?? null;
    if (want === sha) continue;
    throw new NovelError(
      'final_trees_changed',
      said('committing.unrecorded', { file: rel, recorded: want, now: sha }),
      {
        hint: said('committing.unrecorded.hint', { file: rel }),
        details: { file: rel, recorded: want, found: sha },
      },
    );
  }
}

/**
 * What a commit learnt reading the large files: the list's sha256 and the files still as the last commit recorded them.
 */
interface LargeFilesRead {
  listSha256: string | null;
  verified: Record<string, string>;
}

/**
 * The three large book files of a commit (spliceable when a commit serialised them: src/io/commit-cache.ts), and the
 * list's tally.
 */
function readLargeFiles(p: OpenProject, texts: TextsRead, cache: CommitCache | null) {
  const state = readBookJson(p.fs, STATE_FILE, cache, () => readState(p.fs, texts), true);
  const list = readBookJson(p.fs, GLOBAL_FORESHADOWING, cache, () => readGlobalForeshadowing(p.fs, texts), true);
  const ledger = readBookJson(p.fs, LEDGER_FILE, cache, () => readLedger(p.fs, texts), true);
  // No laundering (§17): the bytes a commit builds on are the ones the fingerprint recorded, or it refuses before
  // writing.
  refuseUnrecorded(p.fs, {
    [STATE_FILE]: state.sha256,
    [GLOBAL_FORESHADOWING]: list.sha256,
    [LEDGER_FILE]: ledger.sha256,
  });
  const tally: DormancyTally | null =
    cache?.tally && cache.tally.global_sha256 === list.sha256 ? cache.tally.tally : null;
  const verified = verifiedFiles({ [STATE_FILE]: state, [GLOBAL_FORESHADOWING]: list, [LEDGER_FILE]: ledger });
  return {
    state: state.doc,
    globalForeshadowing: list.doc,
    ledger: ledger.doc,
    dormancyTally: tally,
    read: { listSha256: list.sha256, verified },
  };
}

/** A file's text before the commit, for its history: the one the plan was built from when it read it. */
function textBefore(p: OpenProject, texts: TextsRead): (rel: string) => string | null {
  return (rel) => {
    const known = texts.get(rel);
    if (known !== undefined) return known;
    const r = p.fs.readTextChecked(rel);
    return r && 'text' in r ? r.text : null;
  };
}

/** The catch-up commit of an imported chapter (§14): its summary, delta and memory; the imported text stays. */
function buildImportCommitPlan(
  p: OpenProject,
  snapshot: BookSnapshot,
  chapter: number,
  now: Date,
  cache: CommitCache | null,
): { plan: CommitPlan; read: LargeFilesRead } {
  const [after] = transition(bookMachine, snapshot, { type: 'COMMITTED' });
  const changelog = changelogTail(p.fs);
  const texts: TextsRead = new Map();
  const { read, ...large } = readLargeFiles(p, texts, cache);
  const logRel = paths.chapterLog(chapter);
  const log = p.fs.readTextChecked(logRel);
  let chapterLog: Record<string, unknown> | null = null;
  try {
    chapterLog = log && 'text' in log ? (JSON.parse(log.text) as Record<string, unknown>) : null;
  } catch {
    chapterLog = null;
  }
  // An imported chapter has no log until its catch-up: the plan starts one from its text.
  const text = chapterLog === null ? p.fs.readTextChecked(paths.chapter(chapter)) : null;
  const plan = planImportCommit({
    chapter,
    checkpointRaw: p.loaded.raw,
    checkpointFields: projectCheckpoint(after),
    view: p.view,
    ...large,
    changelogBytes: changelog.bytes,
    changelogEndsWithNewline: changelog.endsWithNewline,
    volumePlan: [],
    unknownEntitiesBytes: fileBytes(p.fs, 'logs/unknown-entities.jsonl'),
    chapterLog,
    importedText: text && 'text' in text ? text.text : null,
    now,
    sha256: sha256Hex,
    readBefore: textBefore(p, texts),
  });
  refuseOverwrites(p, plan.writes);
  return { plan, read };
}

/** Everything a setup commit needs (§14), read and checked; then the plan. */
export function buildSetupCommitPlan(p: OpenProject): SetupCommitPlan {
  const cp = p.loaded.checkpoint;
  const hydrated = rehydrate(cp, p.settings, p.view, { ...p.probe, journal: null });
  const { snapshot } = retried(hydrated.snapshot);
  const step = setupRest(snapshot);
  if (step === null) {
    const next = decideNext(
      { checkpoint: cp, settings: p.settings, view: p.view, probe: { ...p.probe, journal: null }, zh: false },
      hydrated,
    );
    throw new NovelError(
      'not_committable',
      said('committing.setup_refused', { step: next.step, action: said('status.action', { action: next.action }) }),
      {
        hint: said('error.next_hint'),
        details: { expected: next.step, state: next.state },
      },
    );
  }
  const validation = validateSetup(step, p.view, p.probe.sampleMetrics?.() ?? null);
  if (!validation.valid) {
    throw diagnosticsError(
      'validation_failed',
      said('committing.setup_invalid', { step: `book:${step}` }),
      validation.diagnostics,
      said('committing.fix_then_commit'),
    );
  }
  const writes = setupWrites(p.view, validation.moves);
  // What remains once these files are in place: the probe's answer with them counted.
  const written = new Map(writes.map((w) => [w.path, w.content as string]));
  const remaining = pendingAfter(step, {
    text: (rel) =>
      written.get(rel) ??
      (() => {
        const r = p.fs.readTextChecked(rel);
        return r && 'text' in r ? r.text : undefined;
      })(),
    list: (dir) =>
      [...new Set([...p.fs.listFiles(dir), ...[...written.keys()].filter((k) => k.startsWith(`${dir}/`))])].sort(),
    samplesHaveText: (p.probe.sampleMetrics?.() ?? null) !== null,
  });
  const [after] = transition(bookMachine, snapshot, { type: 'SETUP_COMMITTED', setup: remaining });
  const fields = projectCheckpoint(after);
  const checkpoint = { ...p.loaded.raw, orchestrator_state: fields.orchestrator_state };
  delete (checkpoint as Record<string, unknown>).staging_hashes;
  return {
    kind: 'setup',
    step,
    writes,
    appends: [],
    removes: validation.moves
      .map((m) => m.from)
      .filter((f) => p.view.files.has(f))
      .sort(),
    checkpoint,
    fingerprint_paths: writes
      .map((w) => w.path)
      .filter((w) => /^(storylines|state|volumes)\//.test(w))
      .sort(),
  };
}

export function commitSetup(p: OpenProject): { plan: SetupCommitPlan; next: NextDecision } {
  const plan = buildSetupCommitPlan(p);
  transact(p, plan);
  if (readExecution(p.fs)?.step === `book:${plan.step}`) finishExecution(p.fs);
  return { plan, next: nextOf(reopened(p), false) };
}

/** Files a commit creates for one chapter (or one chapter's contract): they never replace other text. */
const PER_CHAPTER = { test: isPerChapterFile };

/**
 * A commit never replaces a final file that holds other text (only rolling
 * its own journal forward rewrites what it wrote): a chapter file already in
 * the book is somebody's chapter.
 */
function refuseOverwrites(p: OpenProject, writes: ReadonlyArray<{ path: string; content: Content }>): void {
  const clashes = writes
    .filter((w) => PER_CHAPTER.test(w.path) && p.fs.exists(w.path) && p.fs.sha256(w.path) !== sha256Hex(w.content))
    .map((w) => w.path);
  if (clashes.length) {
    throw new NovelError('would_overwrite', said('committing.would_overwrite', { files: clashes }), {
      hint: said('committing.would_overwrite.hint'),
      details: { files: clashes },
    });
  }
}

/** Write the journal, then apply it: the crash-safe transaction of §7. */
function transact(p: OpenProject, plan: CommitPlan | VolumeCommitPlan | SetupCommitPlan): Journal {
  const rel = journalPath(
    plan.kind === 'chapter'
      ? { kind: 'chapter', chapter: plan.chapter }
      : plan.kind === 'setup'
        ? { kind: 'setup', step: plan.step }
        : { kind: 'volume', volume: plan.volume },
  );
  const journal = stageJournalWrites(p.fs, plan);
  writeJournal(p.fs, rel, journal);
  applyJournal(p.fs, rel, journal, { fresh: true });
  return journal;
}

export function commitChapter(p: OpenProject, chapter: number, now: Date): { plan: CommitPlan; next: NextDecision } {
  const cache = readCommitCache(p.fs);
  const { plan, read } = buildChapterCommitPlan(p, chapter, now, cache);
  const journal = transact(p, plan);
  // The list after the commit: the bytes it wrote, else the ones it read (hashed now when it did not read them).
  const globalSha256 =
    journal.writes.find((w) => w.path === GLOBAL_FORESHADOWING)?.sha256 ??
    read.listSha256 ??
    p.fs.sha256(GLOBAL_FORESHADOWING);
  recordCommitCache(p.fs, read.verified, journal, plan, { rel: GLOBAL_FORESHADOWING, sha256: globalSha256 });
  if (plan.dormant_next !== undefined && globalSha256 !== null) {
    recordDormantCount(p.fs, {
      chapter: chapter + 1,
      dormancy: p.settings.quality.dormancy,
      global_sha256: globalSha256,
      count: plan.dormant_next,
    });
  }
  // The repetition check's index learns the chapter (and any chapter a crash or an older novel left out).
  indexCommittedChapter(p.fs, chapter);
  return { plan, next: nextOf(reopened(p), false) };
}

/** Everything a volume plan commit needs, read and checked; then the pure plan. */
export function buildVolumeCommitPlan(p: OpenProject, volume: number, now: Date): VolumeCommitPlan {
  const cp = p.loaded.checkpoint;
  const hydrated = rehydrate(cp, p.settings, p.view, { ...p.probe, journal: null });
  const { snapshot } = retried(hydrated.snapshot);
  if (restMeta(snapshot).mode !== 'plan' || snapshot.context.volume !== volume) {
    const next = decideNext(
      { checkpoint: cp, settings: p.settings, view: p.view, probe: { ...p.probe, journal: null }, zh: false },
      hydrated,
    );
    throw new NovelError(
      'not_committable',
      said('committing.volume_refused', {
        volume,
        step: next.step,
        action: said('status.action', { action: next.action }),
      }),
      {
        hint: said('error.next_hint'),
        details: { expected: next.step, state: next.state },
      },
    );
  }
  const ctx = snapshot.context;
  const existing = p.fs.readTextChecked(paths.volumeOutline(volume));
  const existingOutline = existing && 'text' in existing ? existing.text : null;
  const bounds = planBounds(
    ctx.last_completed_chapter,
    existingOutline === null ? [] : outlineChapters(existingOutline),
    p.settings,
  );
  const range = planRange(p.view, volume, bounds);
  const problems = validateVolumePlan(p.view, volume, range, readStorylineIndex(p.fs), bounds);
  if (problems.some((d) => d.severity === 'error')) {
    throw diagnosticsError(
      'validation_failed',
      said('committing.plan_invalid', { step: `volume:${padVolume(volume)}:plan` }),
      problems,
      said('committing.fix_then_commit'),
    );
  }
  const draftPlan = planVolumeCommit(p.view, volume, range, existingOutline, p.loaded.raw, now);
  const outline =
    draftPlan.writes.find((w) => w.path === paths.volumeOutline(volume))?.content ?? existingOutline ?? '';
  const [after] = transition(bookMachine, snapshot, {
    type: 'PLAN_COMMITTED',
    outline_chapters: outlineChapters(outline),
  });
  const fields = projectCheckpoint(after);
  refuseOverwrites(p, draftPlan.writes);
  return {
    ...draftPlan,
    checkpoint: {
      ...draftPlan.checkpoint,
      orchestrator_state: fields.orchestrator_state,
      current_volume: fields.current_volume,
    },
  };
}

export function commitVolume(
  p: OpenProject,
  volume: number,
  now: Date,
): { plan: VolumeCommitPlan; next: NextDecision } {
  const plan = buildVolumeCommitPlan(p, volume, now);
  transact(p, plan);
  if (readExecution(p.fs)?.step === `volume:${padVolume(volume)}:plan`) finishExecution(p.fs);
  return { plan, next: nextOf(reopened(p), false) };
}
