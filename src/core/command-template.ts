/**
 * The shell command a command template becomes (`/bin/sh -c`). The packet's
 * path never enters the command's text: `{packet}` becomes a reference to
 * `$NOVEL_PACKET` (set for every executor), so nothing the path holds (`$(…)`,
 * backticks, quotes, spaces) is ever read as shell. Where it stands decides
 * the form:
 *
 * - bare, `"{packet}"` or `'{packet}'`: `"$NOVEL_PACKET"`, one word;
 * - inside a longer quoted string (`sh -c '… {packet} …'`): a command for
 *   another shell, which gets `"$NOVEL_PACKET"` to expand itself (escaped
 *   inside double quotes, so that the outer shell leaves it to it);
 * - no `{packet}`: `"$NOVEL_PACKET"` appended.
 *
 * Pure.
 */

const BARE = '"$NOVEL_PACKET"';

export function commandLine(template: string): string {
  const marker = '{packet}';
  if (!template.includes(marker)) return `${template} ${BARE}`;
  let out = '';
  let quote: '' | "'" | '"' = '';
  for (let i = 0; i < template.length; ) {
    if (template.startsWith(marker, i)) {
      const before = template[i - 1];
      const after = template[i + marker.length];
      // Exactly "{packet}" or '{packet}': the quotes around it go, the word takes their place.
      if (quote !== '' && before === quote && after === quote && out.endsWith(quote)) {
        out = `${out.slice(0, -1)}${BARE}`;
        i += marker.length + 1;
        quote = '';
        continue;
      }
      if (quote === '"') {
        // For the other shell, quoted for it: an escaped pair the template put around it already takes its place.
        const escapedPair = out.endsWith('\\"') && template.startsWith('\\"', i + marker.length);
        out = `${escapedPair ? out.slice(0, -2) : out}\\"\\$NOVEL_PACKET\\"`;
        i += marker.length + (escapedPair ? 2 : 0);
        continue;
      }
      // Bare, or for another shell in single quotes (a pair of double quotes the template put around it goes).
      const pair = quote === "'" && before === '"' && after === '"' && out.endsWith('"');
      out = `${pair ? out.slice(0, -1) : out}${BARE}`;
      i += marker.length + (pair ? 1 : 0);
      continue;
    }
    const c = template[i] as string;
    if (quote === '' && c === '\\') {
      out += template.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (quote === '"' && c === '\\') {
      out += template.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (quote === '' && (c === "'" || c === '"')) quote = c;
    else if (quote !== '' && c === quote) quote = '';
    out += c;
    i += 1;
  }
  return out;
}
