/**
 * The catalogue's messages of the io area (src/io/), by group: each key starts
 * with its group's name. Pure.
 */
import { entry } from './entry.js';

export const IO_GROUPS = {} as const satisfies Record<string, () => Record<string, ReturnType<typeof entry<never>>>>;
