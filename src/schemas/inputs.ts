/**
 * Schemas of the files the author writes (or the setup agents draft for the
 * author): characters, world rules, storylines, the style profile. Unknown
 * extra fields are carried through untouched (PROTOCOL §1.1).
 */
import * as v from 'valibot';
import { lazily, SlugSchema } from './common.js';

const d = v.description;

export const CharacterSchema = lazily(() =>
  v.looseObject({
    id: v.optional(
      v.pipe(
        SlugSchema,
        d('the character id the packets and state ops use; needed when the file name is not a slug (e.g. 苏清漪.json)'),
      ),
    ),
    display_name: v.pipe(v.string(), v.minLength(1), d('the name as written in the prose')),
    contracts: v.optional(
      v.pipe(
        v.array(
          v.looseObject({
            id: v.optional(v.string()),
            rule: v.optional(v.string()),
            constraint_type: v.optional(v.picklist(['hard', 'soft'])),
          }),
        ),
        d('L2 rules the character must keep'),
      ),
    ),
    aliases: v.optional(v.pipe(v.array(v.string()), d('other names the prose uses'))),
  }),
);

export const WorldRulesSchema = lazily(() =>
  v.looseObject({
    rules: v.pipe(
      v.array(
        v.looseObject({
          id: v.pipe(v.string(), v.minLength(1), d('a stable id such as W-001')),
          category: v.pipe(v.string(), d('geography, cultivation, sect, …')),
          rule: v.pipe(v.string(), v.minLength(1), d('the rule, in the book’s language')),
          constraint_type: v.pipe(
            v.picklist(['hard', 'soft']),
            d('hard rules go into every draft packet (hard_rules_list)'),
          ),
          exceptions: v.optional(v.pipe(v.array(v.string()), d('when the rule does not hold'))),
        }),
      ),
      d('L1 rules of the world'),
    ),
  }),
);

export const StorylinesSchema = lazily(() =>
  v.looseObject({
    storylines: v.pipe(
      v.array(
        v.looseObject({
          id: v.pipe(SlugSchema, d('the id outlines and contracts name (Storyline, storyline_id)')),
          name: v.optional(v.pipe(v.string(), d('its display name, e.g. 残剑主线'))),
          type: v.optional(v.pipe(v.string(), d('main, sub, …'))),
        }),
      ),
      d('every storyline of the book'),
    ),
    relationships: v.optional(
      v.pipe(v.array(v.unknown()), d('how the storylines feed each other (free-form objects)')),
    ),
  }),
);

export const RelationshipsSchema = lazily(() =>
  v.looseObject({
    relationships: v.pipe(
      v.array(
        v.looseObject({
          from: v.pipe(SlugSchema, d('a character id')),
          to: v.pipe(SlugSchema, d('a character id')),
          type: v.pipe(v.string(), d('how they stand to each other, e.g. 同门, 宿敌')),
        }),
      ),
      d('who is what to whom'),
    ),
  }),
);

export const StyleProfileSchema = lazily(() =>
  v.looseObject({
    voice: v.optional(v.pipe(v.string(), d('narrative voice and point of view'))),
    avg_sentence_length: v.optional(
      v.pipe(v.number(), v.minValue(0), d('mean 字数 per sentence (novel computes it from samples/)')),
    ),
    dialogue_ratio: v.optional(
      v.pipe(v.number(), v.minValue(0), v.maxValue(1), d('share of 字数 inside quotation marks')),
    ),
    avg_paragraph_length: v.optional(v.pipe(v.number(), v.minValue(0), d('mean 字数 per paragraph'))),
    sample_paragraphs: v.optional(v.pipe(v.array(v.string()), d('paragraphs in the voice to imitate'))),
  }),
);

export const BlacklistFileSchema = lazily(() =>
  v.looseObject({
    words: v.optional(
      v.pipe(v.array(v.string()), d('AI clichés the writer and the refiner avoid; novel counts them per 1,000 字')),
    ),
    whitelist: v.optional(
      v.looseObject({
        words: v.optional(
          v.pipe(v.array(v.string()), d('phrases that contain a blacklisted word but are fine as they are')),
        ),
      }),
    ),
  }),
);

/** book.json (§18): the book's metadata, read by the exports and `novel serve`. */
export const BookJsonSchema = lazily(() =>
  v.strictObject({
    title: v.pipe(v.string(), v.minLength(1), d('the title, without 《》')),
    author: v.pipe(v.string(), v.minLength(1), d('the pen name the platform shows')),
    blurb: v.optional(v.pipe(v.string(), d('the 简介 (the EPUB description, the dashboard header)'))),
    platform: v.optional(v.pipe(v.string(), d('where the book is published (qidian, fanqie …); informational'))),
  }),
);
export type BookJson = v.InferOutput<typeof BookJsonSchema>;

/** sensitive-words.json (§18): the author's list of words a platform refuses, by category when grouped. */
export const SensitiveWordsSchema = lazily(() =>
  v.strictObject({
    words: v.pipe(
      v.array(v.pipe(v.string(), v.minLength(1))),
      d('words the lint finds (hard) and `novel publish` refuses; [] for none'),
    ),
    categories: v.optional(
      v.pipe(
        v.record(v.string(), v.array(v.pipe(v.string(), v.minLength(1)))),
        d('category → words, named with each finding (政治, 色情, 广告 …)'),
      ),
    ),
  }),
);

export const ClicheLintSchema = lazily(() =>
  v.looseObject({
    words: v.pipe(
      v.record(v.string(), v.picklist(['hard', 'soft', 'warn'])),
      d('cliché → severity: hard blocks the gate, soft and warn are reported'),
    ),
  }),
);
