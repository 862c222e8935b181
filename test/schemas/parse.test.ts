/**
 * What a parse error says: its parts said by message id, from the schema's
 * own message ids and the parts; their English as it always read.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { diagnosticText, render } from '../../src/core/messages.js';
import { CheckpointSchema, CHECKPOINT_FIXES } from '../../src/schemas/checkpoint.js';
import { recordOf, Sha256Schema, SlugSchema } from '../../src/schemas/common.js';
import fc from 'fast-check';
import { MAX_JSON_DEPTH, nestedTooDeep, parseJsonText, parseWith } from '../../src/schemas/parse.js';

const problems = (schema: v.GenericSchema, value: unknown) => {
  const r = parseWith(schema, value, 'f.json', 'bad', (field) => CHECKPOINT_FIXES[field]);
  if (r.ok) throw new Error('parsed');
  return r.diagnostics;
};

describe('a parse error, said', () => {
  it("a schema's own message is a message id, found by key: its English, its Chinese", () => {
    const [slug] = problems(v.object({ id: SlugSchema }), { id: 'Not A Slug' });
    expect(slug?.message).toBe(
      'f.json: field "id": expected a slug matching ^[a-z0-9][a-z0-9_-]{0,63}$, found "Not A Slug"',
    );
    expect(diagnosticText('zh', slug!)).toBe(
      'f.json：字段 id：应为 符合 ^[a-z0-9][a-z0-9_-]{0,63}$ 的英文短标识，实为 "Not A Slug"',
    );
    const [sha] = problems(v.object({ h: Sha256Schema }), { h: 'x' });
    expect(sha?.expected).toBe('a lowercase hex sha256 (64 characters)');
    expect(render('zh', sha!.words!.expected!)).toBe('小写十六进制 sha256（64 个字符）');
    // recordOf names the map it stands for: its description, read from the schema.
    const [map] = problems(v.object({ m: recordOf(v.number(), 'path → size') }), { m: [1] });
    expect(map?.expected).toBe('an object (path → size)');
    expect(render('zh', map!.words!.expected!)).toBe('对象（path → size）');
  });

  it(
    'the parts valibot words itself are said from the issue: ' +
      'unknown keys, a missing field, an integer, a bare regex',
    () => {
      const [unknown] = problems(v.strictObject({ a: v.number() }), { a: 1, b: 2 });
      expect(unknown?.message).toBe(
        'f.json: field "b": expected no key "b" (unknown keys are not allowed here), found unknown key "b"',
      );
      expect(diagnosticText('zh', unknown!)).toBe(
        'f.json：字段 b：应为 不应出现键 "b"（此处不允许未知的键），实为 未知的键 "b"',
      );
      const [missing] = problems(v.object({ a: v.pipe(v.number(), v.integer()) }), {});
      expect(missing?.message).toBe(
        'f.json: field "a": expected number, integer (required), found nothing (the field is missing)',
      );
      expect(diagnosticText('zh', missing!)).toBe('f.json：字段 a：应为 number, integer（必填），实为 缺少该字段');
      const [integer] = problems(v.object({ a: v.pipe(v.number(), v.integer()) }), { a: 1.5 });
      expect(integer?.expected).toBe('an integer');
      expect(render('zh', integer!.words!.expected!)).toBe('整数');
      const [bare] = problems(v.object({ s: v.pipe(v.string(), v.regex(/^[a-z]+$/)) }), { s: 'X' });
      expect(bare?.expected).toBe('Expected /^[a-z]+$/ but received "X"');
      expect(render('zh', bare!.words!.expected!)).toBe('应为 /^[a-z]+$/，实为 "X"');
    },
  );

  it('a union that says what its choices are: its own message (said when it is an id), and the value found', () => {
    const own = (message: string) =>
      v.object({ x: v.nullable(v.union([v.string(), v.strictObject({ a: v.number() })], message)) });
    const [plain] = problems(own('a string, or {"a": n}'), { x: { b: 1 } });
    expect(plain).toMatchObject({ field: 'x', expected: 'a string, or {"a": n}', found: '{"b":1}' });
    const [id] = problems(own('schema.object'), { x: 5 });
    expect(id).toMatchObject({ field: 'x', expected: 'an object', found: '5' });
    expect(render('zh', id!.words!.expected!)).toBe('对象');
    // A union without a message of its own: valibot's expectation.
    const [bare] = problems(v.object({ x: v.union([v.string(), v.number()]) }), { x: true });
    expect(bare?.expected).toBe('(string | number)');
  });

  it("JSON syntax: where the parser stopped, said; the parser's own words quoted as they are", () => {
    const cut = parseJsonText('{"a":1', 'f.json', 'bad');
    if (cut.ok) throw new Error('parsed');
    const d = cut.diagnostics[0]!;
    expect(d.expected).toBe('valid JSON');
    expect(d.found).toMatch(/ at the end of the file \(line 1\)$|at line 1, column \d+$/);
    expect(diagnosticText('zh', d)).toMatch(/^f\.json：应为 合法的 JSON，实为 JSON 语法错误（`.+`），位置：/);
    expect(diagnosticText('zh', d)).toContain('修正 JSON 语法');
  });

  it('JSON nested deeper than a book file ever is: refused, naming the top-level field, in both languages', () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const r = parseJsonText(`{"score": 8, "x_deep": ${deep(100_000)}}`, 'f.json', 'bad');
    if (r.ok) throw new Error('parsed');
    const d = r.diagnostics[0]!;
    expect(d.message).toBe(
      `f.json: field "x_deep": expected JSON nested at most ${MAX_JSON_DEPTH} levels deep, ` +
        `found a value nested more than ${MAX_JSON_DEPTH} levels deep`,
    );
    expect(diagnosticText('zh', d)).toContain(`嵌套超过 ${MAX_JSON_DEPTH} 层的值`);
    // At the limit it reads; one level more is refused; the root itself too, and an element of a root list by index.
    expect(parseJsonText(deep(MAX_JSON_DEPTH), 'f.json', 'bad').ok).toBe(true);
    expect(nestedTooDeep(JSON.parse(deep(MAX_JSON_DEPTH + 1)))).toBe('[0]');
    expect(nestedTooDeep(JSON.parse(`[1, {"a": ${deep(MAX_JSON_DEPTH)}}]`))).toBe('[1]');
    expect(nestedTooDeep(JSON.parse(`{"a": {"b": ${deep(MAX_JSON_DEPTH - 2)}}}`))).toBeNull();
    // Far deeper than the limit (what JSON.parse still reads): found without exhausting the stack.
    expect(nestedTooDeep(JSON.parse(`{"z": 1, "far": ${deep(200_000)}}`))).toBe('far');
  });

  it('the depth found is the deepest nesting, whatever the shape (fast-check)', () => {
    // A value's depth, counted recursively (the values here are shallow enough).
    const depthOf = (v: unknown): number =>
      typeof v === 'object' && v !== null ? 1 + Math.max(0, ...Object.values(v).map(depthOf)) : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 1, max: 9 }), (value, max) => {
        expect(nestedTooDeep(value, max) !== null).toBe(depthOf(value) > max);
      }),
    );
  });

  it(".checkpoint.json: a gate's said reason is part of the record; a field's fix is said", () => {
    const gate = { decision: 'pass', reason: 'pass: x', words: { id: 'gate.pass', args: { score: 'x' } } };
    const ok = v.safeParse(CheckpointSchema, { last_completed_chapter: 0, current_volume: 1, gate });
    expect(ok.success).toBe(true);
    expect(
      v.safeParse(CheckpointSchema, { last_completed_chapter: 0, current_volume: 1, gate: { ...gate, words: 'pass' } })
        .success,
    ).toBe(false);
    const [bad] = problems(CheckpointSchema, { last_completed_chapter: -1, current_volume: 1 }).filter(
      (d) => d.field === 'last_completed_chapter',
    );
    expect(bad?.fix).toBe('set it to the number of the last chapter in chapters/ (0 for a new book)');
    expect(render('zh', bad!.words!.fix!)).toBe('设为 chapters/ 中最后一章的章号（新书为 0）');
  });
});
