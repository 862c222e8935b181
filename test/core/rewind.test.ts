import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  chapterOfBookFile,
  earliestRewind,
  firstLineOfChapter,
  planRewind,
  rewindJournal,
  rewindVolumes,
} from '../../src/core/rewind.js';
import type { CommitHistory } from '../../src/core/commit-plan.js';
import { reversePatch } from '../../src/core/text-patch.js';

const texts: Record<string, string> = {
  'chapters/chapter-001.md': '# 第1章\n',
  'chapters/chapter-002.md': '# 第2章\n',
  'chapters/chapter-003.md': '# 第3章\n',
  'summaries/chapter-002-summary.md': '摘要二',
  'evaluations/chapter-003-eval-secondary.json': '{}',
  'state/chapter-003-crossref.json': '{}',
  'logs/chapter-002-log.json': '{}',
  'logs/lint/chapter-003.json': '{}',
  'staging/chapters/chapter-004.md': '# 第4章（草稿）\n',
  'staging/revisions/chapter-002/round-1/chapters/chapter-002.md': 'old',
  'state/current-state.json': '{"v":3}',
};
const changelog = Buffer.from('{"chapter":1}\n{"chapter":2}\n{"chapter":3}\n');
const hashOf = (p: string): string | null => (texts[p] === undefined ? null : `sha:${p}`);
const sha256 = (b: Uint8Array): string => `sha:${Buffer.from(b).toString('utf8')}`;
const h = (chapter: number, files: Record<string, string | null>, bytes: number): CommitHistory => ({
  chapter,
  changelog_bytes: bytes,
  unknown_entities_bytes: 0,
  files,
});

describe('rewind (pure plan)', () => {
  it('knows which chapter a book file belongs to', () => {
    expect(chapterOfBookFile('chapters/chapter-012.md')).toBe(12);
    expect(chapterOfBookFile('evaluations/chapter-012-eval-secondary.json')).toBe(12);
    expect(chapterOfBookFile('logs/chapter-012-executions.jsonl')).toBe(12);
    expect(chapterOfBookFile('.novel/history/chapter-012.json')).toBe(12);
    expect(chapterOfBookFile('logs/executor/chapter-012-draft-attempt-1.log')).toBe(12);
    expect(chapterOfBookFile('staging/manifests/chapter-012-judge.json')).toBe(12);
    expect(chapterOfBookFile('state/current-state.json')).toBeNull();
    expect(chapterOfBookFile('volumes/vol-01/chapter-contracts/chapter-012.json')).toBeNull();
  });

  it('goes back only as far as every later commit kept its history', () => {
    expect(earliestRewind(12, (c) => c >= 4)).toBe(4);
    expect(earliestRewind(12, () => true)).toBe(1);
    expect(earliestRewind(12, (c) => c !== 12)).toBe(13);
  });

  it(
    'moves the rewound chapters and staged work aside, restores each ' +
      'replaced file from the earliest rewound commit, cuts the logs',
    () => {
      const histories = new Map([
        [2, h(2, { 'storylines/a/memory.md': null }, 14)],
        [3, h(3, { 'foreshadowing/global.json': '{"f":1}' }, 28)],
      ]);
      const plan = planRewind({
        to: 2,
        lastCompleted: 3,
        histories,
        files: Object.keys(texts),
        hashOf,
        sha256,
        currentText: (p: string) => texts[p as keyof typeof texts] ?? null,
        changelog,
        stateText: '{"v":1}',
        unknownEntities: null,
        consistencyReport: null,
        folder: 2,
        volumes: [{ volume: 1, outline: [1, 2, 3, 4] }],
        chaptersPerVolume: 30,
        checkpointRaw: { last_completed_chapter: 3, gate: {}, x_other: 1 },
        note: '重写',
      });
      expect(plan.chapters).toEqual([2, 3]);
      expect(plan.moved.map((m) => m.from)).toEqual([
        'chapters/chapter-002.md',
        'chapters/chapter-003.md',
        'evaluations/chapter-003-eval-secondary.json',
        'logs/chapter-002-log.json',
        'logs/lint/chapter-003.json',
        'staging/chapters/chapter-004.md',
        'state/chapter-003-crossref.json',
        'summaries/chapter-002-summary.md',
        'staging/revisions/chapter-002',
      ]);
      // Files with their hashes; the rewound chapter's audit folder (its revision rounds) whole.
      expect(
        plan.moved.every(
          (m) =>
            m.to === `staging/revisions/rewind-2/${m.from}` &&
            m.sha256 === (m.from.startsWith('staging/revisions/') ? null : `sha:${m.from}`),
        ),
      ).toBe(true);
      // Moved by rename: no text of theirs in the plan.
      expect(plan.writes.map((w) => w.path)).toEqual([
        'foreshadowing/global.json',
        'state/current-state.json',
        'staging/revisions/rewind-2/note.md',
      ]);
      const write = (p: string) => plan.writes.find((w) => w.path === p)?.content;
      expect(write('state/current-state.json')).toBe('{"v":1}');
      expect(write('foreshadowing/global.json')).toBe('{"f":1}');
      expect(plan.removes).toContain('storylines/a/memory.md');
      // The changelog is cut at a byte offset; the cut lines go to the rewind folder.
      expect(plan.cuts).toEqual([
        {
          path: 'state/changelog.jsonl',
          at: 14,
          sha256: 'sha:{"chapter":1}\n',
          tail_to: 'staging/revisions/rewind-2/state/changelog-cut.jsonl',
          tail_sha256: 'sha:{"chapter":2}\n{"chapter":3}\n',
        },
      ]);
      expect(plan.changelog_lines_cut).toBe(2);
      expect(plan.removes).toEqual(
        expect.arrayContaining([
          '.novel/history/chapter-002.json',
          '.novel/history/chapter-003.json',
          'logs/book-ledger.json',
        ]),
      );
      expect(plan.removes).not.toContain('chapters/chapter-002.md');
      expect(plan.removes).not.toContain('chapters/chapter-001.md');
      expect(plan.checkpoint).toEqual({
        last_completed_chapter: 1,
        current_volume: 1,
        orchestrator_state: 'WRITING',
        pipeline_stage: 'committed',
        inflight_chapter: null,
        revision_count: 0,
        author_note: '重写',
        x_other: 1,
      });
      const journal = rewindJournal(plan, (t) => `sha:${t.length}`);
      expect(journal).toMatchObject({
        version: 1,
        kind: 'rewind',
        chapter: 2,
        appends: [],
        moves: plan.moved,
        cuts: plan.cuts,
      });
    },
  );

  it('to the chapter in flight: only its staged work moves, nothing is cut', () => {
    const plan = planRewind({
      to: 4,
      lastCompleted: 3,
      histories: new Map(),
      files: Object.keys(texts),
      hashOf,
      sha256,
      currentText: (p: string) => texts[p as keyof typeof texts] ?? null,
      changelog,
      stateText: '{"v":3}',
      unknownEntities: null,
      consistencyReport: null,
      folder: 1,
      volumes: [{ volume: 1, outline: [1, 2, 3, 4] }],
      chaptersPerVolume: 30,
      checkpointRaw: {},
      note: null,
    });
    expect(plan.chapters).toEqual([]);
    expect(plan.moved.map((m) => m.from)).toEqual(['staging/chapters/chapter-004.md']);
    expect(plan.restored).toEqual([]);
    expect(plan.cuts).toEqual([]);
    expect(plan.writes).toEqual([]);
    expect(plan.changelog_lines_cut).toBe(0);
    expect(plan.checkpoint).not.toHaveProperty('author_note');
  });

  it('moves aside the plans of volumes that start after the chapter; the volume is the one that holds it', () => {
    const vols = [
      { volume: 1, outline: [1, 2, 3, 4, 5] },
      { volume: 2, outline: [6, 7, 8] },
      { volume: 3, outline: [9, 10] },
    ];
    // Inside volume 1: volumes 2 and 3 start after it.
    expect(rewindVolumes(4, vols, 30)).toEqual({ volume: 1, planning: false, moved: [2, 3] });
    // The first chapter of volume 2: its plan was made after chapter 5 and stays.
    expect(rewindVolumes(6, vols, 30)).toEqual({ volume: 2, planning: false, moved: [3] });
    expect(rewindVolumes(8, vols, 30)).toEqual({ volume: 2, planning: false, moved: [3] });
    // The chapter in flight after the last outlined one: the next volume, to be planned.
    expect(rewindVolumes(11, vols, 30)).toEqual({ volume: 4, planning: true, moved: [] });
    // A gap in the outline: the volume it is in.
    expect(
      rewindVolumes(
        3,
        [
          { volume: 1, outline: [1, 2, 5] },
          { volume: 2, outline: [6] },
        ],
        30,
      ),
    ).toEqual({ volume: 1, planning: false, moved: [2] });
    // A folder without an outline goes with the volumes after the book's; no outline at all: chapters_per_volume.
    expect(
      rewindVolumes(
        4,
        [
          { volume: 1, outline: [1, 2, 3, 4, 5] },
          { volume: 2, outline: [] },
        ],
        30,
      ),
    ).toEqual({ volume: 1, planning: false, moved: [2] });
    expect(rewindVolumes(45, [], 30)).toEqual({ volume: 2, planning: false, moved: [] });
  });

  it(
    'across volumes: the later plans, their packets and audit folders, the ' +
      "rewound chapters' manifests and consistency lines go to the rewind folder",
    () => {
      const files = [
        'chapters/chapter-004.md',
        'chapters/chapter-006.md',
        'staging/manifests/chapter-004-draft.json',
        'staging/manifests/chapter-006-draft.json',
        'staging/manifests/volume-02-plan.json',
        'staging/revisions/chapter-004/round-1/chapters/chapter-004.md',
        'staging/revisions/chapter-006/title-fix/chapters/chapter-006.md',
        'staging/revisions/chapter-006/title-fix/evaluations/chapter-006-eval.json',
        'staging/revisions/volume-02/unexpected-1/x.md',
        'staging/revisions/rewind-1/chapters/chapter-009.md',
      ];
      const report = Buffer.from(
        '{"chapter":4,"round":0,"conflicts":[]}\n{"chapter":5,"round":0,"conflicts":' +
          '[]}\n{"chapter":6,"round":0,"conflicts":[]}\n{"chapter":7,"round":1,"conflicts":[]}\n',
      );
      const plan = planRewind({
        to: 5,
        lastCompleted: 6,
        histories: new Map(),
        files,
        hashOf: (p) => `sha:${p}`,
        sha256,
        currentText: () => null,
        changelog: Buffer.alloc(0),
        stateText: '{}',
        unknownEntities: null,
        consistencyReport: report,
        folder: 2,
        volumes: [
          { volume: 1, outline: [1, 2, 3, 4, 5] },
          { volume: 2, outline: [6, 7, 8] },
        ],
        chaptersPerVolume: 30,
        checkpointRaw: { current_volume: 2 },
        note: null,
      });
      expect(plan).toMatchObject({
        volume: 1,
        volumes: [2],
        checkpoint: { current_volume: 1, last_completed_chapter: 4, orchestrator_state: 'WRITING' },
      });
      expect(plan.moved.map((m) => [m.from, m.sha256 === null])).toEqual([
        ['chapters/chapter-006.md', false],
        ['staging/manifests/chapter-006-draft.json', false],
        ['staging/manifests/volume-02-plan.json', false],
        ['staging/revisions/chapter-006', true],
        ['staging/revisions/volume-02', true],
        ['volumes/vol-02', true],
      ]);
      expect(plan.moved.at(-1)?.to).toBe('staging/revisions/rewind-2/volumes/vol-02');
      expect(plan.cuts).toEqual([
        {
          path: 'logs/consistency-report.jsonl',
          at: 39,
          sha256: 'sha:{"chapter":4,"round":0,"conflicts":[]}\n',
          tail_to: 'staging/revisions/rewind-2/logs/consistency-report-cut.jsonl',
          tail_sha256: expect.stringContaining('"chapter":5'),
        },
      ]);
      expect(firstLineOfChapter(report, 99)).toBe(report.length);
      expect(firstLineOfChapter(Buffer.from('not json\n{"chapter":9}\n'), 9)).toBe(9);
    },
  );
});

describe('rewind from histories that keep patches', () => {
  const realSha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
  const shaText = (t: string): string => realSha(Buffer.from(t));
  const plan = (histories: Map<number, CommitHistory>, now: string) =>
    planRewind({
      to: 2,
      lastCompleted: 3,
      histories,
      files: [],
      hashOf: () => null,
      sha256: realSha,
      currentText: (p) => (p === 'state/chapter-memory.json' ? now : null),
      changelog: Buffer.alloc(0),
      stateText: '{}',
      unknownEntities: null,
      consistencyReport: null,
      folder: 1,
      volumes: [],
      chaptersPerVolume: 30,
      checkpointRaw: {},
      note: null,
    });

  it('walks back from the file now through each commit to the text before the earliest', () => {
    const v1 = '[\n  1\n]\n';
    const v2 = '[\n  1,\n  2\n]\n';
    const v3 = '[\n  1,\n  2,\n  3\n]\n';
    const histories = new Map([
      [2, h(2, {}, 0)],
      [3, h(3, {}, 0)],
    ]);
    (histories.get(2) as CommitHistory).files['state/chapter-memory.json'] = {
      patch: reversePatch(v1, v2, shaText(v2)),
    };
    (histories.get(3) as CommitHistory).files['state/chapter-memory.json'] = {
      patch: reversePatch(v2, v3, shaText(v3)),
    };
    expect(plan(histories, v3).writes).toContainEqual({ path: 'state/chapter-memory.json', content: v1 });
    // A whole text in an older history (an earlier version's) ends the walk there.
    (histories.get(2) as CommitHistory).files['state/chapter-memory.json'] = '[]\n';
    expect(plan(histories, v3).writes).toContainEqual({ path: 'state/chapter-memory.json', content: '[]\n' });
  });

  it('refuses when the file was changed outside novel since the commit, naming it', () => {
    const histories = new Map([
      [
        3,
        h(3, { 'state/chapter-memory.json': { patch: reversePatch('[]\n', '[1]\n', shaText('[1]\n')) } } as never, 0),
      ],
    ]);
    expect(() => plan(histories, '[1, 2]\n')).toThrow(
      /state\/chapter-memory\.json is not the text chapter 3's commit left/,
    );
  });
});
