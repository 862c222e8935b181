/**
 * The one validation context of a chapter step (validationContextFor): what
 * the light one of `next` holds, what the full one of `advance`/`validate`
 * adds per stage; the fix guard; the meta of a book at rest.
 */
import { describe, expect, it } from 'vitest';
import { fixContext, validationContextFor, type BookProbe } from '../../src/core/rehydrate.js';
import { restMeta } from '../../src/core/book-rest.js';
import { DEFAULT_SETTINGS } from '../../src/core/settings.js';
import type { StateDoc } from '../../src/core/state-ops.js';
import type { Checkpoint } from '../../src/schemas/checkpoint.js';

const lists = () => ({}) as never;
const probe: BookProbe = { journal: null, outline_chapters: [5, 6], lintLists: lists };
const guard = {
  step: 'title-fix',
  chars: 12,
  sha256: 'a'.repeat(64),
  copy: 'staging/revisions/chapter-005/title-fix/chapters/chapter-005.md',
};
const cp = {
  last_completed_chapter: 4,
  current_volume: 1,
  orchestrator_state: 'WRITING',
  staged_title: '第5章 风起',
  fix_guard: guard,
} as unknown as Checkpoint;
const state = { schema_version: 1, state_version: 4, last_updated_chapter: 4 } as StateDoc;
const memory = (id: string) => (id === 'main' ? '记忆' : undefined);
const settings = { ...DEFAULT_SETTINGS, chapter_length: { min: 2000, max: 4000 }, memory_keep_ratio: 0.7 };
const sources = {
  checkpoint: cp,
  settings,
  probe,
  stagingHashes: { 'staging/chapters/chapter-005.md': 'b'.repeat(64) },
  state,
  committedMemory: memory,
};

describe('validationContextFor', () => {
  it(
    'the light context of next: the chapter, the hashes outputs ' + 'must differ from, and the fix guard, nothing more',
    () => {
      for (const stage of ['draft', 'summarize', 'refine', 'judge'] as const) {
        expect(validationContextFor(stage, 5, sources, false)).toEqual({
          chapter: 5,
          stagingHashes: sources.stagingHashes,
          fixGuard: guard,
        });
      }
    },
  );

  it('the full context of a refine: the staged title, the 字数 range and the quality layer; no state or memory', () => {
    const c = validationContextFor('refine', 5, sources, true);
    expect(c).toEqual({
      chapter: 5,
      stagingHashes: sources.stagingHashes,
      stagedTitle: '第5章 风起',
      chapterLength: { min: 2000, max: 4000 },
      quality: { settings: settings.quality, lists, keyChapter: true },
      fixGuard: guard,
    });
  });

  it('the full context of a summarize: the state, the committed memories and the keep ratio; no staged title', () => {
    const c = validationContextFor('summarize', 5, sources, true);
    expect(c).toMatchObject({
      chapter: 5,
      state,
      committedMemory: memory,
      memoryKeepRatio: 0.7,
      chapterLength: { min: 2000, max: 4000 },
    });
    expect('stagedTitle' in c).toBe(false);
  });

  it('the full context of a draft or judge: neither title nor state nor memory', () => {
    for (const stage of ['draft', 'judge'] as const) {
      const c = validationContextFor(stage, 5, sources, true);
      expect(Object.keys(c).sort()).toEqual(['chapter', 'chapterLength', 'fixGuard', 'quality', 'stagingHashes']);
    }
  });

  it(
    'what is absent stays out: no hashes, no staged title, no ' +
      'state, no memory, no length, no word lists, no guard',
    () => {
      const bare = {
        checkpoint: {
          last_completed_chapter: 4,
          current_volume: 1,
          orchestrator_state: 'WRITING',
          staged_title: 7,
        } as unknown as Checkpoint,
        settings: DEFAULT_SETTINGS,
        probe: { journal: null, outline_chapters: [] },
      };
      expect(validationContextFor('refine', 5, bare, true)).toEqual({ chapter: 5 });
      expect(validationContextFor('summarize', 5, bare, true)).toEqual({ chapter: 5 });
    },
  );
});

describe('the continuity facts in the context (§19)', () => {
  it('the full context of every step carries the probe’s facts; the light one of next never does', () => {
    const continuity = () => ({}) as never;
    const withFacts = { ...sources, probe: { ...probe, continuity } };
    for (const stage of ['summarize', 'audit', 'refine', 'judge'] as const) {
      expect(validationContextFor(stage, 5, withFacts, true).continuity, stage).toBe(continuity);
      expect('continuity' in validationContextFor(stage, 5, withFacts, false), stage).toBe(false);
    }
  });
});

describe('fixContext and restMeta', () => {
  it('a fix guard only when the checkpoint records a whole one', () => {
    expect(fixContext(cp)).toEqual({ fixGuard: guard });
    expect(fixContext({ ...cp, fix_guard: { ...guard, chars: '12' } } as unknown as Checkpoint)).toEqual({});
    expect(fixContext({ last_completed_chapter: 0 } as Checkpoint)).toEqual({});
  });

  it('a snapshot without meta rests in execute, normal mode', () => {
    const bare = { getMeta: () => ({}) } as never;
    expect(restMeta(bare)).toEqual({ step: null, mode: 'normal', action: 'execute', description: '', ladder: null });
    const meta = { step: 'chapter:draft', mode: 'draft', action: 'execute', description: 'd', ladder: null };
    expect(restMeta({ getMeta: () => ({ a: undefined, b: { ...meta, mode: 'x' }, c: meta }) } as never)).toEqual(meta);
  });
});
