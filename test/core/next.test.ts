/** `decideNext` over the book machine: pure, from a checkpoint, settings and probes. */
import { describe, expect, it } from 'vitest';
import { decideNext, nextStep } from '../../src/core/next.js';
import { DEFAULT_SETTINGS } from '../../src/core/settings.js';
import type { StagingView } from '../../src/core/staging-view.js';
import type { Checkpoint } from '../../src/schemas/checkpoint.js';

const none: StagingView = { files: new Map() };
const cp = (over: Partial<Checkpoint> = {}): Checkpoint =>
  ({
    last_completed_chapter: 3,
    current_volume: 1,
    orchestrator_state: 'WRITING',
    pipeline_stage: 'committed',
    inflight_chapter: null,
    revision_count: 0,
    ...over,
  }) as Checkpoint;
const outline = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const next = (
  c: Checkpoint,
  o: number[],
  extra: Partial<typeof DEFAULT_SETTINGS> = {},
  journal: null | { kind: 'chapter'; chapter: number } | { kind: 'volume'; volume: number } = null,
  view = none,
) =>
  decideNext({
    checkpoint: c,
    settings: { ...DEFAULT_SETTINGS, ...extra },
    view,
    probe: { journal, outline_chapters: o },
  });

describe('next, from the book machine', () => {
  it('the next planned chapter is drafted', () => {
    expect(next(cp(), outline(1, 30))).toMatchObject({
      step: 'chapter:004:draft',
      action: 'execute',
      state: 'draft',
      mode: 'draft',
      volume: 1,
    });
  });

  it(
    "a volume ends at its outline's last block (§14): the next " +
      'volume is planned, chapters_per_volume chapters suggested',
    () => {
      const d = next(cp(), outline(1, 3));
      expect(d).toMatchObject({
        step: 'volume:02:plan',
        action: 'execute',
        state: 'planning',
        mode: 'plan',
        chapter: null,
        volume: 2,
      });
      expect(d.reason).toMatch(/chapters 4–33/);
    },
  );

  it('a gap in the outline ahead is planned: the chapters up to the next outlined one', () => {
    const d = next(cp(), [...outline(1, 3), ...outline(8, 30)]);
    expect(d).toMatchObject({ step: 'volume:01:plan', state: 'planning', volume: 1 });
    expect(d.reason).toMatch(/chapters 4–7/);
  });

  it('after the last chapter of a volume, the next volume is planned', () => {
    expect(next(cp({ last_completed_chapter: 30 }), outline(1, 30))).toMatchObject({
      step: 'volume:02:plan',
      volume: 2,
      state: 'planning',
    });
    expect(
      next(cp({ last_completed_chapter: 30, current_volume: 2, orchestrator_state: 'VOL_PLANNING' }), []),
    ).toMatchObject({ step: 'volume:02:plan' });
  });

  it('VOL_PLANNING recorded wins over an outline already on disk', () => {
    expect(next(cp({ orchestrator_state: 'VOL_PLANNING' }), outline(1, 30))).toMatchObject({ step: 'volume:01:plan' });
  });

  it('a pending journal is recovered first, named from the journal', () => {
    expect(next(cp(), outline(1, 30), {}, { kind: 'chapter', chapter: 4 })).toMatchObject({
      step: 'chapter:004:commit',
      action: 'recover',
      state: 'recovering',
      command: 'novel commit --chapter 4',
    });
    expect(next(cp(), [], {}, { kind: 'volume', volume: 2 })).toMatchObject({
      step: 'volume:02:commit',
      action: 'recover',
      command: 'novel commit --volume 2',
    });
  });

  it('ERROR_RETRY reports the step to retry and says why', () => {
    const d = next(
      cp({ orchestrator_state: 'ERROR_RETRY', pipeline_stage: 'drafting', inflight_chapter: 4 }),
      outline(1, 30),
      {},
      null,
      {
        files: new Map([
          [
            'staging/chapters/chapter-004.md',
            { path: 'staging/chapters/chapter-004.md', sha256: 'b'.repeat(64), text: '# 第4章\n' },
          ],
        ]),
      },
    );
    expect(d).toMatchObject({ step: 'chapter:004:summarize', action: 'execute', error_retry: true });
    expect(d.reason).toMatch(/ERROR_RETRY/);
  });

  it('the planned book ends: book_chapters reached', () => {
    expect(next(cp({ last_completed_chapter: 5 }), outline(1, 30), { book_chapters: 5 })).toMatchObject({
      step: 'book:complete',
      action: 'done',
      state: 'complete',
    });
    expect(next(cp({ last_completed_chapter: 4 }), outline(1, 30), { book_chapters: 5 })).toMatchObject({
      step: 'chapter:005:draft',
    });
  });
});

describe('next without its Chinese reason (zh: false, for callers that show none)', () => {
  const judged = cp({
    pipeline_stage: 'judged',
    inflight_chapter: 4,
    gate: { decision: 'pass', verdict: 'pass', overall_final: 4.2, reason: 'pass: overall_final 4.20' },
  } as Partial<Checkpoint>);
  const retry = cp({ orchestrator_state: 'ERROR_RETRY', pipeline_stage: 'drafting', inflight_chapter: 4 });
  const cases: Array<[string, Checkpoint, number[], null | { kind: 'chapter'; chapter: number }]> = [
    ['a draft to run', cp(), outline(1, 30), null],
    ['a volume to plan', cp(), outline(1, 3), null],
    ['a journal to recover', cp(), outline(1, 30), { kind: 'chapter', chapter: 4 }],
    ['a gated chapter to commit', judged, outline(1, 30), null],
    ['an executor failure to retry', retry, outline(1, 30), null],
  ];
  it.each(cases)('%s: the same decision, the same English reason, no reason_zh', (_, c, o, journal) => {
    const input = { checkpoint: c, settings: DEFAULT_SETTINGS, view: none, probe: { journal, outline_chapters: o } };
    const full = decideNext(input);
    const en = decideNext({ ...input, zh: false });
    expect(full.reason_zh).toMatch(/[\u4e00-\u9fff]/);
    expect(en).not.toHaveProperty('reason_zh');
    const { reason_zh: _zh, ...rest } = full;
    expect(en).toEqual(rest);
  });
  it.each(cases)('%s: nextStep names the step decideNext names', (_, c, o, journal) => {
    const input = { checkpoint: c, settings: DEFAULT_SETTINGS, view: none, probe: { journal, outline_chapters: o } };
    const { id, step } = decideNext(input);
    expect(nextStep(input)).toEqual({ id, step });
  });
});

describe('the gate reason next says, from the record', () => {
  const reason = 'pass: overall_final 4.20 (pass ≥ 4, polish ≥ 3.5, revise ≥ 3, pause ≥ 2)';
  const words = {
    id: 'gate.pass',
    args: { score: { id: 'gate.score', args: { overall: '4.20', pass: 4, polish: 3.5, revise: 3, pause: 2 } } },
  };
  const judged = (gate: Record<string, unknown>) =>
    cp({
      pipeline_stage: 'judged',
      inflight_chapter: 4,
      gate: { decision: 'pass', verdict: 'pass', overall_final: 4.2, reason, ...gate },
    } as Partial<Checkpoint>);

  it('a record with its words: the English as recorded, the Chinese from the words', () => {
    const d = next(judged({ words }), outline(1, 30));
    expect(d.reason).toBe(`the gate allows the commit: ${reason}`);
    expect(d.reason_zh).toBe('闸门放行，可以入库：通过：最终总分 4.20（通过 ≥ 4，打磨 ≥ 3.5，修改 ≥ 3，暂停 ≥ 2）');
    expect(d.gate?.words).toEqual(words);
  });

  it('a record written before the words, or naming a message this version lacks, says its English as it is', () => {
    for (const c of [
      judged({}),
      judged({ words: { id: 'gate.from_the_future', args: {} } }),
      judged({ words: { id: 'gate.pass', args: { score: { id: 'nowhere.none', args: {} } } } }),
    ]) {
      const d = next(c, outline(1, 30));
      expect(d.reason).toBe(`the gate allows the commit: ${reason}`);
      expect(d.gate).not.toHaveProperty('words');
    }
  });

  it('a record without a reason says its decision', () => {
    const c = cp({ pipeline_stage: 'judged', inflight_chapter: 4, gate: { decision: 'pass' } } as Partial<Checkpoint>);
    const d = next(c, outline(1, 30));
    expect(d.reason).toBe('the gate allows the commit: gate pass (recorded)');
    expect(d.reason_zh).toBe('闸门放行，可以入库：闸门 pass（已记录）');
  });
});
