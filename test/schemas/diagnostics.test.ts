import { describe, expect, it } from 'vitest';
import { render } from '../../src/core/messages.js';
import { describeValue, diagnostic, errorAt, warningAt } from '../../src/schemas/diagnostics.js';

describe('diagnostic', () => {
  it('the message names file, field, expected and found', () => {
    expect(
      diagnostic('error', 'wrong_chapter', 'a.json', { field: 'chapter', expected: '4', found: '5', fix: 'f' }),
    ).toEqual({
      severity: 'error',
      code: 'wrong_chapter',
      message: 'a.json: field "chapter": expected 4, found 5',
      file: 'a.json',
      field: 'chapter',
      expected: '4',
      found: '5',
      fix: 'f',
    });
  });
  it('optional parts are left out; an explicit message wins; an empty found still shows', () => {
    expect(diagnostic('warning', 'c', 'f', {})).toEqual({ severity: 'warning', code: 'c', message: 'f: ', file: 'f' });
    expect(diagnostic('warning', 'c', 'f', { message: 'custom', expected: 'x' }).message).toBe('f: custom');
    expect(diagnostic('error', 'c', 'f', { found: '' }).message).toBe('f: found ');
    expect(diagnostic('error', 'c', 'f', { expected: 'x' }).message).toBe('f: expected x');
  });
  it('errorAt and warningAt set the severity', () => {
    expect(errorAt('c', 'f', {}).severity).toBe('error');
    expect(warningAt('c', 'f', {}).severity).toBe('warning');
  });
});

describe('describeValue', () => {
  it('JSON, bounded to 80 characters', () => {
    // A missing field is said (its English and Chinese come from the catalogue).
    expect(describeValue(undefined)).toEqual({ id: 'diagnostic.missing', args: {} });
    expect(render('en', describeValue(undefined))).toBe('nothing (the field is missing)');
    expect(render('zh', describeValue(undefined))).toBe('缺少该字段');
    expect(describeValue('x')).toBe('"x"');
    expect(describeValue({ a: 1 })).toBe('{"a":1}');
    expect(describeValue(null)).toBe('null');
    const long = describeValue('a'.repeat(100)) as string;
    expect(long).toHaveLength(80);
    expect(long.endsWith('...')).toBe(true);
    expect(describeValue('a'.repeat(78))).toHaveLength(80);
  });
  it('values JSON cannot render', () => {
    expect(describeValue(() => 1)).toBe('() => 1');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeValue(cyclic)).toBe('[object Object]');
    expect(describeValue(10n)).toBe('10');
  });
});
