import * as v from 'valibot';

export const SLUG_RE = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const SHA256_RE = /^[0-9a-f]{64}$/;

export const SlugSchema = v.pipe(v.string(), v.regex(SLUG_RE, 'schema.slug'));
export const Sha256Schema = v.pipe(v.string(), v.regex(SHA256_RE, 'schema.sha256'));
export const NonNegativeIntSchema = v.pipe(v.number(), v.integer(), v.minValue(0));
export const PositiveIntSchema = v.pipe(v.number(), v.integer(), v.minValue(1));

/**
 * Said words (src/core/messages.ts) as a record keeps them: a message id and its arguments, each plain or itself said.
 */
export const SaidSchema = v.looseObject({ id: v.string(), args: v.looseObject({}) });

export function isSlug(value: string): boolean {
  return SLUG_RE.test(value);
}

/**
 * A schema built when a command first parses with it: a module's schemas cost
 * nothing (time, memory, a garbage collection) to a command that never does.
 * `novel next` loads the modules that define some fifty top-level schemas it
 * seldom uses (docs/decisions.md, "Schemas built when first used"). Where a schema's
 * parts are read rather than run (diagnostics, the generated docs), parse.ts
 * sees through it.
 */
export function lazily<S extends v.GenericSchema>(build: () => S): v.LazySchema<S> {
  let built: S | undefined;
  return v.lazy(() => (built ??= build()));
}

/** A JSON object used as a map (valibot's record alone also admits arrays). */
export function recordOf<S extends v.GenericSchema>(value: S, what: string) {
  return v.pipe(
    // Said by id (src/core/messages/core.ts); the diagnostic names `what`, the description below.
    v.custom<Record<string, unknown>>(
      (x) => typeof x === 'object' && x !== null && !Array.isArray(x),
      'schema.object_of',
    ),
    v.record(v.string(), value),
    v.description(what),
  );
}
