/**
 * The files of a volume plan (PROTOCOL §9.3), written by the plot-architect
 * under staging/volumes/vol-VV/. `validate` parses them with these schemas;
 * what depends on the plan as a whole (coverage of the range, a contract's
 * storyline against its outline block) is checked in core/volume-plan.ts.
 */
import * as v from 'valibot';
import { lazily, PositiveIntSchema, SlugSchema } from './common.js';

const d = v.description;
const RangeSchema = lazily(() => v.pipe(v.tuple([PositiveIntSchema, PositiveIntSchema]), d('[first, last] chapter')));

export const StorylineScheduleSchema = lazily(() =>
  v.looseObject({
    volume: v.optional(v.pipe(PositiveIntSchema, d('the volume (VV)'))),
    active_storylines: v.pipe(
      v.array(
        v.looseObject({
          storyline_id: v.pipe(SlugSchema, d('a storyline id of storylines/storylines.json')),
          volume_role: v.pipe(v.string(), d('primary, secondary, seasoning, …')),
        }),
      ),
      v.maxLength(4, 'schema.max_storylines'),
      d('the storylines this volume writes (at most 4)'),
    ),
    convergence_events: v.optional(
      v.pipe(
        v.array(
          v.looseObject({
            chapter_range: v.pipe(v.nullable(RangeSchema), d('[first, last] or null (any time)')),
            involved_storylines: v.array(SlugSchema),
          }),
        ),
        d('chapters where storylines meet; their memories are adjacent context'),
      ),
    ),
    dormant_storylines: v.optional(v.pipe(v.array(SlugSchema), d('storylines paused in this volume'))),
  }),
);

export const VolumeForeshadowingSchema = lazily(() =>
  v.looseObject({
    volume: v.optional(v.pipe(PositiveIntSchema, d('the volume (VV)'))),
    foreshadowing: v.pipe(
      v.array(
        v.looseObject({
          id: v.pipe(SlugSchema, d('a slug, used as the path of foreshadow ops')),
          description: v.pipe(v.string(), d('what is hinted at')),
          scope: v.optional(v.pipe(v.picklist(['short', 'medium', 'long']), d('how far ahead it pays off'))),
          status: v.optional(v.pipe(v.string(), d('planned, planted, advanced, resolved'))),
          target_resolve_range: v.optional(v.pipe(v.nullable(RangeSchema), d('chapters where it should resolve'))),
          history: v.optional(v.array(v.unknown())),
        }),
      ),
      d('the foreshadowing this volume plants, advances or resolves'),
    ),
  }),
);

export const NewCharactersSchema = lazily(() =>
  v.pipe(
    v.array(
      v.looseObject({
        slug: v.optional(v.pipe(SlugSchema, d('the file name it gets under characters/active/'))),
        display_name: v.optional(v.pipe(v.string(), d('the name as written in the prose'))),
      }),
    ),
    d('characters the volume introduces (objects; [] when none)'),
  ),
);

export const ChapterContractSchema = lazily(() =>
  v.looseObject({
    chapter: v.pipe(PositiveIntSchema, d('the chapter number (NNN)')),
    storyline_id: v.pipe(SlugSchema, d("equal to the outline block's Storyline line")),
    storyline_context: v.optional(
      v.looseObject({
        last_chapter_summary: v.optional(v.string()),
        chapters_since_last: v.optional(v.number()),
        line_arc_progress: v.optional(v.string()),
        concurrent_state: v.optional(v.unknown()),
      }),
    ),
    preconditions: v.optional(
      v.pipe(
        v.looseObject({ character_states: v.optional(v.unknown()) }),
        d('character_states: {display name → state} limits the character context to those characters'),
      ),
    ),
    objectives: v.pipe(
      v.array(
        v.looseObject({
          id: v.pipe(v.string(), d('e.g. c031-o1; the judge checks it as objective_id')),
          type: v.optional(v.string()),
          required: v.pipe(v.boolean(), d('at least one objective is required: true')),
          description: v.string(),
        }),
      ),
      d('what the chapter must achieve'),
    ),
    postconditions: v.optional(v.looseObject({})),
    acceptance_criteria: v.optional(v.array(v.string())),
    transition_hint: v.optional(
      v.looseObject({ next_storyline: v.optional(SlugSchema), bridge: v.optional(v.string()) }),
    ),
  }),
);
