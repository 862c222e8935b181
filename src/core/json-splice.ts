/**
 * Edits of a JSON file in novel's own format (`prettyJson`: two spaces per
 * level, one member or element per line, no raw newline inside a string),
 * made on its bytes. In that format a member of an object at depth d starts
 * a line with 2·d spaces and its key, and a value that spans lines closes on
 * a line indented like its member; so a member is found with a byte search
 * within its parent, and a value is replaced by the same value serialised at
 * its depth. The bytes around an edit stay as they are: the result is the
 * file that serialising the whole edited document would give, at the cost of
 * the entries touched. Only bytes novel serialised itself may be edited so
 * (src/io/canonical-record.ts keeps which). Pure.
 */
import { JoinedBytes } from './joined-bytes.js';

/** A byte range of the bytes; `end` excluded. */
export interface Span {
  start: number;
  end: number;
}

/** Replace the bytes of [start, end) by `text` (an insertion when start = end). */
export interface Edit extends Span {
  text: string;
}

const NEWLINE = 0x0a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const SPACE = 0x20;
/** A line of one of the root object's own members, up to its key's opening quote. */
const ROOT_MEMBER = Buffer.from('\n  "');

/** A newline and the indentation of a line at `depth`. */
export const lineStart = (depth: number): string => `\n${'  '.repeat(depth)}`;

/** `value` as `prettyJson` writes it where a member or element at `depth` holds it. */
export function prettyAt(value: unknown, depth: number): string {
  return JSON.stringify(value, null, 2).split('\n').join(lineStart(depth));
}

/** Where the value that starts at `start`, held by a member or element at `depth`, ends. */
export function valueEnd(buf: Buffer, start: number, depth: number): number {
  const first = buf[start];
  if (first === OPEN_OBJECT || first === OPEN_ARRAY) {
    const close = first + 2; // '}' or ']'
    if (buf[start + 1] === close) return start + 2;
    const at = buf.indexOf(`${lineStart(depth)}${String.fromCharCode(close)}`, start, 'latin1');
    return at < 0 ? -1 : at + 2 + 2 * depth;
  }
  const eol = buf.indexOf(NEWLINE, start);
  if (eol < 0) return -1;
  return buf[eol - 1] === COMMA ? eol - 1 : eol;
}

/** The value of member `key` of the object whose members are at `depth`, searched within `within`; null when absent. */
export function memberValue(buf: Buffer, within: Span, depth: number, key: string): Span | null {
  const needle = Buffer.from(`${lineStart(depth)}${JSON.stringify(key)}: `);
  const at = buf.indexOf(needle, within.start);
  if (at < 0) return null;
  const start = at + needle.length;
  const end = valueEnd(buf, start, depth);
  return end < 0 || end > within.end ? null : { start, end };
}

/**
 * The members of the root object, each key with the span of its value, from
 * one search through the bytes: a line of the root's own members starts with
 * exactly two spaces and a quote, which no deeper line can. Null when the
 * root is not an object in novel's format (a key JSON cannot read, a comma
 * missing or one too many) or a key repeats.
 */
export function rootMembers(buf: Buffer, root: Span): Map<string, Span> | null {
  const members = new Map<string, Span>();
  const close = root.end - 2; // the newline before the root's closing brace
  if (buf[root.start] !== OPEN_OBJECT) return null;
  let at = buf.indexOf(ROOT_MEMBER, root.start);
  if (at !== root.start + 1) return root.end === root.start + 2 ? members : null;
  while (at !== -1) {
    // The key: up to the first quote no backslash escapes.
    let end = at + ROOT_MEMBER.length;
    while (end < close && buf[end] !== QUOTE) end += buf[end] === BACKSLASH ? 2 : 1;
    if (buf[end + 1] !== COLON || buf[end + 2] !== SPACE) return null;
    let key: string;
    try {
      key = JSON.parse(buf.toString('utf8', at + ROOT_MEMBER.length - 1, end + 1)) as string;
    } catch {
      return null; // an escape JSON does not have
    }
    // The value ends before the comma of the next member's line, or before the closing brace (after no comma).
    const next = buf.indexOf(ROOT_MEMBER, end);
    const last = next === -1;
    const valueEnd = last ? close : next - 1;
    if (members.has(key) || (last ? buf[valueEnd - 1] === COMMA : buf[valueEnd] !== COMMA)) return null;
    members.set(key, { start: end + 3, end: valueEnd });
    at = next;
  }
  return members;
}

/** The value at a span, parsed. */
export function parseSpan(buf: Buffer, span: Span): unknown {
  return JSON.parse(buf.toString('utf8', span.start, span.end));
}

/** The span of the root value of a file in novel's format (its bytes end with one newline). */
export function rootSpan(buf: Buffer): Span | null {
  if (buf.length < 3 || buf[buf.length - 1] !== NEWLINE) return null;
  return { start: 0, end: buf.length - 1 };
}

/**
 * The edits that append members at the end of the object value at `span`,
 * whose members are at depth + 1: after its last member, or the whole value
 * written again when it is empty (`{}`).
 */
export function appendMembers(span: Span, depth: number, members: ReadonlyArray<[string, unknown]>): Edit[] {
  if (members.length === 0) return [];
  if (span.end - span.start === 2) return [{ ...span, text: prettyAt(Object.fromEntries(members), depth) }];
  const at = span.end - 1 - lineStart(depth).length;
  return [
    {
      start: at,
      end: at,
      text: members.map(([k, v]) => `,${lineStart(depth + 1)}${JSON.stringify(k)}: ${prettyAt(v, depth + 1)}`).join(''),
    },
  ];
}

/**
 * The bytes with the edits made, as parts (joined-bytes.ts: the runs between the edits are views of `buf`, not
 * copies); edits do not overlap, and insertions at one place keep their order.
 */
export function applyEdits(buf: Buffer, edits: readonly Edit[]): JoinedBytes {
  // A stable sort: insertions at one place keep their order.
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const parts: Buffer[] = [];
  let at = 0;
  for (const e of sorted) {
    if (e.start < at) throw new Error(`overlapping edits at byte ${e.start}`);
    parts.push(buf.subarray(at, e.start), Buffer.from(e.text));
    at = e.end;
  }
  parts.push(buf.subarray(at));
  return new JoinedBytes(parts);
}

/** The bytes before the first edit and after the last one, which the edits leave as they are. */
export function editedRange(edits: readonly Edit[]): Span | null {
  if (edits.length === 0) return null;
  return { start: Math.min(...edits.map((e) => e.start)), end: Math.max(...edits.map((e) => e.end)) };
}
