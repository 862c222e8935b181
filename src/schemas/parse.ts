/**
 * Parsing unknown JSON with a valibot schema into either a typed value or
 * diagnostics that name file, field, what was expected and what was found.
 */
import * as v from 'valibot';
import { errorAt, type Diagnostic } from '../core/diagnostics.js';

type AnySchema = v.GenericSchema;

interface SchemaLike {
  type?: string;
  expects?: string;
  entries?: Record<string, SchemaLike>;
  item?: SchemaLike;
  wrapped?: SchemaLike;
  value?: SchemaLike;
  pipe?: Array<{ kind?: string; type?: string; expects?: string | null; requirement?: unknown }>;
}

/** The schema found at a dot path, for describing a missing key. */
function schemaAt(root: SchemaLike, path: Array<string | number>): SchemaLike | undefined {
  let s: SchemaLike | undefined = root;
  for (const key of path) {
    while (s?.wrapped) s = s.wrapped;
    if (!s) return undefined;
    if (s.entries && typeof key === 'string') s = s.entries[key];
    else if (s.item) s = s.item;
    else if (s.value) s = s.value;
    else return undefined;
  }
  while (s?.wrapped) s = s.wrapped;
  return s;
}

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
    let found: string;
    if (issue.type === 'strict_object' && issue.expected === 'never') {
      expected = `no key ${issue.received} (unknown keys are not allowed here)`;
      found = `unknown key ${issue.received}`;
    } else if (issue.received === 'undefined' && issue.kind === 'schema' && /object$/.test(issue.type)) {
      expected = `${describeExpectation(schemaAt(schema as SchemaLike, keys))} (required)`;
      found = 'nothing (the field is missing)';
    } else if (issue.type === 'regex' || issue.type === 'custom') {
      expected = issue.message.replace(/^Invalid (format|input): /, '');
      found = issue.received;
    } else if (issue.type === 'integer') {
      expected = 'an integer';
      found = issue.received;
    } else {
      expected = issue.expected ?? issue.message;
      found = issue.received;
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
