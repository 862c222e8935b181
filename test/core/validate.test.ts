import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateStep, type LintSetup, type ValidationContext } from '../../src/core/validate.js';
import { fixGuardOf } from '../../src/core/fix-guard.js';
import { resolveQuality } from '../../src/core/quality-settings.js';
import type { StagedFile, StagingView } from '../../src/core/staging-view.js';
import { errorAt } from '../../src/schemas/diagnostics.js';
import { EMPTY_STATE } from '../../src/core/state-ops.js';
import { castIndex, DEFAULT_CONTINUITY } from '../../src/core/continuity.js';

const sha = (t: string): string => createHash('sha256').update(t).digest('hex');
const view = (files: Record<string, string | StagedFile>): StagingView => ({
  files: new Map(
    Object.entries(files).map(([p, t]) => [p, typeof t === 'string' ? { path: p, sha256: sha(t), text: t } : t]),
  ),
});
const codes = (r: { diagnostics: Array<{ code: string; severity: string }> }): string[] =>
  r.diagnostics.map((d) => `${d.severity}:${d.code}`);

const CH = 'staging/chapters/chapter-004.md';
const CHAPTER = '# 第4章 雨夜\n\n林青岚推开门。\n\n雨下得很大。\n';
const ctx = (over: Partial<ValidationContext> = {}): ValidationContext => ({ chapter: 4, ...over });

describe('validate draft', () => {
  it('a titled chapter is valid and fresh, with its title', () => {
    const r = validateStep('draft', view({ [CH]: CHAPTER }), ctx());
    expect(r).toMatchObject({ valid: true, fresh: true, title: '# 第4章 雨夜', diagnostics: [] });
    expect(r.outputs).toEqual([{ path: CH, required: true, present: true, valid: true, new: true }]);
    expect(r.lint).toBeUndefined();
  });

  it('a chapter whose hash was recorded at the last advance is not fresh', () => {
    const r = validateStep('draft', view({ [CH]: CHAPTER }), ctx({ stagingHashes: { [CH]: sha(CHAPTER) } }));
    expect(r.valid).toBe(true);
    expect(r.fresh).toBe(false);
    expect(r.outputs[0]!.new).toBe(false);
    expect(validateStep('draft', view({ [CH]: CHAPTER }), ctx({ stagingHashes: { [CH]: sha('older') } })).fresh).toBe(
      true,
    );
  });

  it('a missing chapter is an error naming the step', () => {
    const r = validateStep('draft', view({}), ctx());
    expect(r.valid).toBe(false);
    expect(r.fresh).toBe(false);
    expect(codes(r)).toEqual(['error:output_missing']);
    expect(r.diagnostics[0]!.file).toBe(CH);
    expect(r.diagnostics[0]!.fix).toContain('draft step');
    expect(r.outputs).toEqual([{ path: CH, required: true, present: false, valid: false, new: false }]);
  });

  it('an empty chapter and a chapter without a title line are errors', () => {
    const empty = validateStep('draft', view({ [CH]: ' \n\n' }), ctx());
    expect(codes(empty)).toEqual(['error:chapter_empty']);
    expect(empty.outputs[0]!.valid).toBe(false);
    const untitled = validateStep('draft', view({ [CH]: '第4章 雨夜\n\n正文。' }), ctx());
    expect(codes(untitled)).toEqual(['error:chapter_title_missing']);
    expect(untitled.diagnostics[0]!.found).toBe('"第4章 雨夜"');
    expect(untitled.title).toBeUndefined();
    expect(untitled.valid).toBe(false);
  });

  it('an unreadable staged file reports its own problem as an error', () => {
    const problem = errorAt('not_utf8', CH, { expected: 'UTF-8', found: 'bytes' });
    const r = validateStep('draft', view({ [CH]: { path: CH, sha256: null, problem } }), ctx());
    expect(r.diagnostics).toEqual([problem]);
    expect(r.valid).toBe(false);
    expect(r.outputs[0]).toMatchObject({ present: true, valid: false });
  });

  it('a title naming another chapter is only a warning (Chinese numerals too)', () => {
    const r = validateStep('draft', view({ [CH]: '# 第五章 雨夜\n\n正文。' }), ctx());
    expect(codes(r)).toEqual(['warning:title_chapter_mismatch']);
    expect(r.valid).toBe(true);
    expect(r.diagnostics[0]!.found).toContain('names chapter 5');
    expect(codes(validateStep('draft', view({ [CH]: '# 第四章 雨夜\n\n正文。' }), ctx()))).toEqual([]);
  });

  it('a chapter outside chapter_length is a warning, short or long', () => {
    const body = '# 第4章 雨夜\n\n' + '字'.repeat(100);
    expect(codes(validateStep('draft', view({ [CH]: body }), ctx({ chapterLength: { min: 100, max: 100 } })))).toEqual(
      [],
    );
    const short = validateStep('draft', view({ [CH]: body }), ctx({ chapterLength: { min: 101 } }));
    expect(codes(short)).toEqual(['warning:chapter_length']);
    expect(short.diagnostics[0]!.found).toBe('100 字');
    expect(short.diagnostics[0]!.expected).toContain('101–∞');
    expect(short.diagnostics[0]!.fix).toContain('short');
    const long = validateStep('draft', view({ [CH]: body }), ctx({ chapterLength: { max: 99 } }));
    expect(codes(long)).toEqual(['warning:chapter_length']);
    expect(long.diagnostics[0]!.fix).toContain('over');
    expect(long.valid).toBe(true);
  });

  it('with quality settings the staged chapter is linted', () => {
    const quality: LintSetup = {
      settings: resolveQuality({}),
      lists: () => ({ blacklist: [], whitelist: [], cliche: {} }),
    };
    const r = validateStep('draft', view({ [CH]: CHAPTER }), ctx({ quality }));
    expect(r.lint).toMatchObject({ chapter: 4, source: 'staging' });
  });
});

const SUMMARY = 'staging/summaries/chapter-004-summary.md';
const DELTA = 'staging/state/chapter-004-delta.json';
const CROSSREF = 'staging/state/chapter-004-crossref.json';
const MEMORY = 'staging/storylines/main/memory.md';
const CHMEM = 'staging/state/chapter-004-memory.json';
const delta = (over: Record<string, unknown> = {}): string =>
  JSON.stringify({ chapter: 4, base_state_version: 3, storyline_id: 'main', ops: [], ...over });
const crossref = (over: Record<string, unknown> = {}): string =>
  JSON.stringify({ storyline_id: 'main', cross_references: [], leak_risk: 'none', ...over });
const summarize = (over: Record<string, string | undefined> = {}): StagingView => {
  const files: Record<string, string> = {
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

describe('validate summarize', () => {
  it('the four outputs make a valid step (always fresh)', () => {
    const r = validateStep('summarize', summarize(), ctx({ stagingHashes: { [SUMMARY]: sha('林青岚夜入藏经阁。') } }));
    expect(r.diagnostics).toEqual([]);
    expect(r).toMatchObject({ valid: true, fresh: true });
    expect(r.outputs.map((o) => [o.path, o.required, o.valid])).toEqual([
      [SUMMARY, true, true],
      [DELTA, true, true],
      [CROSSREF, true, true],
      [MEMORY, true, true],
      [CHMEM, false, false],
    ]);
  });

  it('missing delta: an error, and the storyline memory is listed as an unknown required output', () => {
    const r = validateStep('summarize', summarize({ [DELTA]: undefined }), ctx());
    expect(codes(r)).toEqual(['error:output_missing']);
    expect(r.outputs).toContainEqual({
      path: 'staging/storylines/{storyline_id}/memory.md',
      required: true,
      present: false,
      valid: false,
      new: false,
    });
  });

  it('an empty summary and an empty memory are errors', () => {
    expect(codes(validateStep('summarize', summarize({ [SUMMARY]: '\n  \n' }), ctx()))).toEqual([
      'error:summary_empty',
    ]);
    expect(codes(validateStep('summarize', summarize({ [MEMORY]: '' }), ctx()))).toEqual([
      'error:storyline_memory_empty',
    ]);
  });

  it('a delta of another chapter, bad JSON and a bad crossref are errors', () => {
    const wrong = validateStep('summarize', summarize({ [DELTA]: delta({ chapter: 5 }) }), ctx());
    expect(codes(wrong)).toEqual(['error:wrong_chapter']);
    expect(wrong.outputs.find((o) => o.path === DELTA)!.valid).toBe(false);
    expect(codes(validateStep('summarize', summarize({ [DELTA]: '{nope' }), ctx()))).toContain('error:invalid_delta');
    expect(codes(validateStep('summarize', summarize({ [CROSSREF]: crossref({ leak_risk: 'huge' }) }), ctx()))).toEqual(
      ['error:invalid_crossref'],
    );
  });

  it('the memory must be the one named by the delta storyline', () => {
    const r = validateStep(
      'summarize',
      summarize({ [DELTA]: delta({ storyline_id: 'side' }), [CROSSREF]: crossref({ storyline_id: 'side' }) }),
      ctx(),
    );
    expect(codes(r)).toEqual(['error:output_missing']);
    expect(r.diagnostics[0]!.file).toBe('staging/storylines/side/memory.md');
  });

  it('a crossref of another storyline is a warning', () => {
    const r = validateStep('summarize', summarize({ [CROSSREF]: crossref({ storyline_id: 'side' }) }), ctx());
    expect(codes(r)).toEqual(['warning:storyline_mismatch']);
    expect(r.valid).toBe(true);
  });

  it('ops the commit would drop are warned about, with their index and path', () => {
    const ops = [
      { op: 'set', path: 'characters.lin.location', value: 'x' },
      { op: 'set', path: 'weather.today', value: 'rain' },
      { op: 'inc', path: 'characters.lin.level', value: 'a lot' },
    ];
    const r = validateStep('summarize', summarize({ [DELTA]: delta({ ops }) }), ctx({ state: { ...EMPTY_STATE } }));
    expect(codes(r)).toEqual(['warning:op_dropped', 'warning:op_dropped']);
    expect(r.diagnostics.map((d) => d.field)).toEqual(['ops[1] (weather.today)', 'ops[2] (characters.lin.level)']);
    expect(r.valid).toBe(true);
    // Without a state nothing is dry-run.
    expect(codes(validateStep('summarize', summarize({ [DELTA]: delta({ ops }) }), ctx()))).toEqual([]);
  });

  it('a staged memory that loses more than memory_keep_ratio of the committed lines is a warning', () => {
    const committed = 'a\nb\nc\nd\ne\n';
    const keep4 = summarize({ [MEMORY]: 'a\nb\nc\nd\nnew\n' });
    expect(codes(validateStep('summarize', keep4, ctx({ committedMemory: () => committed })))).toEqual([]);
    const keep3 = summarize({ [MEMORY]: 'a\nb\nc\nnew\n' });
    const r = validateStep(
      'summarize',
      keep3,
      ctx({ committedMemory: (id) => (id === 'main' ? committed : undefined) }),
    );
    expect(codes(r)).toEqual(['warning:storyline_memory_shrunk']);
    expect(r.diagnostics[0]!.found).toBe('3 kept; dropped: "d", "e"');
    expect(r.diagnostics[0]!.expected).toContain('80%');
    expect(
      codes(validateStep('summarize', keep3, ctx({ committedMemory: () => committed, memoryKeepRatio: 0.6 }))),
    ).toEqual([]);
    expect(codes(validateStep('summarize', keep3, ctx({ committedMemory: () => undefined })))).toEqual([]);
  });

  it('an optional chapter memory, once present, must be valid and of this chapter', () => {
    const good = JSON.stringify({
      chapter: 4,
      time_anchor: 'night',
      location: 'library',
      events: [],
      character_states: {},
      open_threads: [],
    });
    expect(codes(validateStep('summarize', summarize({ [CHMEM]: good }), ctx()))).toEqual([]);
    expect(codes(validateStep('summarize', summarize({ [CHMEM]: JSON.stringify({ chapter: 4 }) }), ctx()))).toContain(
      'error:invalid_chapter_memory',
    );
    expect(
      codes(validateStep('summarize', summarize({ [CHMEM]: good.replace('"chapter":4', '"chapter":3') }), ctx())),
    ).toEqual(['error:wrong_chapter']);
  });
});

const LOG = 'staging/logs/style-refiner-chapter-004-changes.json';

describe('validate refine', () => {
  it('a refined chapter keeping the drafted title is valid', () => {
    const r = validateStep('refine', view({ [CH]: CHAPTER }), ctx({ stagedTitle: '# 第4章 雨夜' }));
    expect(r).toMatchObject({ valid: true, fresh: true, diagnostics: [], title: '# 第4章 雨夜' });
  });

  it('a changed title is a warning', () => {
    const r = validateStep('refine', view({ [CH]: CHAPTER }), ctx({ stagedTitle: '# 第4章 夜雨' }));
    expect(codes(r)).toEqual(['warning:title_changed']);
    expect(r.valid).toBe(true);
  });

  it('freshness: the chapter or the change log is new', () => {
    const files = { [CH]: CHAPTER, [LOG]: '[]' };
    expect(
      validateStep('refine', view(files), ctx({ stagingHashes: { [CH]: sha(CHAPTER), [LOG]: sha('[]') } })).fresh,
    ).toBe(false);
    expect(validateStep('refine', view(files), ctx({ stagingHashes: { [CH]: sha(CHAPTER) } })).fresh).toBe(true);
    expect(validateStep('refine', view({ [CH]: CHAPTER }), ctx({ stagingHashes: { [CH]: sha(CHAPTER) } })).fresh).toBe(
      false,
    );
  });

  it('a malformed change log is only a warning', () => {
    const r = validateStep('refine', view({ [CH]: CHAPTER, [LOG]: '"changed a lot"' }), ctx());
    expect(codes(r)).toEqual(['warning:invalid_change_log']);
    expect(r.valid).toBe(true);
    expect(codes(validateStep('refine', view({ [CH]: CHAPTER, [LOG]: 'not json' }), ctx()))).toEqual([
      'warning:invalid_change_log',
    ]);
    // An array that is not a list of changes is not an object either.
    expect(codes(validateStep('refine', view({ [CH]: CHAPTER, [LOG]: '[1, 2]' }), ctx()))).toEqual([
      'warning:invalid_change_log',
    ]);
    expect(codes(validateStep('refine', view({ [CH]: CHAPTER, [LOG]: '{"changes": []}' }), ctx()))).toEqual([]);
  });

  it('a missing refined chapter is an error naming the refine step', () => {
    const r = validateStep('refine', view({}), ctx());
    expect(codes(r)).toEqual(['error:output_missing']);
    expect(r.diagnostics[0]!.fix).toContain('refine step');
  });
});

const EVAL = 'staging/evaluations/chapter-004-eval.json';
const EVAL2 = 'staging/evaluations/chapter-004-eval-secondary.json';
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
  it('a valid evaluation gives the verdict (the judge overall without all dimensions)', () => {
    const r = validateStep('judge', view({ [EVAL]: evaluation() }), ctx());
    expect(r.valid).toBe(true);
    expect(r.fresh).toBe(true);
    expect(r.verdict).toMatchObject({ overall_final: 4.2, high_violation: false, weights: null });
  });

  it('a high-confidence violation reaches the verdict', () => {
    const cv = {
      l1_checks: [{ rule_id: 'w', status: 'violation', confidence: 'high' }],
      l2_checks: [],
      l3_checks: [],
      ls_checks: [],
    };
    const r = validateStep('judge', view({ [EVAL]: evaluation({ contract_verification: cv }) }), ctx());
    expect(r.verdict?.high_violation).toBe(true);
  });

  it('missing, malformed or of another chapter: an error and no verdict', () => {
    const missing = validateStep('judge', view({}), ctx());
    expect(codes(missing)).toEqual(['error:output_missing']);
    expect(missing.verdict).toBeUndefined();
    const bad = validateStep('judge', view({ [EVAL]: evaluation({ overall: 7 }) }), ctx());
    expect(codes(bad)).toEqual(['error:invalid_eval']);
    expect(bad.verdict).toBeUndefined();
    const wrong = validateStep('judge', view({ [EVAL]: evaluation({ chapter: 3 }) }), ctx());
    expect(codes(wrong)).toEqual(['error:wrong_chapter']);
    expect(wrong.verdict).toBeUndefined();
  });

  it('a secondary evaluation lowers the verdict to the lower overall', () => {
    const r = validateStep('judge', view({ [EVAL]: evaluation(), [EVAL2]: evaluation({ overall: 3.6 }) }), ctx());
    expect(r.verdict?.overall_final).toBe(3.6);
    expect(r.verdict?.overall_judge).toBe(3.6);
  });

  it('a present secondary must be valid (it feeds the gate)', () => {
    const r = validateStep('judge', view({ [EVAL]: evaluation(), [EVAL2]: '{' }), ctx());
    expect(r.valid).toBe(false);
    expect(codes(r)).toContain('error:invalid_eval');
    expect(r.verdict).toBeUndefined();
  });

  it('a key chapter requires the secondary evaluation', () => {
    const quality: LintSetup = {
      settings: resolveQuality({}),
      lists: () => ({ blacklist: [], whitelist: [], cliche: {} }),
      keyChapter: true,
    };
    const r = validateStep('judge', view({ [EVAL]: evaluation(), [CH]: CHAPTER }), ctx({ quality }));
    expect(codes(r)).toEqual(['error:secondary_eval_required']);
    expect(r.outputs).toContainEqual({ path: EVAL2, required: true, present: false, valid: false, new: false });
    const ok = validateStep(
      'judge',
      view({ [EVAL]: evaluation(), [EVAL2]: evaluation(), [CH]: CHAPTER }),
      ctx({ quality }),
    );
    expect(ok.valid).toBe(true);
    expect(ok.lint).toMatchObject({ chapter: 4 });
    const notKey = { ...quality, keyChapter: false };
    expect(validateStep('judge', view({ [EVAL]: evaluation(), [CH]: CHAPTER }), ctx({ quality: notKey })).valid).toBe(
      true,
    );
  });
});

describe('validate title-fix and hook-fix', () => {
  const before = '# 第4章 无题\n\n第一段。\n\n第二段。\n\n第三段。\n';
  const copy = 'staging/revisions/chapter-004/title-fix/chapters/chapter-004.md';

  it('a title-fix that changes only the title line is valid', () => {
    const guard = fixGuardOf(before, 'title-fix', copy);
    const r = validateStep('title-fix', view({ [CH]: before.replace('无题', '雨夜') }), ctx({ fixGuard: guard }));
    expect(r).toMatchObject({ valid: true, diagnostics: [], title: '# 第4章 雨夜' });
  });

  it('a title-fix that changes the body is an error', () => {
    const guard = fixGuardOf(before, 'title-fix', copy);
    const r = validateStep(
      'title-fix',
      view({ [CH]: before.replace('无题', '雨夜').replace('第二段', '第二段落') }),
      ctx({ fixGuard: guard }),
    );
    expect(codes(r)).toEqual(['error:title_fix_changed_body']);
    expect(r.valid).toBe(false);
  });

  it('a guard of the other micro-step is not applied', () => {
    const guard = fixGuardOf(before, 'hook-fix', copy);
    const r = validateStep('title-fix', view({ [CH]: '# 第4章 雨夜\n\n全新。\n' }), ctx({ fixGuard: guard }));
    expect(r.valid).toBe(true);
  });

  it('a hook-fix keeps everything before the last two paragraphs', () => {
    const guard = fixGuardOf(before, 'hook-fix', copy);
    expect(
      validateStep('hook-fix', view({ [CH]: before.replace('第三段', '新的钩子') }), ctx({ fixGuard: guard })).valid,
    ).toBe(true);
    const r = validateStep('hook-fix', view({ [CH]: before.replace('第一段', '改了') }), ctx({ fixGuard: guard }));
    expect(codes(r)).toEqual(['error:hook_fix_changed_text']);
  });

  it('freshness and a missing chapter', () => {
    expect(validateStep('hook-fix', view({ [CH]: before }), ctx({ stagingHashes: { [CH]: sha(before) } })).fresh).toBe(
      false,
    );
    const r = validateStep('hook-fix', view({}), ctx());
    expect(codes(r)).toEqual(['error:output_missing']);
    expect(r.diagnostics[0]!.fix).toContain('hook-fix step');
  });
});

describe("the judge's output beside a chapter changed since it was judged (PROTOCOL §17)", () => {
  it('is valid but not fresh while it is the evaluation judged; a new one is fresh', async () => {
    const { validateStep } = await import('../../src/core/validate.js');
    const chapterRel = 'staging/chapters/chapter-004.md';
    const evalRel = 'staging/evaluations/chapter-004-eval.json';
    const evaluation = JSON.stringify({
      chapter: 4,
      overall: 4.2,
      scores: {},
      contract_verification: { l1_checks: [], l2_checks: [], l3_checks: [], ls_checks: [] },
    });
    const files = (evalSha: string) =>
      new Map([
        [chapterRel, { path: chapterRel, sha256: 'b'.repeat(64), text: '# 标题\n\n正文。\n' }],
        [evalRel, { path: evalRel, sha256: evalSha, text: evaluation }],
      ]);
    const judgedHashes = { [chapterRel]: 'a'.repeat(64), [evalRel]: 'e'.repeat(64) };
    expect(validateStep('judge', { files: files('e'.repeat(64)) }, { chapter: 4, judgedHashes }).fresh).toBe(false);
    expect(validateStep('judge', { files: files('f'.repeat(64)) }, { chapter: 4, judgedHashes }).fresh).toBe(true);
    expect(validateStep('judge', { files: files('e'.repeat(64)) }, { chapter: 4 }).fresh).toBe(true);
  });
});

describe('continuity at summarize and refine (§19)', () => {
  const facts = () => ({
    state: {
      characters: { 'yun-wanqing': { status: 'dead' }, 'lin-qingyan': { status: 'alive' } },
      world_state: { story_day: 5 },
    },
    cast: castIndex([
      { id: 'yun-wanqing', names: ['云婉清'] },
      { id: 'lin-qingyan', names: ['林青岚'] },
    ]),
    ladders: {},
    resolved: new Set<string>(),
    names: DEFAULT_CONTINUITY,
  });
  const text = '# 第4章 雨夜\n\n林青岚推开门。\n\n云婉清拔剑出鞘，挡在门前。\n';
  const delta = (extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      chapter: 4,
      base_state_version: 3,
      storyline_id: 'main',
      ops: [{ op: 'set', path: 'world_state.story_day', value: 4 }],
      ...extra,
    });
  const summarize = (d: string) => ({
    [CH]: text,
    'staging/summaries/chapter-004-summary.md': '# 摘要\n\n雨夜。\n',
    'staging/state/chapter-004-delta.json': d,
    'staging/state/chapter-004-crossref.json': JSON.stringify({
      storyline_id: 'main',
      cross_references: [],
      leak_risk: 'none',
    }),
    'staging/storylines/main/memory.md': '# 主线\n\n- 雨夜。\n',
  });

  it('a dead character acting and a day going back are warnings naming the line and the op', () => {
    const r = validateStep('summarize', view(summarize(delta())), ctx({ continuity: facts }));
    expect(r.valid).toBe(true);
    const found = r.diagnostics.filter((d) => d.code === 'continuity');
    expect(found.map((d) => [d.file, d.field, d.found])).toEqual([
      [CH, 'line 5', '云婉清拔剑出鞘，挡在门前。'],
      ['staging/state/chapter-004-delta.json', 'ops', expect.stringContaining('story_day')],
    ]);
    expect(r.continuity?.map((f) => f.kind)).toEqual(['gone_acting', 'day_back']);
  });

  it('a span the delta marks as a memory is not acting now; without the facts nothing is checked', () => {
    const remembered = delta({ recollections: [{ lines: [5, 5], kind: 'memory' }] });
    const r = validateStep('summarize', view(summarize(remembered)), ctx({ continuity: facts }));
    expect(r.continuity?.map((f) => f.kind)).toEqual(['day_back']);
    expect(validateStep('summarize', view(summarize(delta())), ctx()).continuity).toBeUndefined();
  });

  it('refine checks the refined text against the staged delta', () => {
    const r = validateStep(
      'refine',
      view({ [CH]: text, 'staging/state/chapter-004-delta.json': delta({ ops: [] }) }),
      ctx({ continuity: facts }),
    );
    expect(r.continuity?.map((f) => [f.kind, f.subject, f.line])).toEqual([['gone_acting', 'yun-wanqing', 5]]);
    expect(codes(r)).toContain('warning:continuity');
  });
});

describe('the audit step feeds the gate (§19)', () => {
  const AUDIT = 'staging/audits/chapter-004-audit.json';
  const DELTA = 'staging/state/chapter-004-delta.json';
  const dead = '云婉清推门而入，径直走到桌前。';
  const facts = () => ({
    state: { characters: { yun: { status: 'dead' } } },
    cast: castIndex([{ id: 'yun', names: ['云婉清'] }]),
    ladders: {},
    resolved: new Set<string>(),
    names: DEFAULT_CONTINUITY,
  });
  const delta = JSON.stringify({ chapter: 4, base_state_version: 3, storyline_id: 'main', ops: [] });
  const files = (audit: unknown, text = `# 第4章 雨夜\n\n${dead}\n`) => ({
    [CH]: text,
    [DELTA]: delta,
    [AUDIT]: JSON.stringify(audit),
  });
  const audit = (over: Record<string, unknown> = {}) => ({ chapter: 4, issues: [], ...over });

  it('a finding not dismissed is a hard gate finding, in both languages, at its line', () => {
    const r = validateStep('audit', view(files(audit())), ctx({ continuity: facts }));
    expect(r.valid).toBe(true);
    expect(r.gate).toEqual([
      {
        rule: 'continuity',
        severity: 'hard',
        message: expect.stringContaining('云婉清'),
        line: 3,
        excerpt: dead,
        fix: expect.stringContaining('云婉清'),
        message_zh: expect.stringContaining('云婉清'),
        fix_zh: expect.stringContaining('云婉清'),
      },
    ]);
    expect(r.diagnostics.map((d) => [d.code, d.file, d.field])).toEqual([['continuity', CH, 'line 3']]);
  });

  it('dismissed with a reason it is gone; a hard issue on its sentence replaces it; a soft one does not block', () => {
    const dismissed = audit({ dismissed: [{ finding: 'gone_acting:yun', reason: '梦境' }] });
    expect(validateStep('audit', view(files(dismissed)), ctx({ continuity: facts })).gate).toEqual([]);
    const confirmed = audit({ issues: [{ kind: 'gone_acting', severity: 'hard', evidence: dead, fix: '删去' }] });
    expect(validateStep('audit', view(files(confirmed)), ctx({ continuity: facts })).gate).toEqual([
      { rule: 'continuity_audit', severity: 'hard', message: `gone_acting: ${dead}`, excerpt: dead, fix: '删去' },
    ]);
    const soft = audit({
      issues: [{ kind: 'pacing', severity: 'soft', evidence: '这一段', fix: '看看' }],
      dismissed: [{ finding: 'gone_acting:yun', reason: '梦境' }],
    });
    expect(validateStep('audit', view(files(soft)), ctx({ continuity: facts })).gate).toEqual([]);
    // Without the book's facts only the auditor's own issues count.
    expect(validateStep('audit', view(files(confirmed)), ctx()).gate).toHaveLength(1);
    expect(validateStep('audit', view(files(audit())), ctx()).gate).toEqual([]);
  });

  it('a report that does not read, or names another chapter, is invalid and feeds nothing', () => {
    const bad = validateStep(
      'audit',
      view({ ...files(audit()), [AUDIT]: '{"chapter": 4' }),
      ctx({ continuity: facts }),
    );
    expect(bad.valid).toBe(false);
    expect(bad.gate).toBeUndefined();
    const other = validateStep('audit', view(files({ chapter: 5, issues: [] })), ctx());
    expect(other.valid).toBe(false);
    expect(other.diagnostics.map((d) => d.file)).toContain(AUDIT);
    const missing = validateStep('audit', view({ [CH]: 'x' }), ctx());
    expect(missing.valid).toBe(false);
    expect(missing.outputs).toEqual([{ path: AUDIT, required: true, present: false, valid: false, new: false }]);
  });

  it('the judge carries what the audit finds blocking now, on the judged text, into the verdict', () => {
    const evaluation = readFileSync(
      new URL('../../fixtures/outputs/judge/overall-4.2/staging/evaluations/chapter-004-eval.json', import.meta.url),
      'utf8',
    );
    const judged = (extra: Record<string, string>) =>
      validateStep(
        'judge',
        view({ ...extra, 'staging/evaluations/chapter-004-eval.json': evaluation }),
        ctx({ continuity: facts }),
      ).verdict?.lint;
    expect(judged(files(audit()))).toEqual([expect.objectContaining({ rule: 'continuity', excerpt: dead })]);
    // The refined text has no such sentence: nothing blocks.
    expect(judged(files(audit(), '# 第4章 雨夜\n\n雨下得很大。\n'))).toEqual([]);
  });

  it('findings on ops are warnings at the delta, its ops field; a delta that does not read is not checked', () => {
    const ops = JSON.stringify({
      chapter: 4,
      base_state_version: 3,
      storyline_id: 'main',
      ops: [
        { op: 'set', path: 'characters.yun.location', value: 'a' },
        { op: 'set', path: 'characters.yun.location', value: 'b' },
      ],
    });
    const r = validateStep('refine', view({ [CH]: '# 第4章\n\n雨。\n', [DELTA]: ops }), ctx({ continuity: facts }));
    expect(r.diagnostics.filter((d) => d.code === 'continuity').map((d) => [d.file, d.field])).toEqual([
      [DELTA, 'ops'],
    ]);
    for (const broken of ['{"chapter": 4', JSON.stringify({ chapter: 4 })])
      expect(
        validateStep('refine', view({ [CH]: `# 第4章\n\n${dead}\n`, [DELTA]: broken }), ctx({ continuity: facts }))
          .continuity,
      ).toBeUndefined();
    expect(validateStep('refine', view({ [CH]: `# 第4章\n\n${dead}\n` }), ctx({ continuity: facts })).continuity).toBe(
      undefined,
    );
  });
});
