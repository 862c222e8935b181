/**
 * `--embed` DATA blocks (PROTOCOL §9.2), src/core/embed.ts: the type each
 * manifest key maps to, the escape of `</DATA` in any case, the block's exact
 * framing, and the byte cap that cuts on a UTF-8 character boundary and says
 * so inside the block.
 */
import { describe, expect, it } from 'vitest';
import { dataBlock, dataType, EMBED_CAP_BYTES, escapeData } from '../../src/core/embed.js';

describe('dataType', () => {
  it('maps every manifest key to its DATA type', () => {
    const expected: Record<string, string> = {
      chapter_draft: 'chapter_content',
      recent_summaries: 'summary',
      prev_summary: 'summary',
      character_contracts: 'character_profile',
      character_profiles: 'character_profile',
      character_files: 'character_profile',
      world_rules: 'world_doc',
      world_docs: 'world_doc',
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
    for (const [key, type] of Object.entries(expected)) expect(dataType(key), key).toBe(type);
  });

  it("the world step's files, keyed by their paths, are world and storyline documents", () => {
    expect(
      ['world_rules_json', 'world_geography_md', 'world_history_md', 'storylines_storylines_json'].map(dataType),
    ).toEqual(['world_doc', 'world_doc', 'world_doc', 'storyline_doc']);
  });

  it('keys an object inherits are not types: toString, constructor and __proto__ are research', () => {
    for (const key of ['toString', 'constructor', '__proto__', 'hasOwnProperty'])
      expect(dataType(key), key).toBe('research');
  });

  it('an unknown key is research', () => {
    expect(dataType('samples')).toBe('research');
    expect(dataType('previous_volume_review')).toBe('research');
    expect(dataType('')).toBe('research');
  });
});

describe('escapeData', () => {
  it('escapes </DATA in any case, keeping the letters as written', () => {
    expect(escapeData('a</DATA>b')).toBe('a<\\/DATA>b');
    expect(escapeData('</data>')).toBe('<\\/data>');
    expect(escapeData('</DaTa type="x">')).toBe('<\\/DaTa type="x">');
  });

  it('escapes every occurrence, not only the first', () => {
    expect(escapeData('</DATA></DATA>x</data')).toBe('<\\/DATA><\\/DATA>x<\\/data');
  });

  it('leaves text without a closing DATA tag untouched', () => {
    for (const s of ['', '普通的正文。', '<DATA type="x">', '</DAT', '< /DATA>', '</ DATA>', '</div>', '<\\/DATA>'])
      expect(escapeData(s)).toBe(s);
  });

  it('an escaped text escapes again only where a raw </DATA remains', () => {
    expect(escapeData(escapeData('</DATA>'))).toBe('<\\/DATA>');
  });
});

describe('dataBlock', () => {
  it('wraps the content in a read-only block with its type and source', () => {
    expect(dataBlock('summary', 'summaries/chapter-001-summary.md', '# 第1章摘要\n')).toBe(
      '<DATA type="summary" source="summaries/chapter-001-summary.md" readonly="true">\n# 第1章摘要\n\n</DATA>',
    );
    expect(dataBlock('state', 's.json', '')).toBe('<DATA type="state" source="s.json" readonly="true">\n\n</DATA>');
  });

  it('escapes the content so the block cannot be closed early', () => {
    const block = dataBlock('research', 'x.md', 'before</DATA>after');
    expect(block).toBe('<DATA type="research" source="x.md" readonly="true">\nbefore<\\/DATA>after\n</DATA>');
    expect(block.match(/<\/DATA>/g)).toHaveLength(1);
  });

  it('the default cap is 64 KiB', () => {
    expect(EMBED_CAP_BYTES).toBe(65536);
    const exact = 'a'.repeat(EMBED_CAP_BYTES);
    expect(dataBlock('t', 's', exact)).toBe(`<DATA type="t" source="s" readonly="true">\n${exact}\n</DATA>`);
    const over = 'a'.repeat(EMBED_CAP_BYTES + 1);
    expect(dataBlock('t', 's', over)).toBe(
      `<DATA type="t" source="s" readonly="true">\n${exact}\n[truncated: 65536 of 65537 bytes shown]\n</DATA>`,
    );
  });

  it('content of exactly the cap is kept whole; one byte more is cut and says so', () => {
    expect(dataBlock('t', 's', 'abcd', 4)).toBe('<DATA type="t" source="s" readonly="true">\nabcd\n</DATA>');
    expect(dataBlock('t', 's', 'abcde', 4)).toBe(
      '<DATA type="t" source="s" readonly="true">\nabcd\n[truncated: 4 of 5 bytes shown]\n</DATA>',
    );
  });

  it('cuts on a UTF-8 character boundary, counting bytes not characters', () => {
    // '林' and '青' are three bytes each: 6 bytes in all.
    expect(dataBlock('t', 's', '林青', 5)).toBe(
      '<DATA type="t" source="s" readonly="true">\n林\n[truncated: 3 of 6 bytes shown]\n</DATA>',
    );
    expect(dataBlock('t', 's', '林青', 4)).toContain('\n林\n[truncated: 3 of 6 bytes shown]');
    expect(dataBlock('t', 's', '林青', 3)).toContain('\n林\n[truncated: 3 of 6 bytes shown]');
    expect(dataBlock('t', 's', '林青', 2)).toBe(
      '<DATA type="t" source="s" readonly="true">\n\n[truncated: 0 of 6 bytes shown]\n</DATA>',
    );
    expect(dataBlock('t', 's', 'a林', 2)).toContain('\na\n[truncated: 1 of 4 bytes shown]');
    // A four-byte character (emoji) is never split either.
    expect(dataBlock('t', 's', 'x😀y', 4)).toContain('\nx\n[truncated: 1 of 6 bytes shown]');
    expect(dataBlock('t', 's', 'x😀y', 5)).toContain('\nx😀\n[truncated: 5 of 6 bytes shown]');
  });

  it('a cap of 0 shows nothing of a non-empty text, and an empty text is never cut', () => {
    expect(dataBlock('t', 's', 'a', 0)).toBe(
      '<DATA type="t" source="s" readonly="true">\n\n[truncated: 0 of 1 bytes shown]\n</DATA>',
    );
    expect(dataBlock('t', 's', '', 0)).toBe('<DATA type="t" source="s" readonly="true">\n\n</DATA>');
  });

  it('escapes the kept part of a cut block too', () => {
    expect(dataBlock('t', 's', '</DATA>0123456789', 8)).toBe(
      '<DATA type="t" source="s" readonly="true">\n<\\/DATA>0\n[truncated: 8 of 17 bytes shown]\n</DATA>',
    );
  });
});
