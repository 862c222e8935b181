/**
 * Parsing unknown JSON with a valibot schema into either a typed value or
 * diagnostics that name file, field, what was expected and what was found.
 */
import * as v from 'valibot';
import { describeValue, errorAt, type Diagnostic } from './diagnostics.js';
import type { Words } from '../core/messages.js';

type AnySchema = v.GenericSchema;

interface SchemaLike {
  kind?: string;
  type?: string;
  expects?: string;
  entries?: Record<string, SchemaLike>;
  item?: SchemaLike;
  items?: SchemaLike[];
  options?: Array<SchemaLike | string | number>;
  literal?: unknown;
  wrapped?: SchemaLike;
  value?: SchemaLike;
  pipe?: Array<SchemaLike & { expects?: string | null; requirement?: unknown }>;
  /** A schema built when first used (common.ts `lazily`). */
  getter?: (input: unknown) => SchemaLike;
}

/** The schema a `lazily` one stands for (any other as it is). */
function built(s: SchemaLike | undefined): SchemaLike | undefined {
  let cur = s;
  while (cur?.type === 'lazy' && cur.getter) cur = cur.getter(undefined);
  return cur;
}

/**
 * A copy of a schema with every `lazily` part replaced by the schema it
 * stands for, for code that reads a schema's parts (the generated docs and
 * JSON Schemas) rather than parsing with it.
 */
export function inlineLazy<S>(schema: S): S {
  const seen = new Map<SchemaLike, SchemaLike>();
  const inline = (node: SchemaLike | undefined): SchemaLike | undefined => {
    const s = built(node);
    if (!s || typeof s !== 'object') return s;
    const known = seen.get(s);
    if (known) return known;
    const copy: SchemaLike = { ...s };
    seen.set(s, copy);
    if (s.entries) copy.entries = Object.fromEntries(Object.entries(s.entries).map(([k, e]) => [k, inline(e) as SchemaLike]));
    if (s.item) copy.item = inline(s.item);
    if (s.items) copy.items = s.items.map((i) => inline(i) as SchemaLike);
    if (s.wrapped) copy.wrapped = inline(s.wrapped);
    if (s.value) copy.value = inline(s.value);
    if (s.options) copy.options = s.options.map((o) => (typeof o === 'object' && o !== null ? (inline(o) as SchemaLike) : o));
    if (s.pipe) copy.pipe = s.pipe.map((p) => (p === s ? copy : p.kind === 'schema' ? (inline(p) as typeof p) : p)) as SchemaLike['pipe'];
    return copy;
  };
  return inline(schema as SchemaLike) as S;
}

/** The schema that gives the shape: optional/nullable unwrapped, a piped record (recordOf) found in its pipe. */
function unwrap(s: SchemaLike | undefined): SchemaLike | undefined {
  let cur = built(s);
  while (cur?.wrapped) cur = built(cur.wrapped);
  if (cur && !cur.entries && !cur.item && !cur.value) {
    const inner = cur.pipe?.find((p) => p !== cur && p.kind === 'schema' && (p.entries || p.item || p.value));
    if (inner) return unwrap(inner);
  }
  return cur;
}

/** The schema found at a dot path, for describing a missing key or a wrong type. */
function schemaAt(root: SchemaLike, path: Array<string | number>): SchemaLike | undefined {
  let s: SchemaLike | undefined = unwrap(root);
  for (const key of path) {
    if (!s) return undefined;
    if (s.entries && typeof key === 'string') s = s.entries[key];
    else if (s.item) s = s.item;
    else if (s.items && typeof key === 'number') s = s.items[key];
    else if (s.value) s = s.value;
    else return undefined;
    s = unwrap(s);
  }
  return s;
}

/**
 * A compact shape of what a schema expects, quoted in errors about a wrong
 * type: `{score: number, reason: string, …}`, `Array<{id: string, …}>`.
 */
/** Validation actions of a schema's pipe, nested pipes included. */
function actionsOf(s: SchemaLike): Array<SchemaLike & { requirement?: unknown }> {
  return (s.pipe ?? []).flatMap((p) => (p === s ? [] : p.kind === 'schema' ? actionsOf(p) : [p]));
}

/** Limits a pipe puts on a number or a string: `≥ 1`, `≤ 5`, `slug`. */
function limitsOf(s: SchemaLike): string {
  const out: string[] = [];
  for (const a of actionsOf(s)) {
    if (a.type === 'min_value') out.push(`≥ ${String(a.requirement)}`);
    if (a.type === 'max_value') out.push(`≤ ${String(a.requirement)}`);
    if (a.type === 'max_length') out.push(`at most ${String(a.requirement)}`);
    if (a.type === 'regex') out.push(String(a.requirement) === String(/^[a-z0-9][a-z0-9_-]{0,63}$/) ? 'slug' : `matching ${String(a.requirement)}`);
  }
  return out.length ? ` (${out.join(', ')})` : '';
}

export function shapeOf(schema: unknown, depth = 2): string {
  const s = unwrap(schema as SchemaLike);
  if (!s) return 'a value';
  const integer = actionsOf(s).some((p) => p.type === 'integer');
  switch (s.type) {
    case 'object':
    case 'loose_object':
    case 'strict_object': {
      if (depth <= 0) return '{…}';
      const fields = Object.entries(s.entries ?? {}).map(([k, f]) => {
        const optional = built(f as SchemaLike)?.type === 'optional';
        return `${k}${optional ? '?' : ''}: ${shapeOf(f, depth - 1)}`;
      });
      return `{${fields.join(', ')}${s.type === 'loose_object' ? (fields.length ? ', …' : '…') : ''}}`;
    }
    case 'record':
      return `{[key: string]: ${shapeOf(s.value, depth - 1)}}`;
    case 'array':
      return `Array<${shapeOf(s.item, depth - 1)}>${limitsOf(s)}`;
    case 'tuple':
      return `[${(s.items ?? []).map((i) => shapeOf(i, depth - 1)).join(', ')}]`;
    case 'picklist':
      return (s.options ?? []).map((o) => JSON.stringify(o)).join(' | ');
    case 'literal':
      return JSON.stringify(s.literal);
    case 'union':
    case 'variant':
      return (s.options ?? []).map((o) => shapeOf(o, depth - 1)).join(' | ');
    case 'nullable':
      return `${shapeOf(s.wrapped, depth)} | null`;
    case 'number':
      return `${integer ? 'integer' : 'number'}${limitsOf(s)}`;
    case 'string':
      return `string${limitsOf(s)}`;
    default:
      return s.type ?? 'a value';
  }
}

const isComposite = (s: SchemaLike | undefined): boolean => !!s && ['object', 'loose_object', 'strict_object', 'record', 'array', 'tuple'].includes(s.type ?? '');

function describeExpectation(s: SchemaLike | undefined): string {
  if (!s) return 'a value';
  const parts = [s.expects ?? s.type ?? 'a value'];
  for (const step of s.pipe ?? []) {
    if (step.kind === 'validation' && step.expects) parts.push(step.expects);
    if (step.kind === 'validation' && step.type === 'integer') parts.push('integer');
    if (step.kind === 'validation' && step.type === 'regex') parts.push(`matching ${String(step.requirement)}`);
  }
  return parts.join(', ');
}

export function issuesToDiagnostics(
  schema: AnySchema,
  issues: readonly v.BaseIssue<unknown>[],
  file: string,
  code: string,
  fix?: (field: string) => string | undefined,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '';
    const keys = (issue.path ?? []).map((p) => p.key as string | number);
    let expected: string;
    let found: Words;
    if (issue.type === 'strict_object' && issue.expected === 'never') {
      expected = `no key ${issue.received} (unknown keys are not allowed here)`;
      found = `unknown key ${issue.received}`;
    } else if (issue.received === 'undefined' && issue.kind === 'schema' && /object$/.test(issue.type)) {
      expected = `${describeExpectation(schemaAt(schema as SchemaLike, keys))} (required)`;
      found = 'nothing (the field is missing)';
    } else if (issue.type === 'regex' || issue.type === 'custom') {
      expected = issue.message.replace(/^Invalid (format|input): /, '');
      found = issue.received;
    } else if (issue.type === 'union' && !issue.message.startsWith('Invalid ')) {
      // A union that says what its choices are (its own message): that, and the value found.
      expected = issue.message;
      found = describeValue(issue.input);
    } else if (issue.type === 'integer') {
      expected = 'an integer';
      found = issue.received;
    } else {
      expected = issue.expected ?? issue.message;
      found = issue.received;
      // A wrong type where an object or array belongs: quote the shape expected.
      const at = schemaAt(schema as SchemaLike, keys);
      if (isComposite(at)) expected = shapeOf(at);
    }
    const key = `${field}\u0000${expected}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const fixText = fix?.(field);
    out.push(
      errorAt(code, file, {
        ...(field ? { field } : {}),
        expected,
        found,
        ...(fixText ? { fix: fixText } : {}),
      }),
    );
  }
  return out;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; diagnostics: Diagnostic[] };

export function parseWith<S extends AnySchema>(
  schema: S,
  value: unknown,
  file: string,
  code: string,
  fix?: (field: string) => string | undefined,
): Parsed<v.InferOutput<S>> {
  const result = v.safeParse(schema, value, { abortEarly: false });
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, diagnostics: issuesToDiagnostics(schema, result.issues, file, code, fix) };
}

/** JSON.parse that reports the file, line and column instead of throwing. */
export function parseJsonText(text: string, file: string, code: string): Parsed<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const pos = /position (\d+)/.exec(message);
    let where = '';
    if (!pos && /end of JSON input/.test(message)) where = ` at the end of the file (line ${text.split('\n').length})`;
    if (pos) {
      const offset = Number(pos[1]);
      const before = text.slice(0, offset);
      const line = before.split('\n').length;
      const column = offset - before.lastIndexOf('\n');
      where = ` at line ${line}, column ${column}`;
    }
    return {
      ok: false,
      diagnostics: [
        errorAt(code, file, {
          expected: 'valid JSON',
          found: `${message.replace(/^JSON\.parse: /, '')}${where}`,
          fix: 'correct the JSON syntax (a JSON linter shows the exact spot)',
        }),
      ],
    };
  }
}
