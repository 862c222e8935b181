import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rebuildCheckpoint, type RebuildInput } from '../../src/core/checkpoint-rebuild.js';

const range = (a: number, b: number): number[] => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const input = (over: Partial<RebuildInput>): RebuildInput => ({
  changelogChapters: [],
  chapterFiles: [],
  chaptersPerVolume: 30,
  outlineOf: () => undefined,
  ...over,
});

describe('rebuildCheckpoint', () => {
  it('a new book: chapter 0, volume 1 to plan', () => {
    const r = rebuildCheckpoint(input({}));
    expect(r.fields).toEqual({
      last_completed_chapter: 0,
      current_volume: 1,
      orchestrator_state: 'VOL_PLANNING',
      pipeline_stage: 'committed',
      inflight_chapter: null,
      revision_count: 0,
    });
    expect(r.warnings).toEqual([]);
  });

  it('the last chapter is the largest of the changelog, whatever the order', () => {
    const r = rebuildCheckpoint(input({ changelogChapters: [1, 2, 5, 3, 4], chapterFiles: range(1, 5) }));
    expect(r.fields.last_completed_chapter).toBe(5);
    expect(r.warnings).toEqual([]);
  });

  it('the volume whose outline goes on after the last chapter is written on', () => {
    const outlines: Record<number, number[]> = { 1: range(1, 10), 2: range(11, 20) };
    const r = rebuildCheckpoint(
      input({ changelogChapters: range(1, 12), chapterFiles: range(1, 12), outlineOf: (v) => outlines[v] }),
    );
    expect(r.fields).toMatchObject({ last_completed_chapter: 12, current_volume: 2, orchestrator_state: 'WRITING' });
  });

  it('a volume finished exactly: the next volume is planned', () => {
    const outlines: Record<number, number[]> = { 1: range(1, 10), 2: range(11, 20) };
    const r = rebuildCheckpoint(
      input({ changelogChapters: range(1, 20), chapterFiles: range(1, 20), outlineOf: (v) => outlines[v] }),
    );
    expect(r.fields).toMatchObject({ current_volume: 3, orchestrator_state: 'VOL_PLANNING' });
    const atEndOfOne = rebuildCheckpoint(
      input({ changelogChapters: range(1, 10), chapterFiles: range(1, 10), outlineOf: (v) => outlines[v] }),
    );
    expect(atEndOfOne.fields).toMatchObject({ current_volume: 2, orchestrator_state: 'WRITING' });
  });

  it('without outlines, chapters_per_volume decides', () => {
    expect(
      rebuildCheckpoint(input({ changelogChapters: range(1, 29), chapterFiles: range(1, 29) })).fields.current_volume,
    ).toBe(1);
    expect(
      rebuildCheckpoint(input({ changelogChapters: range(1, 30), chapterFiles: range(1, 30) })).fields.current_volume,
    ).toBe(2);
    expect(
      rebuildCheckpoint(input({ changelogChapters: range(1, 30), chapterFiles: range(1, 30), chaptersPerVolume: 10 }))
        .fields.current_volume,
    ).toBe(4);
  });

  it('an empty outline counts as none; up to two missing volumes are skipped', () => {
    const outlines: Record<number, number[]> = { 1: range(1, 5), 2: [], 4: range(6, 9) };
    const r = rebuildCheckpoint(
      input({ changelogChapters: range(1, 7), chapterFiles: range(1, 7), outlineOf: (v) => outlines[v] }),
    );
    expect(r.fields).toMatchObject({ current_volume: 4, orchestrator_state: 'WRITING' });
  });

  it('three missing volumes in a row end the search', () => {
    const outlines: Record<number, number[]> = { 1: range(1, 5), 5: range(6, 9) };
    const r = rebuildCheckpoint(
      input({ changelogChapters: range(1, 7), chapterFiles: range(1, 7), outlineOf: (v) => outlines[v] }),
    );
    expect(r.fields).toMatchObject({ current_volume: 2, orchestrator_state: 'VOL_PLANNING' });
  });

  it('warns about chapter files missing and about files with no changelog line', () => {
    const r = rebuildCheckpoint(input({ changelogChapters: [1, 2, 3, 4], chapterFiles: [1, 3, 7, 5] }));
    expect(r.fields.last_completed_chapter).toBe(4);
    expect(r.warnings.map((w) => [w.code, w.severity, w.file])).toEqual([
      ['chapters_missing', 'warning', 'chapters/'],
      ['chapters_uncommitted', 'warning', 'chapters/'],
    ]);
    expect(r.warnings[0]!.found).toBe('no file for chapter(s) 2, 4');
    expect(r.warnings[1]!.found).toBe('chapter file(s) 5, 7 with no changelog line');
  });

  it('property: the fixed fields and the last chapter', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 300 }), { maxLength: 20 }),
        fc.integer({ min: 1, max: 50 }),
        (chapters, cpv) => {
          const last = chapters.reduce((a, b) => Math.max(a, b), 0);
          const r = rebuildCheckpoint(
            input({ changelogChapters: chapters, chapterFiles: range(1, last), chaptersPerVolume: cpv }),
          );
          expect(r.fields.last_completed_chapter).toBe(last);
          expect(r.fields.current_volume).toBe(Math.floor(last / cpv) + 1);
          expect(r.fields.orchestrator_state).toBe('VOL_PLANNING');
          expect(r.warnings).toEqual([]);
        },
      ),
    );
  });
});
