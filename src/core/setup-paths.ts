/**
 * Where the setup steps' files live (PROTOCOL §14): what each step may write
 * under staging/, where its commit puts it, and the sample texts the style is
 * measured on. Pure path rules, below the staging view.
 */
import { SETUP_STEPS, type SetupStep } from './step-id.js';

/** Where a setup step's files are staged and where the commit puts them. */
export const STAGED_ROOT = 'staging/';
export const WORLD_FILES = [
  'world/rules.json',
  'world/geography.md',
  'world/history.md',
  'storylines/storylines.json',
] as const;
export const RELATIONSHIPS_FILE = 'characters/relationships.json';
export const STYLE_FILE = 'style-profile.json';

/** May `step` write this staged file? */
export function setupWritable(rel: string, step: SetupStep): boolean {
  if (!rel.startsWith(STAGED_ROOT)) return false;
  const final = rel.slice(STAGED_ROOT.length);
  switch (step) {
    case 'world':
      return (WORLD_FILES as readonly string[]).includes(final);
    case 'characters':
      return final === RELATIONSHIPS_FILE || /^characters\/active\/[^/]+\.(json|md)$/.test(final);
    case 'style':
      return final === STYLE_FILE;
  }
}

/** A staged file some setup step writes. */
export function isSetupOutput(rel: string): boolean {
  return SETUP_STEPS.some((s) => setupWritable(rel, s));
}

/** A sample text of samples/ (.txt or .md) the style numbers are measured on. */
export function isSampleFile(rel: string): boolean {
  return /^samples\/[^/]+\.(txt|md)$/i.test(rel);
}
