/**
 * The setup steps of a new book (PROTOCOL §14): `book:world` (world-builder),
 * `book:characters` (character-weaver) and `book:style` (style-analyzer, only
 * when samples/ holds text). What each step stages, when its files in the book
 * already count (the step is skipped), how its staged files are validated, and
 * the commit (`novel commit --setup`) that moves them into place. Pure.
 */
import * as v from 'valibot';
import { errorAt, type Diagnostic } from '../schemas/diagnostics.js';
import { said } from './messages.js';
import type { PlannedWrite } from './commit-plan.js';
import { parseJsonText, parseWith } from '../schemas/parse.js';
import {
  CharacterSchema,
  RelationshipsSchema,
  StorylinesSchema,
  StyleProfileSchema,
  WorldRulesSchema,
} from '../schemas/inputs.js';
import { isSlug } from '../schemas/common.js';
import { stagedText, type StagingView } from './staging-view.js';
import { SETUP_STEPS, type SetupStep } from './step-id.js';
import { SETUP_STEP_TABLE } from './step-table.js';
import type { StyleMetrics } from './lint.js';
import { RELATIONSHIPS_FILE, STAGED_ROOT, STYLE_FILE, WORLD_FILES } from './setup-paths.js';

export {
  isSampleFile,
  isSetupOutput,
  RELATIONSHIPS_FILE,
  setupWritable,
  STYLE_FILE,
  WORLD_FILES,
} from './setup-paths.js';

export { SETUP_STEPS, type SetupStep };

/** The agent of each setup step. */
export const SETUP_AGENT = Object.fromEntries(SETUP_STEPS.map((s) => [s, SETUP_STEP_TABLE[s].agent])) as {
  [S in SetupStep]: (typeof SETUP_STEP_TABLE)[S]['agent'];
};

/** How far the analyzer's two numbers may be from novel's own (§14): 10 %. */
export const STYLE_TOLERANCE = 0.1;

/** What the shell reads of the book for the setup probe. */
export interface SetupReader {
  text: (rel: string) => string | undefined;
  list: (dir: string) => readonly string[];
  /** samples/ holds text (a .txt or .md file with 字). */
  samplesHaveText: boolean;
}

function jsonOf(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Does the book already hold this step's work? A step whose files exist and
 * validate is skipped: the world needs at least one rule and one storyline
 * (the empty files `init` writes do not count), the cast at least one
 * character file, the style a profile with its measured numbers (or no
 * samples to draw one from).
 */
export function setupDone(step: SetupStep, r: SetupReader): boolean {
  switch (step) {
    case 'world': {
      const rules = v.safeParse(WorldRulesSchema, jsonOf(r.text('world/rules.json')));
      const lines = v.safeParse(StorylinesSchema, jsonOf(r.text('storylines/storylines.json')));
      return rules.success && rules.output.rules.length > 0 && lines.success && lines.output.storylines.length > 0;
    }
    case 'characters':
      return r
        .list('characters/active')
        .some((f) => f.endsWith('.json') && v.safeParse(CharacterSchema, jsonOf(r.text(f))).success);
    case 'style': {
      if (!r.samplesHaveText) return true;
      const profile = v.safeParse(StyleProfileSchema, jsonOf(r.text(STYLE_FILE)));
      return (
        profile.success &&
        typeof profile.output.avg_sentence_length === 'number' &&
        typeof profile.output.dialogue_ratio === 'number'
      );
    }
  }
}

/** The first setup step still to do (null: the book is set up). */
export function pendingSetup(r: SetupReader): SetupStep | null {
  return SETUP_STEPS.find((s) => !setupDone(s, r)) ?? null;
}

/** The first setup step still to do once `committed` is done (the probe after a setup commit). */
export function pendingAfter(committed: SetupStep, r: SetupReader): SetupStep | null {
  return (
    SETUP_STEPS.find(
      (s) => s !== committed && SETUP_STEPS.indexOf(s) > SETUP_STEPS.indexOf(committed) && !setupDone(s, r),
    ) ?? null
  );
}

export interface SetupValidation {
  diagnostics: Diagnostic[];
  /** Staged path → final path, for the commit. */
  moves: Array<{ from: string; to: string }>;
  valid: boolean;
}

function staged<S extends v.GenericSchema>(
  view: StagingView,
  rel: string,
  schema: S,
  out: Diagnostic[],
  agent: string,
): v.InferOutput<S> | undefined {
  const text = stagedText(view, rel);
  if (text === undefined) {
    const f = view.files.get(rel);
    out.push(
      f && 'problem' in f
        ? f.problem
        : errorAt('output_missing', rel, {
            expected: said('validate.the_file'),
            found: said('validate.no_file'),
            fix: said('setup.run_agent', { agent, file: rel }),
          }),
    );
    return undefined;
  }
  const json = parseJsonText(text, rel, 'invalid_setup_output');
  if (!json.ok) {
    out.push(...json.diagnostics);
    return undefined;
  }
  const r = parseWith(schema, json.value, rel, 'invalid_setup_output');
  if (!r.ok) {
    out.push(...r.diagnostics);
    return undefined;
  }
  return r.value;
}

function stagedProse(view: StagingView, rel: string, out: Diagnostic[], agent: string): boolean {
  const text = stagedText(view, rel);
  if (text === undefined) {
    const f = view.files.get(rel);
    out.push(
      f && 'problem' in f
        ? f.problem
        : errorAt('output_missing', rel, {
            expected: said('validate.the_file'),
            found: said('validate.no_file'),
            fix: said('setup.run_agent', { agent, file: rel }),
          }),
    );
    return false;
  }
  if (text.trim() === '') {
    out.push(
      errorAt('output_empty', rel, {
        expected: said('setup.text'),
        found: said('validate.empty_file'),
        fix: said('setup.run_again', { agent }),
      }),
    );
    return false;
  }
  return true;
}

/** Within tolerance of novel's number (relative, or 0.02 absolute near zero). */
function near(found: number, measured: number): boolean {
  return Math.abs(found - measured) <= Math.max(STYLE_TOLERANCE * Math.abs(measured), 0.02);
}

/** The staged files of a setup step, checked; the moves the commit makes. */
export function validateSetup(step: SetupStep, view: StagingView, sampleMetrics: StyleMetrics | null): SetupValidation {
  const out: Diagnostic[] = [];
  const agent = SETUP_AGENT[step];
  const moves: SetupValidation['moves'] = [];
  const move = (final: string): void => void moves.push({ from: `${STAGED_ROOT}${final}`, to: final });
  if (step === 'world') {
    const rules = staged(view, 'staging/world/rules.json', WorldRulesSchema, out, agent);
    if (rules && rules.rules.length === 0)
      out.push(
        errorAt('world_rules_empty', 'staging/world/rules.json', {
          field: 'rules',
          expected: said('setup.rules'),
          found: said('setup.empty_list'),
          fix: said('setup.rules.fix'),
        }),
      );
    stagedProse(view, 'staging/world/geography.md', out, agent);
    stagedProse(view, 'staging/world/history.md', out, agent);
    const lines = staged(view, 'staging/storylines/storylines.json', StorylinesSchema, out, agent);
    if (lines && lines.storylines.length === 0)
      out.push(
        errorAt('storylines_empty', 'staging/storylines/storylines.json', {
          field: 'storylines',
          expected: said('setup.storylines'),
          found: said('setup.empty_list'),
          fix: said('setup.storylines.fix'),
        }),
      );
    for (const f of WORLD_FILES) move(f);
  } else if (step === 'characters') {
    const files = [...view.files.keys()].filter((p) => /^staging\/characters\/active\/[^/]+\.json$/.test(p)).sort();
    if (files.length === 0)
      out.push(
        errorAt('output_missing', 'staging/characters/active/', {
          expected: said('setup.cast'),
          found: said('setup.no_cast'),
          fix: said('setup.cast.fix', { agent }),
        }),
      );
    for (const rel of files) {
      const slug = rel.slice('staging/characters/active/'.length, -'.json'.length);
      if (!isSlug(slug))
        out.push(
          errorAt('character_slug', rel, {
            expected: said('setup.character_slug'),
            found: JSON.stringify(slug),
            fix: said('setup.character_slug.fix'),
          }),
        );
      staged(view, rel, CharacterSchema, out, agent);
      move(rel.slice(STAGED_ROOT.length));
      const md = rel.replace(/\.json$/, '.md');
      if (stagedProse(view, md, out, agent)) move(md.slice(STAGED_ROOT.length));
    }
    staged(view, `${STAGED_ROOT}${RELATIONSHIPS_FILE}`, RelationshipsSchema, out, agent);
    move(RELATIONSHIPS_FILE);
  } else {
    const profile = staged(view, `${STAGED_ROOT}${STYLE_FILE}`, StyleProfileSchema, out, agent);
    if (profile && sampleMetrics) {
      const checks: Array<[keyof StyleMetrics & ('avg_sentence_length' | 'dialogue_ratio'), number | undefined]> = [
        ['avg_sentence_length', profile.avg_sentence_length],
        ['dialogue_ratio', profile.dialogue_ratio],
      ];
      for (const [field, found] of checks) {
        const measured = sampleMetrics[field];
        if (found === undefined || !near(found, measured)) {
          out.push(
            errorAt('style_metric_mismatch', `${STAGED_ROOT}${STYLE_FILE}`, {
              field,
              expected: said('setup.measured', { measured, tolerance: STYLE_TOLERANCE * 100 }),
              found: found === undefined ? said('setup.no_value') : String(found),
              fix: said('setup.measured.fix', { field }),
            }),
          );
        }
      }
    }
    move(STYLE_FILE);
  }
  return { diagnostics: out, moves, valid: !out.some((d) => d.severity === 'error') };
}

/** The files a setup commit writes: each staged file moved into place. */
export function setupWrites(view: StagingView, moves: SetupValidation['moves']): PlannedWrite[] {
  return moves.map((m) => ({
    path: m.to,
    content: stagedText(view, m.from) as string,
    kind: 'move' as const,
    from: m.from,
  }));
}
