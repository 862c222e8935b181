/** Published and 存稿 (§18): the buffer, the rate, the changed chapters, what publish records, 万字. */
import { describe, expect, it } from 'vitest';
import {
  chaptersToPublish,
  firstSensitiveWord,
  publishedIndex,
  serialBuffer,
  serialLines,
  type SerialBuffer,
  wanzi,
} from '../../src/core/publishing.js';

const line = (chapter: number, date: string, sha256 = `s${chapter}`) => ({ chapter, date, sha256 });

describe('serialBuffer', () => {
  it('counts 存稿 as the committed chapters not published, with their 字数, and the days they last', () => {
    const lines = [line(1, '2026-11-20'), line(2, '2026-11-20'), line(3, '2026-11-21'), line(4, '2026-11-27')];
    const b = serialBuffer({ lastCompleted: 10, lines, zishuOf: (n) => 1000 * n, shaOf: (n) => `s${n}` });
    expect(b).toEqual({
      published: 4,
      through: 4,
      stock: { chapters: 6, zishu: (5 + 6 + 7 + 8 + 9 + 10) * 1000 },
      // The week up to 11-27: chapters 3 and 4 (11-21 is 6 days before): 2 in 7 days.
      rate_per_day: 0.29,
      days_of_buffer: 20.7,
      changed: [],
    });
  });

  it('nothing published: all of it is 存稿, no rate; a changed published chapter is named', () => {
    expect(serialBuffer({ lastCompleted: 3, lines: [], zishuOf: () => 10, shaOf: () => 'x' })).toMatchObject({
      published: 0,
      through: null,
      stock: { chapters: 3, zishu: 30 },
      rate_per_day: null,
      days_of_buffer: null,
    });
    const lines = [line(1, '2026-11-20'), line(2, '2026-11-20')];
    const shaOf = (n: number) => (n === 2 ? 'edited' : `s${n}`);
    expect(serialBuffer({ lastCompleted: 2, lines, zishuOf: () => 1, shaOf }).changed).toEqual([2]);
    // Published again after the change: its latest line counts.
    expect(
      serialBuffer({ lastCompleted: 2, lines: [...lines, line(2, '2026-11-21', 'edited')], zishuOf: () => 1, shaOf })
        .changed,
    ).toEqual([]);
    expect(publishedIndex([...lines, line(2, '2026-11-21', 'edited')]).get(2)?.date).toBe('2026-11-21');
  });
});

describe('chaptersToPublish', () => {
  it('--through: every chapter up to N not published, or changed since; --chapter: that one', () => {
    const lines = [line(1, '2026-11-20'), line(2, '2026-11-20')];
    const shaOf = (n: number) => (n === 2 ? 'edited' : `s${n}`);
    expect(chaptersToPublish({ through: 4 }, lines, shaOf)).toEqual([2, 3, 4]);
    expect(chaptersToPublish({ chapter: 1 }, lines, shaOf)).toEqual([1]);
  });
});

describe('wanzi', () => {
  it('says totals from 10,000 字 on in 万字 with one decimal', () => {
    expect(wanzi(123_456)).toBe('12.3万字');
    expect(wanzi(10_000)).toBe('1.0万字');
    expect(wanzi(9_999)).toBe('9999字');
  });
});

describe('firstSensitiveWord', () => {
  it('the first line holding a word, the longest word there first; none: null', () => {
    expect(firstSensitiveWord('# 第1章\n夜色。\n加微信扫码关注', ['扫码', '扫码关注', '加微信'])).toEqual({
      word: '扫码关注',
      line: 3,
    });
    expect(firstSensitiveWord('干净的文字', ['加微信'])).toBeNull();
  });
});

describe('serialLines: the 存稿 as status and chapters say it', () => {
  it('the buffer line, and the changed chapters when there are any', () => {
    const serial = {
      published: 5,
      through: 5,
      stock: { chapters: 3, zishu: 9100 },
      rate_per_day: 2,
      days_of_buffer: 1.5,
      changed: [2],
    } as unknown as SerialBuffer;
    const zh = serialLines('zh', serial);
    expect(zh).toHaveLength(2);
    expect(zh[0]).toContain('存稿（已入库未发布）3 章');
    expect(zh[1]).toContain('2');
    expect(serialLines('en', { ...serial, changed: [] })).toHaveLength(1);
  });
});
