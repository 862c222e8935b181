import { describe, expect, it } from 'vitest';
import { oneOf } from '../../src/core/one-of.js';

describe('oneOf', () => {
  const isFormat = oneOf(['txt', 'md', 'epub'] as const);
  it('accepts exactly the choices', () => {
    expect(isFormat('txt')).toBe(true);
    expect(isFormat('epub')).toBe(true);
    expect(isFormat('pdf')).toBe(false);
    expect(isFormat('TXT')).toBe(false);
    expect(isFormat('')).toBe(false);
  });
  it('rejects non-strings', () => {
    expect(isFormat(undefined)).toBe(false);
    expect(isFormat(['txt'])).toBe(false);
    expect(isFormat({ toString: () => 'txt' })).toBe(false);
  });
  it('no choices: nothing', () => {
    expect(oneOf([])('x')).toBe(false);
  });
});
