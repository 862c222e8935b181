import { describe, expect, it } from 'vitest';
import {
  archivedPath,
  hookFixArchive,
  revisionArchive,
  rewriteArchive,
  roundFiles,
  titleFixArchive,
} from '../../src/core/revision-round.js';
import type { StagedFile, StagingView } from '../../src/core/staging-view.js';

const view = (...paths: string[]): StagingView => ({
  files: new Map<string, StagedFile>(paths.map((p) => [p, { path: p, sha256: 'h', text: 'x' }])),
});

const FULL = [
  'staging/chapters/chapter-004.md',
  'staging/summaries/chapter-004-summary.md',
  'staging/state/chapter-004-delta.json',
  'staging/state/chapter-004-crossref.json',
  'staging/state/chapter-004-memory.json',
  'staging/storylines/main/memory.md',
  'staging/evaluations/chapter-004-eval.json',
  'staging/evaluations/chapter-004-eval-secondary.json',
  'staging/logs/style-refiner-chapter-004-changes.json',
  // Not the round's:
  'staging/evaluations/chapter-005-eval.json',
  'staging/summaries/chapter-005-summary.md',
  'staging/storylines/main/notes/memory.md',
  'staging/notes.md',
];

describe('roundFiles', () => {
  it("moves the round's outputs, sorted, and leaves the chapter and other chapters' files", () => {
    expect(roundFiles(view(...FULL), 4)).toEqual([
      'staging/evaluations/chapter-004-eval-secondary.json',
      'staging/evaluations/chapter-004-eval.json',
      'staging/logs/style-refiner-chapter-004-changes.json',
      'staging/state/chapter-004-crossref.json',
      'staging/state/chapter-004-delta.json',
      'staging/state/chapter-004-memory.json',
      'staging/storylines/main/memory.md',
      'staging/summaries/chapter-004-summary.md',
    ]);
  });

  it('only what is present', () => {
    expect(roundFiles(view('staging/chapters/chapter-004.md'), 4)).toEqual([]);
  });
});

describe('archive plans', () => {
  it('a revision round copies the judged chapter and moves the round', () => {
    const plan = revisionArchive(view(...FULL), 4, 2);
    expect(plan.dir).toBe('staging/revisions/chapter-004/round-2');
    expect(plan.copies).toEqual(['staging/chapters/chapter-004.md']);
    expect(plan.files).toEqual(roundFiles(view(...FULL), 4));
    expect(revisionArchive(view('staging/state/chapter-004-delta.json'), 4, 1)).toEqual({
      dir: 'staging/revisions/chapter-004/round-1',
      files: ['staging/state/chapter-004-delta.json'],
    });
  });

  it('a rewrite discards everything staged', () => {
    expect(rewriteArchive(view('staging/b', 'staging/a'), 7, 3)).toEqual({
      dir: 'staging/revisions/chapter-007/rewrite-3',
      files: ['staging/a', 'staging/b'],
    });
  });

  it('a title-fix copies the chapter and moves only its evaluations', () => {
    expect(titleFixArchive(view(...FULL), 4)).toEqual({
      dir: 'staging/revisions/chapter-004/title-fix',
      files: ['staging/evaluations/chapter-004-eval-secondary.json', 'staging/evaluations/chapter-004-eval.json'],
      copies: ['staging/chapters/chapter-004.md'],
    });
    expect(titleFixArchive(view(), 4)).toEqual({ dir: 'staging/revisions/chapter-004/title-fix', files: [] });
  });

  it('a hook-fix is numbered by round', () => {
    expect(hookFixArchive(view(...FULL), 4, 0)).toEqual({
      dir: 'staging/revisions/chapter-004/hook-fix-0',
      files: ['staging/evaluations/chapter-004-eval-secondary.json', 'staging/evaluations/chapter-004-eval.json'],
      copies: ['staging/chapters/chapter-004.md'],
    });
    expect(hookFixArchive(view('staging/evaluations/chapter-040-eval.json'), 4, 1).files).toEqual([]);
  });

  it('archivedPath keeps the path below staging/', () => {
    expect(archivedPath('staging/revisions/chapter-004/round-1', 'staging/state/chapter-004-delta.json')).toBe(
      'staging/revisions/chapter-004/round-1/state/chapter-004-delta.json',
    );
    expect(archivedPath('d', 'other/staging/x')).toBe('d/other/staging/x');
  });
});
