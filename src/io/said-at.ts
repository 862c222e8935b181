/**
 * Refusals that name a file first (`path: what is wrong`), said so that the
 * file's part can be taken off when the refusal becomes a diagnostic of that
 * file, and a diagnostic said whole when it becomes a refusal. Pure.
 */
import { isSaid, said, type Words } from '../core/messages.js';
import type { NovelError } from '../core/errors.js';
import type { Diagnostic } from '../schemas/diagnostics.js';

/** `file: what`, in the reader's language. */
export const at = (file: string, what: Words): Words => said('fs.at', { file, what });

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
export function diagnosticWords(d: Diagnostic): Words {
  const w = d.words ?? {};
  let what: Words;
  if (w.message) what = w.message;
  else if ((d.expected !== undefined || d.found !== undefined) && (d.expected === undefined || w.expected) && (d.found === undefined || w.found)) {
    what =
      w.expected && w.found
        ? said('fs.expected_found', { expected: w.expected, found: w.found })
        : w.expected
          ? said('fs.expected', { expected: w.expected })
          : said('fs.found', { found: w.found as Words });
  } else return d.message;
  return d.field !== undefined ? said('fs.at_field', { file: d.file, field: d.field, what }) : at(d.file, what);
}

/** "expected a file, found a directory". */
export const fileNotDirectory = (): Words => said('fs.expected_found', { expected: said('fs.a_file'), found: said('fs.a_directory') });

/** A diagnostic's parts for text that is not UTF-8 (its first bad byte at `offset`). */
export const notUtf8 = (offset: number): { expected: Words; found: Words; fix: Words } => ({
  expected: said('fs.utf8_text'),
  found: said('fs.invalid_bytes', { offset }),
  fix: said('fs.save_as_utf8'),
});
