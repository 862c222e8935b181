/**
 * The one shape every problem report takes: `{severity, code, message, file,
 * field?, expected?, found?, fix?}`. `message` is complete on its own (it
 * names file, field, expected and found) so plain output can print it as is.
 */
import { isSaid, render, said, type Said, type Words } from '../core/messages.js';

export interface Diagnostic {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  file: string;
  field?: string;
  expected?: string;
  found?: string;
  fix?: string;
  /**
   * The parts that were said by message id (src/core/messages.ts), for a reader in another language; the strings above
   * are their English.
   */
  words?: DiagnosticWords;
}

/** A diagnostic's said parts, by the part they say (`field` when it names a place in words, not a key path). */
export type DiagnosticWords = Partial<Record<'message' | 'field' | 'expected' | 'found' | 'fix', Said>>;

export function diagnostic(
  severity: Diagnostic['severity'],
  code: string,
  file: string,
  parts: { field?: Words; expected?: Words; found?: Words; fix?: Words; message?: Words },
): Diagnostic {
  const en = (w: Words | undefined): string | undefined => (w === undefined ? undefined : render('en', w));
  const field = en(parts.field);
  const expected = en(parts.expected);
  const found = en(parts.found);
  const where = field ? `${file}: field "${field}"` : file;
  const what =
    en(parts.message) ??
    [expected && `expected ${expected}`, found !== undefined && `found ${found}`].filter(Boolean).join(', ');
  const d: Diagnostic = { severity, code, message: `${where}: ${what}`, file };
  if (field !== undefined) d.field = field;
  if (expected !== undefined) d.expected = expected;
  if (found !== undefined) d.found = found;
  if (parts.fix !== undefined) d.fix = en(parts.fix) as string;
  const words: DiagnosticWords = {};
  for (const part of ['message', 'field', 'expected', 'found', 'fix'] as const) {
    const w = parts[part];
    if (isSaid(w)) words[part] = w;
  }
  if (Object.keys(words).length) d.words = words;
  return d;
}

export const errorAt = (code: string, file: string, parts: Parameters<typeof diagnostic>[3]): Diagnostic =>
  diagnostic('error', code, file, parts);
export const warningAt = (code: string, file: string, parts: Parameters<typeof diagnostic>[3]): Diagnostic =>
  diagnostic('warning', code, file, parts);

/** A short, bounded rendering of a value seen in a file. */
export function describeValue(value: unknown): Words {
  if (value === undefined) return said('diagnostic.missing');
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
