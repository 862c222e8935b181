/**
 * Parsing unknown JSON with a valibot schema into either a typed value or
 * diagnostics that name file, field, what was expected and what was found.
 */
import * as v from 'valibot';
import { describeValue, errorAt, type Diagnostic } from './diagnostics.js';
import { messageEntry, render, said, type MessageKey, type Said, type Words } from '../core/messages.js';

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
  pipe?: Array<SchemaLike & { expects?: string | null; requirement?: unknown; description?: string }>;
  /** A message the schema gives its issues itself. */
  message?: unknown;
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
    if (s.entries)
      copy.entries = Object.fromEntries(Object.entries(s.entries).map(([k, e]) => [k, inline(e) as SchemaLike]));
    if (s.item) copy.item = inline(s.item);
    if (s.items) copy.items = s.items.map((i) => inline(i) as SchemaLike);
    if (s.wrapped) copy.wrapped = inline(s.wrapped);
    if (s.value) copy.value = inline(s.value);
    if (s.options)
      copy.options = s.options.map((o) => (typeof o === 'object' && o !== null ? (inline(o) as SchemaLike) : o));
    if (s.pipe)
      copy.pipe = s.pipe.map((p) =>
        p === s ? copy : p.kind === 'schema' ? (inline(p) as typeof p) : p,
      ) as SchemaLike['pipe'];
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

/**
 * The schema found at a dot path, for describing a missing key or a wrong type (`as written`: the last one not
 * unwrapped).
 */
function schemaAt(root: SchemaLike, path: Array<string | number>, asWritten = false): SchemaLike | undefined {
  let s: SchemaLike | undefined = asWritten && path.length === 0 ? root : unwrap(root);
  for (const [i, key] of path.entries()) {
    if (!s) return undefined;
    if (s.entries && typeof key === 'string') s = s.entries[key];
    else if (s.item) s = s.item;
    else if (s.items && typeof key === 'number') s = s.items[key];
    else if (s.value) s = s.value;
    else return undefined;
    if (!asWritten || i < path.length - 1) s = unwrap(s);
  }
  return s;
}

/** The description a schema's pipe gives it (optional and nullable looked through), as `recordOf` writes it. */
function descriptionAt(root: SchemaLike, path: Array<string | number>): string {
  let s = built(schemaAt(root, path, true));
  while (s?.wrapped) s = built(s.wrapped);
  return s?.pipe?.find((p) => p.type === 'description')?.description ?? '';
}

/**
 * A schema's own message, said: the schemas give their messages as ids of the
 * catalogue's `schema` group (src/core/messages/core.ts), found here by key;
 * `schema.object_of` names the description of the map it stands for.
 */
function ownWords(issue: v.BaseIssue<unknown>, root: SchemaLike, keys: Array<string | number>): Said | undefined {
  const id = issue.message;
  if (!MESSAGE_ID.test(id) || messageEntry(id as MessageKey) === undefined) return undefined;
  if (id === 'schema.object_of') return said('schema.object_of', { what: descriptionAt(root, keys) });
  return { id, args: {} };
}

/** The shape of a message id (`group.key`): only such a message is looked up in the catalogue. */
const MESSAGE_ID = /^[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+$/;

/** Does the schema at a path give its issues a message of its own (optional and nullable looked through)? */
function hasOwnMessage(root: SchemaLike, path: Array<string | number>): boolean {
  let s = built(schemaAt(root, path, true));
  while (s?.wrapped && s.message === undefined) s = built(s.wrapped);
  return typeof s?.message === 'string';
}

/** valibot's own wording of an issue, said from its parts: `Expected … but received …`. */
const formatWords = (issue: v.BaseIssue<unknown>): Said =>
  said('schema.format', { expected: issue.expected, received: issue.received });

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
    if (a.type === 'regex')
      out.push(
        String(a.requirement) === String(/^[a-z0-9][a-z0-9_-]{0,63}$/) ? 'slug' : `matching ${String(a.requirement)}`,
      );
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

const isComposite = (s: SchemaLike | undefined): boolean =>
  !!s && ['object', 'loose_object', 'strict_object', 'record', 'array', 'tuple'].includes(s.type ?? '');

function describeExpectation(s: SchemaLike | undefined): Words {
  const base = s?.expects ?? s?.type;
  if (!s || base === undefined) return said('schema.any_value');
  const parts = [base];
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
  fix?: (field: string) => Words | undefined,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '';
    const keys = (issue.path ?? []).map((p) => p.key as string | number);
    const own = ownWords(issue, schema as SchemaLike, keys);
    let expected: Words;
    let found: Words;
    if (issue.type === 'strict_object' && issue.expected === 'never') {
      expected = said('schema.no_key', { key: issue.received });
      found = said('schema.unknown_key', { key: issue.received });
    } else if (issue.received === 'undefined' && issue.kind === 'schema' && issue.type.endsWith('object')) {
      expected = said('schema.required', { what: describeExpectation(schemaAt(schema as SchemaLike, keys)) });
      found = said('diagnostic.missing');
    } else if (issue.type === 'regex' || issue.type === 'custom') {
      // The schema's own message (an id of the catalogue), else valibot's wording from the issue's parts.
      expected = own ?? formatWords(issue);
      found = issue.received;
    } else if (issue.type === 'union' && (own || hasOwnMessage(schema as SchemaLike, keys))) {
      // A union that says what its choices are (its own message, said when it is an id): that, and the value found.
      expected = own ?? issue.message;
      found = describeValue(issue.input);
    } else if (issue.type === 'integer') {
      expected = said('schema.integer');
      found = issue.received;
    } else {
      expected = issue.expected ?? own ?? issue.message;
      found = issue.received;
      // A wrong type where an object or array belongs: quote the shape expected.
      const at = schemaAt(schema as SchemaLike, keys);
      if (isComposite(at)) expected = shapeOf(at);
    }
    const key = `${field}\u0000${render('en', expected)}`;
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
  fix?: (field: string) => Words | undefined,
): Parsed<v.InferOutput<S>> {
  const result = v.safeParse(schema, value, { abortEarly: false });
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, diagnostics: issuesToDiagnostics(schema, result.issues, file, code, fix) };
}

/**
 * How deep a JSON file novel reads may nest. No book file comes near it (the state nests some six levels); far deeper
 * (a hundred thousand arrays in one field of a staged evaluation) JSON.parse still reads it, but what writes or walks
 * the value after it exhausts the stack: the commit would fail on every try.
 */
export const MAX_JSON_DEPTH = 256;

/** The top-level field under which `value` nests deeper than `max` levels ('' for the root itself), or null. */
export function nestedTooDeep(value: unknown, max = MAX_JSON_DEPTH): string | null {
  if (typeof value !== 'object' || value === null) return null;
  if (max < 1) return '';
  // Recursion stops one level past `max`: the stack never holds more than max + 1 frames, however deep the value
  // nests. No array of [key, value] pairs and no stack of its own: every JSON file novel reads passes through here.
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (deeper(value[i], 2, max)) return `[${i}]`;
    return null;
  }
  const o = value as Record<string, unknown>;
  for (const k in o) if (Object.hasOwn(o, k) && deeper(o[k], 2, max)) return k;
  return null;
}

/** `v`, found at `depth`, is an object or array that nests deeper than `max`. */
function deeper(v: unknown, depth: number, max: number): boolean {
  if (typeof v !== 'object' || v === null) return false;
  if (depth > max) return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (deeper(v[i], depth + 1, max)) return true;
    return false;
  }
  const o = v as Record<string, unknown>;
  for (const k in o) if (Object.hasOwn(o, k) && deeper(o[k], depth + 1, max)) return true;
  return false;
}

/** JSON.parse that reports the file, line and column instead of throwing; a value nested too deep is refused too. */
export function parseJsonText(text: string, file: string, code: string): Parsed<unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    const deep = nestedTooDeep(value);
    if (deep === null) return { ok: true, value };
    return {
      ok: false,
      diagnostics: [
        errorAt(code, file, {
          ...(deep ? { field: deep } : {}),
          expected: said('schema.json_depth', { max: MAX_JSON_DEPTH }),
          found: said('schema.json_depth_found', { max: MAX_JSON_DEPTH }),
          fix: said('schema.json_depth_fix'),
        }),
      ],
    };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // Where the parser stopped, from the offset its message gives (or its end).
    const pos = /position (\d+)/.exec(message);
    let line: number | null = null;
    let column: number | null = null;
    if (!pos && /end of JSON input/.test(message)) line = text.split('\n').length;
    if (pos) {
      const offset = Number(pos[1]);
      const before = text.slice(0, offset);
      line = before.split('\n').length;
      column = offset - before.lastIndexOf('\n');
    }
    return {
      ok: false,
      diagnostics: [
        errorAt(code, file, {
          expected: said('schema.valid_json'),
          found: said('schema.json_error', { message: message.replace(/^JSON\.parse: /, ''), line, column }),
          fix: said('schema.json_fix'),
        }),
      ],
    };
  }
}
