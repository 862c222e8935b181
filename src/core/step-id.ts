/**
 * Step ids name the *next action* of the pipeline (PROTOCOL §3):
 * `chapter:NNN:STAGE` and `volume:VV:plan` / `volume:VV:commit`.
 * Parsing is strict and normalising; formatting is its exact inverse.
 */

export const CHAPTER_STAGES = ['draft', 'summarize', 'refine', 'title-fix', 'judge', 'hook-fix', 'commit', 'review'] as const;
export const VOLUME_STAGES = ['plan', 'commit'] as const;

export type ChapterStage = (typeof CHAPTER_STAGES)[number];
export type VolumeStage = (typeof VOLUME_STAGES)[number];

export type StepId =
  | { kind: 'chapter'; chapter: number; stage: ChapterStage }
  | { kind: 'volume'; volume: number; stage: VolumeStage };

/** Largest chapter or volume number accepted; far above any real book. */
export const MAX_NUMBER = 99_999;

export const STEP_ID_FORMAT =
  'chapter:NNN:STAGE (STAGE one of draft, summarize, refine, title-fix, judge, hook-fix, commit, review) or volume:VV:plan / volume:VV:commit, e.g. chapter:048:draft';

export type ParseResult = { ok: true; step: StepId } | { ok: false; reason: string };

export function padChapter(chapter: number): string {
  return String(chapter).padStart(3, '0');
}

export function padVolume(volume: number): string {
  return String(volume).padStart(2, '0');
}

export function formatStepId(step: StepId): string {
  return step.kind === 'chapter'
    ? `chapter:${padChapter(step.chapter)}:${step.stage}`
    : `volume:${padVolume(step.volume)}:${step.stage}`;
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
  return { ok: false, reason: `unknown step kind "${kind}" (expected chapter or volume)` };
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
