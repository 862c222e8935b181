/**
 * The catalogue's messages of the core area (src/core/), by group: each key starts
 * with its group's name. Pure.
 */
import { entry } from './entry.js';

export const CORE_GROUPS = {} as const satisfies Record<string, () => Record<string, ReturnType<typeof entry<never>>>>;
