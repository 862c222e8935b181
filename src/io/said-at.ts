/**
 * Refusals that name a file first (`path: what is wrong`), said so that the
 * file's part can be taken off when the refusal becomes a diagnostic of that
 * file, and a diagnostic said whole when it becomes a refusal. Pure.
 */
import { isSaid, said, type Said, type Words } from '../core/messages.js';
import type { NovelError } from '../core/errors.js';
import type { Diagnostic } from '../schemas/diagnostics.js';

/** `file: what`, in the reader's language. */
export const at = (file: string, what: Words): Said => said('fs.at', { file, what });

/** What a refusal says about `file`, without the file's name in front (a diagnostic of that file names it itself). */
export function aboutFile(err: NovelError, file: string): Words {
  const w = err.said;
  if (isSaid(w) && w.id === 'fs.at' && w.args.file === file) return w.args.what as Words;
  return err.message.includes(`${file}: `) ? err.message.replace(`${file}: `, '') : w;
}

/**
 * A diagnostic's line as said words, where its parts are said (as
 * src/schemas/diagnostics.ts makes the line); else its English, as it is.
 */
export function diagnosticWords(d: Diagnostic): Said {
  const w = d.words ?? {};
  // A part not said is data (a shape, a value), shown as it is in every language.
  const expected: Words | undefined = w.expected ?? d.expected;
  const found: Words | undefined = w.found ?? d.found;
  const own = d.message.startsWith(`${d.file}: `) ? d.message.slice(d.file.length + 2) : d.message;
  const what: Words = w.message
    ? w.message
    : expected !== undefined && found !== undefined
      ? said('fs.expected_found', { expected, found })
      : expected !== undefined
        ? said('fs.expected', { expected })
        : found !== undefined
          ? said('fs.found', { found })
          : own;
  return d.field !== undefined ? said('fs.at_field', { file: d.file, field: d.field, what }) : at(d.file, what);
}

/** "expected a file, found a directory". */
export const fileNotDirectory = (): Words =>
  said('fs.expected_found', { expected: said('fs.a_file'), found: said('fs.a_directory') });

/** A diagnostic's parts for text that is not UTF-8 (its first bad byte at `offset`). */
export const notUtf8 = (offset: number): { expected: Words; found: Words; fix: Words } => ({
  expected: said('fs.utf8_text'),
  found: said('fs.invalid_bytes', { offset }),
  fix: said('fs.save_as_utf8'),
});
