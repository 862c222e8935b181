/**
 * Key chapters (PROTOCOL §13.5): the first and the last outlined chapter of
 * the volume, and every chapter inside a convergence event's range of the
 * volume's storyline-schedule.json. Their judge step requires a second,
 * independent evaluation. Pure.
 */
import { isObj } from './context/project-view.js';

/** The chapters inside the schedule's convergence ranges (null ranges skipped). */
export function convergenceChapters(schedule: unknown): number[] {
  const events =
    isObj(schedule) && Array.isArray(schedule.convergence_events) ? schedule.convergence_events.filter(isObj) : [];
  const out = new Set<number>();
  for (const e of events) {
    const r = e.chapter_range;
    if (!Array.isArray(r) || r.length !== 2 || !Number.isInteger(r[0]) || !Number.isInteger(r[1])) continue;
    for (let n = r[0] as number; n <= (r[1] as number) && n - (r[0] as number) < 10_000; n++) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}

export function isKeyChapter(
  chapter: number,
  outlineChapters: readonly number[],
  convergence: readonly number[],
): boolean {
  if (outlineChapters.length && (chapter === Math.min(...outlineChapters) || chapter === Math.max(...outlineChapters)))
    return true;
  return convergence.includes(chapter);
}
