/**
 * The one shape every problem report takes: `{severity, code, message, file,
 * field?, expected?, found?, fix?}`. `message` is complete on its own (it
 * names file, field, expected and found) so plain output can print it as is.
 */

export interface Diagnostic {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  file: string;
  field?: string;
  expected?: string;
  found?: string;
  fix?: string;
}

export function diagnostic(
  severity: Diagnostic['severity'],
  code: string,
  file: string,
  parts: { field?: string; expected?: string; found?: string; fix?: string; message?: string },
): Diagnostic {
  const where = parts.field ? `${file}: field "${parts.field}"` : file;
  const what =
    parts.message ??
    [parts.expected && `expected ${parts.expected}`, parts.found !== undefined && `found ${parts.found}`]
      .filter(Boolean)
      .join(', ');
  const d: Diagnostic = { severity, code, message: `${where}: ${what}`, file };
  if (parts.field !== undefined) d.field = parts.field;
  if (parts.expected !== undefined) d.expected = parts.expected;
  if (parts.found !== undefined) d.found = parts.found;
  if (parts.fix !== undefined) d.fix = parts.fix;
  return d;
}

export const errorAt = (code: string, file: string, parts: Parameters<typeof diagnostic>[3]): Diagnostic =>
  diagnostic('error', code, file, parts);
export const warningAt = (code: string, file: string, parts: Parameters<typeof diagnostic>[3]): Diagnostic =>
  diagnostic('warning', code, file, parts);

/** A short, bounded rendering of a value seen in a file. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing (the field is missing)';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
