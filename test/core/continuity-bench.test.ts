/** The continuity bench: planted contradictions found per kind, on a real text (《西游记》 1–5, public domain). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { castIndex, CONTINUITY_KINDS } from '../../src/core/continuity.js';
import { benchChaptersOf, plant, runContinuityBench, type BenchBook } from '../../src/core/continuity-bench.js';
import { seededRandom } from '../../src/core/seeded-random.js';

const text = readFileSync(new URL('../../fixtures/classics/xiyouji-01-05.txt', import.meta.url), 'utf8');
// The five 回, each a chapter with its own "# " title line.
const chapters = text.split(/\n(?=第[一二三四五]回 )/u).map((body, i) => ({
  chapter: i + 1,
  text: `# ${body.trim()}`,
  stateBefore: {},
  ops: [],
  resolved: new Set<string>(),
}));
const book: BenchBook = {
  chapters,
  cast: castIndex([
    { id: 'wukong', names: ['孙悟空', '悟空', '美猴王', '石猴'] },
    { id: 'zushi', names: ['菩提祖师', '祖师'] },
    { id: 'yuhuang', names: ['玉皇大帝', '玉帝'] },
    { id: 'longwang', names: ['东海龙王', '龙王'] },
    { id: 'taibai', names: ['太白金星', '金星'] },
  ]),
  ladders: {},
};

describe('the continuity bench', () => {
  it('plants one contradiction of every kind in every chapter, and finds them', () => {
    expect(chapters).toHaveLength(5);
    const report = runContinuityBench(book, 7);
    expect(report.kinds.map((k) => k.kind)).toEqual([...CONTINUITY_KINDS]);
    for (const k of report.kinds) {
      expect(k.planted, k.kind).toBe(5);
      expect(k.recall, k.kind).toBeGreaterThanOrEqual(0.9);
      expect(k.precision, k.kind).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('is the same for the same seed, and plants differently for another', () => {
    expect(runContinuityBench(book, 3)).toEqual(runContinuityBench(book, 3));
    const a = plant('name_drift', chapters[1]!, book, seededRandom(1));
    const b = plant('name_drift', chapters[1]!, book, seededRandom(2));
    expect(a && b && a.chapter.text !== b.chapter.text).toBe(true);
  });

  it('a plant changes a copy: the book’s own chapter is left as it was', () => {
    const before = JSON.stringify({ ...chapters[0], resolved: [...chapters[0]!.resolved] });
    for (const kind of CONTINUITY_KINDS) plant(kind, chapters[0]!, book, seededRandom(5));
    expect(JSON.stringify({ ...chapters[0], resolved: [...chapters[0]!.resolved] })).toBe(before);
  });
});

describe('benchChaptersOf', () => {
  it('replays the changelog: each chapter gets the state before it, its ops, resolved items, recollections', () => {
    const lines = [
      {
        chapter: 1,
        base_state_version: 0,
        state_version: 1,
        storyline_id: 'main',
        ops: [
          { op: 'set', path: 'characters.a.status', value: 'dead' },
          { op: 'foreshadow', path: 'f-1', value: 'resolved' },
        ],
        dropped: [],
      },
      {
        chapter: 2,
        base_state_version: 1,
        state_version: 2,
        storyline_id: 'main',
        ops: [],
        dropped: [],
        recollections: [{ lines: [3, 4], kind: 'memory' }],
      },
    ];
    const [one, two] = benchChaptersOf(
      lines as never,
      new Map([
        [1, '一'],
        [2, '二'],
      ]),
    );
    expect(one).toMatchObject({ chapter: 1, stateBefore: {}, resolved: new Set() });
    expect(one?.recollections).toBeUndefined();
    expect(two).toMatchObject({
      chapter: 2,
      stateBefore: { characters: { a: { status: 'dead' } } },
      resolved: new Set(['f-1']),
      recollections: [{ lines: [3, 4], kind: 'memory' }],
    });
  });
});
