import { describe, expect, it } from 'vitest';
import { CALENDAR_DAYS, dailyProgress, daysBefore, localDay } from '../../src/core/daily-goal.js';

/** Chapters newest first, each committed at noon UTC of its day with its 字数. */
const chapters = (days: Array<[string, number]>) =>
  days.map(([date, zishu]) => ({ committed_at: `${date}T12:00:00.000Z`, zishu })).reverse();

describe('the daily 字数 goal (PROTOCOL §18)', () => {
  it('the day of a moment is the time zone’s', () => {
    expect(localDay(new Date('2026-11-27T17:30:00Z'), 'Asia/Shanghai')).toBe('2026-11-28');
    expect(localDay(new Date('2026-11-27T17:30:00Z'), 'UTC')).toBe('2026-11-27');
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
  });

  it('today against the goal; the streak runs to today once it is met, else to yesterday', () => {
    const days: Array<[string, number]> = [
      ['2026-11-24', 9000],
      ['2026-11-25', 3000],
      ['2026-11-25', 3000],
      ['2026-11-26', 6500],
      ['2026-11-27', 7000],
    ];
    const short = dailyProgress(chapters([...days, ['2026-11-28', 2000]]), '2026-11-28', 6000, 'UTC');
    expect(short).toMatchObject({ goal: 6000, today: { date: '2026-11-28', zishu: 2000 }, met: false, streak: 4 });
    const met = dailyProgress(chapters([...days, ['2026-11-28', 6000]]), '2026-11-28', 6000, 'UTC');
    expect(met).toMatchObject({ met: true, streak: 5 });
    // A day without a commit ends it.
    const gap = dailyProgress(
      chapters([
        ['2026-11-25', 7000],
        ['2026-11-27', 7000],
      ]),
      '2026-11-28',
      6000,
      'UTC',
    );
    expect(gap.streak).toBe(1);
    expect(dailyProgress(chapters([['2026-11-25', 7000]]), '2026-11-28', 6000, 'UTC').streak).toBe(0);
  });

  it('the calendar is the last 90 days, oldest first, each with its 字数', () => {
    const p = dailyProgress(
      chapters([
        ['2026-09-01', 100],
        ['2026-11-28', 4000],
      ]),
      '2026-11-28',
      6000,
      'UTC',
    );
    expect(p.calendar).toHaveLength(CALENDAR_DAYS);
    expect(p.calendar[0]).toEqual({ date: '2026-08-31', zishu: 0 });
    expect(p.calendar[1]).toEqual({ date: '2026-09-01', zishu: 100 });
    expect(p.calendar.at(-1)).toEqual({ date: '2026-11-28', zishu: 4000 });
  });

  it('reads only as far back as it needs: the streak and the calendar', () => {
    let read = 0;
    const many = chapters(
      Array.from({ length: 400 }, (_, i): [string, number] => [daysBefore('2026-11-28', 399 - i), 100]),
    );
    const counted = (function* () {
      for (const c of many) {
        read++;
        yield c;
      }
    })();
    const p = dailyProgress(counted, '2026-11-28', 6000, 'UTC', 7);
    expect(p.streak).toBe(0);
    expect(read).toBeLessThanOrEqual(9);
    // An imported chapter (no commit time) ends the walk.
    expect(dailyProgress([{ committed_at: null, zishu: 9000 }], '2026-11-28', 10, 'UTC').today.zishu).toBe(0);
  });
});
