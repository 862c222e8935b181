import { describe, expect, it } from 'vitest';
import { chapterOfBookFile, earliestRewind, planRewind, rewindJournal } from '../../src/core/rewind.js';
import type { CommitHistory } from '../../src/core/commit-plan.js';

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
const h = (chapter: number, files: Record<string, string | null>, bytes: number): CommitHistory => ({ chapter, changelog_bytes: bytes, unknown_entities_bytes: 0, files });

describe('rewind (pure plan)', () => {
  it('knows which chapter a book file belongs to', () => {
    expect(chapterOfBookFile('chapters/chapter-012.md')).toBe(12);
    expect(chapterOfBookFile('evaluations/chapter-012-eval-secondary.json')).toBe(12);
    expect(chapterOfBookFile('logs/chapter-012-executions.jsonl')).toBe(12);
    expect(chapterOfBookFile('.novel/history/chapter-012.json')).toBe(12);
    expect(chapterOfBookFile('state/current-state.json')).toBeNull();
    expect(chapterOfBookFile('volumes/vol-01/chapter-contracts/chapter-012.json')).toBeNull();
  });

  it('goes back only as far as every later commit kept its history', () => {
    expect(earliestRewind(12, (c) => c >= 4)).toBe(4);
    expect(earliestRewind(12, () => true)).toBe(1);
    expect(earliestRewind(12, (c) => c !== 12)).toBe(13);
  });

  it('moves the rewound chapters and staged work aside, restores each replaced file from the earliest rewound commit, cuts the logs', () => {
    const histories = new Map([
      [2, h(2, { 'storylines/a/memory.md': null }, 14)],
      [3, h(3, { 'foreshadowing/global.json': '{"f":1}' }, 28)],
    ]);
    const plan = planRewind({ to: 2, lastCompleted: 3, histories, files: Object.keys(texts), hashOf, sha256, changelog, stateText: '{"v":1}', unknownEntities: null, folder: 2, volume: 1, checkpointRaw: { last_completed_chapter: 3, gate: {}, x_other: 1 }, note: '重写' });
    expect(plan.chapters).toEqual([2, 3]);
    expect(plan.moved.map((m) => m.from)).toEqual(['chapters/chapter-002.md', 'chapters/chapter-003.md', 'evaluations/chapter-003-eval-secondary.json', 'logs/chapter-002-log.json', 'logs/lint/chapter-003.json', 'staging/chapters/chapter-004.md', 'state/chapter-003-crossref.json', 'summaries/chapter-002-summary.md']);
    expect(plan.moved.every((m) => m.to === `staging/revisions/rewind-2/${m.from}` && m.sha256 === `sha:${m.from}`)).toBe(true);
    // Moved by rename: no text of theirs in the plan.
    expect(plan.writes.map((w) => w.path)).toEqual(['foreshadowing/global.json', 'state/current-state.json', 'staging/revisions/rewind-2/note.md']);
    const write = (p: string) => plan.writes.find((w) => w.path === p)?.content;
    expect(write('state/current-state.json')).toBe('{"v":1}');
    expect(write('foreshadowing/global.json')).toBe('{"f":1}');
    expect(plan.removes).toContain('storylines/a/memory.md');
    // The changelog is cut at a byte offset; the cut lines go to the rewind folder.
    expect(plan.cuts).toEqual([{ path: 'state/changelog.jsonl', at: 14, sha256: 'sha:{"chapter":1}\n', tail_to: 'staging/revisions/rewind-2/state/changelog-cut.jsonl', tail_sha256: 'sha:{"chapter":2}\n{"chapter":3}\n' }]);
    expect(plan.changelog_lines_cut).toBe(2);
    expect(plan.removes).toEqual(expect.arrayContaining(['.novel/history/chapter-002.json', '.novel/history/chapter-003.json', 'logs/book-ledger.json']));
    expect(plan.removes).not.toContain('chapters/chapter-002.md');
    expect(plan.removes).not.toContain('chapters/chapter-001.md');
    expect(plan.removes).not.toContain('staging/revisions/chapter-002/round-1/chapters/chapter-002.md');
    expect(plan.checkpoint).toEqual({ last_completed_chapter: 1, current_volume: 1, orchestrator_state: 'WRITING', pipeline_stage: 'committed', inflight_chapter: null, revision_count: 0, author_note: '重写', x_other: 1 });
    const journal = rewindJournal(plan, (t) => `sha:${t.length}`);
    expect(journal).toMatchObject({ version: 1, kind: 'rewind', chapter: 2, appends: [], moves: plan.moved, cuts: plan.cuts });
  });

  it('to the chapter in flight: only its staged work moves, nothing is cut', () => {
    const plan = planRewind({ to: 4, lastCompleted: 3, histories: new Map(), files: Object.keys(texts), hashOf, sha256, changelog, stateText: '{"v":3}', unknownEntities: null, folder: 1, volume: 1, checkpointRaw: {}, note: null });
    expect(plan.chapters).toEqual([]);
    expect(plan.moved.map((m) => m.from)).toEqual(['staging/chapters/chapter-004.md']);
    expect(plan.restored).toEqual([]);
    expect(plan.cuts).toEqual([]);
    expect(plan.writes).toEqual([]);
    expect(plan.changelog_lines_cut).toBe(0);
    expect(plan.checkpoint).not.toHaveProperty('author_note');
  });
});
