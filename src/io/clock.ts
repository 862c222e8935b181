/**
 * The time novel takes as now: the system clock, or NOVEL_NOW (an ISO 8601
 * time, e.g. 2026-11-28T09:00:00+08:00) where a reproduction or a test of the
 * daily serial needs a day of its own choosing. Commit times, the publishing
 * date and "today" of the daily goal all read it.
 */
import { NovelError } from '../core/errors.js';
import { said } from '../core/messages.js';

export function clockNow(env: Record<string, string | undefined>): Date {
  const set = env.NOVEL_NOW;
  if (set === undefined || set === '') return new Date();
  const at = new Date(set);
  if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(set))
    throw new NovelError('invalid_env', said('clock.invalid', { found: JSON.stringify(set) }), {
      hint: said('clock.invalid.hint'),
    });
  return at;
}
