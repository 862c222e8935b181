/**
 * What is published and what is 存稿 (PROTOCOL §18): the lines of
 * publishing/published.jsonl read as the chapters published, the buffer of
 * committed chapters not published yet (count and 字数), the days it lasts at
 * the recent daily rate, and the published chapters changed since. Pure.
 */
import { say, type Lang } from './messages.js';

/** One line of publishing/published.jsonl: a chapter published on a date, with the bytes it had then. */
export interface PublishedLine {
  chapter: number;
  date: string;
  sha256: string;
}

/** The chapters published, each with its latest line (a chapter published again after a change records anew). */
export function publishedIndex(lines: readonly PublishedLine[]): Map<number, PublishedLine> {
  const out = new Map<number, PublishedLine>();
  for (const l of lines) out.set(l.chapter, l);
  return out;
}

/** The days the recent daily rate is taken over: the week up to the latest publishing day. */
export const RATE_DAYS = 7;

const dayNumber = (date: string): number => Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

export interface SerialBuffer {
  /** Chapters published. */
  published: number;
  /** The highest chapter published (null: none). */
  through: number | null;
  /** 存稿: committed chapters not published, and their 字数 (null where a chapter's count is unknown). */
  stock: { chapters: number; zishu: number };
  /** Chapters published a day over the last RATE_DAYS days up to the latest publishing day (null: none published). */
  rate_per_day: number | null;
  /** How many days the 存稿 lasts at that rate (null: no rate yet). */
  days_of_buffer: number | null;
  /** Published chapters whose bytes differ from those recorded when they were published. */
  changed: number[];
}

export function serialBuffer(input: {
  lastCompleted: number;
  lines: readonly PublishedLine[];
  /** A committed chapter's 字数 (its log's, else its text's). */
  zishuOf: (chapter: number) => number;
  /** A committed chapter's sha256 now (null: the file is gone). */
  shaOf: (chapter: number) => string | null;
}): SerialBuffer {
  const index = publishedIndex(input.lines);
  const published = [...index.keys()].filter((n) => n <= input.lastCompleted).sort((a, b) => a - b);
  const isPublished = new Set(published);
  let chapters = 0;
  let zishu = 0;
  for (let n = 1; n <= input.lastCompleted; n++) {
    if (isPublished.has(n)) continue;
    chapters++;
    zishu += input.zishuOf(n);
  }
  const days = input.lines.map((l) => dayNumber(l.date)).filter(Number.isFinite);
  const latest = days.length ? Math.max(...days) : null;
  const recent =
    latest === null
      ? 0
      : new Set(input.lines.filter((l) => dayNumber(l.date) > latest - RATE_DAYS).map((l) => l.chapter)).size;
  const rate = latest === null ? null : Math.round((recent / RATE_DAYS) * 100) / 100;
  return {
    published: published.length,
    through: published.length ? (published.at(-1) as number) : null,
    stock: { chapters, zishu },
    rate_per_day: rate,
    days_of_buffer: rate ? Math.round((chapters / rate) * 10) / 10 : null,
    changed: published.filter((n) => {
      const now = input.shaOf(n);
      return now !== null && now !== (index.get(n) as PublishedLine).sha256;
    }),
  };
}

/**
 * The chapters `novel publish` records: `--chapter N` that one; `--through N` every committed chapter up to N not
 * published yet, or published and changed since.
 */
export function chaptersToPublish(
  pick: { chapter: number } | { through: number },
  lines: readonly PublishedLine[],
  shaOf: (chapter: number) => string | null,
): number[] {
  if ('chapter' in pick) return [pick.chapter];
  const index = publishedIndex(lines);
  const out: number[] = [];
  for (let n = 1; n <= pick.through; n++) {
    const last = index.get(n);
    if (!last || last.sha256 !== shaOf(n)) out.push(n);
  }
  return out;
}

/** The first sensitive word a chapter holds, and its line (the title line is line 1), longest word first. */
export function firstSensitiveWord(text: string, words: readonly string[]): { word: string; line: number } | null {
  const lines = text.split('\n');
  const byLength = [...words].filter(Boolean).sort((a, b) => b.length - a.length);
  for (const [i, l] of lines.entries()) {
    const word = byLength.find((w) => l.includes(w));
    if (word) return { word, line: i + 1 };
  }
  return null;
}

/** A count of 字 as Chinese totals say it: 万字 with one decimal from 10,000 on (12.3万字), else 字. */
export function wanzi(zishu: number): string {
  return zishu >= 10_000 ? `${(Math.round(zishu / 1000) / 10).toFixed(1)}万字` : `${zishu}字`;
}

/** The 存稿 as `status` and `chapters` say it: what is published, the buffer and its days, the changed chapters. */
export function serialLines(lang: Lang, serial: SerialBuffer): string[] {
  return [
    say(lang, 'publishing.buffer', {
      published: serial.published,
      through: serial.through,
      stock: serial.stock.chapters,
      zishu: serial.stock.zishu,
      wan: wanzi(serial.stock.zishu),
      rate: serial.rate_per_day,
      days: serial.days_of_buffer,
    }),
    ...(serial.changed.length ? [say(lang, 'publishing.changed', { list: serial.changed.join(', ') })] : []),
  ];
}
