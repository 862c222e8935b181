/**
 * Volume planning (§9.3, §14), pure: the bounds of a plan, the range a staged
 * outline covers, storyline ids, the validation of a staged plan, the outline
 * merge and the commit plan.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { StagingView } from '../../src/core/staging-view.js';
import {
  mergeOutline,
  planBounds,
  planRange,
  planVolumeCommit,
  stagedVolumeDir,
  storylineIndex,
  storylineProblem,
  validateVolumePlan,
} from '../../src/core/volume-plan.js';
import { render, type Said } from '../../src/core/messages.js';

/** Said words in English (undefined as it is). */
const en = (w: Said | undefined): string | undefined => (w === undefined ? undefined : render('en', w));
/** A storyline problem as its English reads. */
const problemEn = (p: { expected: Said; fix: Said } | null): { expected: string; fix: string } | null =>
  p === null ? null : { expected: render('en', p.expected), fix: render('en', p.fix) };

const DIR = 'staging/volumes/vol-02';
const fixture = (name: string) => readFileSync(`fixtures/project/volumes/vol-01/${name}`, 'utf8');

function view(files: Record<string, string>): StagingView {
  return {
    files: new Map(Object.entries(files).map(([path, text]) => [path, { path, sha256: 'a'.repeat(64), text }])),
  };
}
function block(c: number, storyline = 'main-sword', omit: string[] = []): string {
  const keys: Record<string, string> = {
    Storyline: storyline,
    POV: '林青岚',
    Location: '后山',
    Conflict: '冲突',
    Arc: '弧线',
    Foreshadowing: '无',
    StateChanges: '无',
    TransitionHint: '转场',
  };
  return [
    `### 第 ${c} 章: 章${c}`,
    ...Object.entries(keys)
      .filter(([k]) => !omit.includes(k))
      .map(([k, val]) => `- **${k}**: ${val}`),
  ].join('\n');
}
function contract(c: number, storyline_id: unknown = 'main-sword', required = true): string {
  return JSON.stringify({
    chapter: c,
    storyline_id,
    objectives: [{ id: `O${c}`, type: 'plot', required, description: 'd' }],
    preconditions: {},
    postconditions: {},
    acceptance_criteria: ['a'],
  });
}
/** A valid staged plan of volume 2 covering chapters 31-33. */
function plan(over: Record<string, string | undefined> = {}): StagingView {
  const files: Record<string, string | undefined> = {
    [`${DIR}/outline.md`]: `# 第二卷\n\n${[31, 32, 33].map((c) => block(c)).join('\n\n')}\n`,
    [`${DIR}/new-characters.json`]: '[]',
    [`${DIR}/storyline-schedule.json`]: fixture('storyline-schedule.json'),
    [`${DIR}/foreshadowing.json`]: fixture('foreshadowing.json'),
    [`${DIR}/chapter-contracts/chapter-031.json`]: contract(31),
    ...over,
  };
  return view(Object.fromEntries(Object.entries(files).filter((e): e is [string, string] => e[1] !== undefined)));
}
const index = storylineIndex({
  storylines: [
    { id: 'main-sword', name: '残剑' },
    { id: 'sect-intrigue', display_name: '宗门' },
    { name: 'no id' },
    null,
  ],
});
const codes = (view: StagingView, s = index, bounds: Parameters<typeof validateVolumePlan>[4] = null) =>
  validateVolumePlan(view, 2, [31, 33], s, bounds).map((d) => d.code);

describe('planBounds and planRange', () => {
  const settings = { chapters_per_volume: 30, volume_chapters: { min: 20, max: 40 } };

  it('a new volume: from the next chapter, chapters_per_volume suggested, volume_chapters allowed', () => {
    expect(planBounds(30, [], settings)).toEqual({ first: 31, suggested: 60, min: 20, max: 40 });
    expect(planBounds(30, [10, 30], settings)).toEqual({ first: 31, suggested: 60, min: 20, max: 40 });
  });

  it('a chapters_per_volume outside volume_chapters widens the range to it', () => {
    expect(planBounds(0, [], { chapters_per_volume: 50, volume_chapters: { min: 20, max: 40 } })).toEqual({
      first: 1,
      suggested: 50,
      min: 20,
      max: 50,
    });
    expect(planBounds(0, [], { chapters_per_volume: 10, volume_chapters: { min: 20, max: 40 } })).toEqual({
      first: 1,
      suggested: 10,
      min: 10,
      max: 40,
    });
  });

  it(
    'a gap ahead in the outline: exactly the chapters up to the ' +
      'next outlined one (the next chapter itself counts as ahead)',
    () => {
      expect(planBounds(10, [5, 15, 20], settings)).toEqual({ first: 11, suggested: 14, min: 4, max: 4 });
      expect(planBounds(10, [11, 20], settings)).toEqual({ first: 11, suggested: 10, min: 0, max: 0 });
    },
  );

  it('planRange: to the staged outline last block at or after the first chapter, else the suggestion', () => {
    const bounds = { first: 31, suggested: 60, min: 20, max: 40 };
    expect(planRange(view({}), 2, bounds)).toEqual([31, 60]);
    expect(
      planRange(view({ [`${DIR}/outline.md`]: `${block(12)}\n\n${block(31)}\n\n${block(35)}\n` }), 2, bounds),
    ).toEqual([31, 35]);
    expect(planRange(view({ [`${DIR}/outline.md`]: `${block(12)}\n` }), 2, bounds)).toEqual([31, 60]);
    expect(planRange(view({ [`${DIR}/outline.md`]: `${block(31)}\n` }), 2, bounds)).toEqual([31, 31]);
    expect(stagedVolumeDir(2)).toBe(DIR);
  });
});

describe('storyline ids', () => {
  it('storylineIndex: ids, and the id of each name, display_name or title; null without a list', () => {
    expect(index).not.toBeNull();
    expect([...index!.ids]).toEqual(['main-sword', 'sect-intrigue']);
    expect(Object.fromEntries(index!.idOfName)).toEqual({ 残剑: 'main-sword', 宗门: 'sect-intrigue' });
    expect(storylineIndex({ storylines: [{ id: 'a', title: '甲', name: '' }] })?.idOfName.get('甲')).toBe('a');
    const fresh = storylineIndex({
      storylines: [
        { id: 'sect-intrigue', name: '宗门', title: 5 },
        { name: 'no id' },
        null,
        { id: 'main-sword', name: '残剑' },
      ],
    });
    expect([...fresh!.ids]).toEqual(['sect-intrigue', 'main-sword']);
    expect(Object.fromEntries(fresh!.idOfName)).toEqual({ 宗门: 'sect-intrigue', 残剑: 'main-sword' });
    expect(en(storylineProblem('Main Sword', fresh)?.fix)).toBe(
      'use one of the ids of storylines/storylines.json: main-sword, sect-intrigue',
    );
    expect(storylineIndex({})).toBeNull();
    expect(storylineIndex(null)).toBeNull();
  });

  it('storylineProblem: a name instead of the id, a non-slug, an unknown id, or fine', () => {
    expect(problemEn(storylineProblem('残剑', index))).toEqual({
      expected: "the storyline's id, not its name",
      fix: 'write "main-sword" (the id of "残剑" in storylines/storylines.json)',
    });
    expect(problemEn(storylineProblem('Main Sword', index))).toEqual({
      expected: 'a storyline id (a slug matching ^[a-z0-9][a-z0-9_-]{0,63}$)',
      fix: 'use one of the ids of storylines/storylines.json: main-sword, sect-intrigue',
    });
    expect(problemEn(storylineProblem('Main Sword', null))).toEqual({
      expected: 'a storyline id (a slug matching ^[a-z0-9][a-z0-9_-]{0,63}$)',
      fix: 'give the storyline a slug id in storylines/storylines.json and use it here',
    });
    expect(problemEn(storylineProblem('side-line', index))).toEqual({
      expected: 'an id of storylines/storylines.json (main-sword, sect-intrigue)',
      fix: 'use a known id, or add {"id": "side-line", "name": "…"} to storylines/storylines.json',
    });
    expect(storylineProblem('main-sword', index)).toBeNull();
    expect(storylineProblem('side-line', null)).toBeNull();
  });

  it('an empty storyline list checks ids only as slugs', () => {
    const empty = storylineIndex({ storylines: [] });
    expect(storylineProblem('anything', empty)).toBeNull();
    expect(en(storylineProblem('Not A Slug', empty)?.fix)).toBe(
      'give the storyline a slug id in storylines/storylines.json and use it here',
    );
  });
});

describe('validateVolumePlan', () => {
  it('a complete plan is valid', () => {
    expect(validateVolumePlan(plan(), 2, [31, 33], index, { first: 31, suggested: 33, min: 3, max: 3 })).toEqual([]);
  });

  it('missing files are named; a missing outline is output_missing', () => {
    const d = validateVolumePlan(
      plan({ [`${DIR}/outline.md`]: undefined, [`${DIR}/foreshadowing.json`]: undefined }),
      2,
      [31, 33],
      index,
    );
    expect(d.map((x) => [x.code, x.file])).toEqual([
      ['output_missing', `${DIR}/outline.md`],
      ['output_missing', `${DIR}/foreshadowing.json`],
    ]);
  });

  it('a file that is there but unreadable is reported with its own problem', () => {
    const v = plan();
    const problem = { severity: 'error', code: 'not_utf8', file: `${DIR}/outline.md`, message: 'not UTF-8' };
    (v.files as Map<string, unknown>).set(`${DIR}/outline.md`, { path: `${DIR}/outline.md`, sha256: null, problem });
    expect(validateVolumePlan(v, 2, [31, 33], index)).toEqual([problem]);
  });

  it('a length outside the bounds: volume_length, worded for a gap or for volume_chapters', () => {
    const gap = validateVolumePlan(plan(), 2, [31, 33], index, { first: 31, suggested: 32, min: 2, max: 2 });
    expect(gap.map((d) => d.code)).toEqual(['volume_length']);
    expect(JSON.stringify(gap[0])).toContain('outline exactly chapters 31–32');
    const range = validateVolumePlan(plan(), 2, [31, 33], index, { first: 31, suggested: 60, min: 20, max: 40 });
    expect(JSON.stringify(range[0])).toContain('plan between 20 and 40 chapters');
    expect(JSON.stringify(range[0])).toContain('3 chapter(s), 31–33');
    expect(validateVolumePlan(plan(), 2, [31, 33], index, { first: 31, suggested: 33, min: 1, max: 3 })).toEqual([]);
    expect(validateVolumePlan(plan(), 2, [31, 33], index, { first: 31, suggested: 33, min: 3, max: 5 })).toEqual([]);
  });

  it('a gap in the outline and an incomplete block are reported', () => {
    const outline = `${block(31)}\n\n${block(33, 'main-sword', ['POV', 'Arc'])}\n`;
    const d = validateVolumePlan(plan({ [`${DIR}/outline.md`]: outline }), 2, [31, 33], index);
    expect(d.map((x) => x.code)).toEqual(['outline_block_incomplete', 'outline_gap']);
    expect(JSON.stringify(d[0])).toContain('missing POV, Arc');
    expect(JSON.stringify(d[1])).toContain('no block for chapter(s) 32');
  });

  it('a wrong Storyline is reported once per value with every line it stands on', () => {
    const outline = `${block(31, '残剑')}\n\n${block(32, '残剑')}\n\n${block(33, 'side-line')}\n`;
    const d = validateVolumePlan(
      plan({ [`${DIR}/outline.md`]: outline, [`${DIR}/chapter-contracts/chapter-031.json`]: undefined }),
      2,
      [31, 33],
      index,
    );
    expect(d.map((x) => x.code)).toEqual(['invalid_volume_plan', 'unknown_storyline']);
    expect(JSON.stringify(d[0])).toContain('Storyline (lines 1, 11)');
    expect(JSON.stringify(d[1])).toContain('Storyline (line 21)');
  });

  it('contracts: wrong chapter, no required objective, a storyline other than the block names', () => {
    const d = validateVolumePlan(
      plan({
        [`${DIR}/chapter-contracts/chapter-031.json`]: contract(30),
        [`${DIR}/chapter-contracts/chapter-032.json`]: contract(32, 'main-sword', false),
        [`${DIR}/chapter-contracts/chapter-033.json`]: contract(33, 'sect-intrigue'),
      }),
      2,
      [31, 33],
      index,
    );
    expect(d.map((x) => [x.code, x.file])).toEqual([
      ['wrong_chapter', `${DIR}/chapter-contracts/chapter-031.json`],
      ['no_required_objective', `${DIR}/chapter-contracts/chapter-032.json`],
      ['storyline_mismatch', `${DIR}/chapter-contracts/chapter-033.json`],
    ]);
  });

  it(
    'a contract naming a storyline by name or an unknown id ' + 'is reported once per value, naming the other files',
    () => {
      const d = validateVolumePlan(
        plan({
          [`${DIR}/chapter-contracts/chapter-031.json`]: contract(31, '残剑'),
          [`${DIR}/chapter-contracts/chapter-032.json`]: contract(32, '残剑'),
          [`${DIR}/chapter-contracts/chapter-033.json`]: contract(33, 'side-line'),
        }),
        2,
        [31, 33],
        index,
      );
      expect(d.map((x) => [x.code, x.file])).toEqual([
        ['invalid_volume_plan', `${DIR}/chapter-contracts/chapter-031.json`],
        ['unknown_storyline', `${DIR}/chapter-contracts/chapter-033.json`],
      ]);
      expect(JSON.stringify(d[0])).toContain('(the same in 1 more contract(s): chapter-032.json)');
      expect(JSON.stringify(d[0])).toContain('write \\"main-sword\\"');
    },
  );

  it('broken JSON and schema errors of the plan files are reported, each as itself', () => {
    const broken = validateVolumePlan(plan({ [`${DIR}/new-characters.json`]: '{oops' }), 2, [31, 33], index);
    const schema = validateVolumePlan(plan({ [`${DIR}/new-characters.json`]: '{"a": 1}' }), 2, [31, 33], index);
    expect(broken.map((d) => [d.code, d.file])).toEqual([['invalid_volume_plan', `${DIR}/new-characters.json`]]);
    expect(schema.map((d) => [d.code, d.file])).toEqual([['invalid_volume_plan', `${DIR}/new-characters.json`]]);
    expect(broken[0]!.message).not.toBe(schema[0]!.message);
  });

  it('an unreadable plan file is reported with its own problem', () => {
    const v = plan();
    const rel = `${DIR}/foreshadowing.json`;
    const problem = { severity: 'error', code: 'not_utf8', file: rel, message: 'not UTF-8' };
    (v.files as Map<string, unknown>).set(rel, { path: rel, sha256: null, problem });
    expect(validateVolumePlan(v, 2, [31, 33], index)).toEqual([problem]);
  });

  it('one required objective among others is enough', () => {
    const two = JSON.stringify({
      ...JSON.parse(contract(31)),
      objectives: [
        { id: 'a', type: 'plot', required: false, description: 'd' },
        { id: 'b', type: 'plot', required: true, description: 'd' },
      ],
    });
    expect(codes(plan({ [`${DIR}/chapter-contracts/chapter-031.json`]: two }))).toEqual([]);
  });
});

describe('mergeOutline and planVolumeCommit', () => {
  it('mergeOutline keeps the existing text outside the range and puts the staged blocks of the range after it', () => {
    const existing = `# 第二卷\n\n${block(31)}\n\n${block(32, 'old')}\n`;
    const staged = `# x\n\n${block(30)}\n\n${block(32)}\n\n${block(33)}\n`;
    expect(mergeOutline(existing, staged, [32, 33])).toBe(`# 第二卷\n\n${block(31)}\n\n${block(32)}\n\n${block(33)}\n`);
  });

  it(
    'mergeOutline keeps blocks after the range (the blank line after a dropped first block stays) ' +
      'and adds none of the staged ones outside it; an empty existing text adds no blank lines',
    () => {
      const existing = `${block(32, 'old')}\n\n${block(34)}\n`;
      const staged = `${block(32)}\n\n${block(33)}\n\n${block(34, 'new')}\n`;
      expect(mergeOutline(existing, staged, [32, 33])).toBe(`\n${block(34)}\n\n${block(32)}\n\n${block(33)}\n`);
      expect(mergeOutline('', `${block(32)}\n`, [32, 32])).toBe(`${block(32)}\n`);
    },
  );

  it(
    'planVolumeCommit moves every staged file of the volume, ' + 'merging the outline only when one with blocks exists',
    () => {
      const v = view({
        [`${DIR}/outline.md`]: `${block(32)}\n`,
        [`${DIR}/foreshadowing.json`]: '{}',
        'staging/volumes/vol-03/outline.md': 'x',
        'staging/chapters/chapter-031.md': 'y',
      });
      const now = new Date('2026-01-02T03:04:05Z');
      const p = planVolumeCommit(v, 2, [32, 32], `${block(31)}\n`, { current_volume: 1, x: 1 }, now);
      expect(p).toEqual({
        kind: 'volume',
        volume: 2,
        writes: [
          { path: 'volumes/vol-02/foreshadowing.json', content: '{}', kind: 'move', from: `${DIR}/foreshadowing.json` },
          {
            path: 'volumes/vol-02/outline.md',
            content: `${block(31)}\n\n${block(32)}\n`,
            kind: 'move',
            from: `${DIR}/outline.md`,
          },
        ],
        appends: [],
        removes: [`${DIR}/foreshadowing.json`, `${DIR}/outline.md`],
        checkpoint: {
          current_volume: 2,
          x: 1,
          orchestrator_state: 'WRITING',
          last_checkpoint_time: '2026-01-02T03:04:05.000Z',
        },
        fingerprint_paths: ['volumes/vol-02/foreshadowing.json', 'volumes/vol-02/outline.md'],
      });
      expect(planVolumeCommit(v, 2, [32, 32], null, {}, now).writes[1]!.content).toBe(`${block(32)}\n`);
      expect(planVolumeCommit(v, 2, [32, 32], '# 无章节\n', {}, now).writes[1]!.content).toBe(`${block(32)}\n`);
    },
  );
});
