/**
 * Step ids name the *next action* of the pipeline (PROTOCOL §3, §14):
 * `chapter:NNN:STAGE`, `volume:VV:plan` / `volume:VV:commit`, the setup steps
 * `book:world` / `book:characters` / `book:style`, and an imported chapter's
 * catch-up `import:NNN:summarize` / `import:NNN:commit`.
 * Parsing is strict and normalising; formatting is its exact inverse.
 */
import {
  CHAPTER_STAGES,
  IMPORT_STAGES,
  SETUP_STEPS,
  VOLUME_STAGES,
  type ChapterStage,
  type ImportStage,
  type SetupStep,
  type VolumeStage,
} from './step-table.js';
import { padChapter, padVolume } from './path-pattern.js';

export { CHAPTER_STAGES, IMPORT_STAGES, SETUP_STEPS, VOLUME_STAGES, type ChapterStage, type ImportStage, type SetupStep, type VolumeStage };

export type StepId =
  | { kind: 'chapter'; chapter: number; stage: ChapterStage }
  | { kind: 'volume'; volume: number; stage: VolumeStage }
  | { kind: 'setup'; stage: SetupStep }
  | { kind: 'import'; chapter: number; stage: ImportStage };

/** Largest chapter or volume number accepted; far above any real book. */
export const MAX_NUMBER = 99_999;

/** The shapes of a step id, as errors and help show them (derived from the step table). */
export const STEP_ID_FORMAT =
  `chapter:NNN:STAGE (STAGE one of ${CHAPTER_STAGES.join(', ')}), ` +
  `${VOLUME_STAGES.map((s) => `volume:VV:${s}`).join(' / ')}, ` +
  `${SETUP_STEPS.map((s) => `book:${s}`).join(' / ')}, ` +
  `or ${IMPORT_STAGES.map((s) => `import:NNN:${s}`).join(' / ')}, e.g. chapter:048:draft`;

/** The same in Chinese. */
export const STEP_ID_FORMAT_ZH =
  `chapter:NNN:阶段（阶段为 ${CHAPTER_STAGES.join('、')} 之一）、` +
  `${VOLUME_STAGES.map((s) => `volume:VV:${s}`).join(' / ')}、` +
  `${SETUP_STEPS.map((s) => `book:${s}`).join(' / ')}，` +
  `或 ${IMPORT_STAGES.map((s) => `import:NNN:${s}`).join(' / ')}，例如 chapter:048:draft`;

/** The step id's grammar as one regular expression source (the packet schema reads it). */
export const STEP_ID_PATTERN =
  `^(chapter:\\d{3,}:(${CHAPTER_STAGES.join('|')})|volume:\\d{2,}:(${VOLUME_STAGES.join('|')})` +
  `|book:(${SETUP_STEPS.join('|')})|import:\\d{3,}:(${IMPORT_STAGES.join('|')}))$`;

export type ParseResult = { ok: true; step: StepId } | { ok: false; reason: string };

export { padChapter, padVolume };

export function formatStepId(step: StepId): string {
  switch (step.kind) {
    case 'chapter':
      return `chapter:${padChapter(step.chapter)}:${step.stage}`;
    case 'volume':
      return `volume:${padVolume(step.volume)}:${step.stage}`;
    case 'setup':
      return `book:${step.stage}`;
    case 'import':
      return `import:${padChapter(step.chapter)}:${step.stage}`;
  }
}

/** The chapter a step writes or catches up (null: a volume or setup step). */
export function chapterOfStep(step: StepId): number | null {
  return step.kind === 'chapter' || step.kind === 'import' ? step.chapter : null;
}

function parsePositive(text: string, what: string): number | string {
  if (!/^[0-9]+$/.test(text)) return `the ${what} number "${text}" is not a plain decimal number`;
  const value = Number(text);
  if (value < 1) return `the ${what} number must be at least 1, found "${text}"`;
  if (value > MAX_NUMBER) return `the ${what} number must be at most ${MAX_NUMBER}, found "${text}"`;
  return value;
}

export function parseStepId(input: string): ParseResult {
  const parts = input.split(':');
  if (parts.length === 2 && parts[0] === 'book') {
    const stage = parts[1] as string;
    if (!(SETUP_STEPS as readonly string[]).includes(stage)) return { ok: false, reason: `unknown setup step "${stage}" (expected ${SETUP_STEPS.join(', ')})` };
    return { ok: true, step: { kind: 'setup', stage: stage as SetupStep } };
  }
  if (parts.length !== 3) {
    return { ok: false, reason: `expected 3 ":"-separated segments, found ${parts.length}` };
  }
  const [kind, num, stage] = parts as [string, string, string];
  if (kind === 'chapter') {
    const chapter = parsePositive(num, 'chapter');
    if (typeof chapter === 'string') return { ok: false, reason: chapter };
    if (!(CHAPTER_STAGES as readonly string[]).includes(stage)) {
      return { ok: false, reason: `unknown chapter stage "${stage}" (expected ${CHAPTER_STAGES.join(', ')})` };
    }
    return { ok: true, step: { kind: 'chapter', chapter, stage: stage as ChapterStage } };
  }
  if (kind === 'volume') {
    const volume = parsePositive(num, 'volume');
    if (typeof volume === 'string') return { ok: false, reason: volume };
    if (!(VOLUME_STAGES as readonly string[]).includes(stage)) {
      return { ok: false, reason: `unknown volume stage "${stage}" (expected ${VOLUME_STAGES.join(', ')})` };
    }
    return { ok: true, step: { kind: 'volume', volume, stage: stage as VolumeStage } };
  }
  if (kind === 'import') {
    const chapter = parsePositive(num, 'chapter');
    if (typeof chapter === 'string') return { ok: false, reason: chapter };
    if (!(IMPORT_STAGES as readonly string[]).includes(stage)) {
      return { ok: false, reason: `unknown import stage "${stage}" (expected ${IMPORT_STAGES.join(', ')})` };
    }
    return { ok: true, step: { kind: 'import', chapter, stage: stage as ImportStage } };
  }
  return { ok: false, reason: `unknown step kind "${kind}" (expected chapter, volume, book or import)` };
}

/** `chapter:NNN` as `novel decide` and `novel rewind --to` take it. */
export function formatChapterRef(chapter: number): string {
  return `chapter:${padChapter(chapter)}`;
}

/** `chapter:NNN` as used by `novel decide`. */
export function parseChapterRef(input: string): { ok: true; chapter: number } | { ok: false; reason: string } {
  const parts = input.split(':');
  if (parts.length !== 2 || parts[0] !== 'chapter') {
    return { ok: false, reason: `expected chapter:NNN, found "${input}"` };
  }
  const chapter = parsePositive(parts[1] as string, 'chapter');
  if (typeof chapter === 'string') return { ok: false, reason: chapter };
  return { ok: true, chapter };
}
