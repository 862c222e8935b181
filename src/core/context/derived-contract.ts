/**
 * Contracts from the outline (PROTOCOL §14): a chapter the author outlined
 * but gave no contract gets one derived from its block's key lines — the
 * storyline, a required objective from the conflict, an optional one from the
 * arc — handed to the writer and the judge inline, marked `derived: true`.
 * Pure.
 */
import { padChapter } from '../step-id.js';
import type { Obj } from './project-view.js';

const SLUG = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export function deriveContract(chapter: number, keys: Readonly<Record<string, string>>): Obj {
  const nnn = padChapter(chapter);
  const objectives: Obj[] = [];
  if (keys.Conflict)
    objectives.push({ id: `c${nnn}-o1`, type: 'conflict', required: true, description: keys.Conflict });
  if (keys.Arc) objectives.push({ id: `c${nnn}-o2`, type: 'arc', required: !keys.Conflict, description: keys.Arc });
  if (!objectives.length)
    objectives.push({
      id: `c${nnn}-o1`,
      type: 'outline',
      required: true,
      description: 'the chapter does what its outline block says',
    });
  const storyline = keys.Storyline && SLUG.test(keys.Storyline) ? keys.Storyline : null;
  return {
    chapter,
    ...(storyline ? { storyline_id: storyline } : {}),
    objectives,
    ...(keys.StateChanges ? { postconditions: { state_changes: keys.StateChanges } } : {}),
    ...(keys.TransitionHint ? { transition_hint: { note: keys.TransitionHint } } : {}),
    derived: true,
  };
}
