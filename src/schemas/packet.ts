/** The instruction packet (PROTOCOL §9): the contract between novel and an executor. */
import * as v from 'valibot';

export const AGENT_NAMES = ['chapter-writer', 'summarizer', 'style-refiner', 'quality-judge', 'plot-architect', 'world-builder', 'character-weaver', 'style-analyzer', 'novel commit', 'author'] as const;
export const PACKET_MODES = ['draft', 'revision', 'normal', 'polish', 'commit', 'review', 'plan', 'hook-fix', 'title-fix', 'setup', 'import'] as const;

const PathValue = v.union([v.string(), v.array(v.string())]);

export const PacketSchema = v.strictObject({
  version: v.literal(1),
  step: v.pipe(v.string(), v.regex(/^(chapter:\d{3,}:(draft|summarize|refine|title-fix|judge|hook-fix|commit|review)|volume:\d{2,}:(plan|commit)|book:(world|characters|style)|import:\d{3,}:summarize)$/)),
  agent: v.strictObject({ kind: v.picklist(['subagent', 'cli', 'human']), name: v.picklist(AGENT_NAMES) }),
  mode: v.picklist(PACKET_MODES),
  manifest: v.strictObject({
    mode: v.picklist(['paths', 'paths+embed']),
    inline: v.record(v.string(), v.unknown()),
    paths: v.record(v.string(), PathValue),
    embed: v.optional(v.record(v.string(), v.string())),
  }),
  expected_outputs: v.array(v.strictObject({ path: v.string(), required: v.boolean(), note: v.optional(v.string()) })),
  write_scope: v.array(v.pipe(v.string(), v.startsWith('staging/'))),
  next_actions: v.array(v.strictObject({ command: v.string(), note: v.optional(v.string()) })),
});

export type Packet = v.InferOutput<typeof PacketSchema>;
