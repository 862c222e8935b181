/**
 * Text for a person's terminal (PROTOCOL §17): a title, a name or a file name
 * may carry control characters — C0 but tab and newline, DEL, C1 (ESC and BEL
 * among them) — or bidirectional overrides that reorder what is shown. Every
 * human-readable output prints them escaped (`\u001b`, `\u202e`), so no
 * text from a file sets the window title, clears the screen or hides a word.
 * The escape is JSON's own: a JSON line (`run --events`) escaped this way is
 * still the same JSON. Pure.
 */

/** C0 controls but tab and newline, DEL and C1; the bidirectional embeddings, overrides, isolates and marks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it escapes
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const UNSAFE_ONE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Whether the text holds a character a terminal would act on or reorder by. */
export function hasUnsafeControls(text: string): boolean {
  return UNSAFE_ONE.test(text);
}

/** The text with each such character written as a visible escape, \uHHHH. */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${(0x10000 + c.charCodeAt(0)).toString(16).slice(1)}`);
}
