/**
 * `--embed` (PROTOCOL §9.2): file contents wrapped as read-only DATA blocks.
 * Any `</DATA` inside the content is escaped so a block cannot be closed
 * early; each block is capped, and a cut block says so inside the block.
 */

export const EMBED_CAP_BYTES = 64 * 1024;

const TYPE_BY_KEY: Record<string, string> = {
  chapter_draft: 'chapter_content',
  recent_summaries: 'summary',
  prev_summary: 'summary',
  character_contracts: 'character_profile',
  character_profiles: 'character_profile',
  character_files: 'character_profile',
  world_rules: 'world_doc',
  world_docs: 'world_doc',
  // The world step's own files, named by path (setup-packets.ts).
  world_rules_json: 'world_doc',
  world_geography_md: 'world_doc',
  world_history_md: 'world_doc',
  storylines_storylines_json: 'storyline_doc',
  style_profile: 'style_sample',
  storyline_memory: 'storyline_memory',
  adjacent_memories: 'storyline_memory',
  chapter_contract: 'contract',
  volume_outline: 'outline',
  current_state: 'state',
  project_brief: 'brief',
  brief: 'brief',
  ai_blacklist: 'blacklist',
  chapter_eval: 'evaluation',
  cross_references: 'crossref',
  storyline_spec: 'storyline_doc',
  storyline_schedule: 'storyline_doc',
  storylines: 'storyline_doc',
  previous_change_log: 'change_log',
  global_foreshadowing: 'foreshadowing',
};

export function dataType(key: string): string {
  return Object.hasOwn(TYPE_BY_KEY, key) ? (TYPE_BY_KEY[key] as string) : 'research';
}

/** Escape every `</DATA` (any case) so the content cannot close its block. */
export function escapeData(content: string): string {
  return content.replace(/<\/(data)/gi, '<\\/$1');
}

function cut(content: string, cap: number): { text: string; shown: number; total: number } | null {
  const bytes = Buffer.from(content, 'utf8');
  if (bytes.length <= cap) return null;
  let end = cap;
  // Step back to a UTF-8 character boundary.
  while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end -= 1;
  return { text: bytes.subarray(0, end).toString('utf8'), shown: end, total: bytes.length };
}

export function dataBlock(type: string, source: string, content: string, cap = EMBED_CAP_BYTES): string {
  const c = cut(content, cap);
  const body = c ? `${escapeData(c.text)}\n[truncated: ${c.shown} of ${c.total} bytes shown]` : escapeData(content);
  return `<DATA type="${type}" source="${source}" readonly="true">\n${body}\n</DATA>`;
}
