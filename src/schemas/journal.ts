/** staging/.commit/*.json: the commit journal (PROTOCOL §7), and the rewind's (§14): staging/.commit/rewind.json. */
import * as v from 'valibot';
import { lazily, Sha256Schema } from './common.js';

const ByteOffsetSchema = lazily(() => v.pipe(v.number(), v.integer(), v.minValue(0)));

/** A rewind's move: a file or a folder renamed into the rewind folder (sha256 null: checked by its presence only). */
const MoveSchema = lazily(() => v.looseObject({ from: v.string(), to: v.string(), sha256: v.nullable(Sha256Schema) }));

/** A rewind's cut of an append-only log: its first `at` bytes kept, the rest kept at `tail_to`. */
const CutSchema = lazily(() =>
  v.looseObject({
    path: v.string(),
    at: ByteOffsetSchema,
    sha256: Sha256Schema,
    tail_to: v.string(),
    tail_sha256: Sha256Schema,
  }),
);

export const JournalSchema = lazily(() =>
  v.looseObject({
    version: v.literal(1),
    kind: v.picklist(['chapter', 'volume', 'rewind', 'setup']),
    /** The setup step a setup journal commits. */
    setup: v.optional(v.picklist(['world', 'characters', 'style'])),
    chapter: v.nullable(v.number()),
    volume: v.nullable(v.number()),
    /**
     * Each file written: its new bytes in the journal (`content`), or staged
     * beside it (`staged`, a file under staging/.commit/new/ renamed into place).
     */
    writes: v.array(
      v.pipe(
        v.looseObject({
          path: v.string(),
          content: v.optional(v.string()),
          staged: v.optional(v.string()),
          sha256: Sha256Schema,
        }),
        v.check((w) => (w.content === undefined) !== (w.staged === undefined), 'schema.journal_write'),
      ),
    ),
    appends: v.array(v.looseObject({ path: v.string(), before: ByteOffsetSchema, text: v.string() })),
    /** A rewind's moves and cuts, by path, size and hash: the journal holds none of their text. */
    moves: v.optional(v.array(MoveSchema)),
    cuts: v.optional(v.array(CutSchema)),
    removes: v.array(v.string()),
    checkpoint: v.record(v.string(), v.unknown()),
    fingerprint_paths: v.array(v.string()),
  }),
);
export type Journal = v.InferOutput<typeof JournalSchema>;
