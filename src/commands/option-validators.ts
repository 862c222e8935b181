/**
 * typanion validators shared by the commands' options: clipanion applies them
 * while parsing, so a bad value is a usage error (exit 2) naming the flag,
 * what was expected and what was found. Each refusal is said words
 * (option-refusal.ts), its English the line typanion's own validators give.
 */
import * as t from 'typanion';
import { NovelError } from '../core/errors.js';
import { said, type Said, type Words } from '../core/messages.js';
import { parseStepId } from '../core/step-id.js';
import { noteRefusal } from './option-refusal.js';

/** Refuse a value: the said words noted, their English handed to clipanion. */
function refuse(state: t.ValidationState | undefined, words: Said): false {
  const text = noteRefusal(words);
  state?.errors?.push(`${state.p ?? '.'}: ${text}`);
  return false;
}

/** A value as typanion prints it in a refusal. */
const printable = (value: unknown): Words =>
  value === '' ? said('usage.empty_string') : String(JSON.stringify(value));

/** A whole number ≥ 1 (chapter, volume, count), as step ids write it too: leading zeros allowed (`--volume 01`). */
export const isCount = t.makeValidator<unknown, number>({
  test: (value, state): value is number => {
    const s = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (/^[0-9]+$/.test(s) && Number(s) >= 1) {
      if (typeof value === 'string' && state?.coercions && state.coercion)
        state.coercions.push([state.p ?? '.', state.coercion.bind(null, Number(s))]);
      return true;
    }
    return refuse(state, said('usage.count', { found: String(JSON.stringify(value)) }));
  },
});

/**
 * A number, read as typanion's isNumber reads one from the command line (JSON,
 * exactly as typed), that `check` then accepts (null) or refuses (its words).
 */
function isNumberWhere(check: (n: number) => Said | null) {
  return t.makeValidator<unknown, number>({
    test: (value, state): value is number => {
      let n = typeof value === 'number' ? value : undefined;
      if (typeof value === 'string') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(value);
        } catch {
          parsed = undefined;
        }
        if (typeof parsed === 'number' && JSON.stringify(parsed) !== value)
          return refuse(state, said('usage.unsafe_number', { found: value }));
        if (typeof parsed === 'number') n = parsed;
      }
      if (n === undefined) return refuse(state, said('usage.number', { found: printable(value) }));
      const refusal = check(n);
      if (refusal) return refuse(state, refusal);
      if (typeof value === 'string' && state?.coercions && state.coercion)
        state.coercions.push([state.p ?? '.', state.coercion.bind(null, n)]);
      return true;
    },
  });
}

/** A number ≥ 0 (a budget in USD). */
export const isAmount = isNumberWhere((n) => (n >= 0 ? null : said('usage.at_least', { min: 0, found: n })));

/** A TCP port, 0 for any free one. */
export const isPort = isNumberWhere((n) =>
  n !== Math.round(n)
    ? said('usage.integer', { found: n })
    : !Number.isSafeInteger(n)
      ? said('usage.safe_integer', { found: n })
      : n < 0 || n > 65535
        ? said('usage.in_range', { min: 0, max: 65535, found: n })
        : null,
);

const HOST_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** A host name, an IPv4 address, or an IPv6 one (a zone allowed: fe80::1%eth0). */
const HOST = new RegExp(
  `^(?:(?=.{1,253}$)${HOST_LABEL}(?:\\.${HOST_LABEL})*|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(?:%[\\w.-]+)?)$`,
);

/** An address to listen on: a host name or an IP address (not empty). */
export const isHost = t.makeValidator<unknown, string>({
  test: (value, state): value is string =>
    typeof value === 'string' && HOST.test(value)
      ? true
      : refuse(state, said('usage.host', { found: printable(value) })),
});

/** One of `choices`. */
export function isOneOf<const T extends string>(choices: readonly T[]) {
  return t.makeValidator<unknown, T>({
    test: (value, state): value is T =>
      (choices as readonly unknown[]).includes(value) ||
      refuse(state, said('usage.one_of', { choices: choices.join(', '), found: printable(value) })),
  });
}

/** A comma-separated list of values from `choices`. */
export function isListOf(choices: readonly string[]) {
  return t.makeValidator<unknown, string>({
    test: (value, state): value is string => {
      const bad =
        typeof value === 'string'
          ? value
              .split(',')
              .map((s) => s.trim())
              .filter((s) => s && !choices.includes(s))
          : [String(value)];
      if (bad.length === 0) return true;
      return refuse(state, said('usage.values_among', { choices: choices.join(', '), found: bad.join(', ') }));
    },
  });
}

/** A range A-B of chapters, 1 ≤ A ≤ B. */
export const isChapterRange = t.makeValidator<unknown, string>({
  test: (value, state): value is string => {
    if (
      typeof value === 'string' &&
      /^\d+-\d+$/.test(value) &&
      Number(value.split('-')[0]) >= 1 &&
      Number(value.split('-')[0]) <= Number(value.split('-')[1])
    )
      return true;
    return refuse(state, said('usage.chapter_range', { found: String(JSON.stringify(value)) }));
  },
});

/** A step id argument, parsed strictly; a malformed one is a usage error naming the format. */
export function parseStepArg(raw: string): ReturnType<typeof parseStepId> & { ok: true } {
  const parsed = parseStepId(raw);
  if (!parsed.ok)
    throw new NovelError('invalid_step', said('cmd.step_invalid', { value: raw, reason: parsed.words }), {
      hint: said('error.invalid_step.hint'),
    });
  return parsed;
}
