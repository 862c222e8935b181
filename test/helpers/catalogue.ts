/**
 * Checks of the message catalogue, shared by its test and the tests of its
 * area files: every message in both languages, written over the same
 * arguments.
 */
import { messageEntry, messageGroups, type MessageKey } from '../../src/core/messages.js';

type Fn = (a: unknown) => string;

/**
 * The arguments a message's text reads (`a.name`), from its source: its parameter is `a`, or `_` when it reads none.
 */
export function argumentsRead(fn: Fn): { param: string; args: string[] } {
  const src = fn.toString();
  const param = /^\s*\(?\s*([A-Za-z_$][\w$]*)\s*\)?\s*=>/.exec(src)?.[1] ?? '?';
  const args =
    param === 'a' ? [...new Set([...src.matchAll(/\ba\.([A-Za-z_$][\w$]*)/g)].map((m) => m[1] as string))].sort() : [];
  return { param, args };
}

/**
 * Every problem of the messages of `groups`: a language missing, a parameter not named `a`/`_`, arguments that differ
 * between the languages.
 */
export function catalogueProblems(groups?: readonly string[]): string[] {
  const all = messageGroups();
  const problems: string[] = [];
  for (const group of groups ?? Object.keys(all)) {
    for (const key of all[group] ?? []) {
      const e = messageEntry(key as MessageKey) as unknown as { en?: Fn; zh?: Fn };
      if (typeof e.en !== 'function' || typeof e.zh !== 'function') {
        problems.push(`${key}: ${typeof e.en !== 'function' ? 'no English' : 'no Chinese'}`);
        continue;
      }
      const en = argumentsRead(e.en);
      const zh = argumentsRead(e.zh);
      for (const [lang, r] of [
        ['en', en],
        ['zh', zh],
      ] as const) {
        if (r.param !== 'a' && r.param !== '_')
          problems.push(`${key} (${lang}): its parameter is "${r.param}", expected a (or _ when it reads none)`);
      }
      if (en.args.join() !== zh.args.join())
        problems.push(`${key}: English reads {${en.args.join(', ')}}, Chinese reads {${zh.args.join(', ')}}`);
    }
  }
  return problems;
}

/** The groups whose keys an area file defines. */
export const groupsOf = (area: Record<string, unknown>): string[] => Object.keys(area);
