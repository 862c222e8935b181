import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { han } from '../helpers/han.js';
import {
  candidateChapters,
  fingerprints,
  MAX_CANDIDATES,
  repetitionFindings,
  shingleChapter,
  shingleText,
  SHINGLE,
  WINNOW,
  windowHashes,
} from '../../src/core/shingles.js';

const lines = (text: string) => text.split('\n').map((t, i) => ({ n: i + 1, text: t }));

describe('shingles', () => {
  it('are taken over Han characters and full-width punctuation only, each with its line', () => {
    const t = shingleText(lines('他说：“abc 12 走吧。”\n\u3000\u3000下一行'));
    expect(t.chars).toBe('他说：“走吧。”下一行');
    expect([...t.lines]).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2]);
    expect(shingleChapter('# 第1章 标题\n\n正文。').chars).toBe('正文。');
  });

  it('property: each kept character once, in order, with its line, as taking them one by one', () => {
    const kept = (c: string): boolean =>
      /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3001-\u303f\uff01-\uff0f]/.test(c) ||
      /[\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65\u2018\u2019\u201c\u201d\u2026\u2014\u00b7]/.test(c);
    const unit = fc.constantFrom(
      '字',
      '龥',
      '㐀',
      '。',
      '“',
      '·',
      'a',
      '1',
      ' ',
      '\u3000',
      '，',
      'か',
      '—',
      '😀',
      '\t',
    );
    fc.assert(
      fc.property(fc.array(fc.string({ unit }), { maxLength: 6 }), (texts) => {
        const ls = texts.map((text, i) => ({ n: i + 1, text }));
        const chars = ls.flatMap((l) => [...l.text].filter(kept).map((c) => [c, l.n] as const));
        const t = shingleText(ls);
        expect(t.chars).toBe(chars.map(([c]) => c).join(''));
        expect([...t.lines]).toEqual(chars.map(([, n]) => n));
      }),
      { numRuns: 300 },
    );
  });

  it('one hash per 8-字 window, never 0', () => {
    expect(windowHashes('一二三四五六七').length).toBe(0);
    const h = windowHashes('一二三四五六七八九');
    expect(h.length).toBe(2);
    expect([...h].every((x) => x !== 0)).toBe(true);
    expect(windowHashes('一二三四五六七八九')).toEqual(h);
  });

  it('winnowing: a passage shared over 8 + 16 - 1 字 or more always leaves a fingerprint in common', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 300 }),
        (seed, before, after) => {
          const shared = han(SHINGLE + WINNOW - 1, seed);
          const a = `${han(before, seed + 1)}${shared}${han(after, seed + 2)}`;
          const b = `${han(after, seed + 3)}${shared}${han(before, seed + 4)}`;
          const fa = new Set(fingerprints(windowHashes(a)));
          expect(fingerprints(windowHashes(b)).some((h) => fa.has(h))).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("winnowing: each window's smallest hash, each once, sorted, as taking every window's minimum afresh", () => {
    const byWindow = (hashes: Uint32Array): number[] => {
      const w = Math.min(WINNOW, hashes.length);
      const picked = new Set<number>();
      for (let start = 0; w > 0 && start + w <= hashes.length; start++)
        picked.add(Math.min(...hashes.subarray(start, start + w)));
      return [...picked].sort((a, b) => a - b);
    };
    // Few distinct values (ties everywhere), runs up and down, and real hashes of any length.
    const hashes = fc.oneof(
      fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 80 }),
      fc.array(fc.integer({ min: 1, max: 0xffffffff }), { maxLength: 300 }),
    );
    fc.assert(
      fc.property(hashes, (xs) => {
        const h = Uint32Array.from(xs);
        expect(fingerprints(h)).toEqual(byWindow(h));
      }),
      { numRuns: 500 },
    );
    expect(fingerprints(windowHashes(han(2000, 5)))).toEqual(byWindow(windowHashes(han(2000, 5))));
  });
});

describe('repetition findings', () => {
  const earlier = `# 第3章 旧事\n\n${han(120, 1)}。\n\n${han(90, 2)}。\n\n${han(150, 3)}。\n`;

  it('a passage of 50 字 or more that stands in an earlier chapter, with both lines', () => {
    const passage = han(60, 2);
    const current = shingleChapter(`# 第9章 新事\n\n${han(200, 7)}。\n！${passage}${han(100, 8)}。\n`);
    const found = repetitionFindings(current, [{ chapter: 3, text: earlier }]);
    expect(found.map((f) => [f.rule, f.chapter, f.line, f.earlierLine])).toEqual([['repeated_passage', 3, 4, 5]]);
    expect(found[0]?.length).toBeGreaterThanOrEqual(60);
  });

  it('a shorter shared passage is no finding', () => {
    const current = shingleChapter(`# 第9章 新事\n\n${han(200, 7)}${han(40, 2)}${han(100, 8)}。\n`);
    expect(repetitionFindings(current, [{ chapter: 3, text: earlier }])).toEqual([]);
  });

  it("an earlier chapter's paragraphs in another order: a recycled chapter, and its passages", () => {
    const paras = earlier.split('\n\n').slice(1);
    const current = shingleChapter(`# 第9章 新事\n\n${[paras[2], paras[0], paras[1]].join('\n\n')}`);
    const found = repetitionFindings(current, [{ chapter: 3, text: earlier }]);
    expect(found.map((f) => f.rule)).toContain('recycled_chapter');
    expect(found.find((f) => f.rule === 'recycled_chapter')?.share).toBeGreaterThan(0.9);
    expect(found.filter((f) => f.rule === 'repeated_passage').length).toBeGreaterThan(0);
  });

  it('candidates: the chapters with the most fingerprints in common, at most a few', () => {
    expect(
      candidateChapters(
        new Map([
          [4, 2],
          [9, 10],
          [2, 10],
          [7, 1],
          [8, 5],
        ]),
      ),
    ).toEqual([2, 9, 8].slice(0, MAX_CANDIDATES));
  });
});
