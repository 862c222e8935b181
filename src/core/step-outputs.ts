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
import { padVolume, type StepId } from './step-id.js';
import { isSetupOutput, setupWritable } from './setup-paths.js';

/** An imported chapter's catch-up summary writes what a chapter's summarize step writes. */
const asChapter = (step: StepId): StepId => (step.kind === 'import' ? { kind: 'chapter', chapter: step.chapter, stage: step.stage } : step);

/** The chapter stages that write files, in pipeline order. */
const WRITING_STAGES = ['draft', 'summarize', 'refine', 'title-fix', 'judge', 'hook-fix'] as const;
export type WritingStage = (typeof WRITING_STAGES)[number];

/** The stages whose outputs a staged path can be, with the chapter it is for (null: not a chapter output). */
export function ownersOf(rel: string): { chapter: number; stages: WritingStage[] } | null {
  let m = /^staging\/chapters\/chapter-(\d{3,})\.md$/.exec(rel);
  if (m) return { chapter: Number(m[1]), stages: ['draft', 'refine', 'title-fix', 'hook-fix'] };
  m = /^staging\/summaries\/chapter-(\d{3,})-summary\.md$/.exec(rel) ?? /^staging\/state\/chapter-(\d{3,})-(?:delta|crossref|memory)\.json$/.exec(rel);
  if (m) return { chapter: Number(m[1]), stages: ['summarize'] };
  m = /^staging\/logs\/style-refiner-chapter-(\d{3,})-changes\.json$/.exec(rel);
  if (m) return { chapter: Number(m[1]), stages: ['refine'] };
  m = /^staging\/evaluations\/chapter-(\d{3,})-eval(?:-secondary)?\.json$/.exec(rel);
  if (m) return { chapter: Number(m[1]), stages: ['judge'] };
  return null;
}

/** A storyline memory: written by the summarizer of whichever chapter is in flight. */
const STORYLINE_MEMORY = /^staging\/storylines\/[a-z0-9][a-z0-9_-]{0,63}\/memory\.md$/;

/** May this staged file stay while `step` executes (one of its inputs or outputs, or bookkeeping)? */
export function belongsTo(rel: string, given: StepId): boolean {
  if (isStagingBookkeeping(rel)) return true;
  const step = asChapter(given);
  if (step.kind === 'setup') return setupWritable(rel, step.stage);
  if (step.kind === 'volume') return rel.startsWith(`staging/volumes/vol-${padVolume(step.volume)}/`);
  if (step.kind !== 'chapter') return false;
  const upTo = WRITING_STAGES.indexOf(step.stage as WritingStage);
  if (upTo < 0) return false;
  if (STORYLINE_MEMORY.test(rel)) return upTo >= WRITING_STAGES.indexOf('summarize');
  const owners = ownersOf(rel);
  if (!owners || owners.chapter !== step.chapter) return false;
  return owners.stages.some((s) => WRITING_STAGES.indexOf(s) <= upTo);
}

/** May `step` write this staged file (one of its own outputs)? */
export function writableBy(rel: string, given: StepId): boolean {
  const step = asChapter(given);
  if (step.kind === 'setup') return setupWritable(rel, step.stage);
  if (step.kind === 'volume') return rel.startsWith(`staging/volumes/vol-${padVolume(step.volume)}/`);
  if (step.kind !== 'chapter') return false;
  if (STORYLINE_MEMORY.test(rel)) return step.stage === 'summarize';
  const owners = ownersOf(rel);
  return owners !== null && owners.chapter === step.chapter && owners.stages.includes(step.stage as WritingStage);
}

/** Another step's output (of any chapter or volume): what a step must never write. */
export function anotherStepsOutput(rel: string, step: StepId): boolean {
  if (writableBy(rel, step)) return false;
  return ownersOf(rel) !== null || STORYLINE_MEMORY.test(rel) || rel.startsWith('staging/volumes/') || isSetupOutput(rel) || isStagingBookkeeping(rel);
}

/** A staged file some step writes (any chapter or volume): what the checkpoint may record a hash of. */
export function isStepOutput(rel: string): boolean {
  return ownersOf(rel) !== null || STORYLINE_MEMORY.test(rel) || rel.startsWith('staging/volumes/') || isSetupOutput(rel);
}

/** What a summarize step writes (a chapter's, or an imported chapter's catch-up), as its packet lists it; `memoryNote` says what the storyline memory starts from. */
export function summarizeOutputs(n: number, storyline: string, memoryNote: string): Array<{ path: string; required: boolean; note?: string }> {
  return [
    { path: paths.stagingSummary(n), required: true },
    { path: paths.stagingDelta(n), required: true, note: 'base_state_version = state_version of state/current-state.json; ops set/inc/add/remove/foreshadow' },
    { path: paths.stagingCrossref(n), required: true, note: 'storyline_id, cross_references[], leak_risk none|low|high' },
    { path: paths.stagingStorylineMemory(storyline), required: true, note: memoryNote },
    { path: paths.stagingChapterMemory(n), required: false, note: 'chapter memory entry {chapter, time_anchor, location, events, character_states, open_threads}' },
  ];
}

/** Where a summarize step may write. */
export const SUMMARIZE_WRITE_SCOPE = ['staging/summaries/', 'staging/state/', 'staging/storylines/'];
