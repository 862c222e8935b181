/**
 * A demo chapter's prose, as the demo executor drafts chapter `n` (the
 * benches' text of a realistic length and rhythm).
 */
import { demoOutputs } from '../../src/core/demo-executor.js';
import type { Packet } from '../../src/schemas/packet.js';

const draftPacket = (chapter: number) =>
  ({
    version: 1,
    step: `chapter:${chapter}:draft`,
    agent: { kind: 'subagent', name: 'chapter-writer' },
    mode: 'draft',
    manifest: { mode: 'paths', inline: { chapter, chapter_outline_block: `### 第 ${chapter} 章: 试炼` }, paths: {} },
    expected_outputs: [],
    write_scope: [],
    next_actions: [],
  }) as unknown as Packet;

export const demoProse = (n: number): string =>
  Object.values(demoOutputs({ packet: draftPacket(n), read: () => undefined, scores: [4.2] }, 0))[0] as string;
