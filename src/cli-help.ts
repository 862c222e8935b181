/**
 * What the help shows and what a mistyped command or flag gets: placeholders
 * that name what an option takes (clipanion prints `#0`), the usage line of a
 * command whose options are required one of several, and the closest command
 * or flag by edit distance. Pure text functions over clipanion's output.
 */

/** What each option takes, shown in help instead of `#0`. */
export const OPTION_PLACEHOLDERS: Readonly<Record<string, string>> = {
  '--project': 'DIR',
  '--chapter': 'N',
  '--volume': 'N',
  '--chapters': 'N',
  '--to-chapter': 'N',
  '--until': 'STEP',
  '--pause-after': 'STAGES',
  '--executor': 'EXECUTOR',
  '--inspect': 'URL',
  '--budget-usd': 'USD',
  '--budget-tokens': 'N',
  '--format': 'FORMAT',
  '--highlight': 'current',
  '--from': 'N',
  '--to': 'N',
  '--out': 'FILE',
  '--round': 'K',
  '--note': 'TEXT',
};

/** Where one command's option takes something else than the same flag elsewhere. */
const COMMAND_PLACEHOLDERS: Readonly<Record<string, string>> = {
  'export --chapters': 'A-B',
};

/** Usage lines for commands whose required options are "one of". */
export const SYNOPSIS: Readonly<Record<string, string>> = {
  commit: 'novel commit (--chapter N | --volume N) [--dry-run]',
};

export function withPlaceholders(text: string): string {
  let command = /^\$ novel ([a-z -]+?)\s*$/m.exec(text)?.[1]?.trim() ?? '';
  const replaced = text
    .split('\n')
    .map((line) => {
      command = /^\s*\$? ?novel ([a-z]+(?: [a-z]+)?)/.exec(line)?.[1] ?? command;
      return line.replace(/(--[a-z][a-z-]*) #0/g, (_m, name: string) => `${name} ${COMMAND_PLACEHOLDERS[`${command} ${name}`] ?? COMMAND_PLACEHOLDERS[`${command.split(' ')[0]} ${name}`] ?? OPTION_PLACEHOLDERS[name] ?? 'VALUE'}`);
    })
    .join('\n')
    .replace(/^\$ novel ([a-z -]+?)\s*$/gm, (line, path: string) => (SYNOPSIS[path.trim()] ? `$ ${SYNOPSIS[path.trim()]}` : line));
  // The option table again in columns, now that the definitions changed length.
  const lines = replaced.split('\n');
  const row = /^ {2}(--[a-z][a-z-]*(?: [A-Za-z]+)?) {2,}(\S.*)$/;
  const width = Math.max(0, ...lines.map((l) => row.exec(l)?.[1]?.length ?? 0));
  return lines.map((l) => l.replace(row, (_m, def: string, desc: string) => `  ${def.padEnd(width)}    ${desc}`)).join('\n');
}

export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      row[j] = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** The closest candidate, when it is close enough to be what was meant. */
export function closest(word: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const dist = c.startsWith(word) || word.startsWith(c) ? Math.min(1, editDistance(word, c)) : editDistance(word, c);
    if (dist < bestDistance) {
      best = c;
      bestDistance = dist;
    }
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : null;
}
