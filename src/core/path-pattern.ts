/**
 * Path patterns, both ways: `staging/chapters/chapter-{NNN}.md` builds the path
 * of chapter 7 and parses it back. `{NNN}` is a chapter number, zero-padded to
 * three digits and longer past 999; `{VV}` a volume, padded to two;
 * `{storyline}` a storyline id (a slug). A leaf module: the step table's
 * outputs are written as patterns. Pure.
 */

export function padChapter(chapter: number): string {
  return String(chapter).padStart(3, '0');
}

export function padVolume(volume: number): string {
  return String(volume).padStart(2, '0');
}

export interface PatternArgs {
  chapter?: number;
  volume?: number;
  storyline?: string;
  /** The free tail of a name (`{rest}`): a stage, an attempt, a log's name. */
  rest?: string;
}

const SLOTS = {
  '{NNN}': { group: 'chapter', source: '\\d{3,}' },
  '{VV}': { group: 'volume', source: '\\d{2,}' },
  '{storyline}': { group: 'storyline', source: '[a-z0-9][a-z0-9_-]{0,63}' },
  '{rest}': { group: 'rest', source: '[^/]+' },
} as const;
const SLOT = /\{NNN\}|\{VV\}|\{storyline\}|\{rest\}/g;

/** The path a pattern names for these arguments; a slot without its argument is an error of the caller. */
export function fillPattern(pattern: string, args: PatternArgs): string {
  return pattern.replace(SLOT, (slot) => {
    if (slot === '{NNN}' && args.chapter !== undefined) return padChapter(args.chapter);
    if (slot === '{VV}' && args.volume !== undefined) return padVolume(args.volume);
    if (slot === '{storyline}' && args.storyline !== undefined) return args.storyline;
    if (slot === '{rest}' && args.rest !== undefined) return args.rest;
    throw new Error(`fillPattern: ${pattern} needs ${slot}`);
  });
}

const compiled = new Map<string, RegExp>();

/** The regular expression a pattern's paths match, with a named group per slot. */
export function patternRegExp(pattern: string): RegExp {
  let re = compiled.get(pattern);
  if (!re) {
    const parts = pattern.split(/(\{NNN\}|\{VV\}|\{storyline\}|\{rest\})/);
    const source = parts
      .map((part) => {
        const slot = SLOTS[part as keyof typeof SLOTS];
        return slot ? `(?<${slot.group}>${slot.source})` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    re = new RegExp(`^${source}$`);
    compiled.set(pattern, re);
  }
  return re;
}

/** The arguments a path was built from, or null when the pattern does not name it. */
export function matchPattern(pattern: string, rel: string): PatternArgs | null {
  const m = patternRegExp(pattern).exec(rel);
  if (!m) return null;
  // One object, filled in place: the boundary check matches a few dozen paths at every start, before its code is
  // optimised, and each conditional spread would make an object of its own.
  const g = m.groups ?? {};
  const args: PatternArgs = {};
  if (g.chapter !== undefined) args.chapter = Number(g.chapter);
  if (g.volume !== undefined) args.volume = Number(g.volume);
  if (g.storyline !== undefined) args.storyline = g.storyline;
  if (g.rest !== undefined) args.rest = g.rest;
  return args;
}
