/** Checks on chapter markdown shared by draft and refine validation. */

export function isNonEmptyText(text: string): boolean {
  return /\S/u.test(text);
}

/** The first non-empty line, without its line ending. */
export function firstNonEmptyLine(text: string): string | undefined {
  for (const line of text.split(/\r?\n/)) {
    if (/\S/u.test(line)) return line;
  }
  return undefined;
}

/** The chapter's `# ` title line, if its first non-empty line is one. */
export function chapterTitle(text: string): string | undefined {
  const line = firstNonEmptyLine(text);
  // `#` alone is an empty title line too (an editor strips the space): the lint's title_missing, repaired by title-fix.
  return line !== undefined && (line.startsWith('# ') || line.trim() === '#') ? line.trim() : undefined;
}
