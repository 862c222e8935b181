/**
 * The probes the book machine's guards read, besides the checkpoint: an
 * unfinished commit journal (what it commits, read from the journal itself)
 * and the chapters the current volume's outline covers; the lint's word
 * lists, read when first asked for.
 */
import type { BookProbe } from '../core/rehydrate.js';
import { outlineChapters } from '../core/outline.js';
import { paths } from '../core/paths.js';
import { storylineIndex, type StorylineIndex } from '../core/volume-plan.js';
import type { Checkpoint } from '../schemas/checkpoint.js';
import { JournalSchema } from '../schemas/journal.js';
import { readExecution } from './execution-record.js';
import { findJournal } from './journal.js';
import { isPidAlive } from './lock.js';
import type { ProjectFs } from './project-fs.js';
import type { LintLists } from '../core/lint.js';
import { readLintLists } from './lint-inputs.js';
import { convergenceChapters } from '../core/key-chapters.js';
import { styleMetrics, type StyleMetrics } from '../core/lint.js';
import { isSampleFile, pendingSetup, type SetupReader } from '../core/setup.js';
import type { SetupStep } from '../core/step-id.js';
import type { ContinuityFacts, ContinuityNames } from '../core/continuity.js';
import { readContinuityFacts } from './continuity-book.js';
import type { ProjectView } from '../core/context/project-view.js';
import { diskView } from './project-view.js';
import { castTexts, recordCast } from './cast-cache.js';

export function readBookProbe(
  fs: ProjectFs,
  cp: Checkpoint,
  names?: ContinuityNames,
  options: { castRecord?: boolean } = {},
): BookProbe & { journalPath: string | null; files: () => ProjectView } {
  const rel = findJournal(fs);
  let journal: BookProbe['journal'] = null;
  if (rel !== null) {
    let parsed: ReturnType<typeof fs.readJson<typeof JournalSchema>> = null;
    try {
      parsed = fs.readJson(rel, JournalSchema, 'invalid_journal');
    } catch {
      parsed = null;
    }
    const j = parsed?.ok ? parsed.value : null;
    const name = /(chapter|vol)-(\d+)\.json$/.exec(rel);
    const setupName = /setup-(world|characters|style)\.json$/.exec(rel);
    if (j?.kind === 'setup' && j.setup !== undefined) journal = { kind: 'setup', step: j.setup };
    else if (setupName) journal = { kind: 'setup', step: setupName[1] as SetupStep };
    else if (j?.kind === 'volume' && j.volume !== null) journal = { kind: 'volume', volume: j.volume };
    else if (j?.kind === 'rewind' && j.chapter !== null)
      journal = { kind: 'chapter', chapter: j.chapter, rewind: true };
    else if (j?.kind === 'chapter' && j.chapter !== null) journal = { kind: 'chapter', chapter: j.chapter };
    // A damaged journal still blocks: its name says what it was (recovery reports the damage).
    else if (rel === paths.rewindJournal)
      journal = { kind: 'chapter', chapter: cp.last_completed_chapter + 1, rewind: true };
    else if (name?.[1] === 'vol') journal = { kind: 'volume', volume: Number(name[2]) };
    else journal = { kind: 'chapter', chapter: Number(name?.[2] ?? cp.last_completed_chapter + 1) };
  }
  const outline = fs.readTextChecked(paths.volumeOutline(Math.max(1, cp.current_volume)));
  const text = outline && 'text' in outline ? outline.text : '';
  const execution = readExecution(fs);
  // The lint's word lists are read at the first lint, never by a command that lints nothing.
  let lists: LintLists | undefined;
  // The lint's names and the continuity checks' cast come from the same files: one view reads them once (the open
  // project hands it on as its `files`).
  // A reader takes a cast file whose stats are as the last mutating command recorded them without reading it; a
  // mutating command that reads the cast reads the files, and records them once it succeeds (cast-cache.ts); doctor
  // reads the files (`castRecord: false`).
  let disk: ProjectView | undefined;
  const castView = (): ProjectView => {
    if (disk !== undefined) return disk;
    if (fs.mutating) fs.afterSuccess.push(() => recordCast(fs));
    disk = diskView(fs, fs.mutating || options.castRecord === false ? undefined : castTexts(fs));
    return disk;
  };
  const lintLists = (): LintLists => (lists ??= readLintLists(fs, castView()));
  let convergence: number[] | undefined;
  const convergenceChapters = (): number[] => (convergence ??= convergenceOf(fs, Math.max(1, cp.current_volume)));
  const outlined = outlineChapters(text);
  // Setup (§14) is probed only before the first chapter and the first plan: a few small files.
  const beforeFirstPlan =
    cp.last_completed_chapter === 0 &&
    (cp.inflight_chapter ?? null) === null &&
    outlined.length === 0 &&
    Math.max(1, cp.current_volume) === 1;
  let metrics: StyleMetrics | null | undefined;
  const sampleMetrics = (): StyleMetrics | null =>
    metrics !== undefined ? metrics : (metrics = readSampleMetrics(fs));
  const setup = beforeFirstPlan ? pendingSetup(setupReader(fs, sampleMetrics)) : null;
  let facts: ContinuityFacts | undefined;
  const continuity = (): ContinuityFacts => (facts ??= readContinuityFacts(fs, names, castView()));
  return {
    files: castView,
    continuity,
    journal,
    journalPath: rel,
    journalFile: rel,
    setup,
    sampleMetrics,
    outline_chapters: outlined,
    // The record of a step a live run (another process) is executing: running, not interrupted.
    ...(execution && execution.pid !== process.pid && isPidAlive(execution.pid)
      ? { interrupted: null, running: { step: execution.step, attempt: execution.attempt } }
      : { interrupted: execution ? { step: execution.step, attempt: execution.attempt } : null }),
    lintLists,
    convergenceChapters,
    ...(cp.orchestrator_state === 'VOL_PLANNING' ? { storylines: readStorylineIndex(fs) } : {}),
  };
}

/** The sample texts of samples/ (.txt and .md, sorted by name). */
export function readSamples(fs: ProjectFs): Array<{ path: string; text: string }> {
  return fs
    .listFiles('samples')
    .filter(isSampleFile)
    .sort()
    .flatMap((f) => {
      const r = fs.readTextChecked(f);
      return r && 'text' in r ? [{ path: f, text: r.text }] : [];
    });
}

/** novel's style numbers of samples/ (null: no sample text). */
export function readSampleMetrics(fs: ProjectFs): StyleMetrics | null {
  const samples = readSamples(fs);
  const m = styleMetrics(samples.map((s) => s.text));
  return m.zishu > 0 ? m : null;
}

function setupReader(fs: ProjectFs, sampleMetrics: () => StyleMetrics | null): SetupReader {
  return {
    text: (rel) => {
      const r = fs.readTextChecked(rel);
      return r && 'text' in r ? r.text : undefined;
    },
    list: (dir) => fs.listFiles(dir),
    get samplesHaveText() {
      return sampleMetrics() !== null;
    },
  };
}

/** The chapters inside the volume's convergence events (none when the schedule is missing or unreadable). */
function convergenceOf(fs: ProjectFs, volume: number): number[] {
  const r = fs.readTextChecked(`${paths.volumeDir(volume)}/storyline-schedule.json`);
  if (!r || !('text' in r)) return [];
  try {
    return convergenceChapters(JSON.parse(r.text));
  } catch {
    return [];
  }
}

/**
 * The storylines a plan may name (null when storylines.json is missing or unreadable: ids are then checked as slugs
 * only).
 */
export function readStorylineIndex(fs: ProjectFs): StorylineIndex | null {
  const r = fs.readTextChecked('storylines/storylines.json');
  if (!r || !('text' in r)) return null;
  try {
    return storylineIndex(JSON.parse(r.text));
  } catch {
    return null;
  }
}
