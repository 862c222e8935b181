/**
 * What the continuity checks read besides the state (PROTOCOL §19): the
 * ladders of world/rules.json and the names a character goes by.
 */
import * as v from 'valibot';

/** world/rules.json as the checks read it: its ladders, rungs from low to high (other keys are the world's own). */
export const LaddersSchema = v.looseObject({
  ladders: v.optional(v.record(v.string(), v.array(v.pipe(v.string(), v.minLength(1))))),
});

/** A character file as the checks read it: its display name and aliases. */
export const CastFileSchema = v.looseObject({
  display_name: v.optional(v.string()),
  aliases: v.optional(v.array(v.string())),
});
