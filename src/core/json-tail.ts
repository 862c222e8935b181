/**
 * The last entries of a JSON array from the end of its text alone: a long
 * book's memory ledger (PROTOCOL §7.4) holds an entry a chapter, and a packet
 * wants the last three. Pure.
 *
 * A line break never stands inside a JSON string, so a line that starts with
 * `{` or `[` after its indentation starts a value outside every string. Of the
 * lines in the tail that do, the least indented opens the tail's entries; `[`
 * and the text from that line on parse as an array exactly when the line
 * opens an entry of the top-level array: from a value nested deeper, the text
 * closes more brackets than it opens and JSON.parse refuses it. The caller
 * parses the result and reads the whole file when it does not parse.
 */

/** Matches a line (after a line break) that opens an object or an array, capturing its indentation. */
const OPENING_LINE = /\n([ \t]*)[{[]/g;

/**
 * `[` and the text of `tail` from its least indented line that opens an object or array, or null when no line does.
 * `tail` is the end of a file's text, starting anywhere.
 */
export function arrayTailText(tail: string): string | null {
  let at = -1;
  let indent = Number.POSITIVE_INFINITY;
  OPENING_LINE.lastIndex = 0;
  for (let m = OPENING_LINE.exec(tail); m !== null; m = OPENING_LINE.exec(tail)) {
    const width = (m[1] as string).length;
    if (width < indent) {
      indent = width;
      at = m.index + 1 + width;
    }
  }
  return at < 0 ? null : `[${tail.slice(at)}`;
}
