import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { prettyJson } from '../../src/core/canonical-json.js';
import {
  appendMembers,
  applyEdits,
  editedRange,
  memberValue,
  parseSpan,
  prettyAt,
  rootMembers,
  rootSpan,
  valueEnd,
} from '../../src/core/json-splice.js';

const bytes = (v: unknown): Buffer => Buffer.from(prettyJson(v), 'utf8');
const key = fc.constantFrom('a', 'b', 'id', 'x-1', '伏笔', 'a"b', 'c,d', 'e\\": ', '__proto__');
const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(0, -1.5, '', '甲"乙', '}', '\n', true, null),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(key, tie('v'), { maxKeys: 3 }),
  ),
})).v;
const doc = fc.dictionary(key, json, { minKeys: 1, maxKeys: 4 });

describe('members of novel-format JSON, found on its bytes', () => {
  it('find every member of the root and of its objects, with the value serialised at its depth', () => {
    fc.assert(
      fc.property(doc, (d) => {
        const buf = bytes(d);
        const root = rootSpan(buf);
        expect(root).not.toBeNull();
        for (const [k, v] of Object.entries(d)) {
          const span = memberValue(buf, root!, 1, k);
          expect(span).not.toBeNull();
          expect(parseSpan(buf, span!)).toEqual(v);
          expect(buf.toString('utf8', span!.start, span!.end)).toBe(prettyAt(v, 1));
          if (v && typeof v === 'object' && !Array.isArray(v)) {
            for (const [k2, v2] of Object.entries(v))
              expect(parseSpan(buf, memberValue(buf, span!, 2, k2)!)).toEqual(v2);
          }
        }
        expect(memberValue(buf, root!, 1, 'absent')).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it('list the members of the root in one search: each key with its value where memberValue finds it', () => {
    fc.assert(
      fc.property(doc, (d) => {
        const buf = bytes(d);
        const root = rootSpan(buf)!;
        const members = rootMembers(buf, root);
        expect([...members!.keys()]).toEqual(Object.keys(d));
        for (const [k, span] of members!) expect(span).toEqual(memberValue(buf, root, 1, k));
      }),
      { numRuns: 500 },
    );
    expect(rootMembers(Buffer.from('{}\n'), { start: 0, end: 2 })).toEqual(new Map());
    // Not an object in novel's format, or a key twice: none.
    for (const text of [
      '[\n  1\n]\n',
      '{"a": 1}\n',
      '{\n  "a": 1,\n  "a": 2\n}\n',
      '{\n  "a" 1\n}\n',
      '{\n  "a":1\n}\n',
      '{\n  "a"x 1\n}\n',
      '{\n  "abc\n}\n',
      '{\n  "a": 1\n  "b": 2\n}\n',
      '{\n  "a": 1,\n}\n',
      '{\n  "a\\q": 1\n}\n',
      '[]\n',
      '""\n',
    ]) {
      const buf = Buffer.from(text);
      expect(rootMembers(buf, rootSpan(buf)!), text).toBeNull();
    }
  });

  it('do not take a nested member, or one outside the span searched, for the one asked', () => {
    const buf = bytes({ a: { id: 1 }, id: 2, b: { id: 3 } });
    const root = rootSpan(buf)!;
    expect(parseSpan(buf, memberValue(buf, root, 1, 'id')!)).toBe(2);
    const b = memberValue(buf, root, 1, 'b')!;
    expect(parseSpan(buf, memberValue(buf, b, 2, 'id')!)).toBe(3);
    const a = memberValue(buf, root, 1, 'a')!;
    expect(memberValue(buf, { start: a.start, end: a.start + 8 }, 2, 'id')).toBeNull();
  });

  it('end a value at its line, or at the bracket that closes it, or after an empty one', () => {
    const buf = Buffer.from('{\n  "a": [],\n  "b": {\n    "c": 1\n  },\n  "d": "x,"\n}\n');
    expect(valueEnd(buf, buf.indexOf('[]'), 1)).toBe(buf.indexOf('[]') + 2);
    expect(buf.toString('utf8', buf.indexOf('{\n    '), valueEnd(buf, buf.indexOf('{\n    '), 1))).toBe(
      '{\n    "c": 1\n  }',
    );
    expect(buf.toString('utf8', buf.indexOf('"x,"'), valueEnd(buf, buf.indexOf('"x,"'), 1))).toBe('"x,"');
    expect(valueEnd(Buffer.from('"x"'), 0, 1)).toBe(-1);
    expect(valueEnd(Buffer.from('{\n    "a": 1'), 0, 1)).toBe(-1);
    // A member whose value does not end is not found.
    const cut = Buffer.from('{\n  "a": {\n    "b": 1\n');
    expect(memberValue(cut, { start: 0, end: cut.length }, 1, 'a')).toBeNull();
  });

  it('refuse bytes that do not end with a newline', () => {
    expect(rootSpan(Buffer.from('{}'))).toBeNull();
    expect(rootSpan(Buffer.from('{"a":1}'))).toBeNull();
    expect(rootSpan(bytes({ a: 1 }))).toEqual({ start: 0, end: prettyJson({ a: 1 }).length - 1 });
    expect(rootSpan(Buffer.from('{}\n'))).toEqual({ start: 0, end: 2 });
    expect(rootSpan(Buffer.from('\n\n'))).toBeNull();
  });
});

describe('edits', () => {
  it('append members as serialising the object with them would, empty or not', () => {
    fc.assert(
      fc.property(fc.dictionary(key, json, { maxKeys: 3 }), json, (obj, value) => {
        const d = { top: obj, z: 1 };
        const buf = bytes(d);
        const span = memberValue(buf, rootSpan(buf)!, 1, 'top')!;
        const fresh = Object.hasOwn(obj, 'new') ? [] : ([['new', value]] as Array<[string, unknown]>);
        const out = applyEdits(buf, appendMembers(span, 1, fresh));
        expect(out.toString('utf8')).toBe(prettyJson({ top: { ...obj, ...Object.fromEntries(fresh) }, z: 1 }));
      }),
      { numRuns: 300 },
    );
  });

  it('apply in byte order, insertions at one place in the order given, and refuse overlaps', () => {
    const buf = Buffer.from('0123456789');
    expect(
      applyEdits(buf, [
        { start: 5, end: 5, text: 'b' },
        { start: 2, end: 4, text: 'X' },
        { start: 5, end: 5, text: 'c' },
      ]).toString(),
    ).toBe('01X4bc56789');
    expect(() =>
      applyEdits(buf, [
        { start: 2, end: 6, text: '' },
        { start: 4, end: 5, text: '' },
      ]),
    ).toThrow(/overlapping/);
    expect(
      editedRange([
        { start: 5, end: 5, text: '' },
        { start: 2, end: 4, text: '' },
      ]),
    ).toEqual({ start: 2, end: 5 });
    expect(editedRange([])).toBeNull();
  });

  it('serialise a value at a depth as the whole document does', () => {
    expect(prettyAt({ a: [1, { b: '甲' }] }, 2)).toBe(
      '{\n      "a": [\n        1,\n        {\n          "b": "甲"\n        }\n      ]\n    }',
    );
    expect(prettyAt([], 3)).toBe('[]');
    expect(prettyAt('x', 0)).toBe('"x"');
  });
});
