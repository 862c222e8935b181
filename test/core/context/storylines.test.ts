/**
 * storylines.ts: storyline memory paths and adjacent storylines (PROTOCOL
 * §9) — the contract's transition_hint.next_storyline plus the lines of
 * convergence events that involve the chapter's line and cover the chapter
 * (null or missing range = every chapter), minus the line itself, dormant
 * lines and non-slugs, sorted; adjacentMemories keeps the memories that exist.
 */
import { describe, expect, it } from 'vitest';
import { adjacentMemories, adjacentStorylines, storylineMemoryPath } from '../../../src/core/context/storylines.js';
import { memoryView } from '../../helpers/memory-view.js';

describe('storylineMemoryPath', () => {
  it('is storylines/{id}/memory.md', () => {
    expect(storylineMemoryPath('main-sword')).toBe('storylines/main-sword/memory.md');
  });
});

describe('adjacentStorylines', () => {
  it('is empty with no contract and no schedule', () => {
    expect(adjacentStorylines('main', 5, undefined, undefined)).toEqual([]);
  });

  it("adds the transition hint's next storyline", () => {
    expect(adjacentStorylines('main', 5, { transition_hint: { next_storyline: 'heisha' } }, undefined)).toEqual([
      'heisha',
    ]);
  });

  it('ignores a non-string hint or a transition_hint that is not an object', () => {
    expect(adjacentStorylines('main', 5, { transition_hint: { next_storyline: ['heisha'] } }, undefined)).toEqual([]);
    expect(adjacentStorylines('main', 5, { transition_hint: 'heisha' }, undefined)).toEqual([]);
    expect(adjacentStorylines('main', 5, { transition_hint: ['heisha'] }, undefined)).toEqual([]);
  });

  it("drops the chapter's own line, even when the hint names it", () => {
    expect(adjacentStorylines('main', 5, { transition_hint: { next_storyline: 'main' } }, undefined)).toEqual([]);
  });

  it('adds every other line of a convergence event that involves this line and covers the chapter', () => {
    const schedule = {
      convergence_events: [{ chapter_range: [4, 6], involved_storylines: ['sect', 'main', 'heisha'] }],
    };
    expect(adjacentStorylines('main', 5, undefined, schedule)).toEqual(['heisha', 'sect']);
  });

  it('a range covers its chapters inclusively at both ends', () => {
    const schedule = { convergence_events: [{ chapter_range: [4, 6], involved_storylines: ['main', 'side'] }] };
    expect(adjacentStorylines('main', 3, undefined, schedule)).toEqual([]);
    expect(adjacentStorylines('main', 4, undefined, schedule)).toEqual(['side']);
    expect(adjacentStorylines('main', 6, undefined, schedule)).toEqual(['side']);
    expect(adjacentStorylines('main', 7, undefined, schedule)).toEqual([]);
  });

  it('a null or missing range covers every chapter', () => {
    expect(
      adjacentStorylines('main', 999, undefined, {
        convergence_events: [{ chapter_range: null, involved_storylines: ['main', 'a'] }],
      }),
    ).toEqual(['a']);
    expect(
      adjacentStorylines('main', 1, undefined, { convergence_events: [{ involved_storylines: ['main', 'b'] }] }),
    ).toEqual(['b']);
  });

  it('a malformed range covers nothing', () => {
    for (const chapter_range of [[4], ['4', 6], [4, '6'], '4-6', { 0: 4, 1: 6 }, 5]) {
      expect(
        adjacentStorylines('main', 5, undefined, {
          convergence_events: [{ chapter_range, involved_storylines: ['main', 'side'] }],
        }),
      ).toEqual([]);
    }
  });

  it('skips events that do not involve this line, malformed events and non-string ids', () => {
    const schedule = {
      convergence_events: [
        { chapter_range: null, involved_storylines: ['other', 'x'] },
        { chapter_range: null, involved_storylines: 'main side' },
        { chapter_range: null },
        'main',
        null,
        { chapter_range: null, involved_storylines: ['main', 7, null, 'ok'] },
      ],
    };
    expect(adjacentStorylines('main', 5, undefined, schedule)).toEqual(['ok']);
  });

  it('removes dormant lines given as ids, {storyline_id} or {id}, including the hint', () => {
    const schedule = {
      convergence_events: [{ chapter_range: null, involved_storylines: ['main', 'a', 'b', 'c', 'd'] }],
      dormant_storylines: ['a', { storyline_id: 'b' }, { id: 'c' }, { note: 'nothing' }],
    };
    expect(adjacentStorylines('main', 5, { transition_hint: { next_storyline: 'a' } }, schedule)).toEqual(['d']);
  });

  it('prefers storyline_id over id in a dormant entry', () => {
    const schedule = {
      convergence_events: [{ chapter_range: null, involved_storylines: ['main', 'a', 'b'] }],
      dormant_storylines: [{ storyline_id: 'a', id: 'b' }],
    };
    expect(adjacentStorylines('main', 5, undefined, schedule)).toEqual(['b']);
  });

  it('ignores a dormant list that is not an array and a schedule that is not an object', () => {
    const events = [{ chapter_range: null, involved_storylines: ['main', 'a'] }];
    expect(adjacentStorylines('main', 5, undefined, { convergence_events: events, dormant_storylines: 'a' })).toEqual([
      'a',
    ]);
    expect(adjacentStorylines('main', 5, undefined, { convergence_events: { 0: events[0] } })).toEqual([]);
    expect(adjacentStorylines('main', 5, { transition_hint: { next_storyline: 'h' } }, [events])).toEqual(['h']);
  });

  it('keeps only slug ids, deduplicated and sorted', () => {
    const schedule = {
      convergence_events: [
        { chapter_range: null, involved_storylines: ['main', 'zeta', '支线', 'Upper', 'alpha', 'zeta'] },
        { chapter_range: [1, 9], involved_storylines: ['main', 'alpha', 'mid'] },
      ],
    };
    expect(adjacentStorylines('main', 5, { transition_hint: { next_storyline: '暗线' } }, schedule)).toEqual([
      'alpha',
      'mid',
      'zeta',
    ]);
  });
});

describe('adjacentMemories', () => {
  it('maps ids to memory paths, in the given order, keeping those that exist', () => {
    const view = memoryView({
      'storylines/b/memory.md': 'B',
      'storylines/a/memory.md': 'A',
      'storylines/c/other.md': 'C',
    });
    expect(adjacentMemories(view, ['b', 'c', 'a', 'd'])).toEqual(['storylines/b/memory.md', 'storylines/a/memory.md']);
  });

  it('is empty for no ids', () => {
    expect(adjacentMemories(memoryView({ 'storylines/a/memory.md': 'A' }), [])).toEqual([]);
  });
});
