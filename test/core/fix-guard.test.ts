import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixGuardFrom, fixGuardOf, fixViolation, protectedText } from '../../src/core/fix-guard.js';

const sha = (t: string): string => createHash('sha256').update(t, 'utf8').digest('hex');
const REL = 'staging/chapters/chapter-004.md';
const COPY = 'staging/revisions/chapter-004/title-fix/chapters/chapter-004.md';
const TEXT = '# 第4章 无题\n\n第一段。\n\n第二段。\n\n第三段。\n';

describe('protectedText', () => {
  it('title-fix protects everything after the title line (from its newline)', () => {
    expect(protectedText(TEXT, 'title-fix')).toBe('\n\n第一段。\n\n第二段。\n\n第三段。\n');
    expect(protectedText('\n\n# T\nbody', 'title-fix')).toBe('\nbody');
    expect(protectedText('# only a title', 'title-fix')).toBe('');
    expect(protectedText('   \n\n', 'title-fix')).toBe('   \n\n');
  });

  it('hook-fix protects everything before the second-to-last paragraph', () => {
    expect(protectedText(TEXT, 'hook-fix')).toBe('# 第4章 无题\n\n第一段。\n\n');
    // Title and one paragraph: only that paragraph may change.
    expect(protectedText('# T\n\nonly\n', 'hook-fix')).toBe('# T\n\n');
    // Title and two paragraphs: the title stays.
    expect(protectedText('# T\na\nb', 'hook-fix')).toBe('# T\n');
    expect(protectedText('# T', 'hook-fix')).toBe('# T');
  });

  it('property: title-fix protection is independent of the title line', () => {
    const line = fc.string({ unit: fc.constantFrom('a', '字', ' ', '#') });
    fc.assert(
      fc.property(
        line.filter((l) => l.trim() !== ''),
        line.filter((l) => l.trim() !== ''),
        fc.array(line),
        (t1, t2, body) => {
          const rest = body.length ? `\n${body.join('\n')}` : '';
          expect(protectedText(`${t1}${rest}`, 'title-fix')).toBe(protectedText(`${t2}${rest}`, 'title-fix'));
        },
      ),
    );
  });
});

describe('fixGuardOf', () => {
  it('records the length and sha256 of the protected text', () => {
    const p = protectedText(TEXT, 'hook-fix');
    expect(fixGuardOf(TEXT, 'hook-fix', COPY)).toEqual({
      step: 'hook-fix',
      chars: p.length,
      sha256: sha(p),
      copy: COPY,
    });
  });
});

describe('fixViolation', () => {
  const titleGuard = fixGuardOf(TEXT, 'title-fix', COPY);
  const hookGuard = fixGuardOf(TEXT, 'hook-fix', COPY);

  it('title-fix: a new title passes; any body change fails', () => {
    expect(fixViolation(REL, TEXT.replace('无题', '雨夜'), titleGuard)).toBeNull();
    expect(fixViolation(REL, TEXT, titleGuard)).toBeNull();
    const d = fixViolation(REL, TEXT.replace('第三段。', '第三段！'), titleGuard);
    expect(d).toMatchObject({ severity: 'error', code: 'title_fix_changed_body', file: REL });
    expect(d!.fix).toBe(`start again from ${COPY} and change its first line only: cp ${COPY} ${REL}`);
    expect(fixViolation(REL, `${TEXT}\n`, titleGuard)?.code).toBe('title_fix_changed_body');
  });

  it('hook-fix: a rewritten ending passes; a changed beginning or no ending fails', () => {
    expect(fixViolation(REL, '# 第4章 无题\n\n第一段。\n\n新的结尾，悬念。\n', hookGuard)).toBeNull();
    const changed = fixViolation(REL, '# 第4章 雨夜\n\n第一段。\n\n第二段。\n\n第三段。\n', hookGuard);
    expect(changed).toMatchObject({ code: 'hook_fix_changed_text' });
    expect(changed!.found).toContain('text before the last two paragraphs changed');
    const empty = fixViolation(REL, '# 第4章 无题\n\n第一段。\n\n  \n', hookGuard);
    expect(empty).toMatchObject({ code: 'hook_fix_changed_text', found: 'no ending after the kept text' });
    const short = fixViolation(REL, '# 第4章', hookGuard);
    expect(short!.found).toContain('changed');
  });

  it('property: for any text, the text itself passes its own title-fix guard', () => {
    fc.assert(
      fc.property(fc.string(), (t) => {
        expect(fixViolation(REL, t, fixGuardOf(t, 'title-fix', COPY))).toBeNull();
      }),
    );
  });
});

describe('fixGuardFrom', () => {
  it('accepts the recorded shape only', () => {
    const g = { step: 'title-fix', chars: 3, sha256: 'ab', copy: 'c', extra: 1 };
    expect(fixGuardFrom(g)).toEqual({ step: 'title-fix', chars: 3, sha256: 'ab', copy: 'c' });
    expect(fixGuardFrom({ ...g, step: 'hook-fix' })?.step).toBe('hook-fix');
    expect(fixGuardFrom({ ...g, step: 'draft' })).toBeUndefined();
    expect(fixGuardFrom({ ...g, chars: '3' })).toBeUndefined();
    expect(fixGuardFrom({ ...g, sha256: 1 })).toBeUndefined();
    expect(fixGuardFrom({ ...g, copy: null })).toBeUndefined();
    expect(fixGuardFrom(null)).toBeUndefined();
    expect(fixGuardFrom('x')).toBeUndefined();
  });
});
