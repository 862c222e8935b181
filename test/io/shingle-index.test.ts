import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { han } from '../helpers/han.js';
import { fingerprints, shingleChapter, windowHashes } from '../../src/core/shingles.js';
import { ProjectFs } from '../../src/io/project-fs.js';
import {
  dropFromShingleIndex,
  earlierChapters,
  indexCommittedChapter,
  rebuildShingleIndex,
  SHINGLE_INDEX,
} from '../../src/io/shingle-index.js';
import { cleanupTempDirs, tempDir } from '../helpers/project.js';

afterAll(cleanupTempDirs);

const chapterText = (n: number) => `# 第${n}章 事\n\n${han(900, n)}。\n\n${han(900, n + 1000)}。\n`;
const fpsOf = (text: string) => fingerprints(windowHashes(shingleChapter(text).chars));

function book(chapters: number): ProjectFs {
  const root = tempDir();
  mkdirSync(join(root, 'chapters'));
  for (let n = 1; n <= chapters; n++)
    writeFileSync(join(root, `chapters/chapter-${String(n).padStart(3, '0')}.md`), chapterText(n));
  return new ProjectFs(root);
}

describe('the shingle index', () => {
  it('names the earlier chapter a text shares fingerprints with, never the chapter itself or a later one', () => {
    const fs = book(5);
    rebuildShingleIndex(fs, 5);
    const copy = chapterText(3);
    expect(earlierChapters(fs, fpsOf(copy), 6).map((c) => c.chapter)).toEqual([3]);
    expect(earlierChapters(fs, fpsOf(copy), 3)).toEqual([]);
    expect(earlierChapters(fs, fpsOf(`# x\n\n${han(800, 77)}`), 6)).toEqual([]);
  });

  it('a commit adds its chapter in place, and the chapters an interruption left out; a full table grows', () => {
    const fs = book(40);
    rebuildShingleIndex(fs, 1);
    const small = statSync(join(fs.root, SHINGLE_INDEX)).size;
    indexCommittedChapter(fs, 2);
    expect(earlierChapters(fs, fpsOf(chapterText(2)), 99).map((c) => c.chapter)).toEqual([2]);
    // Chapters 3..40 at once, as after a crash: the table grows, and every chapter is found.
    indexCommittedChapter(fs, 40);
    expect(statSync(join(fs.root, SHINGLE_INDEX)).size).toBeGreaterThan(small);
    for (const n of [1, 17, 40])
      expect(earlierChapters(fs, fpsOf(chapterText(n)), 99).map((c) => c.chapter)).toEqual([n]);
  });

  it('a table of more than 2^15 slots (a book of 90 chapters) names the chapters as a small one does', () => {
    const fs = book(90);
    rebuildShingleIndex(fs, 90);
    expect(statSync(join(fs.root, SHINGLE_INDEX)).size).toBeGreaterThan(32 + 2 ** 15 * 8);
    // The chapter itself first (among 90, another may share a fingerprint or two by chance).
    for (const n of [1, 45, 90]) expect(earlierChapters(fs, fpsOf(chapterText(n)), 99)[0]?.chapter).toBe(n);
    expect(earlierChapters(fs, fpsOf(chapterText(45)), 45).map((c) => c.chapter)).not.toContain(45);
    // A text of no chapter's (their seeds run 1..90 and 1001..1090).
    expect(earlierChapters(fs, fpsOf(`# x\n\n${han(800, 5000)}`), 99)).toEqual([]);
  });

  it('a rewind drops the chapters from its target on; a missing or damaged index is rebuilt from the chapters', () => {
    const fs = book(6);
    rebuildShingleIndex(fs, 6);
    dropFromShingleIndex(fs, 4);
    expect(earlierChapters(fs, fpsOf(chapterText(5)), 99)).toEqual([]);
    expect(earlierChapters(fs, fpsOf(chapterText(3)), 99).map((c) => c.chapter)).toEqual([3]);
    writeFileSync(join(fs.root, SHINGLE_INDEX), 'not an index');
    expect(earlierChapters(fs, fpsOf(chapterText(3)), 99)).toEqual([]);
    indexCommittedChapter(fs, 6);
    expect(earlierChapters(fs, fpsOf(chapterText(5)), 99).map((c) => c.chapter)).toEqual([5]);
  });
});
