import { describe, expect, it } from 'vitest';
import { anotherStepsOutput, belongsTo, isStepOutput, ownersOf, writableBy } from '../../src/core/step-outputs.js';
import type { ChapterStage, StepId } from '../../src/core/step-id.js';

const ch = (chapter: number, stage: ChapterStage): StepId => ({ kind: 'chapter', chapter, stage });
const CHAPTER = 'staging/chapters/chapter-004.md';
const SUMMARY = 'staging/summaries/chapter-004-summary.md';
const DELTA = 'staging/state/chapter-004-delta.json';
const LOG = 'staging/logs/style-refiner-chapter-004-changes.json';
const EVAL = 'staging/evaluations/chapter-004-eval.json';
const EVAL2 = 'staging/evaluations/chapter-004-eval-secondary.json';
const MEMORY = 'staging/storylines/main/memory.md';

describe('ownersOf', () => {
  it('names the chapter and the stages of each output path', () => {
    expect(ownersOf(CHAPTER)).toEqual({ chapter: 4, stages: ['draft', 'refine', 'title-fix', 'hook-fix'] });
    expect(ownersOf(SUMMARY)).toEqual({ chapter: 4, stages: ['summarize'] });
    expect(ownersOf('staging/state/chapter-1234-crossref.json')).toEqual({ chapter: 1234, stages: ['summarize'] });
    expect(ownersOf('staging/state/chapter-004-memory.json')).toEqual({ chapter: 4, stages: ['summarize'] });
    expect(ownersOf(LOG)).toEqual({ chapter: 4, stages: ['refine'] });
    expect(ownersOf(EVAL)).toEqual({ chapter: 4, stages: ['judge'] });
    expect(ownersOf(EVAL2)).toEqual({ chapter: 4, stages: ['judge'] });
  });
  it('anything else is no chapter output', () => {
    for (const p of [
      'staging/chapters/chapter-04.md',
      'chapters/chapter-004.md',
      'staging/state/chapter-004-other.json',
      'staging/evaluations/chapter-004-eval-third.json',
      MEMORY,
      'staging/notes.md',
    ]) {
      expect(ownersOf(p), p).toBeNull();
    }
  });
});

describe('belongsTo', () => {
  it('a chapter step keeps the outputs of its own and earlier stages of the same chapter', () => {
    expect(belongsTo(CHAPTER, ch(4, 'draft'))).toBe(true);
    expect(belongsTo(SUMMARY, ch(4, 'draft'))).toBe(false);
    expect(belongsTo(SUMMARY, ch(4, 'summarize'))).toBe(true);
    expect(belongsTo(SUMMARY, ch(4, 'judge'))).toBe(true);
    expect(belongsTo(LOG, ch(4, 'summarize'))).toBe(false);
    expect(belongsTo(LOG, ch(4, 'refine'))).toBe(true);
    expect(belongsTo(EVAL, ch(4, 'title-fix'))).toBe(false);
    expect(belongsTo(EVAL, ch(4, 'judge'))).toBe(true);
    expect(belongsTo(EVAL, ch(4, 'hook-fix'))).toBe(true);
    expect(belongsTo(CHAPTER, ch(5, 'hook-fix'))).toBe(false);
  });
  it('a storyline memory belongs from summarize on', () => {
    expect(belongsTo(MEMORY, ch(4, 'draft'))).toBe(false);
    expect(belongsTo(MEMORY, ch(4, 'summarize'))).toBe(true);
    expect(belongsTo(MEMORY, ch(9, 'refine'))).toBe(true);
  });
  it('commit and review steps keep nothing but bookkeeping', () => {
    expect(belongsTo(CHAPTER, ch(4, 'commit'))).toBe(false);
    expect(belongsTo('staging/.commit/chapter-004.json', ch(4, 'commit'))).toBe(true);
    expect(belongsTo('staging/revisions/chapter-004/round-1/x', ch(4, 'draft'))).toBe(true);
  });
  it('volume, setup and import steps', () => {
    expect(belongsTo('staging/volumes/vol-02/outline.md', { kind: 'volume', volume: 2, stage: 'plan' })).toBe(true);
    expect(belongsTo('staging/volumes/vol-03/outline.md', { kind: 'volume', volume: 2, stage: 'plan' })).toBe(false);
    expect(belongsTo('staging/world/rules.json', { kind: 'setup', stage: 'world' })).toBe(true);
    expect(belongsTo('staging/style-profile.json', { kind: 'setup', stage: 'world' })).toBe(false);
    expect(belongsTo(SUMMARY, { kind: 'import', chapter: 4, stage: 'summarize' })).toBe(true);
    expect(belongsTo(CHAPTER, { kind: 'import', chapter: 4, stage: 'summarize' })).toBe(true);
  });
});

describe('writableBy', () => {
  it('only the step that owns the path, for its chapter', () => {
    expect(writableBy(CHAPTER, ch(4, 'draft'))).toBe(true);
    expect(writableBy(CHAPTER, ch(4, 'hook-fix'))).toBe(true);
    expect(writableBy(CHAPTER, ch(4, 'summarize'))).toBe(false);
    expect(writableBy(CHAPTER, ch(4, 'judge'))).toBe(false);
    expect(writableBy(CHAPTER, ch(3, 'draft'))).toBe(false);
    expect(writableBy(SUMMARY, ch(4, 'summarize'))).toBe(true);
    expect(writableBy(MEMORY, ch(4, 'summarize'))).toBe(true);
    expect(writableBy(MEMORY, ch(4, 'judge'))).toBe(false);
    expect(writableBy(EVAL2, ch(4, 'judge'))).toBe(true);
    expect(writableBy('staging/notes.md', ch(4, 'draft'))).toBe(false);
  });
  it('an import summarize writes what a chapter summarize writes', () => {
    expect(writableBy(DELTA, { kind: 'import', chapter: 4, stage: 'summarize' })).toBe(true);
    expect(writableBy(CHAPTER, { kind: 'import', chapter: 4, stage: 'summarize' })).toBe(false);
  });
  it('setup and volume steps', () => {
    expect(writableBy('staging/characters/active/lin.json', { kind: 'setup', stage: 'characters' })).toBe(true);
    expect(writableBy('staging/characters/active/lin.json', { kind: 'setup', stage: 'style' })).toBe(false);
    expect(writableBy('staging/volumes/vol-01/x.json', { kind: 'volume', volume: 1, stage: 'plan' })).toBe(true);
  });
});

describe('anotherStepsOutput and isStepOutput', () => {
  it("another step's or chapter's output is forbidden; stray files are not outputs", () => {
    expect(anotherStepsOutput(SUMMARY, ch(4, 'draft'))).toBe(true);
    expect(anotherStepsOutput(CHAPTER, ch(4, 'draft'))).toBe(false);
    expect(anotherStepsOutput('staging/chapters/chapter-005.md', ch(4, 'draft'))).toBe(true);
    expect(anotherStepsOutput(MEMORY, ch(4, 'draft'))).toBe(true);
    expect(anotherStepsOutput('staging/volumes/vol-01/outline.md', ch(4, 'draft'))).toBe(true);
    expect(anotherStepsOutput('staging/style-profile.json', ch(4, 'draft'))).toBe(true);
    expect(anotherStepsOutput('staging/.commit/x.json', ch(4, 'draft'))).toBe(true);
    expect(anotherStepsOutput('staging/notes.md', ch(4, 'draft'))).toBe(false);
  });
  it('isStepOutput: any step output, never bookkeeping or strays', () => {
    for (const p of [CHAPTER, SUMMARY, EVAL2, MEMORY, 'staging/volumes/vol-01/outline.md', 'staging/world/rules.json'])
      expect(isStepOutput(p), p).toBe(true);
    for (const p of [
      'staging/.commit/x.json',
      'staging/notes.md',
      'chapters/chapter-004.md',
      'staging/storylines/Main/memory.md',
    ])
      expect(isStepOutput(p), p).toBe(false);
  });
});
