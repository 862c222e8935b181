/**
 * The catalogue's messages of the cli area (src/commands/ and src/cli.ts), by group: each key starts
 * with its group's name. Pure.
 */
import { entry } from './entry.js';

export const CLI_GROUPS = {} as const satisfies Record<string, () => Record<string, ReturnType<typeof entry<never>>>>;
