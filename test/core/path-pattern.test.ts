import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillPattern, matchPattern, padChapter, padVolume, patternRegExp } from '../../src/core/path-pattern.js';

const PATTERNS = [
  'staging/chapters/chapter-{NNN}.md',
  'staging/state/chapter-{NNN}-delta.json',
  'staging/storylines/{storyline}/memory.md',
  'volumes/vol-{VV}/chapter-contracts/chapter-{NNN}.json',
];
const slug = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,20}$/);

describe('path patterns, both ways', () => {
  it('pads chapters to three digits and volumes to two, never truncating', () => {
    expect([padChapter(7), padChapter(48), padChapter(1234)]).toEqual(['007', '048', '1234']);
    expect([padVolume(3), padVolume(120)]).toEqual(['03', '120']);
  });

  it('a built path parses back to the arguments it was built from', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PATTERNS),
        fc.integer({ min: 1, max: 99_999 }),
        fc.integer({ min: 1, max: 999 }),
        slug,
        (pattern, chapter, volume, storyline) => {
          const args = {
            ...(pattern.includes('{NNN}') ? { chapter } : {}),
            ...(pattern.includes('{VV}') ? { volume } : {}),
            ...(pattern.includes('{storyline}') ? { storyline } : {}),
          };
          expect(matchPattern(pattern, fillPattern(pattern, args))).toEqual(args);
        },
      ),
    );
  });

  it('a path of another shape is not parsed', () => {
    expect(matchPattern(PATTERNS[0]!, 'staging/chapters/chapter-04.md')).toBeNull();
    expect(matchPattern(PATTERNS[0]!, 'staging/chapters/chapter-004.md.bak')).toBeNull();
    expect(matchPattern(PATTERNS[0]!, 'x/staging/chapters/chapter-004.md')).toBeNull();
    expect(matchPattern(PATTERNS[2]!, 'staging/storylines/Main/memory.md')).toBeNull();
    expect(matchPattern(PATTERNS[2]!, 'staging/storylines/a/b/memory.md')).toBeNull();
  });

  it('dots and other regex characters in a pattern are literal', () => {
    expect(patternRegExp(PATTERNS[0]!).test('staging/chapters/chapter-004xmd')).toBe(false);
  });

  it('a slot without its argument is refused', () => {
    expect(() => fillPattern(PATTERNS[0]!, {})).toThrow(/needs \{NNN\}/);
  });
});
