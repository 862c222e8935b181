/**
 * The shell command a command template becomes (`/bin/sh -c`): `{packet}`
 * replaced by the packet's path as one word that the shell takes literally,
 * whatever the path holds (`$(…)`, backticks, quotes, spaces), and appended
 * when the template has no `{packet}`. A `{packet}` the author already put in
 * quotes ("{packet}" or '{packet}') is replaced quotes and all. Pure.
 */

import { shellQuote } from './shell-words.js';

export function commandLine(template: string, packetPath: string): string {
  const word = shellQuote(packetPath);
  if (!template.includes('{packet}')) return `${template} ${word}`;
  return template.replace(/"\{packet\}"|'\{packet\}'|\{packet\}/g, () => word);
}
