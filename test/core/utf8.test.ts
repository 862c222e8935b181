import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, firstInvalidUtf8Offset, invalidUtf8At, validUtf8Text } from '../../src/core/utf8.js';

const b = (...xs: number[]): Uint8Array => new Uint8Array(xs);

describe('firstInvalidUtf8Offset', () => {
  it('valid text: -1', () => {
    expect(firstInvalidUtf8Offset(new TextEncoder().encode('abc 你好 😀 é'))).toBe(-1);
    expect(firstInvalidUtf8Offset(b())).toBe(-1);
  });
  it.each<[string, number[], number]>([
    ['a lone continuation byte', [0x61, 0x80], 1],
    ['an overlong 2-byte form (C0/C1)', [0xc0, 0xaf], 0],
    ['an overlong 3-byte form', [0x41, 0xe0, 0x80, 0xaf], 1],
    ['a truncated sequence', [0x61, 0x62, 0xe4, 0xbd], 2],
    ['a surrogate', [0xed, 0xa0, 0x80], 0],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
    ['F5 and above', [0xf5, 0x80, 0x80, 0x80], 0],
    ['a bad continuation', [0xe4, 0x41, 0x80], 0],
  ])('%s', (_, bytes, offset) => {
    expect(firstInvalidUtf8Offset(b(...bytes))).toBe(offset);
  });
  it('the boundaries that are valid', () => {
    expect(firstInvalidUtf8Offset(b(0xc2, 0x80))).toBe(-1); // U+0080
    expect(firstInvalidUtf8Offset(b(0xe0, 0xa0, 0x80))).toBe(-1); // U+0800
    expect(firstInvalidUtf8Offset(b(0xf0, 0x90, 0x80, 0x80))).toBe(-1); // U+10000
    expect(firstInvalidUtf8Offset(b(0xf4, 0x8f, 0xbf, 0xbf))).toBe(-1); // U+10FFFF
    expect(firstInvalidUtf8Offset(b(0xef, 0xbf, 0xbf))).toBe(-1); // U+FFFF
  });
  it('property: agrees with the fatal TextDecoder', () => {
    const fatal = new TextDecoder('utf-8', { fatal: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), (bytes) => {
        let ok = true;
        try {
          fatal.decode(bytes);
        } catch {
          ok = false;
        }
        expect(firstInvalidUtf8Offset(bytes) === -1).toBe(ok);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('decodeUtf8', () => {
  it('decodes valid text', () => {
    expect(decodeUtf8(new TextEncoder().encode('第1章'))).toEqual({ ok: true, text: '第1章' });
  });
  it('reports the offset of invalid text', () => {
    expect(decodeUtf8(b(0x61, 0x62, 0x63, 0xff))).toEqual({ ok: false, offset: 3 });
  });
  it('property: gives what the fatal TextDecoder gives, a leading byte order mark left out as it leaves it', () => {
    const fatal = new TextDecoder('utf-8', { fatal: true });
    const bom = [0xef, 0xbb, 0xbf];
    const text = fc.string({ unit: 'binary', maxLength: 8 }).map((s) => [...new TextEncoder().encode(s)]);
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 12 }).map((a) => [...a]),
      text,
    );
    fc.assert(
      fc.property(fc.boolean(), bytes, fc.boolean(), (withBom, body, twice) => {
        const input = new Uint8Array([...(withBom ? bom : []), ...(withBom && twice ? bom : []), ...body]);
        let expected: { ok: true; text: string } | { ok: false };
        try {
          expected = { ok: true, text: fatal.decode(input) };
        } catch {
          expected = { ok: false };
        }
        const got = decodeUtf8(input);
        expect(got.ok).toBe(expected.ok);
        if (got.ok && expected.ok) expect(got.text).toBe(expected.text);
        // A Buffer and a view into a larger array read the same.
        const inner = new Uint8Array([0x61, ...input, 0x62]).subarray(1, input.length + 1);
        expect(decodeUtf8(inner)).toEqual(got);
        expect(decodeUtf8(Buffer.from(input))).toEqual(got);
      }),
      { numRuns: 3000 },
    );
  });
  it('property: any string round-trips', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(decodeUtf8(new TextEncoder().encode(s))).toEqual({ ok: true, text: s });
      }),
    );
  });
});

describe('invalidUtf8At and validUtf8Text (the check and the decoding apart)', () => {
  it('property: together they give what decodeUtf8 gives', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 16 }), fc.boolean(), (body, withBom) => {
        const input = new Uint8Array([...(withBom ? [0xef, 0xbb, 0xbf] : []), ...body]);
        const at = invalidUtf8At(input);
        expect(at < 0 ? { ok: true, text: validUtf8Text(input) } : { ok: false, offset: at }).toEqual(
          decodeUtf8(input),
        );
      }),
      { numRuns: 2000 },
    );
  });
  it('the offset of the first invalid byte, -1 for text', () => {
    expect(invalidUtf8At(b(0x61, 0xe4, 0x41))).toBe(1);
    expect(invalidUtf8At(new TextEncoder().encode('第1章'))).toBe(-1);
  });
});
