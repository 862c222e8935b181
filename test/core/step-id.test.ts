import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHAPTER_STAGES,
  chapterOfStep,
  formatStepId,
  IMPORT_STAGES,
  MAX_NUMBER,
  parseChapterRef,
  parseStepId,
  SETUP_STEPS,
  STEP_ID_FORMAT,
  VOLUME_STAGES,
  type StepId,
} from '../../src/core/step-id.js';
import { render } from '../../src/core/messages.js';

const stepArb: fc.Arbitrary<StepId> = fc.oneof(
  fc.record({
    kind: fc.constant('chapter' as const),
    chapter: fc.integer({ min: 1, max: MAX_NUMBER }),
    stage: fc.constantFrom(...CHAPTER_STAGES),
  }),
  fc.record({
    kind: fc.constant('volume' as const),
    volume: fc.integer({ min: 1, max: MAX_NUMBER }),
    stage: fc.constantFrom(...VOLUME_STAGES),
  }),
);

describe('step ids', () => {
  it('format then parse is the identity', () => {
    fc.assert(
      fc.property(stepArb, (step) => {
        const parsed = parseStepId(formatStepId(step));
        expect(parsed).toEqual({ ok: true, step });
      }),
    );
  });

  it('parse then format normalises: padding to 3 (chapter) or 2 (volume) digits, leading zeros dropped', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_NUMBER }),
        fc.nat({ max: 3 }),
        fc.constantFrom(...CHAPTER_STAGES),
        (n, zeros, stage) => {
          const parsed = parseStepId(`chapter:${'0'.repeat(zeros)}${n}:${stage}`);
          expect(parsed.ok).toBe(true);
          if (parsed.ok) expect(formatStepId(parsed.step)).toBe(`chapter:${String(n).padStart(3, '0')}:${stage}`);
        },
      ),
    );
  });

  it('chapter:48:draft is accepted and normalised to chapter:048:draft; chapter:1200 keeps 4 digits', () => {
    const a = parseStepId('chapter:48:draft');
    expect(a.ok && formatStepId(a.step)).toBe('chapter:048:draft');
    const b = parseStepId('chapter:1200:judge');
    expect(b.ok && formatStepId(b.step)).toBe('chapter:1200:judge');
    const c = parseStepId('volume:3:plan');
    expect(c.ok && formatStepId(c.step)).toBe('volume:03:plan');
  });

  it.each([
    'chapter:1e3:draft',
    'chapter:0:draft',
    'chapter:-1:draft',
    'chapter:4:write',
    'chapter:4:draft:x',
    'chapter:4',
    'chapter::draft',
    'chapter: 4:draft',
    'chapter:0x10:draft',
    'chapter:4.0:draft',
    'volume:1:draft',
    'book:1:draft',
    '',
    'chapter:100000:draft',
    'CHAPTER:4:draft',
    'chapter:４:draft',
  ])('rejects %j with the reason', (input) => {
    const r = parseStepId(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason.length).toBeGreaterThan(10);
  });

  it('accepts exactly the well-formed ids: near-misses built from the grammar are rejected', () => {
    // Strings assembled from valid and invalid pieces, so that both outcomes occur often.
    const kind = fc.constantFrom('chapter', 'volume', 'book', 'CHAPTER', 'chapters', '');
    const num = fc.oneof(
      fc.integer({ min: 0, max: MAX_NUMBER + 10 }).map(String),
      fc.integer({ min: 1, max: 999 }).map((n) => `00${n}`),
      fc.constantFrom('1e3', '-1', '4.0', '0x10', ' 4', '４', '', '100000'),
    );
    const stage = fc.constantFrom(...CHAPTER_STAGES, ...VOLUME_STAGES, 'write', 'Draft', 'draft ', '');
    const extra = fc.constantFrom('', '', '', ':x', ':');
    const chapterStages = 'draft|summarize|audit|refine|title-fix|judge|hook-fix|commit|review';
    const grammar = new RegExp(`^(chapter:[0-9]+:(${chapterStages})|volume:[0-9]+:(plan|commit))$`);
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(kind, num, stage, extra, (k, n, st, x) => {
        const s = `${k}:${n}:${st}${x}`;
        const r = parseStepId(s);
        const n10 = Number(n);
        const wellFormed = grammar.test(s) && n10 >= 1 && n10 <= MAX_NUMBER;
        expect(r.ok, s).toBe(wellFormed);
        if (r.ok) {
          accepted += 1;
          expect(formatStepId(r.step)).toBe(`${k}:${String(n10).padStart(k === 'chapter' ? 3 : 2, '0')}:${st}`);
        } else {
          rejected += 1;
          expect(r.reason.length).toBeGreaterThan(10);
        }
      }),
      { numRuns: 3000 },
    );
    expect(accepted).toBeGreaterThan(100);
    expect(rejected).toBeGreaterThan(200);
  });

  it('mutating one character of a valid id either keeps it valid or is rejected, never throws', () => {
    fc.assert(
      fc.property(stepArb, fc.nat(), fc.string({ minLength: 1, maxLength: 1 }), (step, pos, ch) => {
        const id = formatStepId(step);
        const i = pos % id.length;
        const mutated = id.slice(0, i) + ch + id.slice(i + 1);
        const r = parseStepId(mutated);
        if (r.ok) expect(formatStepId(r.step)).toMatch(/^(chapter|volume):\d+:[a-z]+(-fix)?$/);
      }),
    );
  });

  it('chapter refs for decide: chapter:NNN only', () => {
    expect(parseChapterRef('chapter:12')).toEqual({ ok: true, chapter: 12 });
    expect(parseChapterRef('chapter:012')).toEqual({ ok: true, chapter: 12 });
    for (const bad of ['chapter:0', 'chapter:12:review', '12', 'chapter:x'])
      expect(parseChapterRef(bad).ok).toBe(false);
  });
});

describe('step ids: setup and import steps, reasons', () => {
  it('book:STEP parses to a setup step for each setup step and formats back', () => {
    for (const stage of SETUP_STEPS) {
      const r = parseStepId(`book:${stage}`);
      expect(r).toEqual({ ok: true, step: { kind: 'setup', stage } });
      if (r.ok) {
        expect(formatStepId(r.step)).toBe(`book:${stage}`);
        expect(chapterOfStep(r.step)).toBeNull();
      }
    }
  });

  it('an unknown setup step is rejected naming the step and the expected ones', () => {
    expect(parseStepId('book:plot')).toMatchObject({
      ok: false,
      reason: 'unknown setup step "plot" (expected world, characters, style)',
    });
  });

  it('two segments that are not book:… are rejected by their segment count, not as setup steps', () => {
    expect(parseStepId('chapter:world')).toMatchObject({
      ok: false,
      reason: 'expected 3 ":"-separated segments, found 2',
    });
    expect(parseStepId('volume:3')).toMatchObject({ ok: false, reason: 'expected 3 ":"-separated segments, found 2' });
    // book with three segments is not a setup step either
    expect(parseStepId('book:world:x')).toMatchObject({
      ok: false,
      reason: 'unknown step kind "book" (expected chapter, volume, book or import)',
    });
  });

  it('import:NNN:STAGE parses for each import stage, pads to 3 digits, and names its chapter', () => {
    for (const stage of IMPORT_STAGES) {
      const r = parseStepId(`import:7:${stage}`);
      expect(r).toEqual({ ok: true, step: { kind: 'import', chapter: 7, stage } });
      if (r.ok) {
        expect(formatStepId(r.step)).toBe(`import:007:${stage}`);
        expect(chapterOfStep(r.step)).toBe(7);
      }
    }
  });

  it('each refusal is said too: its words render to its reason in English, and in Chinese', () => {
    for (const text of [
      'book:plot',
      'volume:3',
      'book:world:x',
      'chapter:0:draft',
      'chapter:x:draft',
      `chapter:${MAX_NUMBER + 1}:draft`,
      'chapter:4:plot',
      'volume:2:draft',
      'import:4:draft',
    ]) {
      const r = parseStepId(text);
      if (r.ok) throw new Error(`${text} parsed`);
      expect(render('en', r.words), text).toBe(r.reason);
      expect(render('zh', r.words), text).toMatch(/[\u4e00-\u9fff]/);
    }
    const ref = parseChapterRef('3');
    expect(ref.ok ? null : render('zh', ref.words)).toBe('应为 chapter:NNN（例如 chapter:012），实为 "3"');
    const volume = parseStepId('volume:x:plan');
    expect(volume.ok ? null : render('zh', volume.words)).toBe('卷号 "x" 不是普通的十进制数');
  });

  it('import steps reject a bad number as a chapter number and an unknown stage by name', () => {
    expect(parseStepId('import:0:commit')).toMatchObject({
      ok: false,
      reason: 'the chapter number must be at least 1, found "0"',
    });
    expect(parseStepId('import:x:commit')).toMatchObject({
      ok: false,
      reason: 'the chapter number "x" is not a plain decimal number',
    });
    expect(parseStepId('import:4:draft')).toMatchObject({
      ok: false,
      reason: 'unknown import stage "draft" (expected summarize, commit)',
    });
  });

  it('chapterOfStep: the chapter of chapter and import steps, null for volume and setup steps', () => {
    expect(chapterOfStep({ kind: 'chapter', chapter: 12, stage: 'draft' })).toBe(12);
    expect(chapterOfStep({ kind: 'import', chapter: 3, stage: 'commit' })).toBe(3);
    expect(chapterOfStep({ kind: 'volume', volume: 2, stage: 'plan' })).toBeNull();
    expect(chapterOfStep({ kind: 'setup', stage: 'style' })).toBeNull();
  });

  it('reasons name what was wrong: chapter or volume number, and the expected stages', () => {
    expect(parseStepId('chapter:0:draft')).toMatchObject({
      ok: false,
      reason: 'the chapter number must be at least 1, found "0"',
    });
    expect(parseStepId('chapter:100000:draft')).toMatchObject({
      ok: false,
      reason: `the chapter number must be at most ${MAX_NUMBER}, found "100000"`,
    });
    expect(parseStepId('volume:x:plan')).toMatchObject({
      ok: false,
      reason: 'the volume number "x" is not a plain decimal number',
    });
    expect(parseStepId('chapter:4:write')).toMatchObject({
      ok: false,
      reason:
        'unknown chapter stage "write" ' +
        '(expected draft, summarize, audit, refine, title-fix, judge, hook-fix, review, commit)',
    });
    expect(parseStepId('volume:1:draft')).toMatchObject({
      ok: false,
      reason: 'unknown volume stage "draft" (expected plan, commit)',
    });
    expect(parseStepId('a:b:c:d')).toMatchObject({ ok: false, reason: 'expected 3 ":"-separated segments, found 4' });
    expect(parseStepId('scene:1:draft')).toMatchObject({
      ok: false,
      reason: 'unknown step kind "scene" (expected chapter, volume, book or import)',
    });
  });

  it('chapter refs: the reason names the input, or the bad chapter number; other kinds are refused', () => {
    expect(parseChapterRef('volume:12')).toMatchObject({
      ok: false,
      reason: 'expected chapter:NNN, found "volume:12"',
    });
    expect(parseChapterRef('12')).toMatchObject({ ok: false, reason: 'expected chapter:NNN, found "12"' });
    expect(parseChapterRef('chapter:x')).toMatchObject({
      ok: false,
      reason: 'the chapter number "x" is not a plain decimal number',
    });
  });

  it('the format hint shown with an invalid step names every stage, and its example parses', () => {
    for (const stage of CHAPTER_STAGES) expect(STEP_ID_FORMAT).toContain(stage);
    for (const stage of VOLUME_STAGES) expect(STEP_ID_FORMAT).toContain(`volume:VV:${stage}`);
    for (const stage of SETUP_STEPS) expect(STEP_ID_FORMAT).toContain(`book:${stage}`);
    for (const stage of IMPORT_STAGES) expect(STEP_ID_FORMAT).toContain(`import:NNN:${stage}`);
    const example = /e\.g\. (\S+)$/.exec(STEP_ID_FORMAT)?.[1];
    expect(example).toBe('chapter:048:draft');
    expect(parseStepId(example as string).ok).toBe(true);
  });
});
