import { describe, expect, it } from 'vitest';
import {
  isNewFile,
  stagedJson,
  stagedText,
  stagingHashes,
  type StagedFile,
  type StagingView,
} from '../../src/core/staging-view.js';
import { errorAt } from '../../src/schemas/diagnostics.js';

const problem = errorAt('not_utf8', 'x', { expected: 'UTF-8' });
const view = (files: StagedFile[]): StagingView => ({ files: new Map(files.map((f) => [f.path, f])) });
const V = view([
  { path: 'staging/chapters/chapter-004.md', sha256: 'c4', text: '# T' },
  { path: 'staging/evaluations/chapter-004-eval.json', sha256: 'e4', text: '{"chapter": 4}' },
  { path: 'staging/state/chapter-004-delta.json', sha256: 'd4', text: '[1]' },
  { path: 'staging/state/chapter-004-crossref.json', sha256: null, problem },
  { path: 'staging/summaries/chapter-004-summary.md', sha256: 's4', problem },
  { path: 'staging/notes.md', sha256: 'n', text: 'stray' },
  { path: 'staging/.commit/chapter-004.json', sha256: 'j', text: '{}' },
  { path: 'staging/bad.json', sha256: 'b', text: '{nope' },
  { path: 'staging/null.json', sha256: 'b', text: 'null' },
]);

describe('staging view', () => {
  it('stagedText: the text of a readable file only', () => {
    expect(stagedText(V, 'staging/chapters/chapter-004.md')).toBe('# T');
    expect(stagedText(V, 'staging/state/chapter-004-crossref.json')).toBeUndefined();
    expect(stagedText(V, 'staging/missing.md')).toBeUndefined();
  });

  it('stagingHashes: step outputs with a hash, sorted; strays and bookkeeping left out', () => {
    const h = stagingHashes(V);
    expect(h).toEqual({
      'staging/chapters/chapter-004.md': 'c4',
      'staging/evaluations/chapter-004-eval.json': 'e4',
      'staging/state/chapter-004-delta.json': 'd4',
      'staging/summaries/chapter-004-summary.md': 's4',
    });
    expect(Object.keys(h)).toEqual([...Object.keys(h)].sort());
  });

  it('isNewFile: present and not recorded with the same hash', () => {
    const rel = 'staging/chapters/chapter-004.md';
    expect(isNewFile(V, rel, undefined)).toBe(true);
    expect(isNewFile(V, rel, {})).toBe(true);
    expect(isNewFile(V, rel, { [rel]: 'c4' })).toBe(false);
    expect(isNewFile(V, rel, { [rel]: 'old' })).toBe(true);
    expect(isNewFile(V, 'staging/missing.md', {})).toBe(false);
  });

  it('stagedJson: an object, or null', () => {
    expect(stagedJson(V, 'staging/evaluations/chapter-004-eval.json')).toEqual({ chapter: 4 });
    expect(stagedJson(V, 'staging/state/chapter-004-delta.json')).toBeNull();
    expect(stagedJson(V, 'staging/bad.json')).toBeNull();
    expect(stagedJson(V, 'staging/null.json')).toBeNull();
    expect(stagedJson(V, 'staging/state/chapter-004-crossref.json')).toBeNull();
    expect(stagedJson(V, 'staging/missing.json')).toBeNull();
  });
});
