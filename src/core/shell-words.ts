/**
 * Paths in the fixes novel prints, in a form a POSIX shell reads back
 * exactly: single-quoted (a `'` inside becomes `'\''`), so that `$(…)`,
 * backquotes, globs and spaces in a file name are never interpreted when an
 * author pastes the fix. A name a terminal cannot show as it is (a newline,
 * another control character, bytes that are not UTF-8) is displayed escaped
 * and named by its inode instead, which `find` reproduces exactly. Pure.
 */

/** Control characters (C0, DEL, C1) and the replacement character of a name read from bytes that are not UTF-8. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\ufffd]/;

/** True when the name can be shown and quoted as it is. */
export function showable(name: string): boolean {
  return !UNSHOWABLE.test(name);
}

/** One shell word that is exactly `s`. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** A name for display: control characters and invalid bytes escaped (\n, \t, \xNN, \uFFFD for a byte that was lost). */
export function displayName(name: string | Uint8Array): string {
  if (typeof name !== 'string') {
    let out = '';
    const text = Buffer.from(name).toString('utf8');
    // Re-encode byte by byte where the decoding was lossy.
    if (!text.includes('\ufffd')) return displayName(text);
    for (const b of name)
      out += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`;
    return out;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it escapes
  return name.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\t') return '\\t';
    if (c === '\r') return '\\r';
    return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
}

/**
 * The command that removes one file or directory: `rm -r -- 'path'`, or, for
 * a name that cannot be typed as it is, `find 'dir' -maxdepth 1 -inum N -exec rm -r -- {} +`.
 */
export function removeCommand(rel: string, ino?: number): string {
  if (showable(rel) || ino === undefined) return `rm -r -- ${shellQuote(rel)}`;
  const slash = rel.lastIndexOf('/');
  const dir = slash < 0 ? '.' : rel.slice(0, slash);
  return (
    `find ${shellQuote(showable(dir) ? dir : '.')} -maxdepth ` +
    `${showable(dir) ? 1 : 64} -inum ${ino} -exec rm -r -- {} +`
  );
}
