import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  capturedFiles,
  capturedTrees,
  classify,
  describeChanges,
  repairOf,
  sortChanges,
  TAIL_BYTES,
  TAIL_CAPTURED,
  unguarded,
  type GuardChange,
  type Ident,
} from '../../src/core/step-guard-rules.js';

const ident = (over: Partial<Ident> = {}): Ident => ({
  size: 10,
  mtimeMs: 1000,
  ctimeMs: 1000,
  ino: 7,
  dir: false,
  ...over,
});

describe('unguarded', () => {
  it('only staging and what is under it', () => {
    expect(unguarded('staging')).toBe(true);
    expect(unguarded('staging/chapters/chapter-001.md')).toBe(true);
    expect(unguarded('stagingx')).toBe(false);
    expect(unguarded('staging-old/x')).toBe(false);
    expect(unguarded('chapters/staging/x')).toBe(false);
  });
});

describe('captured sets', () => {
  it('trees: the story bible and the current volume (none before volume 1)', () => {
    expect(capturedTrees(0)).toEqual(['world', 'characters', 'storylines', 'foreshadowing']);
    expect(capturedTrees(3)).toEqual(['world', 'characters', 'storylines', 'foreshadowing', 'volumes/vol-03']);
  });

  it('files: the state and the 7 files of each of the 10 latest chapters', () => {
    expect(capturedFiles(0)).toEqual(['state/current-state.json', 'state/chapter-memory.json']);
    const three = capturedFiles(3);
    expect(three).toHaveLength(2 + 3 * 7);
    expect(three).toContain('chapters/chapter-001.md');
    expect(three).toContain('evaluations/chapter-003-eval-secondary.json');
    expect(three).toContain('state/chapter-002-delta.json');
    const many = capturedFiles(25);
    expect(many).toHaveLength(2 + 10 * 7);
    expect(many).toContain('chapters/chapter-016.md');
    expect(many).toContain('summaries/chapter-025-summary.md');
    expect(many).not.toContain('chapters/chapter-015.md');
    expect(many).not.toContain('chapters/chapter-026.md');
  });

  it('property: the chapter files captured are exactly those of max(1,last-9)..last', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), (last) => {
        const chapters = capturedFiles(last)
          .filter((p) => p.startsWith('chapters/'))
          .map((p) => Number(/chapter-(\d+)/.exec(p)![1]));
        const expected: number[] = [];
        for (let n = Math.max(1, last - 9); n <= last; n++) expected.push(n);
        expect(chapters).toEqual(expected);
      }),
    );
  });

  it('the changelog is captured by its tail', () => {
    expect(TAIL_CAPTURED).toBe('state/changelog.jsonl');
    expect(TAIL_BYTES).toBe(64 * 1024);
  });
});

describe('classify', () => {
  it('added, removed, unchanged', () => {
    expect(classify(undefined, undefined)).toBeNull();
    expect(classify(undefined, ident())).toBe('added');
    expect(classify(ident(), undefined)).toBe('removed');
    expect(classify(ident(), ident())).toBeNull();
  });

  it.each<[string, Partial<Ident>]>([
    ['size', { size: 11 }],
    ['mtime', { mtimeMs: 1001 }],
    ['ctime alone (rewritten in place, size and mtime put back)', { ctimeMs: 1001 }],
    ['inode', { ino: 8 }],
    ['file became a directory', { dir: true }],
  ])('a change of %s is a change', (_, over) => {
    expect(classify(ident(), ident(over))).toBe('changed');
  });

  it('two directories never differ (their contents are compared one by one)', () => {
    expect(
      classify(ident({ dir: true, size: 1, mtimeMs: 1 }), ident({ dir: true, size: 2, mtimeMs: 2, ino: 99 })),
    ).toBeNull();
  });
});

describe('repairs', () => {
  it('an added file is deleted with a quoted rm', () => {
    expect(repairOf({ path: "chapters/it's.md", kind: 'added', restored: false })).toBe(
      `delete it: rm -r -- 'chapters/it'\\''s.md'`,
    );
  });

  it('a changed or removed file of the final trees is restored from git then verified', () => {
    expect(repairOf({ path: 'state/current-state.json', kind: 'changed', restored: false })).toBe(
      "restore it: git checkout -- 'state/current-state.json' (or from a backup), then `novel state verify`",
    );
    expect(repairOf({ path: 'volumes/vol-01/outline.md', kind: 'removed', restored: false })).toMatch(
      /^restore it: git checkout -- 'volumes\/vol-01\/outline\.md'/,
    );
  });

  it('elsewhere (the story bible, settings) the file is inspected', () => {
    expect(repairOf({ path: 'world/rules.md', kind: 'changed', restored: false })).toBe(
      "inspect it: ls -la -- 'world/rules.md'; restore it from a backup or git (git checkout -- 'world/rules.md')",
    );
  });

  it('describeChanges marks restored changes and gives repairs for the others', () => {
    const changes: GuardChange[] = [
      { path: 'world/a.md', kind: 'changed', restored: true },
      { path: 'x.md', kind: 'added', restored: false },
    ];
    expect(describeChanges(changes)).toEqual([
      'changed: world/a.md (restored)',
      "added: x.md — delete it: rm -r -- 'x.md'",
    ]);
  });

  it('sortChanges sorts by path in place', () => {
    const changes: GuardChange[] = [
      { path: 'b', kind: 'added', restored: false },
      { path: 'a/c', kind: 'removed', restored: false },
      { path: 'B', kind: 'changed', restored: true },
    ];
    const sorted = sortChanges(changes);
    expect(sorted).toBe(changes);
    expect(sorted.map((c) => c.path)).toEqual(['B', 'a/c', 'b']);
  });
});
