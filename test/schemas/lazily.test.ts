/**
 * Schemas built when first used (common.ts `lazily`): they parse, diagnose and document exactly as the schemas they
 * stand for.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { lazily } from '../../src/schemas/common.js';
import { inlineLazy, parseWith, shapeOf } from '../../src/schemas/parse.js';

const item = () =>
  v.object({
    id: v.pipe(v.string(), v.regex(/^f-\d+$/)),
    weight: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  });
const list = (inner: v.GenericSchema) => v.object({ items: v.array(inner), note: v.nullable(v.string()) });

const eager = list(item());
const lazy = lazily(() => list(lazily(item)));

describe('lazily', () => {
  it('builds the schema at the first parse, once', () => {
    let builds = 0;
    const s = lazily(() => {
      builds += 1;
      return v.string();
    });
    expect(builds).toBe(0);
    expect(v.parse(s, 'a')).toBe('a');
    expect(v.parse(s, 'b')).toBe('b');
    expect(builds).toBe(1);
  });

  it('parses and diagnoses any value as the eager schema does (file, field, expected, found)', () => {
    const value = fc.oneof(
      fc.constantFrom(
        null,
        3,
        'x',
        [],
        {},
        { items: 'no' },
        { items: [{}], note: null },
        { items: [{ id: 'f-1', weight: -1 }], note: 'n' },
        { items: [{ id: 'g', weight: 1.5 }] },
      ),
      fc.record({
        items: fc.array(
          fc.record({ id: fc.string(), weight: fc.option(fc.integer(), { nil: undefined }) }, { requiredKeys: ['id'] }),
        ),
        note: fc.option(fc.string()),
      }),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(value, (x) => {
        expect(parseWith(lazy, x, 'f.json', 'bad')).toEqual(parseWith(eager, x, 'f.json', 'bad'));
      }),
    );
  });

  it('shows and documents the shape of the schema it stands for', () => {
    expect(shapeOf(lazy)).toBe(shapeOf(eager));
    expect(shapeOf(lazy, 3)).toBe(
      '{items: Array<{id: string (matching /^f-\\d+$/), weight?: integer (≥ 0)}>, note: string}',
    );
    const inlined = inlineLazy(lazy) as unknown as { type: string; entries: { items: { item: { type: string } } } };
    expect(inlined.type).toBe('object');
    expect(inlined.entries.items.item.type).toBe('object');
  });
});
