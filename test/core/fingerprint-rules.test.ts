import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeDiff,
  diffFixes,
  diffHint,
  diffListing,
  fingerprintSegment,
  isAuthorEditable,
  isEmptyDiff,
  isHotPath,
  isLitter,
  splitAuthorEdits,
  tailValue,
  TAIL_RECORDED,
  TAIL_WINDOW,
  type FingerprintDiff,
} from '../../src/core/fingerprint-rules.js';

describe('isLitter', () => {
  it.each([
    'chapters/.DS_Store',
    '.git/x',
    'state/current-state.json~',
    'world/Thumbs.db',
    'a/.hidden/b.md',
    'chapters/chapter-001.md~',
  ])('%s is litter', (p) => {
    expect(isLitter(p)).toBe(true);
  });
  it.each(['chapters/chapter-001.md', 'state/current-state.json', 'world/thumbs.db', 'a.b/c', 'x~y/z'])(
    '%s is not litter',
    (p) => {
      expect(isLitter(p)).toBe(false);
    },
  );
});

describe('tail value', () => {
  it('formats size and hash', () => {
    expect(tailValue(12, 'ab')).toBe('tail:12:ab');
    expect(TAIL_RECORDED).toBe('state/changelog.jsonl');
    expect(TAIL_WINDOW).toBe(65536);
  });
});

describe('fingerprintSegment', () => {
  it('the first 100 chapters and non-chapter files stay in the main map', () => {
    expect(fingerprintSegment('chapters/chapter-001.md')).toBeNull();
    expect(fingerprintSegment('chapters/chapter-100.md')).toBeNull();
    expect(fingerprintSegment('state/current-state.json')).toBeNull();
    expect(fingerprintSegment('volumes/vol-02/outline.md')).toBeNull();
    expect(fingerprintSegment('storylines/main/memory.md')).toBeNull();
  });

  it('later chapters go to a segment per 100 chapters, 101-based', () => {
    expect(fingerprintSegment('chapters/chapter-101.md')).toBe('chapters-00101');
    expect(fingerprintSegment('summaries/chapter-200-summary.md')).toBe('chapters-00101');
    expect(fingerprintSegment('evaluations/chapter-201-eval.json')).toBe('chapters-00201');
    expect(fingerprintSegment('state/chapter-1234-crossref.json')).toBe('chapters-01201');
    expect(fingerprintSegment('volumes/vol-03/chapter-contracts/chapter-150.json')).toBe('chapters-00101');
  });

  it('only the known trees and the chapter-NNN[-.] shape count', () => {
    expect(fingerprintSegment('world/chapter-150.md')).toBeNull();
    expect(fingerprintSegment('chapters/chapter-150x.md')).toBeNull();
    expect(fingerprintSegment('chapters/sub/chapter-150.md')).toBeNull();
  });

  it('property: the segment holds its chapter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99999 }),
        fc.constantFrom('chapters/chapter-%.md', 'summaries/chapter-%-summary.md', 'state/chapter-%-memory.json'),
        (n, pattern) => {
          const seg = fingerprintSegment(pattern.replace('%', String(n).padStart(3, '0')));
          if (n <= 100) expect(seg).toBeNull();
          else {
            const first = Number(seg!.slice('chapters-'.length));
            expect(seg).toMatch(/^chapters-\d{5}$/);
            expect(first % 100).toBe(1);
            expect(n >= first && n < first + 100).toBe(true);
          }
        },
      ),
    );
  });
});

describe('isHotPath', () => {
  it('chapter files are hot for the 10 latest committed chapters only', () => {
    expect(isHotPath('chapters/chapter-020.md', 1, 20)).toBe(true);
    expect(isHotPath('chapters/chapter-011.md', 1, 20)).toBe(true);
    expect(isHotPath('chapters/chapter-010.md', 1, 20)).toBe(false);
    expect(isHotPath('chapters/chapter-021.md', 1, 20)).toBe(false);
    expect(isHotPath('state/chapter-015-crossref.json', 1, 20)).toBe(true);
    expect(isHotPath('state/chapter-005-crossref.json', 1, 20)).toBe(false);
  });

  it('state, foreshadowing, storylines and the current volume are hot', () => {
    expect(isHotPath('state/current-state.json', 1, 0)).toBe(true);
    expect(isHotPath('foreshadowing/global.json', 1, 0)).toBe(true);
    expect(isHotPath('storylines/storylines.json', 1, 0)).toBe(true);
    expect(isHotPath('volumes/vol-02/outline.md', 2, 0)).toBe(true);
    expect(isHotPath('volumes/vol-01/outline.md', 2, 0)).toBe(false);
    expect(isHotPath('volumes/vol-00/outline.md', 0, 0)).toBe(false);
    expect(isHotPath('world/rules.md', 1, 0)).toBe(false);
  });

  it('property: a chapter file is hot iff last-10 < n <= last', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 0, max: 2000 }), (n, last) => {
        expect(isHotPath(`chapters/chapter-${String(n).padStart(3, '0')}.md`, 1, last)).toBe(
          n <= last && n > last - 10,
        );
      }),
    );
  });
});

describe('diffs', () => {
  it('diffListing: added are present but unrecorded, removed recorded but absent, both sorted', () => {
    expect(diffListing({ 'b.md': 'h', 'a.md': 'h', 'z.md': 'h' }, ['z.md', 'd.md', 'c.md', 'a.md'])).toEqual({
      added: ['c.md', 'd.md'],
      removed: ['b.md'],
    });
  });

  it('property: diffListing partitions by membership', () => {
    const name = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
    fc.assert(
      fc.property(fc.uniqueArray(name), fc.uniqueArray(name), (rec, present) => {
        const recorded = Object.fromEntries(rec.map((r) => [r, 'x']));
        const { added, removed } = diffListing(recorded, present);
        expect(added).toEqual(present.filter((p) => !rec.includes(p)).sort());
        expect(removed).toEqual(rec.filter((p) => !present.includes(p)).sort());
      }),
    );
  });

  const d: FingerprintDiff = { added: ['n.md'], removed: ['r.md'], changed: ['c.md'] };

  it('isEmptyDiff is true only with nothing in any list', () => {
    expect(isEmptyDiff({ added: [], removed: [], changed: [] })).toBe(true);
    expect(isEmptyDiff({ added: ['x'], removed: [], changed: [] })).toBe(false);
    expect(isEmptyDiff({ added: [], removed: ['x'], changed: [] })).toBe(false);
    expect(isEmptyDiff({ added: [], removed: [], changed: ['x'] })).toBe(false);
  });

  it('describeDiff, diffFixes and diffHint', () => {
    expect(describeDiff(d)).toEqual(['changed: c.md', 'added: n.md', 'removed: r.md']);
    expect(diffFixes(d)).toEqual(['restore c.md', 'restore r.md', 'delete n.md']);
    expect(diffHint(d)).toBe(
      'restore c.md, r.md; delete n.md; or, if these edits are yours ' +
        'and intended, record them with `novel state verify --accept`',
    );
    expect(diffHint({ added: ['n.md'], removed: [], changed: [] })).toBe(
      'delete n.md; or, if these edits are yours and intended, record them with `novel state verify --accept`',
    );
    expect(diffHint({ added: [], removed: ['r.md'], changed: [] }).startsWith('restore r.md; or')).toBe(true);
  });
});

describe('author edits', () => {
  it('outlines, storylines.json and contracts of chapters not yet committed are editable', () => {
    expect(isAuthorEditable('volumes/vol-01/outline.md', 10)).toBe(true);
    expect(isAuthorEditable('storylines/storylines.json', 10)).toBe(true);
    expect(isAuthorEditable('volumes/vol-01/chapter-contracts/chapter-011.json', 10)).toBe(true);
    expect(isAuthorEditable('volumes/vol-01/chapter-contracts/chapter-010.json', 10)).toBe(false);
    expect(isAuthorEditable('chapters/chapter-011.md', 10)).toBe(false);
    expect(isAuthorEditable('storylines/main/memory.md', 10)).toBe(false);
    expect(isAuthorEditable('volumes/vol-01/outline.md.bak', 10)).toBe(false);
  });

  it('splitAuthorEdits keeps each path in exactly one side, by kind', () => {
    const diff: FingerprintDiff = {
      added: ['volumes/vol-01/chapter-contracts/chapter-012.json', 'chapters/chapter-012.md'],
      removed: ['storylines/storylines.json'],
      changed: [
        'volumes/vol-01/outline.md',
        'state/current-state.json',
        'volumes/vol-01/chapter-contracts/chapter-003.json',
      ],
    };
    expect(splitAuthorEdits(diff, 10)).toEqual({
      edits: {
        added: ['volumes/vol-01/chapter-contracts/chapter-012.json'],
        removed: ['storylines/storylines.json'],
        changed: ['volumes/vol-01/outline.md'],
      },
      other: {
        added: ['chapters/chapter-012.md'],
        removed: [],
        changed: ['state/current-state.json', 'volumes/vol-01/chapter-contracts/chapter-003.json'],
      },
    });
  });
});
