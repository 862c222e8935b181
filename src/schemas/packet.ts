/** The instruction packet (PROTOCOL §9): the contract between novel and an executor. */
import * as v from 'valibot';
import { STEP_ID_PATTERN } from '../core/step-id.js';
import { AGENT_NAMES, STEP_MODES } from '../core/step-table.js';

export { AGENT_NAMES };
export const PACKET_MODES = STEP_MODES;

const PathValue = v.union([v.string(), v.array(v.string())]);

export const PacketSchema = v.strictObject({
  version: v.literal(1),
  step: v.pipe(v.string(), v.regex(new RegExp(STEP_ID_PATTERN))),
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
