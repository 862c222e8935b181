/**
 * Shapes of what agents write under staging/ (PROTOCOL §4, §7.4). These
 * schemas are the one source of the formats: `validate` parses with them,
 * docs/formats.md and docs/schemas/*.schema.json are generated from them
 * (`npm run docs`), and `novel schema <name>` prints them.
 */
import * as v from 'valibot';
import { lazily, NonNegativeIntSchema, PositiveIntSchema, recordOf, SlugSchema } from './common.js';

const d = v.description;

export const DeltaSchema = lazily(() =>
  v.looseObject({
    chapter: v.pipe(PositiveIntSchema, d('the chapter number (NNN)')),
    base_state_version: v.pipe(
      NonNegativeIntSchema,
      d('state_version of state/current-state.json the ops were written against'),
    ),
    storyline_id: v.pipe(
      SlugSchema,
      d("the chapter's storyline (a slug); its memory is staging/storylines/{storyline_id}/memory.md"),
    ),
    ops: v.pipe(v.array(v.unknown()), d('state ops (see delta-op); malformed ops are dropped at commit')),
    unknown_entities: v.optional(
      v.pipe(v.array(v.unknown()), d('names met in the chapter that have no character file (logged, not applied)')),
    ),
    recollections: v.optional(
      v.pipe(
        v.array(
          v.strictObject({
            lines: v.pipe(
              v.tuple([PositiveIntSchema, PositiveIntSchema]),
              d('the first and last line of the chapter the span covers (1-based, the title line is line 1)'),
            ),
            kind: v.picklist(['memory', 'dream', 'flashback']),
          }),
        ),
        d('spans of the chapter that are a memory, a dream or a flashback: who acts there is not acting now (§19)'),
      ),
    ),
  }),
);
export type Delta = v.InferOutput<typeof DeltaSchema>;

const PathOf = (what: string) => v.pipe(v.string(), d(what));

/** The op grammar of §7.1 (documentation and JSON Schema; commit applies what matches and drops the rest). */
export const DeltaOpSchema = lazily(() =>
  v.variant('op', [
    v.looseObject({
      op: v.literal('set'),
      path: PathOf(
        '2–4 dot-separated slug segments; the first one of characters, ' +
          'items, locations, factions, world_state, active_foreshadowing',
      ),
      value: v.pipe(v.unknown(), d('the new value')),
    }),
    v.looseObject({
      op: v.literal('inc'),
      path: PathOf('as for set; the value there is a number (missing: 0)'),
      value: v.pipe(v.number(), d('added to the number')),
    }),
    v.looseObject({
      op: v.literal('add'),
      path: PathOf('as for set; the value there is an array'),
      value: v.pipe(v.unknown(), d('appended unless an equal element is present')),
    }),
    v.looseObject({
      op: v.literal('remove'),
      path: PathOf('as for set; the value there is an array'),
      value: v.pipe(v.unknown(), d('equal elements are removed')),
    }),
    v.looseObject({
      op: v.literal('foreshadow'),
      path: v.pipe(SlugSchema, d('the foreshadowing id (a slug, as in foreshadowing_tasks[].id)')),
      value: v.pipe(v.picklist(['planted', 'advanced', 'resolved']), d('what happened to it in this chapter')),
      detail: v.optional(v.pipe(v.string(), d('one line: how'))),
    }),
  ]),
);

export const CrossrefSchema = lazily(() =>
  v.looseObject({
    storyline_id: v.pipe(SlugSchema, d("the chapter's storyline")),
    cross_references: v.pipe(v.array(v.unknown()), d('references to other storylines (free-form objects)')),
    leak_risk: v.pipe(
      v.picklist(['none', 'low', 'high']),
      d("risk that the chapter leaks another storyline's secrets"),
    ),
  }),
);

/** The continuity-auditor's report (§19): its issues, and novel's findings it dismisses with a reason. */
export const AuditSchema = lazily(() =>
  v.looseObject({
    chapter: v.pipe(PositiveIntSchema, d('the chapter number (NNN)')),
    issues: v.pipe(
      v.array(
        v.looseObject({
          kind: v.pipe(
            v.string(),
            v.minLength(1),
            d(
              'gone_acting, realm_down, item_used, day_back, op_conflict, name_drift, foreshadow_reopened, or your own',
            ),
          ),
          severity: v.pipe(v.picklist(['hard', 'soft']), d('hard: the chapter is revised (the gate says revise)')),
          evidence: v.pipe(v.string(), v.minLength(1), d('the sentence of the chapter (or the op) that contradicts')),
          fix: v.pipe(v.string(), v.minLength(1), d('what the writer should change')),
        }),
      ),
      d('the contradictions found, each with its evidence; [] when there are none'),
    ),
    dismissed: v.optional(
      v.pipe(
        v.array(
          v.strictObject({
            finding: v.pipe(v.string(), v.minLength(1), d("a finding's id from inline.findings (kind:subject)")),
            reason: v.pipe(
              v.string(),
              v.minLength(1),
              d('why the finding is no contradiction (a memory, a namesake …)'),
            ),
          }),
        ),
        d("novel's findings that are no contradiction: each one not dismissed here sends the chapter to revision"),
      ),
    ),
  }),
);

export const CheckSchema = lazily(() =>
  v.looseObject({
    status: v.pipe(v.string(), d('pass, violation, …')),
    confidence: v.pipe(v.picklist(['high', 'medium', 'low']), d('only a high-confidence violation blocks')),
    constraint_type: v.optional(v.pipe(v.string(), d('hard or soft; an ls violation without it counts as hard'))),
  }),
);

export const ScoreSchema = lazily(() =>
  v.looseObject({
    score: v.pipe(v.number(), d('0–5')),
    reason: v.pipe(
      v.string(),
      d('one sentence; the two lowest become the revision fixes when required_fixes is empty'),
    ),
  }),
);

export const EvalSchema = lazily(() =>
  v.looseObject({
    chapter: v.pipe(PositiveIntSchema, d('the chapter number (NNN)')),
    overall: v.pipe(v.number(), v.minValue(0), v.maxValue(5), d('the overall score the gate reads (§6)')),
    recommendation: v.pipe(v.string(), d("pass, polish, revise, …: the judge's advice (the gate decides)")),
    contract_verification: v.looseObject({
      l1_checks: v.pipe(
        v.array(CheckSchema),
        d('world rules: {rule_id, status, confidence, constraint_type?, detail?}'),
      ),
      l2_checks: v.pipe(v.array(CheckSchema), d('character contracts: {contract_id, …}')),
      l3_checks: v.pipe(v.array(CheckSchema), d('chapter contract objectives: {objective_id, …}')),
      ls_checks: v.pipe(v.array(CheckSchema), d('storyline rules: {rule_id, …, constraint_type: hard|soft}')),
    }),
    scores: recordOf(
      ScoreSchema,
      'dimension → {score 1–5, reason}: plot_logic, character, immersion, foreshadowing, pacing, ' +
        'style_naturalness, emotional_impact, storyline_coherence (and hook_strength when ' +
        'quality.hook.required); with all of them novel computes overall_final as their weighted mean (§13.3)',
    ),
    hook: v.optional(
      v.pipe(
        v.looseObject({
          present: v.pipe(v.boolean(), d('does the chapter end on a hook?')),
          type: v.pipe(
            v.picklist(['question', 'threat_reveal', 'twist_reveal', 'emotional_cliff', 'next_objective', 'none']),
            d('the kind of hook'),
          ),
          evidence: v.pipe(v.string(), d('the line that carries it, quoted')),
        }),
        d('the chapter-end hook (§13.4)'),
      ),
    ),
    required_fixes: v.optional(
      v.pipe(
        v.array(v.looseObject({ target: v.optional(v.string()), instruction: v.string() })),
        d('what a revision must change'),
      ),
    ),
  }),
);
export type Evaluation = v.InferOutput<typeof EvalSchema>;

export const ChapterMemorySchema = lazily(() =>
  v.looseObject({
    chapter: v.pipe(PositiveIntSchema, d('the chapter number (NNN)')),
    time_anchor: v.pipe(v.string(), d('when the chapter happens, in story time')),
    location: v.pipe(v.string(), d('where it mostly happens')),
    events: v.pipe(v.array(v.unknown()), d('what happened, one short line each')),
    character_states: recordOf(v.unknown(), 'character → state'),
    open_threads: v.pipe(v.array(v.unknown()), d('questions the chapter leaves open')),
  }),
);

export const ChangeLogSchema = lazily(() =>
  v.union([
    v.pipe(
      v.array(
        v.looseObject({
          before: v.optional(v.string()),
          after: v.optional(v.string()),
          reason: v.optional(v.string()),
        }),
      ),
      d('one entry per change: {before, after, reason}'),
    ),
    // An object (valibot's object check lets an array through: an array that is not a list of changes is refused).
    v.pipe(
      v.custom<Record<string, unknown>>(
        (x) => typeof x === 'object' && x !== null && !Array.isArray(x),
        'schema.object',
      ),
      v.looseObject({}),
    ),
  ]),
);
