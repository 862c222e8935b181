import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, jsonEqual, prettyJson } from '../../src/core/canonical-json.js';

const shuffleKeys = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(shuffleKeys);
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .reverse()
        .map(([k, x]) => [k, shuffleKeys(x)]),
    );
  return v;
};

describe('canonicalJson', () => {
  it('sorts keys at every depth, keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson([2, 1])).toBe('[2,1]');
  });
  it('scalars as JSON; undefined as null', () => {
    expect(canonicalJson('a"b')).toBe('"a\\"b"');
    expect(canonicalJson(1.5)).toBe('1.5');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson(true)).toBe('true');
  });
  it('property: parses back to an equal value and ignores key order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const c = canonicalJson(v);
        expect(JSON.parse(c)).toEqual(JSON.parse(JSON.stringify(v)));
        expect(canonicalJson(shuffleKeys(v))).toBe(c);
      }),
    );
  });
});

describe('jsonEqual', () => {
  it('equal regardless of key order; different values differ', () => {
    expect(jsonEqual({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: '1' })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});

describe('prettyJson', () => {
  it('two-space indentation and a final newline', () => {
    expect(prettyJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}\n');
  });
});
