/**
 * project-view.ts: the ProjectView interface (type-level: what a view must
 * provide), the Obj alias, and isObj — the plain-object guard every context
 * module relies on (arrays and null are not objects).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { isObj, type Obj, type ProjectView } from '../../../src/core/context/project-view.js';
import type { Diagnostic } from '../../../src/schemas/diagnostics.js';
import { memoryView } from '../../helpers/memory-view.js';

describe('isObj', () => {
  it('accepts plain objects, including empty and prototype-less ones', () => {
    expect(isObj({})).toBe(true);
    expect(isObj({ a: 1 })).toBe(true);
    expect(isObj(Object.create(null))).toBe(true);
  });

  it('rejects arrays, null, undefined and primitives', () => {
    expect(isObj([])).toBe(false);
    expect(isObj([1, 2])).toBe(false);
    expect(isObj(null)).toBe(false);
    expect(isObj(undefined)).toBe(false);
    expect(isObj('{}')).toBe(false);
    expect(isObj(0)).toBe(false);
    expect(isObj(true)).toBe(false);
    expect(isObj(() => ({}))).toBe(false);
  });

  it('narrows unknown to Obj', () => {
    const v: unknown = { k: '值' };
    if (!isObj(v)) throw new Error('expected an object');
    expectTypeOf(v).toEqualTypeOf<Obj>();
    expect(v.k).toBe('值');
  });
});

describe('ProjectView', () => {
  it('has the documented members and types', () => {
    expectTypeOf<Obj>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<ProjectView['text']>().toEqualTypeOf<(rel: string) => string | undefined>();
    expectTypeOf<ProjectView['json']>().toEqualTypeOf<(rel: string) => unknown>();
    expectTypeOf<ProjectView['list']>().toEqualTypeOf<(dir: string) => string[]>();
    expectTypeOf<ProjectView['exists']>().toEqualTypeOf<(rel: string) => boolean>();
    expectTypeOf<ProjectView['problems']>().toEqualTypeOf<Diagnostic[]>();
  });

  it('an in-memory view conforms: absent → undefined, invalid JSON → undefined, list = sorted direct children', () => {
    const view: ProjectView = memoryView({
      'a/z.json': '{"x":1}',
      'a/b.json': '{ broken',
      'a/sub/c.json': '{}',
      'other/d.md': '# 标题',
    });
    expect(view.text('other/d.md')).toBe('# 标题');
    expect(view.text('missing.md')).toBeUndefined();
    expect(view.json('a/z.json')).toEqual({ x: 1 });
    expect(view.json('a/b.json')).toBeUndefined();
    expect(view.json('missing.json')).toBeUndefined();
    expect(view.list('a')).toEqual(['a/b.json', 'a/z.json']);
    expect(view.list('nowhere')).toEqual([]);
    expect(view.exists('a/sub/c.json')).toBe(true);
    expect(view.exists('a/sub')).toBe(false);
    expect(view.problems).toEqual([]);
  });
});
