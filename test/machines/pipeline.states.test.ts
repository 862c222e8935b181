import { describe, expect, it } from 'vitest';
import {
  chapterStates,
  initialContext,
  LADDER,
  PIPELINE_MACHINE_ID,
  STABLE_STATES,
  stateMeta,
} from '../../machines/pipeline.states.js';
import { DEFAULT_MAX_REVISIONS, DEFAULT_THRESHOLDS } from '../../machines/pipeline.gate.js';

describe('initialContext', () => {
  it('defaults around the chapter', () => {
    expect(initialContext({ chapter: 7 })).toEqual({
      chapter: 7,
      revision_count: 0,
      max_revisions: DEFAULT_MAX_REVISIONS,
      revision_policy: 'auto',
      thresholds: DEFAULT_THRESHOLDS,
      verdict: null,
      gate: null,
      title_fixed: false,
      hook_fixed_round: null,
      volume: 1,
      last_completed_chapter: 6,
      chapters_per_volume: 30,
      book_chapters: null,
      outline_chapters: [],
      planning: false,
      journal: null,
      resume: null,
      claimed: false,
      setup: null,
      imported_chapters: 0,
      import_caught_up: 0,
      import_summarized: false,
    });
  });

  it('takes every input given', () => {
    const t = { pass: 4.5, polish: 4, revise: 3, pause: 1 };
    const c = initialContext({
      chapter: 7,
      max_revisions: 0,
      revision_policy: 'none',
      thresholds: t,
      title_fixed: true,
      hook_fixed_round: 1,
      volume: 3,
      last_completed_chapter: 2,
      chapters_per_volume: 10,
      book_chapters: 100,
      outline_chapters: [7, 8],
      planning: true,
      journal: { kind: 'volume', volume: 3 },
      setup: 'style',
      imported_chapters: 5,
      import_caught_up: 2,
      import_summarized: true,
    });
    expect(c).toMatchObject({
      max_revisions: 0,
      revision_policy: 'none',
      thresholds: t,
      title_fixed: true,
      hook_fixed_round: 1,
      volume: 3,
      last_completed_chapter: 2,
      chapters_per_volume: 10,
      book_chapters: 100,
      outline_chapters: [7, 8],
      planning: true,
      journal: { kind: 'volume', volume: 3 },
      setup: 'style',
      imported_chapters: 5,
      import_caught_up: 2,
      import_summarized: true,
    });
    expect(c.resume).toBeNull();
    expect(c.claimed).toBe(false);
  });
});

describe('state metadata', () => {
  it('the machine id is versioned', () => {
    expect(PIPELINE_MACHINE_ID).toBe('novel.pipeline.v1');
  });

  it('every stable state has meta; the transient states have none', () => {
    for (const s of STABLE_STATES) expect(stateMeta(s), s).toBeDefined();
    expect('meta' in chapterStates.lock).toBe(false);
    expect('meta' in chapterStates.gate).toBe(false);
    expect('always' in chapterStates.lock && 'always' in chapterStates.gate).toBe(true);
  });

  it('each state awaits its step in its mode', () => {
    const table = Object.fromEntries(
      STABLE_STATES.map((s) => [s, [stateMeta(s).step, stateMeta(s).mode, stateMeta(s).action]]),
    );
    expect(table).toEqual({
      draft: ['draft', 'draft', 'execute'],
      summarize: ['summarize', 'normal', 'execute'],
      audit: ['audit', 'normal', 'execute'],
      refine: ['refine', 'normal', 'execute'],
      titleFix: ['title-fix', 'title-fix', 'execute'],
      judge: ['judge', 'normal', 'execute'],
      hookFix: ['hook-fix', 'hook-fix', 'execute'],
      revising: ['draft', 'revision', 'execute'],
      polishing: ['refine', 'polish', 'execute'],
      review: ['review', 'review', 'review'],
      commit: ['commit', 'commit', 'commit'],
      done: [null, 'normal', 'done'],
    });
  });

  it('ladder rungs are on the ladder; only done has none', () => {
    expect([...LADDER]).toEqual(['lock', 'draft', 'summarize', 'audit', 'refine', 'judge', 'gate', 'commit']);
    for (const s of STABLE_STATES) {
      const l = stateMeta(s).ladder;
      if (s === 'done') expect(l).toBeNull();
      else expect(LADDER).toContain(l!.rung);
    }
    expect(stateMeta('review').ladder).toEqual({ rung: 'gate', note: 'paused for the author' });
    expect(stateMeta('revising').ladder).toEqual({ rung: 'draft', note: 'revision' });
  });

  it('every transition target is a chapter state', () => {
    const names = new Set(Object.keys(chapterStates));
    const targets: string[] = [];
    const collect = (t: unknown): void => {
      if (typeof t === 'string') targets.push(t);
      else if (Array.isArray(t)) t.forEach(collect);
      else if (t && typeof t === 'object' && 'target' in t) collect((t as { target: unknown }).target);
    };
    for (const node of Object.values(chapterStates)) {
      if ('on' in node) Object.values(node.on).forEach(collect);
      if ('always' in node) collect(node.always);
    }
    expect(targets.length).toBeGreaterThan(20);
    for (const t of targets) expect(names.has(t), t).toBe(true);
    expect(chapterStates.done.type).toBe('final');
  });
});
