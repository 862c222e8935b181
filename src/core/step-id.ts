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
// The catalogue's own group, not the catalogue (src/core/messages.ts reads this module: no circle).
import { CORE_GROUPS } from './messages/core.js';
import type { Said } from './messages/entry.js';

export {
  CHAPTER_STAGES,
  IMPORT_STAGES,
  SETUP_STEPS,
  VOLUME_STAGES,
  type ChapterStage,
  type ImportStage,
  type SetupStep,
  type VolumeStage,
};

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

/**
 * Why a text is not a step id or chapter: in English (`reason`), and said (`words`) for a reader in another language.
 */
export type ParseRefusal = { ok: false; reason: string; words: Said };
export type ParseResult = { ok: true; step: StepId } | ParseRefusal;

type StepIdWords = ReturnType<typeof CORE_GROUPS.stepid>;
let stepIdWords: StepIdWords | undefined;
/** A refusal said by its message id; its English rendered from the same entry. */
function refuse<K extends keyof StepIdWords>(id: K, args: Parameters<StepIdWords[K]['en']>[0]): ParseRefusal {
  const entry = (stepIdWords ??= CORE_GROUPS.stepid())[id] as unknown as { en: (a: typeof args) => string };
  return { ok: false, reason: entry.en(args), words: { id, args } };
}

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

function parsePositive(text: string, what: 'chapter' | 'volume'): number | ParseRefusal {
  if (!/^[0-9]+$/.test(text)) return refuse('stepid.not_decimal', { what, text });
  const value = Number(text);
  if (value < 1) return refuse('stepid.below_one', { what, text });
  if (value > MAX_NUMBER) return refuse('stepid.above_max', { what, max: MAX_NUMBER, text });
  return value;
}

export function parseStepId(input: string): ParseResult {
  const parts = input.split(':');
  if (parts.length === 2 && parts[0] === 'book') {
    const stage = parts[1] as string;
    if (!(SETUP_STEPS as readonly string[]).includes(stage))
      return refuse('stepid.setup_step', { stage, allowed: SETUP_STEPS });
    return { ok: true, step: { kind: 'setup', stage: stage as SetupStep } };
  }
  if (parts.length !== 3) {
    return refuse('stepid.segments', { n: parts.length });
  }
  const [kind, num, stage] = parts as [string, string, string];
  if (kind === 'chapter') {
    const chapter = parsePositive(num, 'chapter');
    if (typeof chapter !== 'number') return chapter;
    if (!(CHAPTER_STAGES as readonly string[]).includes(stage)) {
      return refuse('stepid.stage', { kind: 'chapter', stage, allowed: CHAPTER_STAGES });
    }
    return { ok: true, step: { kind: 'chapter', chapter, stage: stage as ChapterStage } };
  }
  if (kind === 'volume') {
    const volume = parsePositive(num, 'volume');
    if (typeof volume !== 'number') return volume;
    if (!(VOLUME_STAGES as readonly string[]).includes(stage)) {
      return refuse('stepid.stage', { kind: 'volume', stage, allowed: VOLUME_STAGES });
    }
    return { ok: true, step: { kind: 'volume', volume, stage: stage as VolumeStage } };
  }
  if (kind === 'import') {
    const chapter = parsePositive(num, 'chapter');
    if (typeof chapter !== 'number') return chapter;
    if (!(IMPORT_STAGES as readonly string[]).includes(stage)) {
      return refuse('stepid.stage', { kind: 'import', stage, allowed: IMPORT_STAGES });
    }
    return { ok: true, step: { kind: 'import', chapter, stage: stage as ImportStage } };
  }
  return refuse('stepid.kind', { kind });
}

/** `chapter:NNN` as `novel decide` and `novel rewind --to` take it. */
export function formatChapterRef(chapter: number): string {
  return `chapter:${padChapter(chapter)}`;
}

/** `chapter:NNN` as used by `novel decide`. */
export function parseChapterRef(input: string): { ok: true; chapter: number } | ParseRefusal {
  const parts = input.split(':');
  if (parts.length !== 2 || parts[0] !== 'chapter') {
    return refuse('stepid.chapter_ref', { text: input });
  }
  const chapter = parsePositive(parts[1] as string, 'chapter');
  if (typeof chapter !== 'number') return chapter;
  return { ok: true, chapter };
}
