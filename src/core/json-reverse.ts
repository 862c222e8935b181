/**
 * What a commit's history keeps of a JSON file it wrote again whole from its
 * own serialisation (§14), when a chapter changed many of its entries (the
 * foreshadowing list, book-splice.ts): the values the document had before, by
 * JSON Pointer (RFC 6901), rather than its lines. A chapter that advances a
 * thousand items changes two lines in each; a line patch of one hunk would
 * hold the whole list again, this holds a number and a length per item.
 *
 * Going back parses the text after (checked by its sha256), removes what the
 * commit added, shortens the arrays it appended to, puts the old values back,
 * and serialises as novel does; the result is checked against the sha256 of
 * the text before. Both documents must be novel's own serialisation: the
 * reverse gives back the document, and `prettyJson` its bytes. Pure.
 */
import { prettyJson } from './canonical-json.js';

type Obj = Record<string, unknown>;

export interface JsonReverse {
  /** The sha256 of the text after the commit, which the reverse applies to. */
  after_sha256: string;
  /** The sha256 of the text before, which applying it gives. */
  before_sha256: string;
  /** Members the document after has and the one before had not. */
  remove: string[];
  /** Arrays the commit appended to: their length before. */
  truncate: Record<string, number>;
  /** The values before, where they differ ("": the whole document). */
  set: Record<string, unknown>;
}

export type JsonChanges = Pick<JsonReverse, 'remove' | 'truncate' | 'set'>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const escapeToken = (key: string): string =>
  key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key;
const unescapeToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** `before` and `after` differ (members the two share are not walked into, nor named). */
function walk(before: unknown, after: unknown, at: string, out: JsonChanges): void {
  if (Array.isArray(before)) {
    if (Array.isArray(after) && before.length <= after.length) {
      for (let i = 0; i < before.length; i++) if (before[i] !== after[i]) walk(before[i], after[i], `${at}/${i}`, out);
      if (after.length > before.length) out.truncate[at] = before.length;
    } else out.set[at] = before;
    return;
  }
  if (!isObj(before) || !isObj(after)) {
    out.set[at] = before;
    return;
  }
  // `after`'s keys, less the ones `before` lacks (`added`), must be `before`'s in their order:
  // else the object is kept whole, as a key put back would not go where it was.
  // (for-in: a parsed document's objects inherit nothing enumerable, and it allocates no key list.)
  const keys = Object.keys(before);
  let i = 0;
  let added: string[] | null = null;
  for (const key in after) {
    if (key === keys[i]) i++;
    else (added ??= []).push(key);
  }
  if (i !== keys.length) {
    out.set[at] = before;
    return;
  }
  if (added) for (const key of added) out.remove.push(`${at}/${escapeToken(key)}`);
  for (const key of keys) {
    const b = (before as Obj)[key];
    const a = (after as Obj)[key];
    if (b !== a) walk(b, a, `${at}/${escapeToken(key)}`, out);
  }
}

/**
 * What turns `after` back into `before`. Values the two share (the same
 * object, as the ops engines leave what they do not change) are not looked into.
 */
export function jsonChanges(before: unknown, after: unknown): JsonChanges {
  const out: JsonChanges = { remove: [], truncate: {}, set: {} };
  if (before !== after) walk(before, after, '', out);
  return out;
}

/**
 * What the history keeps of a file written again whole from novel's own
 * serialisation (`before`, its text or bytes; the documents before and after,
 * and the sha256 of the text before): the changes that undo the commit, or
 * its text when they would not be less than half of its bytes; the text after
 * is hashed only when the changes are kept.
 */
export function keptJson(
  before: string | Buffer,
  whole: { before: unknown; after: unknown; beforeSha256: string },
  afterSha256: () => string,
): string | { json: JsonReverse } {
  const changes = jsonChanges(whole.before, whole.after);
  if (JSON.stringify(changes).length * 2 >= Buffer.byteLength(before)) return before.toString();
  return { json: { after_sha256: afterSha256(), before_sha256: whole.beforeSha256, ...changes } };
}

const isContainer = (v: unknown): v is Obj => typeof v === 'object' && v !== null;

/**
 * The object or array that holds the member a pointer names, and its key;
 * null when that member, or one on the way, is not the document's own
 * (an array's "length" is not a member).
 */
function memberAt(doc: unknown, pointer: string): { container: Obj; key: string } | null {
  const tokens = pointer.split('/').slice(1).map(unescapeToken);
  const key = tokens.pop();
  let container: unknown = doc;
  for (const token of tokens) {
    if (!isContainer(container) || !Object.hasOwn(container, token)) return null;
    container = container[token];
  }
  if (
    key === undefined ||
    !isContainer(container) ||
    !Object.hasOwn(container, key) ||
    (Array.isArray(container) && key === 'length')
  )
    return null;
  return { container, key };
}

/**
 * The text before, from the text after; null when `after` is not the text the
 * reverse was made against, or the reverse does not fit it (a member it names
 * is not there, or the result is not the text before).
 */
export function applyJsonReverse(after: string, reverse: JsonReverse, sha256: (text: string) => string): string | null {
  if (sha256(after) !== reverse.after_sha256) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(after);
  } catch {
    return null;
  }
  for (const pointer of reverse.remove) {
    const at = memberAt(doc, pointer);
    if (at === null) return null;
    delete at.container[at.key];
  }
  for (const [pointer, length] of Object.entries(reverse.truncate)) {
    const at = memberAt(doc, pointer);
    const array = pointer === '' ? doc : at?.container[at.key];
    if (!Array.isArray(array)) return null;
    // A length out of range gives another document, which its sha256 refuses.
    array.splice(length);
  }
  for (const [pointer, value] of Object.entries(reverse.set)) {
    if (pointer === '') {
      doc = value;
      continue;
    }
    const at = memberAt(doc, pointer);
    if (at === null) return null;
    // Defined, not assigned: a member named "__proto__" stays a member (and in its place).
    Object.defineProperty(at.container, at.key, { value });
  }
  let before: string;
  try {
    before = prettyJson(doc);
  } catch {
    return null; // a value nested past the stack's depth: no text novel wrote
  }
  return sha256(before) === reverse.before_sha256 ? before : null;
}
