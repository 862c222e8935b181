import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrayTailText } from '../../src/core/json-tail.js';

/** Text that JSON must escape or that looks like structure: line breaks, quotes, brackets, indentation. */
const tricky = fc.string({
  unit: fc.constantFrom('a', '伏', ' ', '\n', '\r', '\t', '"', '\\', '{', '}', '[', ']', ',', ':', '\n  {', '\n    ['),
  maxLength: 12,
});
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    tricky,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(tricky, tie('v'), { maxKeys: 3 }),
  ),
})).v;
const entry = fc.record({ chapter: fc.integer({ min: 1, max: 9999 }), events: fc.array(value, { maxLength: 3 }) });

/** The entries the tail gives, or null when it gives none or its text does not parse. */
function entriesOf(tail: string): unknown[] | null {
  const text = arrayTailText(tail);
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

describe('arrayTailText', () => {
  it('property: whatever the cut, what parses is the last entries of the array, never anything else', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(entry, value), { maxLength: 8 }),
        fc.constantFrom(0, 1, 2, 4, '\t'),
        fc.nat(),
        (list, indent, at) => {
          const text = `${JSON.stringify(list, null, indent)}\n`;
          const got = entriesOf(text.slice(at % (text.length + 1)));
          if (got !== null) expect(got).toEqual(list.slice(list.length - got.length));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('property: a tail that holds the line opening an object entry gives every entry from that one on', () => {
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 8 }), fc.nat(), (list, pick) => {
        const text = `${JSON.stringify(list, null, 2)}\n`;
        const from = pick % list.length;
        // The line break before the entry's opening line: the text of the entries before it, then ",\n".
        const before = from === 0 ? 1 : JSON.stringify(list.slice(0, from), null, 2).length - 2 + 1;
        expect(text.slice(before, before + 4)).toBe('\n  {');
        expect(entriesOf(text.slice(before))).toEqual(list.slice(from));
      }),
    );
  });

  it('gives nothing for a tail without an opening line or from a value nested deeper', () => {
    expect(arrayTailText('"a", "b"]')).toBeNull();
    expect(arrayTailText(JSON.stringify([{ a: [1, 2] }, { b: 2 }]))).toBeNull();
    // The least indented opening line is nested in an entry: its text closes more than it opens.
    const nested = JSON.stringify([{ events: [{ x: 1 }, { y: 2 }] }], null, 2);
    expect(entriesOf(nested.slice(nested.indexOf('\n      {', 20)))).toBeNull();
    // The top level an object, not an array: refused.
    const object = JSON.stringify({ entries: [{ a: 1 }, { b: 2 }] }, null, 2);
    expect(entriesOf(object.slice(object.indexOf('\n    {')))).toBeNull();
  });
});
