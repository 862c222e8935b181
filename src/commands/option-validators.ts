/**
 * typanion validators shared by the commands' options: clipanion applies them
 * while parsing, so a bad value is a usage error (exit 2) naming the flag,
 * what was expected and what was found.
 */
import * as t from 'typanion';
import { NovelError } from '../core/errors.js';
import { say } from '../core/messages.js';
import { parseStepId, STEP_ID_FORMAT } from '../core/step-id.js';

/** A whole number ≥ 1 (chapter, volume, count), as step ids write it too: leading zeros allowed (`--volume 01`). */
export const isCount = t.makeValidator<unknown, number>({
  test: (value, state): value is number => {
    const s = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (/^[0-9]+$/.test(s) && Number(s) >= 1) {
      if (typeof value === 'string' && state?.coercions && state.coercion) state.coercions.push([state.p ?? '.', state.coercion.bind(null, Number(s))]);
      return true;
    }
    state?.errors?.push(`${state?.p ?? '.'}: expected a whole number ≥ 1 (leading zeros allowed, e.g. 01), found ${JSON.stringify(value)}`);
    return false;
  },
});

/** A number ≥ 0 (a budget in USD). */
export const isAmount = t.cascade(t.isNumber(), [t.isAtLeast(0)]);

/** A comma-separated list of values from `choices`. */
export function isListOf(choices: readonly string[]) {
  return t.makeValidator<unknown, string>({
    test: (value, state): value is string => {
      const bad = typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter((s) => s && !choices.includes(s)) : [String(value)];
      if (bad.length === 0) return true;
      state?.errors?.push(`${state.p ?? '.'}: expected values among ${choices.join(', ')} (comma-separated), found ${bad.join(', ')}`);
      return false;
    },
  });
}

/** A step id argument, parsed strictly; a malformed one is a usage error naming the format. */
export function parseStepArg(raw: string): ReturnType<typeof parseStepId> & { ok: true } {
  const parsed = parseStepId(raw);
  if (!parsed.ok) {
    throw new NovelError('invalid_step', `step "${raw}": ${parsed.reason}`, { hint: `expected ${STEP_ID_FORMAT}`, zh: { message: say('zh', 'error.invalid_step', { value: JSON.stringify(raw) }), hint: say('zh', 'error.invalid_step.hint') } });
  }
  return parsed;
}
