/**
 * Storyline memories for a chapter: its own line, and adjacent lines from the
 * contract's transition_hint.next_storyline and from convergence events that
 * involve the chapter's line and cover the chapter (a null range covers every
 * chapter), minus dormant lines.
 */
import { isSlug } from '../../schemas/common.js';
import { isObj, type Obj, type ProjectView } from './project-view.js';
import { paths } from '../paths.js';

export const storylineMemoryPath = (id: string): string => paths.storylineMemory(id);

function covers(range: unknown, chapter: number): boolean {
  if (range === null || range === undefined) return true;
  return (
    Array.isArray(range) &&
    typeof range[0] === 'number' &&
    typeof range[1] === 'number' &&
    range[0] <= chapter &&
    chapter <= range[1]
  );
}

export function adjacentStorylines(
  storylineId: string,
  chapter: number,
  contract: Obj | undefined,
  schedule: unknown,
): string[] {
  const out = new Set<string>();
  const transitionHint = contract?.transition_hint;
  const hint = isObj(transitionHint) ? transitionHint.next_storyline : undefined;
  if (typeof hint === 'string') out.add(hint);
  const sched = isObj(schedule) ? schedule : {};
  for (const event of Array.isArray(sched.convergence_events) ? sched.convergence_events : []) {
    if (!isObj(event) || !Array.isArray(event.involved_storylines) || !covers(event.chapter_range, chapter)) continue;
    if (!event.involved_storylines.includes(storylineId)) continue;
    for (const id of event.involved_storylines) if (typeof id === 'string') out.add(id);
  }
  const dormant = new Set(
    (Array.isArray(sched.dormant_storylines) ? sched.dormant_storylines : []).map((d) =>
      isObj(d) ? String(d.storyline_id ?? d.id ?? '') : String(d),
    ),
  );
  out.delete(storylineId);
  return [...out].filter((id) => isSlug(id) && !dormant.has(id)).sort();
}

export function adjacentMemories(view: ProjectView, ids: readonly string[]): string[] {
  return ids.map(storylineMemoryPath).filter((p) => view.exists(p));
}
