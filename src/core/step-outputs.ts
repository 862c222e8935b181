/**
 * Which step a staged file belongs to (PROTOCOL §4 outputs), so that outputs
 * belong to the step that made them:
 * - before a step executes, staged files that are neither its inputs (the
 *   outputs of the chapter's earlier stages) nor its own outputs are moved
 *   aside, so nothing planted earlier can pass for one of its outputs;
 * - after it, a file it wrote into another step's output path fails the step.
 * Pure: paths in, decisions out.
 */
import { isStagingBookkeeping, paths } from './paths.js';
import { type StepId } from './step-id.js';
import { matchPattern } from './path-pattern.js';
import {
  CHAPTER_OUTPUTS,
  CHAPTER_STEP_TABLE,
  keysOf,
  WRITING_STAGES,
  type ChapterOutput,
  type ValidatedStage,
} from './step-table.js';
import { isSetupOutput, setupWritable } from './setup-paths.js';

/** An imported chapter's catch-up summary writes what a chapter's summarize step writes. */
const asChapter = (step: StepId): StepId =>
  step.kind === 'import' ? { kind: 'chapter', chapter: step.chapter, stage: step.stage } : step;

export type WritingStage = ValidatedStage;

/** The stages that write an output, in pipeline order. */
const WRITERS = new Map<ChapterOutput, WritingStage[]>(
  keysOf(CHAPTER_OUTPUTS).map((o) => [
    o,
    WRITING_STAGES.filter((s) => (CHAPTER_STEP_TABLE[s].writes as readonly string[]).includes(o)),
  ]),
);

/** The chapter outputs whose paths carry the chapter number (a storyline memory carries its storyline). */
const NUMBERED = keysOf(CHAPTER_OUTPUTS).filter((o) => CHAPTER_OUTPUTS[o].staged.includes('{NNN}'));

/** The stages whose outputs a staged path can be, with the chapter it is for (null: not a chapter output). */
export function ownersOf(rel: string): { chapter: number; stages: WritingStage[] } | null {
  for (const output of NUMBERED) {
    const args = matchPattern(CHAPTER_OUTPUTS[output].staged, rel);
    if (args?.chapter !== undefined) return { chapter: args.chapter, stages: WRITERS.get(output) ?? [] };
  }
  return null;
}

/** A storyline memory: written by the summarizer of whichever chapter is in flight. */
const isStorylineMemory = (rel: string): boolean =>
  matchPattern(CHAPTER_OUTPUTS['storyline-memory'].staged, rel) !== null;
/** The stage that writes storyline memories. */
const STORYLINE_WRITER = WRITERS.get('storyline-memory')?.[0] ?? 'summarize';

/** May this staged file stay while `step` executes (one of its inputs or outputs, or bookkeeping)? */
export function belongsTo(rel: string, given: StepId): boolean {
  if (isStagingBookkeeping(rel)) return true;
  const step = asChapter(given);
  if (step.kind === 'setup') return setupWritable(rel, step.stage);
  if (step.kind === 'volume') return rel.startsWith(`${paths.stagedVolumeDir(step.volume)}/`);
  if (step.kind !== 'chapter') return false;
  const upTo = WRITING_STAGES.indexOf(step.stage as WritingStage);
  if (upTo < 0) return false;
  if (isStorylineMemory(rel)) return upTo >= WRITING_STAGES.indexOf(STORYLINE_WRITER);
  const owners = ownersOf(rel);
  if (!owners || owners.chapter !== step.chapter) return false;
  return owners.stages.some((s) => WRITING_STAGES.indexOf(s) <= upTo);
}

/** May `step` write this staged file (one of its own outputs)? */
export function writableBy(rel: string, given: StepId): boolean {
  const step = asChapter(given);
  if (step.kind === 'setup') return setupWritable(rel, step.stage);
  if (step.kind === 'volume') return rel.startsWith(`${paths.stagedVolumeDir(step.volume)}/`);
  if (step.kind !== 'chapter') return false;
  if (isStorylineMemory(rel)) return step.stage === STORYLINE_WRITER;
  const owners = ownersOf(rel);
  return owners !== null && owners.chapter === step.chapter && owners.stages.includes(step.stage as WritingStage);
}

/** Another step's output (of any chapter or volume): what a step must never write. */
export function anotherStepsOutput(rel: string, step: StepId): boolean {
  if (writableBy(rel, step)) return false;
  return (
    ownersOf(rel) !== null ||
    isStorylineMemory(rel) ||
    rel.startsWith('staging/volumes/') ||
    isSetupOutput(rel) ||
    isStagingBookkeeping(rel)
  );
}

/** A staged file some step writes (any chapter or volume): what the checkpoint may record a hash of. */
export function isStepOutput(rel: string): boolean {
  return ownersOf(rel) !== null || isStorylineMemory(rel) || rel.startsWith('staging/volumes/') || isSetupOutput(rel);
}

/**
 * What a summarize step writes (a chapter's, or an imported chapter's catch-up), as its packet lists it; `memoryNote`
 * says what the storyline memory starts from.
 */
export function summarizeOutputs(
  n: number,
  storyline: string,
  memoryNote: string,
): Array<{ path: string; required: boolean; note?: string }> {
  return [
    { path: paths.stagingSummary(n), required: true },
    {
      path: paths.stagingDelta(n),
      required: true,
      note: 'base_state_version = state_version of state/current-state.json; ops set/inc/add/remove/foreshadow',
    },
    {
      path: paths.stagingCrossref(n),
      required: true,
      note: 'storyline_id, cross_references[], leak_risk none|low|high',
    },
    { path: paths.stagingStorylineMemory(storyline), required: true, note: memoryNote },
    {
      path: paths.stagingChapterMemory(n),
      required: false,
      note: 'chapter memory entry {chapter, time_anchor, location, events, character_states, open_threads}',
    },
  ];
}

/** Where a summarize step may write. */
export const SUMMARIZE_WRITE_SCOPE = ['staging/summaries/', 'staging/state/', 'staging/storylines/'];
