/**
 * The daily 字数 goal (PROTOCOL §18): the 字数 committed on each day (in the
 * author's time zone), today's against the goal, the streak of days that met
 * it, and the last 90 days for a calendar. Pure: the days' 字数 and today in,
 * figures out.
 */

/** The calendar's span. */
export const CALENDAR_DAYS = 90;

/** The day (YYYY-MM-DD) a moment falls on in a time zone (null: this machine's own). */
export function localDay(at: Date, timezone: string | null): string {
  if (timezone === null) {
    const pad = (n: number): string => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  }
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(at)
    .slice(0, 10);
}

const dayNumber = (date: string): number => Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
const dateOf = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** The day `n` days before `date`. */
export function daysBefore(date: string, n: number): string {
  return dateOf(dayNumber(date) - n);
}

export interface DailyProgress {
  goal: number;
  today: { date: string; zishu: number };
  /** Today's 字数 reached the goal. */
  met: boolean;
  /** Consecutive days that met the goal, up to today (or up to yesterday while today is still short). */
  streak: number;
  /** The last `calendarDays` days (CALENDAR_DAYS unless asked), oldest first, each with its 字数 (0: nothing). */
  calendar: Array<{ date: string; zishu: number }>;
}

/**
 * The figures of the goal from the chapters' commit times and 字数, newest chapter first (chapters are committed in
 * order). Read lazily: only as far back as the calendar (when asked for) and the streak reach. A chapter without a
 * commit time (an imported one) ends the walk.
 */
export function dailyProgress(
  chapters: Iterable<{ committed_at: string | null; zishu: number }>,
  today: string,
  goal: number,
  timezone: string | null,
  calendarDays = CALENDAR_DAYS,
): DailyProgress {
  const byDay = new Map<string, number>();
  const yesterday = daysBefore(today, 1);
  const spanStart = daysBefore(today, Math.max(1, calendarDays) - 1);
  // The streak ends at a finished day (yesterday or before) short of the goal; a day without a commit is one.
  let broken = false;
  let oldest: string | null = null;
  for (const c of chapters) {
    if (c.committed_at === null) break;
    const at = new Date(c.committed_at);
    if (Number.isNaN(at.getTime())) break;
    const day = localDay(at, timezone);
    if (day > today) continue;
    if (oldest === null ? day < yesterday : day < oldest) {
      const finished = oldest ?? today;
      if (finished <= yesterday && (byDay.get(finished) ?? 0) < goal) broken = true;
      if (dayNumber(finished) - dayNumber(day) > 1 && day < yesterday) broken = true;
    }
    if (broken && day < spanStart) break;
    byDay.set(day, (byDay.get(day) ?? 0) + c.zishu);
    oldest = day;
  }
  const of = (date: string): number => byDay.get(date) ?? 0;
  const met = of(today) >= goal;
  let streak = 0;
  for (let back = met ? 0 : 1; of(daysBefore(today, back)) >= goal; back++) streak++;
  const calendar = Array.from({ length: Math.max(0, calendarDays) }, (_, i) => {
    const date = daysBefore(today, calendarDays - 1 - i);
    return { date, zishu: of(date) };
  });
  return { goal, today: { date: today, zishu: of(today) }, met, streak, calendar };
}
