/**
 * What the help shows and what a mistyped command or flag gets: placeholders
 * that name what an option takes (clipanion prints `#0`), the usage line of a
 * command whose options are required one of several, and the closest command
 * or flag by edit distance; and the help itself, in the reader's language.
 * Pure text functions.
 */
import { formatMarkdownish } from 'clipanion';
import { render, say, type Lang } from './core/messages.js';

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
      return line.replace(
        /(--[a-z][a-z-]*) #0/g,
        (_m, name: string) =>
          `${name} ${
            COMMAND_PLACEHOLDERS[`${command} ${name}`] ??
            COMMAND_PLACEHOLDERS[`${command.split(' ')[0]} ${name}`] ??
            OPTION_PLACEHOLDERS[name] ??
            'VALUE'
          }`,
      );
    })
    .join('\n')
    .replace(/^\$ novel ([a-z -]+?)\s*$/gm, (line, path: string) =>
      SYNOPSIS[path.trim()] ? `$ ${SYNOPSIS[path.trim()]}` : line,
    );
  // The option table again in columns, now that the definitions changed length.
  const lines = replaced.split('\n');
  const row = /^ {2}(--[a-z][a-z-]*(?: [A-Za-z]+)?) {2,}(\S.*)$/;
  const width = Math.max(0, ...lines.map((l) => row.exec(l)?.[1]?.length ?? 0));
  return lines
    .map((l) => l.replace(row, (_m, def: string, desc: string) => `  ${def.padEnd(width)}    ${desc}`))
    .join('\n');
}

export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      row[j] = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
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

// ---- the help in the reader's language ----
// A command's clipanion usage holds message ids (`usageOf`, `helpOf` in
// src/commands/base-command.ts); these render them. The layout is
// clipanion's own (Cli#usage), so that the English is what clipanion prints;
// only a paragraph of Chinese is wrapped by its width on the screen.

/** clipanion's text format, without colours (novel prints none). */
const PLAIN = { header: (s: string) => s, bold: (s: string) => s, error: (s: string) => s, code: (s: string) => s };

/**
 * A help text by its id, as clipanion lays text out: one line, or paragraphs wrapped at 80 columns; a trailing newline.
 */
function helpText(lang: Lang, id: string, paragraphs: boolean): string {
  const text = render(lang, { id, args: {} });
  return lang === 'en' ? formatMarkdownish(text, { format: PLAIN, paragraphs }) : wideText(text, paragraphs);
}

/** Characters two columns wide on a terminal: CJK, Hangul, full-width forms. */
const WIDE =
  '\\u1100-\\u115f\\u2e80-\\u303e\\u3040-\\ua4cf\\uac00-\\ud7a3\\uf900-' +
  '\\ufaff\\ufe30-\\ufe4f\\uff00-\\uff60\\uffe0-\\uffe6';
let widePatterns: { char: RegExp; token: RegExp } | undefined;
/**
 * One wide character; a run of spaces, one wide character, or a run of narrow ones (a word). Made when first asked
 * for: most runs lay out no text.
 */
const wide = (): { char: RegExp; token: RegExp } =>
  (widePatterns ??= { char: new RegExp(`[${WIDE}]`), token: new RegExp(`\\s+|[${WIDE}]|[^\\s${WIDE}]+`, 'g') });
/** Punctuation a line does not start with: closing marks, commas, stops. */
const NO_START = '\uff0c\u3002\u3001\uff1b\uff1a\uff01\uff1f\uff09\u300d\u300f\u201d\u2019\u300b\u3009\u3011';
/** Punctuation a line does not end with: opening marks. */
const NO_END = '\uff08\u300c\u300e\u201c\u2018\u300a\u3008\u3010';

/** The columns `text` takes on a terminal. */
export function columns(text: string): number {
  let n = 0;
  const { char } = wide();
  for (const c of text) n += char.test(c) ? 2 : 1;
  return n;
}

/**
 * May a line break before `piece` (a word or a wide character, with the space before it), `previous` ending the line
 * before?
 */
function breaksBefore(piece: string, previous: string): boolean {
  const first = piece.trimStart()[0] ?? '';
  const last = previous.at(-1) ?? '';
  return (
    (piece.startsWith(' ') || wide().char.test(first) || wide().char.test(last)) &&
    !NO_START.includes(first) &&
    !NO_END.includes(last)
  );
}

/**
 * A paragraph filled into lines of at most `width` columns: broken at a space,
 * or between wide characters; a comma or a closing mark never opens a line (the
 * characters before it go down with it) and an opening mark never ends one.
 * Only a word longer than a line is left longer.
 */
export function fillWide(paragraph: string, width: number): string[] {
  const lines: string[] = [];
  let line: string[] = [];
  let space = false;
  for (const token of paragraph.match(wide().token) ?? []) {
    if (/^\s/.test(token)) {
      space = line.length > 0;
      continue;
    }
    const piece = `${space ? ' ' : ''}${token}`;
    space = false;
    if (line.length > 0 && columns(line.join('') + piece) > width) {
      const last = line.at(-1) as string;
      if (breaksBefore(piece, last)) {
        lines.push(line.join(''));
        line = [token];
        continue;
      }
      // The last break before it that is allowed: what follows goes down with it.
      let at = line.length - 1;
      while (at > 0 && !breaksBefore(line[at] as string, line[at - 1] as string)) at--;
      if (at > 0) {
        lines.push(line.slice(0, at).join(''));
        line = [(line[at] as string).trimStart(), ...line.slice(at + 1), piece];
        continue;
      }
    }
    line.push(piece);
  }
  if (line.length > 0) lines.push(line.join(''));
  return lines;
}

/**
 * Text with wide characters laid out as clipanion lays out English: one line,
 * or paragraphs (separated by a blank line; `- ` starts a list item) filled
 * to 80 columns. clipanion's own filling counts characters and cuts only at
 * spaces, which a Chinese paragraph has few of.
 */
export function wideText(text: string, paragraphs: boolean): string {
  if (!paragraphs) return text ? `${text}\n` : '';
  const blocks = text.split(/\n\n+/).map((block) => {
    if (!block.startsWith('- ')) return fillWide(block, 80).join('\n');
    return fillWide(block.slice(2), 78)
      .map((l, i) => `${i === 0 ? '- ' : '  '}${l}`)
      .join('\n');
  });
  return text ? `${blocks.join('\n\n')}\n` : '';
}

/** English first, as clipanion sorts. */
const byEnglish = (a: string, b: string): number => a.localeCompare(b, 'en', { usage: 'sort', caseFirst: 'upper' });

/** A command as the command list shows it: its synopsis and the ids of its category and description. */
export interface ListedCommand {
  synopsis: string;
  category: string;
  description: string;
}

/** `novel --help`: the commands by category (categories and commands in clipanion's order), then how to see one. */
export function commandList(
  lang: Lang,
  cli: { label: string; name: string; prefix: string; commands: readonly ListedCommand[] },
): string {
  const byCategory = new Map<string, ListedCommand[]>();
  for (const c of cli.commands) byCategory.set(c.category, [...(byCategory.get(c.category) ?? []), c]);
  let out = `${cli.label}\n\n  ${cli.prefix}${cli.name} <command>\n`;
  for (const category of [...byCategory.keys()].sort((a, b) =>
    byEnglish(render('en', { id: a, args: {} }), render('en', { id: b, args: {} })),
  )) {
    out += `\n${render(lang, { id: category, args: {} })}\n`;
    for (const c of [...(byCategory.get(category) ?? [])].sort((a, b) => byEnglish(a.synopsis, b.synopsis)))
      out += `\n  ${c.synopsis}\n    ${helpText(lang, c.description, false)}`;
  }
  return `${out}\n${helpText(lang, 'help.footer', true)}`;
}

/** One command's help: its description, synopsis, options, details and examples (each text an id). */
export interface CommandHelp {
  name: string;
  prefix: string;
  synopsis: string;
  options: readonly { definition: string; description: string }[];
  description?: string;
  details?: string;
  examples?: ReadonlyArray<readonly [string, string]>;
}

/** `novel help <command>`, `novel <command> --help`. */
export function commandHelp(lang: Lang, h: CommandHelp): string {
  const header = (id: 'help.usage' | 'help.options' | 'help.details' | 'help.examples'): string => say(lang, id);
  const examples = h.examples ?? [];
  let out = '';
  if (h.description) out += `${helpText(lang, h.description, false).replace(/^./, (c) => c.toUpperCase())}\n`;
  if (h.details || examples.length > 0) out += `${header('help.usage')}\n\n`;
  out += `${h.prefix}${h.synopsis}\n`;
  if (h.options.length > 0) {
    const width = Math.max(0, ...h.options.map((o) => o.definition.length));
    out += `\n${header('help.options')}\n\n`;
    for (const o of h.options) out += `  ${o.definition.padEnd(width)}    ${helpText(lang, o.description, false)}`;
  }
  if (h.details) out += `\n${header('help.details')}\n\n${helpText(lang, h.details, true)}`;
  if (examples.length > 0) {
    out += `\n${header('help.examples')}\n`;
    for (const [label, example] of examples)
      out += `\n${helpText(lang, label, false)}${example.replace(/^/m, `  ${h.prefix}`).replace(/\$0/g, h.name)}\n`;
  }
  return out;
}
