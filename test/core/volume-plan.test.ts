import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  mergeOutline,
  planBounds,
  planRange,
  planVolumeCommit,
  stagedVolumeDir,
  storylineIndex,
  storylineProblem,
  validateVolumePlan,
  type PlanBounds,
} from '../../src/core/volume-plan.js';
import { render, type Said } from '../../src/core/messages.js';

/** Said words in English (undefined as it is). */
const en = (w: Said | undefined): string | undefined => (w === undefined ? undefined : render('en', w));
import type { StagedFile, StagingView } from '../../src/core/staging-view.js';
import { errorAt } from '../../src/schemas/diagnostics.js';

const view = (files: Record<string, string | StagedFile>): StagingView => ({
  files: new Map(
    Object.entries(files).map(([p, t]) => [p, typeof t === 'string' ? { path: p, sha256: 'h', text: t } : t]),
  ),
});
const codes = (ds: Array<{ code: string }>): string[] => ds.map((d) => d.code);

const DIR = 'staging/volumes/vol-02';
const block = (c: number, storyline = 'main', skip: string[] = []): string =>
  [
    `### 第 ${c} 章: 章名${c}`,
    ...['Storyline', 'POV', 'Location', 'Conflict', 'Arc', 'Foreshadowing', 'StateChanges', 'TransitionHint']
      .filter((k) => !skip.includes(k))
      .map((k) => `- **${k}**: ${k === 'Storyline' ? storyline : 'x'}`),
  ].join('\n');
const outline = (...blocks: string[]): string => `# 第二卷\n\n${blocks.join('\n\n')}\n`;
const contract = (c: number, over: Record<string, unknown> = {}): string =>
  JSON.stringify({
    chapter: c,
    storyline_id: 'main',
    objectives: [{ id: `c${c}-o1`, required: true, description: 'd' }],
    ...over,
  });
const planFiles = (over: Record<string, string | undefined> = {}): StagingView => {
  const files: Record<string, string> = {
    [`${DIR}/outline.md`]: outline(block(11), block(12)),
    [`${DIR}/new-characters.json`]: '[]',
    [`${DIR}/storyline-schedule.json`]: JSON.stringify({
      active_storylines: [{ storyline_id: 'main', volume_role: 'primary' }],
    }),
    [`${DIR}/foreshadowing.json`]: JSON.stringify({ foreshadowing: [] }),
  };
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) delete files[k];
    else files[k] = v;
  }
  return view(files);
};
const INDEX = storylineIndex({
  storylines: [
    { id: 'main', name: '主线' },
    { id: 'side', display_name: '支线' },
  ],
});

describe('planBounds', () => {
  const settings = { chapters_per_volume: 10, volume_chapters: { min: 8, max: 12 } };

  it('a new volume: chapters_per_volume suggested, volume_chapters allowed', () => {
    expect(planBounds(10, [], settings)).toEqual({ first: 11, suggested: 20, min: 8, max: 12 });
    expect(planBounds(10, [1, 5, 10], settings)).toEqual({ first: 11, suggested: 20, min: 8, max: 12 });
  });

  it('chapters_per_volume outside volume_chapters widens the range', () => {
    expect(planBounds(0, [], { chapters_per_volume: 20, volume_chapters: { min: 8, max: 12 } })).toEqual({
      first: 1,
      suggested: 20,
      min: 8,
      max: 20,
    });
    expect(planBounds(0, [], { chapters_per_volume: 5, volume_chapters: { min: 8, max: 12 } })).toEqual({
      first: 1,
      suggested: 5,
      min: 5,
      max: 12,
    });
  });

  it('a gap ahead in the outline: exactly up to the next outlined chapter', () => {
    expect(planBounds(10, [1, 10, 15, 14, 20], settings)).toEqual({ first: 11, suggested: 13, min: 3, max: 3 });
  });

  it('property: the suggestion is always within [min, max]', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        (last, cpv, min, extra) => {
          const b = planBounds(last, [], { chapters_per_volume: cpv, volume_chapters: { min, max: min + extra } });
          const length = b.suggested - b.first + 1;
          expect(b.first).toBe(last + 1);
          expect(length).toBeGreaterThanOrEqual(b.min);
          expect(length).toBeLessThanOrEqual(b.max);
        },
      ),
    );
  });
});

describe('planRange', () => {
  const bounds: PlanBounds = { first: 11, suggested: 20, min: 8, max: 12 };
  it('the suggestion while no outline is staged', () => {
    expect(planRange(view({}), 2, bounds)).toEqual([11, 20]);
  });
  it("up to the staged outline's last block from the next chapter", () => {
    expect(
      planRange(view({ [`${DIR}/outline.md`]: outline(block(3), block(11), block(14), block(12)) }), 2, bounds),
    ).toEqual([11, 14]);
    expect(planRange(view({ [`${DIR}/outline.md`]: outline(block(3)) }), 2, bounds)).toEqual([11, 20]);
  });
  it('the staged directory', () => {
    expect(stagedVolumeDir(2)).toBe('staging/volumes/vol-02');
    expect(stagedVolumeDir(123)).toBe('staging/volumes/vol-123');
  });
});

describe('storylines', () => {
  it('storylineIndex reads ids and names; null without a list', () => {
    expect(INDEX).not.toBeNull();
    expect([...INDEX!.ids].sort()).toEqual(['main', 'side']);
    expect(INDEX!.idOfName.get('主线')).toBe('main');
    expect(INDEX!.idOfName.get('支线')).toBe('side');
    expect(storylineIndex({})).toBeNull();
    expect(storylineIndex(null)).toBeNull();
    expect([...storylineIndex({ storylines: [{ id: 3 }, null, { id: 'x', name: '' }] })!.ids]).toEqual(['x']);
  });

  it('storylineProblem: a known id is fine; a name, a non-slug and an unknown id are not', () => {
    expect(storylineProblem('main', INDEX)).toBeNull();
    expect(en(storylineProblem('主线', INDEX)?.fix)).toContain('"main"');
    expect(en(storylineProblem('Main Line', INDEX)?.fix)).toContain('main, side');
    expect(en(storylineProblem('other', INDEX)?.expected)).toContain('(main, side)');
  });

  it('without an index (or an empty one) only slugs are checked', () => {
    expect(storylineProblem('anything-slug', null)).toBeNull();
    expect(storylineProblem('anything-slug', storylineIndex({ storylines: [] }))).toBeNull();
    expect(storylineProblem('Not A Slug', null)).not.toBeNull();
  });
});

describe('validateVolumePlan', () => {
  it('a complete plan is valid', () => {
    expect(validateVolumePlan(planFiles(), 2, [11, 12], INDEX)).toEqual([]);
  });

  it('a missing outline, a missing file and a gap are errors', () => {
    expect(codes(validateVolumePlan(planFiles({ [`${DIR}/outline.md`]: undefined }), 2, [11, 12]))).toEqual([
      'output_missing',
    ]);
    expect(codes(validateVolumePlan(planFiles({ [`${DIR}/foreshadowing.json`]: undefined }), 2, [11, 12]))).toEqual([
      'output_missing',
    ]);
    const gap = validateVolumePlan(planFiles(), 2, [11, 14]);
    expect(codes(gap)).toEqual(['outline_gap']);
    expect(gap[0]!.found).toBe('no block for chapter(s) 13, 14');
  });

  it('an unreadable outline reports its problem', () => {
    const problem = errorAt('not_utf8', `${DIR}/outline.md`, { expected: 'UTF-8' });
    expect(validateVolumePlan(planFiles({ [`${DIR}/outline.md`]: undefined }), 2, [11, 12]).length).toBe(1);
    const v = planFiles();
    (v.files as Map<string, StagedFile>).set(`${DIR}/outline.md`, { path: `${DIR}/outline.md`, sha256: null, problem });
    expect(validateVolumePlan(v, 2, [11, 12])).toEqual([problem]);
  });

  it('a block without all 8 key lines is incomplete', () => {
    const r = validateVolumePlan(
      planFiles({ [`${DIR}/outline.md`]: outline(block(11), block(12, 'main', ['Arc', 'POV'])) }),
      2,
      [11, 12],
    );
    expect(codes(r)).toEqual(['outline_block_incomplete']);
    expect(r[0]!.found).toBe('missing POV, Arc');
  });

  it('a wrong storyline is reported once per value with every line', () => {
    const r = validateVolumePlan(
      planFiles({ [`${DIR}/outline.md`]: outline(block(11, 'ghost'), block(12, 'ghost')) }),
      2,
      [11, 12],
      INDEX,
    );
    expect(codes(r)).toEqual(['unknown_storyline']);
    expect(r[0]!.field).toMatch(/^Storyline \(lines \d+, \d+\)$/);
    const name = validateVolumePlan(
      planFiles({ [`${DIR}/outline.md`]: outline(block(11, '主线'), block(12)) }),
      2,
      [11, 12],
      INDEX,
    );
    expect(codes(name)).toEqual(['invalid_volume_plan']);
  });

  it('the length is checked against the bounds when an outline is staged', () => {
    const bounds: PlanBounds = { first: 11, suggested: 20, min: 3, max: 12 };
    const r = validateVolumePlan(planFiles(), 2, [11, 12], INDEX, bounds);
    expect(codes(r)).toEqual(['volume_length']);
    expect(r[0]!.found).toBe('2 chapter(s), 11–12');
    expect(validateVolumePlan(planFiles(), 2, [11, 12], INDEX, { ...bounds, min: 2 })).toEqual([]);
    expect(codes(validateVolumePlan(planFiles(), 2, [11, 12], INDEX, { ...bounds, min: 1, max: 1 }))).toEqual([
      'volume_length',
    ]);
  });

  it('schema errors in the JSON files', () => {
    expect(codes(validateVolumePlan(planFiles({ [`${DIR}/new-characters.json`]: '{}' }), 2, [11, 12]))).toEqual([
      'invalid_volume_plan',
    ]);
    expect(codes(validateVolumePlan(planFiles({ [`${DIR}/storyline-schedule.json`]: 'x' }), 2, [11, 12]))).toEqual([
      'invalid_volume_plan',
    ]);
    const five = Array.from({ length: 5 }, (_, i) => ({ storyline_id: `s${i}`, volume_role: 'r' }));
    expect(
      codes(
        validateVolumePlan(
          planFiles({ [`${DIR}/storyline-schedule.json`]: JSON.stringify({ active_storylines: five }) }),
          2,
          [11, 12],
        ),
      ),
    ).toEqual(['invalid_volume_plan']);
  });

  describe('chapter contracts', () => {
    const rel = (c: number): string => `${DIR}/chapter-contracts/chapter-${String(c).padStart(3, '0')}.json`;

    it('valid contracts pass; absent ones are allowed', () => {
      expect(validateVolumePlan(planFiles({ [rel(11)]: contract(11) }), 2, [11, 12], INDEX)).toEqual([]);
    });

    it('a contract of another chapter, of another storyline than its block, or without a required objective', () => {
      expect(codes(validateVolumePlan(planFiles({ [rel(11)]: contract(12) }), 2, [11, 12], INDEX))).toEqual([
        'wrong_chapter',
      ]);
      expect(
        codes(validateVolumePlan(planFiles({ [rel(11)]: contract(11, { storyline_id: 'side' }) }), 2, [11, 12], INDEX)),
      ).toEqual(['storyline_mismatch']);
      const none = contract(11, { objectives: [{ id: 'o', required: false, description: 'd' }] });
      expect(codes(validateVolumePlan(planFiles({ [rel(11)]: none }), 2, [11, 12], INDEX))).toEqual([
        'no_required_objective',
      ]);
    });

    it('a display name in a contract is reported once for all contracts, with the fix', () => {
      const r = validateVolumePlan(
        planFiles({
          [rel(11)]: contract(11, { storyline_id: '主线' }),
          [rel(12)]: contract(12, { storyline_id: '主线' }),
        }),
        2,
        [11, 12],
        INDEX,
      );
      expect(codes(r)).toEqual(['invalid_volume_plan']);
      expect(r[0]!.file).toBe(rel(11));
      expect(r[0]!.found).toBe('"主线" (the same in 1 more contract(s): chapter-012.json)');
      expect(r[0]!.fix).toContain('"main"');
    });

    it('an unknown slug id in a contract', () => {
      const r = validateVolumePlan(
        planFiles({ [rel(11)]: contract(11, { storyline_id: 'ghost' }) }),
        2,
        [11, 12],
        INDEX,
      );
      expect(codes(r)).toEqual(['unknown_storyline']);
    });
  });
});

describe('mergeOutline', () => {
  it('replaces the blocks of the range and appends the staged ones in order', () => {
    const existing = outline(block(1), block(2), block(3));
    const staged = outline(block(3, 'side'), block(4), block(9));
    const merged = mergeOutline(existing, staged, [3, 4]);
    expect(merged.endsWith('\n')).toBe(true);
    expect(merged).toBe(`# 第二卷\n\n${block(1)}\n\n${block(2)}\n\n${block(3, 'side')}\n\n${block(4)}\n`);
    expect(merged).not.toContain('第 9 章');
  });

  it('an empty existing outline gives the staged blocks only', () => {
    expect(mergeOutline('', outline(block(1)), [1, 1])).toBe(`${block(1)}\n`);
  });
});

describe('planVolumeCommit', () => {
  const now = new Date('2025-02-03T04:05:06Z');

  it('moves every staged file of the volume and sets the checkpoint to WRITING', () => {
    const v = planFiles({ 'staging/other.md': 'x' });
    const plan = planVolumeCommit(
      v,
      2,
      [11, 12],
      null,
      { last_completed_chapter: 10, orchestrator_state: 'VOL_PLANNING' },
      now,
    );
    expect(plan.kind).toBe('volume');
    expect(plan.removes).toEqual([
      `${DIR}/foreshadowing.json`,
      `${DIR}/new-characters.json`,
      `${DIR}/outline.md`,
      `${DIR}/storyline-schedule.json`,
    ]);
    expect(plan.writes.map((w) => w.path)).toEqual([
      'volumes/vol-02/foreshadowing.json',
      'volumes/vol-02/new-characters.json',
      'volumes/vol-02/outline.md',
      'volumes/vol-02/storyline-schedule.json',
    ]);
    expect(
      plan.writes.every((w) => w.kind === 'move' && w.content === (v.files.get(w.from) as { text: string }).text),
    ).toBe(true);
    expect(plan.fingerprint_paths).toEqual(plan.writes.map((w) => w.path));
    expect(plan.checkpoint).toEqual({
      last_completed_chapter: 10,
      orchestrator_state: 'WRITING',
      current_volume: 2,
      last_checkpoint_time: '2025-02-03T04:05:06.000Z',
    });
    expect(plan.appends).toEqual([]);
  });

  it('merges the outline into an existing one that has blocks', () => {
    const existing = outline(block(9), block(10));
    const plan = planVolumeCommit(planFiles(), 2, [11, 12], existing, {}, now);
    const out = plan.writes.find((w) => w.path === 'volumes/vol-02/outline.md')!;
    expect(out.content).toBe(mergeOutline(existing, outline(block(11), block(12)), [11, 12]));
    expect(out.content).toContain('第 9 章');
    const plain = planVolumeCommit(planFiles(), 2, [11, 12], '# no blocks\n', {}, now);
    expect(plain.writes.find((w) => w.path === 'volumes/vol-02/outline.md')!.content).toBe(
      outline(block(11), block(12)),
    );
  });
});
