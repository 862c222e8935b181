import { describe, expect, it } from 'vitest';
import { judgedChange, judgedFiles, judgedHashes, staleEvaluations } from '../../src/core/judged-bytes.js';
import type { StagingView } from '../../src/core/staging-view.js';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const E = 'e'.repeat(64);
const view = (files: Record<string, string>): StagingView => ({
  files: new Map(Object.entries(files).map(([path, sha256]) => [path, { path, sha256, text: '' }])),
});

describe('judged bytes', () => {
  it('are the staged chapter and its evaluations', () => {
    expect(judgedFiles(4)).toEqual([
      'staging/chapters/chapter-004.md',
      'staging/evaluations/chapter-004-eval.json',
      'staging/evaluations/chapter-004-eval-secondary.json',
    ]);
  });

  it('are recorded for the files present, by their hashes', () => {
    expect(
      judgedHashes(
        view({
          'staging/chapters/chapter-004.md': A,
          'staging/evaluations/chapter-004-eval.json': E,
          'staging/chapters/chapter-005.md': B,
        }),
        4,
      ),
    ).toEqual({ 'staging/chapters/chapter-004.md': A, 'staging/evaluations/chapter-004-eval.json': E });
  });

  it('a change of the chapter or an evaluation, a removal or an addition is named; the same bytes are none', () => {
    const recorded = { 'staging/chapters/chapter-004.md': A, 'staging/evaluations/chapter-004-eval.json': E };
    const now = (files: Record<string, string>) => (rel: string) => files[rel] ?? null;
    expect(judgedChange(recorded, 4, now(recorded))).toBeNull();
    expect(judgedChange(recorded, 4, now({ ...recorded, 'staging/chapters/chapter-004.md': B }))).toEqual({
      path: 'staging/chapters/chapter-004.md',
      judged: A,
      now: B,
    });
    expect(judgedChange(recorded, 4, now({ 'staging/chapters/chapter-004.md': A }))).toEqual({
      path: 'staging/evaluations/chapter-004-eval.json',
      judged: E,
      now: null,
    });
    expect(
      judgedChange(recorded, 4, now({ ...recorded, 'staging/evaluations/chapter-004-eval-secondary.json': B })),
    ).toEqual({ path: 'staging/evaluations/chapter-004-eval-secondary.json', judged: null, now: B });
  });

  it('nothing recorded for the chapter (an older checkpoint, another chapter): no change to name', () => {
    expect(judgedChange(undefined, 4, () => B)).toBeNull();
    expect(judgedChange({ 'staging/chapters/chapter-003.md': A }, 4, () => B)).toBeNull();
  });
});

describe('stale evaluations', () => {
  const recorded = { 'staging/chapters/chapter-004.md': A, 'staging/evaluations/chapter-004-eval.json': E };
  const now = (files: Record<string, string>) => (rel: string) => files[rel] ?? null;
  it('are the evaluations still as judged while the chapter changed', () => {
    expect(staleEvaluations(recorded, 4, now({ ...recorded, 'staging/chapters/chapter-004.md': B }))).toEqual([
      'staging/evaluations/chapter-004-eval.json',
    ]);
  });
  it('none while the chapter is as judged, once the judge wrote a new evaluation, or with nothing recorded', () => {
    expect(staleEvaluations(recorded, 4, now(recorded))).toEqual([]);
    expect(
      staleEvaluations(
        recorded,
        4,
        now({ 'staging/chapters/chapter-004.md': B, 'staging/evaluations/chapter-004-eval.json': A }),
      ),
    ).toEqual([]);
    expect(staleEvaluations(undefined, 4, now({}))).toEqual([]);
    expect(
      staleEvaluations(
        { 'staging/chapters/chapter-004.md': A },
        4,
        now({ 'staging/chapters/chapter-004.md': B, 'staging/evaluations/chapter-004-eval.json': E }),
      ),
    ).toEqual([]);
  });
});
