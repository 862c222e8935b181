import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteLength, contentBytes, JoinedBytes } from '../../src/core/joined-bytes.js';

// Parts of bytes rich in newlines, empty parts among them.
const part = fc.uint8Array({ maxLength: 12 }).map((a) => Buffer.from(a.map((b) => (b % 3 === 0 ? 0x0a : b))));
const parts = fc.array(part, { maxLength: 8 });

describe('JoinedBytes', () => {
  it('answers every read as the joined buffer does (positions from the start)', () => {
    fc.assert(
      fc.property(parts, fc.nat(100), fc.nat(100), (ps, x, y) => {
        const joined = new JoinedBytes(ps);
        const whole = Buffer.concat(ps);
        expect(joined.length).toBe(whole.length);
        expect(joined.toBuffer().equals(whole)).toBe(true);
        const at = x;
        expect(joined.indexOf(0x0a, at)).toBe(whole.indexOf(0x0a, at));
        expect(joined.lastIndexOf(0x0a, at)).toBe(whole.lastIndexOf(0x0a, at));
        expect(joined.subarray(x, y).equals(whole.subarray(x, y))).toBe(true);
        expect(Buffer.concat(joined.slices(x, y)).equals(whole.subarray(x, y))).toBe(true);
        expect(joined.toString('latin1', at, y)).toBe(whole.toString('latin1', at, y));
        expect(joined.toString()).toBe(whole.toString('utf8'));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds a byte in any part, and none past the end', () => {
    const joined = new JoinedBytes([Buffer.from('ab'), Buffer.alloc(0), Buffer.from('c\n'), Buffer.from('d\n')]);
    expect(joined.parts).toHaveLength(3);
    expect(joined.indexOf(0x0a)).toBe(3);
    expect(joined.indexOf(0x0a, 4)).toBe(5);
    expect(joined.indexOf(0x0a, 6)).toBe(-1);
    expect(joined.lastIndexOf(0x0a)).toBe(5);
    expect(joined.lastIndexOf(0x0a, 4)).toBe(3);
    expect(joined.lastIndexOf(0x0a, 2)).toBe(-1);
    // A position is counted from the start only: none before the first byte.
    expect(joined.lastIndexOf(0x0a, -1)).toBe(-1);
    // A range one part holds is a view of it, not a copy.
    expect(joined.subarray(2, 4).buffer).toBe((joined.parts[1] as Buffer).buffer);
    expect(new JoinedBytes([]).indexOf(0x0a)).toBe(-1);
    expect(new JoinedBytes([]).toBuffer()).toHaveLength(0);
  });

  it('gives a content as bytes and its length, whatever its form', () => {
    for (const content of [
      '玉佩\n',
      Buffer.from('玉佩\n'),
      new JoinedBytes([Buffer.from('玉'), Buffer.from('佩\n')]),
    ]) {
      expect(byteLength(content)).toBe(7);
      expect(contentBytes(content).toString()).toBe('玉佩\n');
    }
  });
});
