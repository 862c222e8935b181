/**
 * The words of the option value refused last. A validator (option-validators.ts)
 * can hand clipanion only an English line, which clipanion folds into the text
 * of its UsageError ("Invalid value for --x: <line>"); the entry point (cli.ts)
 * finds the said words again by that line, to say the refusal in the reader's
 * language. clipanion stops at the first value it refuses, so one is enough.
 */
import { render, type Said } from '../core/messages.js';

let last: { text: string; words: Said } | null = null;

/** Note a refusal; its English line, for clipanion. */
export function noteRefusal(words: Said): string {
  const text = render('en', words);
  last = { text, words };
  return text;
}

/** The said words of a refusal by its English line, when that is the one noted last. */
export function refusalWords(text: string): Said | null {
  return last !== null && last.text === text ? last.words : null;
}
