/**
 * validate: the diagnostics in full (code, severity, file, field, expected,
 * found, fix), the output evidence and the freshness of each step, so that a
 * changed condition or message is noticed (docs/decisions.md, "Mutation testing").
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validateStep, type LintSetup, type ValidationContext } from '../../src/core/validate.js';
import { fixGuardOf } from '../../src/core/fix-guard.js';
import { resolveQuality } from '../../src/core/quality-settings.js';
import type { StagedFile, StagingView } from '../../src/core/staging-view.js';
import { errorAt, type Diagnostic } from '../../src/schemas/diagnostics.js';
import { EMPTY_STATE } from '../../src/core/state-ops.js';

const sha = (t: string): string => createHash('sha256').update(t).digest('hex');
const view = (files: Record<string, string | StagedFile>): StagingView => ({
  files: new Map(
    Object.entries(files).map(([p, t]) => [p, typeof t === 'string' ? { path: p, sha256: sha(t), text: t } : t]),
  ),
});
/** Diagnostics as their English reads (the said words they carry render to it). */
const english = (ds: readonly Diagnostic[]): Diagnostic[] => ds.map(({ words: _words, ...d }) => d);
const codes = (r: { diagnostics: Diagnostic[] }): string[] => r.diagnostics.map((d) => `${d.severity}:${d.code}`);
const ctx = (over: Partial<ValidationContext> = {}): ValidationContext => ({ chapter: 4, ...over });
const quality = (over: Partial<LintSetup> = {}): LintSetup => ({
  settings: resolveQuality({}),
  lists: () => ({ blacklist: [], whitelist: [], cliche: {} }),
  ...over,
});
const unreadable = (rel: string): Extract<StagedFile, { problem: Diagnostic }> => ({
  path: rel,
  sha256: null,
  problem: errorAt('not_utf8', rel, { expected: 'UTF-8', found: 'bytes' }),
});

const CH = 'staging/chapters/chapter-004.md';
const CHAPTER = '# 第4章 雨夜\n\n林青岚推开门。\n\n雨下得很大。\n';
const SUMMARY = 'staging/summaries/chapter-004-summary.md';
const DELTA = 'staging/state/chapter-004-delta.json';
const CROSSREF = 'staging/state/chapter-004-crossref.json';
const MEMORY = 'staging/storylines/main/memory.md';
const CHMEM = 'staging/state/chapter-004-memory.json';
const LOG = 'staging/logs/style-refiner-chapter-004-changes.json';
const EVAL = 'staging/evaluations/chapter-004-eval.json';
const EVAL2 = 'staging/evaluations/chapter-004-eval-secondary.json';

const missing = (rel: string, step: string): Diagnostic => ({
  severity: 'error',
  code: 'output_missing',
  message: `${rel}: expected the file, found no file`,
  file: rel,
  expected: 'the file',
  found: 'no file',
  fix: `run the ${step} step so that it writes ${rel}`,
});

describe('validate: chapter text (draft, refine, fixes)', () => {
  it('a missing chapter names the step that writes it, for every step', () => {
    for (const step of ['draft', 'refine', 'title-fix', 'hook-fix'] as const) {
      const r = validateStep(step, view({}), ctx());
      expect(english(r.diagnostics)).toEqual([missing(CH, step)]);
      expect(r.valid).toBe(false);
      expect(r.fresh).toBe(false);
      expect(r.outputs).toEqual([{ path: CH, required: true, present: false, valid: false, new: false }]);
      expect(r).not.toHaveProperty('title');
      expect(r).not.toHaveProperty('lint');
    }
  });

  it('with quality settings but no chapter there is no lint', () => {
    for (const step of ['draft', 'refine', 'title-fix'] as const) {
      expect(validateStep(step, view({}), ctx({ quality: quality() })).lint).toBeUndefined();
    }
  });

  it('an empty chapter: the diagnostic in full, the output present but invalid', () => {
    const r = validateStep('draft', view({ [CH]: '\n \n' }), ctx());
    expect(english(r.diagnostics)).toEqual([
      {
        severity: 'error',
        code: 'chapter_empty',
        message: `${CH}: expected chapter text, found an empty file`,
        file: CH,
        expected: 'chapter text',
        found: 'an empty file',
        fix: 'write the chapter, starting with a `# ` title line',
      },
    ]);
    expect(r.outputs).toEqual([{ path: CH, required: true, present: true, valid: false, new: true }]);
    expect(r.valid).toBe(false);
    expect(r).not.toHaveProperty('title');
  });

  it('a chapter without a title line: the diagnostic in full', () => {
    const r = validateStep('refine', view({ [CH]: '\n第4章 雨夜\n正文。' }), ctx());
    expect(english(r.diagnostics)).toEqual([
      {
        severity: 'error',
        code: 'chapter_title_missing',
        message:
          `${CH}: field "first non-empty line": expected a \`# ` +
          `\` title line, e.g. "# 第4章 雨夜", found "第4章 雨夜"`,
        file: CH,
        field: 'first non-empty line',
        expected: 'a `# ` title line, e.g. "# 第4章 雨夜"',
        found: '"第4章 雨夜"',
        fix: 'start the chapter with a line "# <title>"',
      },
    ]);
    expect(r.outputs[0]!.valid).toBe(false);
    expect(r.valid).toBe(false);
  });

  it('a title naming another chapter: the warning in full (draft and refine)', () => {
    for (const step of ['draft', 'refine'] as const) {
      const r = validateStep(step, view({ [CH]: '# 第6章 雨夜\n\n正文。' }), ctx());
      expect(english(r.diagnostics)).toEqual([
        {
          severity: 'warning',
          code: 'title_chapter_mismatch',
          message:
            `${CH}: field "title line": expected a title for chapter ` +
            `4 (第4章), found "# 第6章 雨夜", which names chapter 6`,
          file: CH,
          field: 'title line',
          expected: 'a title for chapter 4 (第4章)',
          found: '"# 第6章 雨夜", which names chapter 6',
          fix: 'write 第4章 in the title, or check that the file is chapter 4',
        },
      ]);
      expect(r.valid).toBe(true);
      expect(r.title).toBe('# 第6章 雨夜');
    }
  });

  it('a title without a chapter number is no mismatch', () => {
    expect(validateStep('draft', view({ [CH]: '# 雨夜\n\n正文。' }), ctx()).diagnostics).toEqual([]);
  });

  it('chapter_length: the warning in full, the bounds shown with their defaults', () => {
    const body = '# 第4章 雨夜\n\n' + '字'.repeat(100);
    const short = validateStep('draft', view({ [CH]: body }), ctx({ chapterLength: { min: 101 } }));
    expect(english(short.diagnostics)).toEqual([
      {
        severity: 'warning',
        code: 'chapter_length',
        message: `${CH}: expected 101–∞ 字 (chapter_length in novel.config.json), found 100 字`,
        file: CH,
        expected: '101–∞ 字 (chapter_length in novel.config.json)',
        found: '100 字',
        fix: 'the chapter is short of the target: let the writer expand it',
      },
    ]);
    const long = validateStep('refine', view({ [CH]: body }), ctx({ chapterLength: { max: 99 } }));
    expect(english(long.diagnostics)).toEqual([
      {
        severity: 'warning',
        code: 'chapter_length',
        message: `${CH}: expected 0–99 字 (chapter_length in novel.config.json), found 100 字`,
        file: CH,
        expected: '0–99 字 (chapter_length in novel.config.json)',
        found: '100 字',
        fix: 'the chapter is over the target: let the writer tighten it',
      },
    ]);
    expect(long.valid).toBe(true);
    // Inside the bounds, at either edge, or with no bounds: no warning.
    expect(
      validateStep('refine', view({ [CH]: body }), ctx({ chapterLength: { min: 100, max: 100 } })).diagnostics,
    ).toEqual([]);
    expect(validateStep('refine', view({ [CH]: body }), ctx({ chapterLength: { min: 50 } })).diagnostics).toEqual([]);
    expect(validateStep('refine', view({ [CH]: body }), ctx({ chapterLength: { max: 200 } })).diagnostics).toEqual([]);
    expect(validateStep('refine', view({ [CH]: body }), ctx({ chapterLength: {} })).diagnostics).toEqual([]);
    expect(
      validateStep('draft', view({ [CH]: body }), ctx({ chapterLength: { min: 50, max: 200 } })).diagnostics,
    ).toEqual([]);
  });

  it('an unreadable chapter: its problem as an error, no title, no length check, no lint', () => {
    const f = unreadable(CH);
    for (const step of ['draft', 'refine', 'hook-fix'] as const) {
      const r = validateStep(step, view({ [CH]: f }), ctx({ chapterLength: { min: 10 }, quality: quality() }));
      expect(english(r.diagnostics)).toEqual([f.problem]);
      expect(r.outputs).toEqual([{ path: CH, required: true, present: true, valid: false, new: true }]);
      expect(r.lint).toBeUndefined();
    }
  });

  it('the staged chapter is linted for draft, refine, title-fix and hook-fix', () => {
    for (const step of ['draft', 'refine', 'title-fix', 'hook-fix'] as const) {
      const r = validateStep(step, view({ [CH]: CHAPTER }), ctx({ quality: quality() }));
      expect(r.lint).toMatchObject({ chapter: 4, source: 'staging' });
      expect(r.title).toBe('# 第4章 雨夜');
      expect(r.valid).toBe(true);
    }
  });
});

describe('validate refine', () => {
  it('a changed title: the warning in full', () => {
    const r = validateStep('refine', view({ [CH]: CHAPTER }), ctx({ stagedTitle: '# 第4章 夜雨' }));
    expect(english(r.diagnostics)).toEqual([
      {
        severity: 'warning',
        code: 'title_changed',
        message: `${CH}: field "title line": expected "# 第4章 夜雨" (unchanged by the refiner), found "# 第4章 雨夜"`,
        file: CH,
        field: 'title line',
        expected: '"# 第4章 夜雨" (unchanged by the refiner)',
        found: '"# 第4章 雨夜"',
        fix: 'the style-refiner should keep the title line as drafted',
      },
    ]);
  });

  it('no title or no recorded title: no title_changed', () => {
    expect(codes(validateStep('refine', view({ [CH]: CHAPTER }), ctx()))).toEqual([]);
    expect(codes(validateStep('refine', view({ [CH]: '正文。' }), ctx({ stagedTitle: '# 第4章 雨夜' })))).toEqual([
      'error:chapter_title_missing',
    ]);
  });

  it('the change log is an output only when it is staged', () => {
    expect(validateStep('refine', view({ [CH]: CHAPTER }), ctx()).outputs).toEqual([
      { path: CH, required: true, present: true, valid: true, new: true },
    ]);
    const r = validateStep(
      'refine',
      view({ [CH]: CHAPTER, [LOG]: '{"changes": []}' }),
      ctx({ stagingHashes: { [CH]: sha(CHAPTER) } }),
    );
    expect(r.outputs).toEqual([
      { path: CH, required: true, present: true, valid: true, new: false },
      { path: LOG, required: false, present: true, valid: true, new: true },
    ]);
    expect(r.fresh).toBe(true);
  });

  it('an unreadable or malformed change log is a warning and an invalid output', () => {
    const f = unreadable(LOG);
    const r = validateStep('refine', view({ [CH]: CHAPTER, [LOG]: f }), ctx());
    expect(english(r.diagnostics)).toEqual([{ ...f.problem, severity: 'warning' }]);
    expect(r.valid).toBe(true);
    expect(r.outputs[1]).toEqual({ path: LOG, required: false, present: true, valid: false, new: true });
    const bad = validateStep('refine', view({ [CH]: CHAPTER, [LOG]: '[1]' }), ctx());
    expect(
      bad.diagnostics.every((d) => d.severity === 'warning' && d.code === 'invalid_change_log' && d.file === LOG),
    ).toBe(true);
    expect(bad.diagnostics.length).toBeGreaterThan(0);
    expect(bad.outputs[1]!.valid).toBe(false);
  });
});

const delta = (over: Record<string, unknown> = {}): string =>
  JSON.stringify({ chapter: 4, base_state_version: 3, storyline_id: 'main', ops: [], ...over });
const crossref = (over: Record<string, unknown> = {}): string =>
  JSON.stringify({ storyline_id: 'main', cross_references: [], leak_risk: 'none', ...over });
const summarize = (over: Record<string, string | StagedFile | undefined> = {}): StagingView => {
  const files: Record<string, string | StagedFile> = {
    [SUMMARY]: '林青岚夜入藏经阁。',
    [DELTA]: delta(),
    [CROSSREF]: crossref(),
    [MEMORY]: '- 第4章：夜入藏经阁\n',
  };
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) delete files[k];
    else files[k] = v;
  }
  return view(files);
};
const chapterMemory = (chapter: number): string =>
  JSON.stringify({
    chapter,
    time_anchor: 'night',
    location: 'library',
    events: [],
    character_states: {},
    open_threads: [],
  });

describe('validate summarize', () => {
  it('every missing output is an error naming the summarize step; the result is still fresh', () => {
    const r = validateStep('summarize', view({}), ctx());
    expect(english(r.diagnostics)).toEqual([
      missing(SUMMARY, 'summarize'),
      missing(DELTA, 'summarize'),
      missing(CROSSREF, 'summarize'),
    ]);
    expect(r.valid).toBe(false);
    expect(r.fresh).toBe(true);
    expect(r.outputs).toEqual([
      { path: SUMMARY, required: true, present: false, valid: false, new: false },
      { path: DELTA, required: true, present: false, valid: false, new: false },
      { path: CROSSREF, required: true, present: false, valid: false, new: false },
      { path: 'staging/storylines/{storyline_id}/memory.md', required: true, present: false, valid: false, new: false },
      { path: CHMEM, required: false, present: false, valid: false, new: false },
    ]);
  });

  it('the missing memory of the delta storyline names the summarize step', () => {
    const r = validateStep('summarize', summarize({ [MEMORY]: undefined }), ctx());
    expect(english(r.diagnostics)).toEqual([missing(MEMORY, 'summarize')]);
  });

  it('an empty summary and an empty memory: the diagnostics in full, the outputs invalid', () => {
    const s = validateStep('summarize', summarize({ [SUMMARY]: ' \n' }), ctx());
    expect(english(s.diagnostics)).toEqual([
      {
        severity: 'error',
        code: 'summary_empty',
        message: `${SUMMARY}: expected a non-empty summary, found an empty file`,
        file: SUMMARY,
        expected: 'a non-empty summary',
        found: 'an empty file',
      },
    ]);
    expect(s.outputs[0]).toEqual({ path: SUMMARY, required: true, present: true, valid: false, new: true });
    const m = validateStep('summarize', summarize({ [MEMORY]: '\n' }), ctx());
    expect(english(m.diagnostics)).toEqual([
      {
        severity: 'error',
        code: 'storyline_memory_empty',
        message: `${MEMORY}: expected the storyline memory text, found an empty file`,
        file: MEMORY,
        expected: 'the storyline memory text',
        found: 'an empty file',
      },
    ]);
    expect(m.outputs.find((o) => o.path === MEMORY)).toEqual({
      path: MEMORY,
      required: true,
      present: true,
      valid: false,
      new: true,
    });
  });

  it('unreadable summary and memory: their problems as errors, no empty-text check', () => {
    const a = unreadable(SUMMARY);
    expect(validateStep('summarize', summarize({ [SUMMARY]: a }), ctx()).diagnostics).toEqual([a.problem]);
    const b = unreadable(MEMORY);
    const r = validateStep('summarize', summarize({ [MEMORY]: b }), ctx({ committedMemory: () => 'a\nb\n' }));
    expect(english(r.diagnostics)).toEqual([b.problem]);
  });

  it('a delta of another chapter: the wrong_chapter error in full', () => {
    const r = validateStep('summarize', summarize({ [DELTA]: delta({ chapter: 5 }) }), ctx());
    expect(english(r.diagnostics)).toEqual([
      {
        severity: 'error',
        code: 'wrong_chapter',
        message: `${DELTA}: field "chapter": expected 4, found 5`,
        file: DELTA,
        field: 'chapter',
        expected: '4',
        found: '5',
        fix: "this file belongs to chapter 5; write chapter 4's output here",
      },
    ]);
    expect(r.valid).toBe(false);
  });

  it('an invalid delta: errors with its code, the delta output invalid', () => {
    const r = validateStep('summarize', summarize({ [DELTA]: delta({ ops: 'none' }) }), ctx());
    expect(r.diagnostics.length).toBeGreaterThan(0);
    expect(r.diagnostics.every((d) => d.severity === 'error' && d.code === 'invalid_delta' && d.file === DELTA)).toBe(
      true,
    );
    expect(r.outputs.find((o) => o.path === DELTA)).toEqual({
      path: DELTA,
      required: true,
      present: true,
      valid: false,
      new: true,
    });
    const j = validateStep('summarize', summarize({ [DELTA]: '{' }), ctx());
    expect(j.diagnostics.every((d) => d.severity === 'error' && d.code === 'invalid_delta')).toBe(true);
    expect(j.outputs.find((o) => o.path === DELTA)!.valid).toBe(false);
  });

  it('dropped ops: the warning in full, a non-object op shown as itself, an op without a path without one', () => {
    const ops = [{ op: 'set', path: 'characters.lin.location', value: 'x' }, 'junk', { op: 'nope' }];
    const r = validateStep('summarize', summarize({ [DELTA]: delta({ ops }) }), ctx({ state: { ...EMPTY_STATE } }));
    expect(codes(r)).toEqual(['warning:op_dropped', 'warning:op_dropped']);
    const [junk, nope] = r.diagnostics;
    expect(junk).toMatchObject({
      severity: 'warning',
      code: 'op_dropped',
      file: DELTA,
      field: 'ops[1]',
      found: '"junk": op is not an object',
      expected:
        'an op the commit can apply (`novel schema delta-op`: slug paths under characters, items, ' +
        'locations, factions, world_state, active_foreshadowing; foreshadow ids are slugs)',
      fix:
        'the commit drops this op; correct it (ids are lowercase slugs ' +
        'as in entity_id_map and foreshadowing_tasks) or remove it',
    });
    expect(nope!.field).toBe('ops[2]');
    expect(nope!.found).toMatch(/^\{"op":"nope"\}: /);
    expect(r.valid).toBe(true);
  });

  it('no state, or an invalid delta: nothing is dry-run', () => {
    const ops = ['junk'];
    expect(codes(validateStep('summarize', summarize({ [DELTA]: delta({ ops }) }), ctx()))).toEqual([]);
    const r = validateStep(
      'summarize',
      summarize({ [DELTA]: delta({ ops, chapter: 0 }) }),
      ctx({ state: { ...EMPTY_STATE } }),
    );
    expect(codes(r).every((c) => c === 'error:invalid_delta')).toBe(true);
  });

  it('a shrunk memory: the warning in full; lines are trimmed, blank lines and CRLF do not count', () => {
    const committed = ' a \r\nb\n\n c\nd\ne\n';
    const r = validateStep(
      'summarize',
      summarize({ [MEMORY]: 'a\r\n  b  \nc\nnew\n' }),
      ctx({ committedMemory: () => committed }),
    );
    expect(english(r.diagnostics)).toEqual([
      {
        severity: 'warning',
        code: 'storyline_memory_shrunk',
        message:
          `${MEMORY}: expected at least 80% of the 5 line(s) of ` +
          `storylines/main/memory.md (memory_keep_ratio), found 3 kept; dropped: "d", "e"`,
        file: MEMORY,
        expected: 'at least 80% of the 5 line(s) of storylines/main/memory.md (memory_keep_ratio)',
        found: '3 kept; dropped: "d", "e"',
        fix:
          'start from the committed memory (the packet names it as storyline_memory), ' +
          "keep its lines and add this chapter's; condense only on purpose",
      },
    ]);
    expect(r.valid).toBe(true);
    // Exactly at the ratio is enough; just under is not.
    expect(
      codes(
        validateStep(
          'summarize',
          summarize({ [MEMORY]: 'a\nb\nc\n' }),
          ctx({ committedMemory: () => committed, memoryKeepRatio: 0.6 }),
        ),
      ),
    ).toEqual([]);
    const under = validateStep(
      'summarize',
      summarize({ [MEMORY]: 'a\nb\nc\n' }),
      ctx({ committedMemory: () => committed, memoryKeepRatio: 0.61 }),
    );
    expect(under.diagnostics[0]!.expected).toBe(
      'at least 61% of the 5 line(s) of storylines/main/memory.md (memory_keep_ratio)',
    );
    // An empty committed memory has nothing to lose.
    expect(
      codes(validateStep('summarize', summarize({ [MEMORY]: 'x\n' }), ctx({ committedMemory: () => '\n \n' }))),
    ).toEqual([]);
    // The committed memory asked for is the delta's storyline.
    const asked: string[] = [];
    validateStep(
      'summarize',
      summarize(),
      ctx({
        committedMemory: (id) => {
          asked.push(id);
          return undefined;
        },
      }),
    );
    expect(asked).toEqual(['main']);
  });

  it('a crossref of another storyline: the warning in full; without a delta it is not compared', () => {
    const r = validateStep('summarize', summarize({ [CROSSREF]: crossref({ storyline_id: 'side' }) }), ctx());
    expect(english(r.diagnostics)).toEqual([
      {
        severity: 'warning',
        code: 'storyline_mismatch',
        message: `${CROSSREF}: field "storyline_id": expected "main" (the delta's storyline_id), found "side"`,
        file: CROSSREF,
        field: 'storyline_id',
        expected: '"main" (the delta\'s storyline_id)',
        found: '"side"',
      },
    ]);
    const noDelta = validateStep(
      'summarize',
      summarize({ [DELTA]: undefined, [CROSSREF]: crossref({ storyline_id: 'side' }) }),
      ctx(),
    );
    expect(english(noDelta.diagnostics)).toEqual([missing(DELTA, 'summarize')]);
  });

  it('an invalid crossref is an error and an invalid output', () => {
    const r = validateStep('summarize', summarize({ [CROSSREF]: '[]' }), ctx());
    expect(r.diagnostics.length).toBeGreaterThan(0);
    expect(
      r.diagnostics.every((d) => d.severity === 'error' && d.code === 'invalid_crossref' && d.file === CROSSREF),
    ).toBe(true);
    expect(r.outputs.find((o) => o.path === CROSSREF)!.valid).toBe(false);
  });

  it('the chapter memory: a valid one is a valid optional output; an unreadable or invalid one is an error', () => {
    const ok = validateStep('summarize', summarize({ [CHMEM]: chapterMemory(4) }), ctx());
    expect(english(ok.diagnostics)).toEqual([]);
    expect(ok.outputs.at(-1)).toEqual({ path: CHMEM, required: false, present: true, valid: true, new: true });
    const f = unreadable(CHMEM);
    expect(validateStep('summarize', summarize({ [CHMEM]: f }), ctx()).diagnostics).toEqual([f.problem]);
    const bad = validateStep('summarize', summarize({ [CHMEM]: '{}' }), ctx());
    expect(bad.diagnostics.length).toBeGreaterThan(0);
    expect(
      bad.diagnostics.every((d) => d.severity === 'error' && d.code === 'invalid_chapter_memory' && d.file === CHMEM),
    ).toBe(true);
    expect(bad.valid).toBe(false);
    const wrong = validateStep('summarize', summarize({ [CHMEM]: chapterMemory(3) }), ctx());
    expect(english(wrong.diagnostics)).toEqual([
      {
        severity: 'error',
        code: 'wrong_chapter',
        message: `${CHMEM}: field "chapter": expected 4, found 3`,
        file: CHMEM,
        field: 'chapter',
        expected: '4',
        found: '3',
        fix: "this file belongs to chapter 3; write chapter 4's output here",
      },
    ]);
    expect(wrong.outputs.at(-1)!.valid).toBe(false);
  });
});

const evaluation = (over: Record<string, unknown> = {}): string =>
  JSON.stringify({
    chapter: 4,
    overall: 4.2,
    recommendation: 'pass',
    contract_verification: { l1_checks: [], l2_checks: [], l3_checks: [], ls_checks: [] },
    scores: { plot: { score: 4, reason: 'ok' } },
    ...over,
  });

describe('validate judge', () => {
  it('a missing evaluation names the judge step; fresh regardless', () => {
    const r = validateStep('judge', view({}), ctx());
    expect(english(r.diagnostics)).toEqual([missing(EVAL, 'judge')]);
    expect(r.fresh).toBe(true);
    expect(r.outputs).toEqual([{ path: EVAL, required: true, present: false, valid: false, new: false }]);
    expect(r).not.toHaveProperty('verdict');
  });

  it('a valid evaluation recorded at the last advance still counts as fresh; no secondary, no output for it', () => {
    const e = evaluation();
    const r = validateStep('judge', view({ [EVAL]: e }), ctx({ stagingHashes: { [EVAL]: sha(e) } }));
    expect(r.fresh).toBe(true);
    expect(r.valid).toBe(true);
    expect(r.outputs).toEqual([{ path: EVAL, required: true, present: true, valid: true, new: false }]);
    expect(r).not.toHaveProperty('lint');
  });

  it('a key chapter without a secondary: the error in full', () => {
    const r = validateStep(
      'judge',
      view({ [EVAL]: evaluation(), [CH]: CHAPTER }),
      ctx({ quality: quality({ keyChapter: true }) }),
    );
    expect(english(r.diagnostics)).toEqual([
      {
        severity: 'error',
        code: 'secondary_eval_required',
        message:
          `${EVAL2}: expected a second, independent evaluation of chapter 4: it is a key ` +
          `chapter (the first or last of its volume, or inside a convergence event), found no file`,
        file: EVAL2,
        expected:
          'a second, independent evaluation of chapter 4: it is a key chapter ' +
          '(the first or last of its volume, or inside a convergence event)',
        found: 'no file',
        fix:
          'run the quality-judge a second time (executor.secondary_model picks its model) ' +
          'and write its evaluation there; quality.key_chapters: false turns this off',
      },
    ]);
    expect(r.valid).toBe(false);
    expect(r).not.toHaveProperty('verdict');
    expect(r).not.toHaveProperty('lint');
  });

  it('a present secondary is an output of its own; of another chapter it is an error', () => {
    const ok = validateStep('judge', view({ [EVAL]: evaluation(), [EVAL2]: evaluation() }), ctx());
    expect(ok.outputs).toEqual([
      { path: EVAL, required: true, present: true, valid: true, new: true },
      { path: EVAL2, required: false, present: true, valid: true, new: true },
    ]);
    const wrong = validateStep('judge', view({ [EVAL]: evaluation(), [EVAL2]: evaluation({ chapter: 5 }) }), ctx());
    expect(english(wrong.diagnostics)).toEqual([
      {
        severity: 'error',
        code: 'wrong_chapter',
        message: `${EVAL2}: field "chapter": expected 4, found 5`,
        file: EVAL2,
        field: 'chapter',
        expected: '4',
        found: '5',
        fix: "this file belongs to chapter 5; write chapter 4's output here",
      },
    ]);
    expect(wrong).not.toHaveProperty('verdict');
    const f = unreadable(EVAL2);
    const u = validateStep('judge', view({ [EVAL]: evaluation(), [EVAL2]: f }), ctx());
    expect(english(u.diagnostics)).toEqual([f.problem]);
    expect(u.valid).toBe(false);
  });

  it('an invalid evaluation: errors with its code and no verdict', () => {
    const r = validateStep('judge', view({ [EVAL]: evaluation({ overall: 'high' }) }), ctx());
    expect(r.diagnostics.length).toBeGreaterThan(0);
    expect(r.diagnostics.every((d) => d.severity === 'error' && d.code === 'invalid_eval' && d.file === EVAL)).toBe(
      true,
    );
    expect(r.outputs[0]!.valid).toBe(false);
    expect(r).not.toHaveProperty('verdict');
  });

  it('with quality settings the verdict uses the weights and the lint of the staged chapter', () => {
    const settings = { ...resolveQuality({}), weights: { plot: 1 } } as LintSetup['settings'];
    const r = validateStep(
      'judge',
      view({ [EVAL]: evaluation(), [CH]: CHAPTER }),
      ctx({ quality: quality({ settings }) }),
    );
    expect(r.valid).toBe(true);
    expect(r.lint).toMatchObject({ chapter: 4, source: 'staging' });
    expect(r.verdict).toMatchObject({ weights: { plot: 1 }, overall_final: 4, overall_judge: 4.2 });
    // Without the staged chapter there is nothing to lint.
    const noText = validateStep('judge', view({ [EVAL]: evaluation() }), ctx({ quality: quality() }));
    expect(noText.lint).toBeUndefined();
    expect(noText).not.toHaveProperty('lint');
    expect(noText.verdict).toBeDefined();
  });
});

describe('validate title-fix and hook-fix', () => {
  const before = '# 第4章 无题\n\n第一段。\n\n第二段。\n\n第三段。\n';
  const copy = 'staging/revisions/chapter-004/title-fix/chapters/chapter-004.md';

  it('a violation makes the chapter output invalid', () => {
    const guard = fixGuardOf(before, 'hook-fix', copy);
    const r = validateStep('hook-fix', view({ [CH]: before.replace('第一段', '改了') }), ctx({ fixGuard: guard }));
    expect(r.outputs).toEqual([{ path: CH, required: true, present: true, valid: false, new: true }]);
    expect(r.valid).toBe(false);
    expect(r.title).toBe('# 第4章 无题');
  });

  it('a hook-fix guard is not applied to... a title-fix, nor a title-fix guard to a hook-fix', () => {
    const guard = fixGuardOf(before, 'title-fix', copy);
    expect(
      validateStep('hook-fix', view({ [CH]: '# 第4章 无题\n\n全新。\n' }), ctx({ fixGuard: guard })).diagnostics,
    ).toEqual([]);
  });

  it('title-fix freshness', () => {
    expect(validateStep('title-fix', view({ [CH]: before }), ctx({ stagingHashes: { [CH]: sha(before) } })).fresh).toBe(
      false,
    );
    expect(validateStep('title-fix', view({ [CH]: before }), ctx({ stagingHashes: {} })).fresh).toBe(true);
  });
});

describe('validate: edges', () => {
  it('a null op is dropped and shown without a path', () => {
    const r = validateStep(
      'summarize',
      summarize({ [DELTA]: delta({ ops: [null] }) }),
      ctx({ state: { ...EMPTY_STATE } }),
    );
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code: 'op_dropped', field: 'ops[0]', found: 'null: op is not an object' });
  });

  it('the committed memory is not read when the staged memory is missing', () => {
    const asked: string[] = [];
    const r = validateStep(
      'summarize',
      summarize({ [MEMORY]: undefined }),
      ctx({
        committedMemory: (id) => {
          asked.push(id);
          return 'a\n';
        },
      }),
    );
    expect(asked).toEqual([]);
    expect(english(r.diagnostics)).toEqual([missing(MEMORY, 'summarize')]);
  });

  it("the judge's verdict carries the hard lint findings of the staged chapter", () => {
    const q = quality({ lists: () => ({ blacklist: [], whitelist: [], cliche: { 雨: 'hard' } }) });
    const r = validateStep('judge', view({ [EVAL]: evaluation(), [CH]: CHAPTER }), ctx({ quality: q }));
    expect(r.verdict?.lint?.map((f) => f.rule)).toContain('cliche');
    expect(r.verdict?.high_violation).toBe(false);
  });

  it('a fix guard is not checked against a missing chapter', () => {
    const guard = fixGuardOf('# 第4章 无题\n\n一。\n\n二。\n', 'hook-fix', 'staging/revisions/x.md');
    const r = validateStep('hook-fix', view({}), ctx({ fixGuard: guard }));
    expect(english(r.diagnostics)).toEqual([missing(CH, 'hook-fix')]);
  });
});
