/**
 * The packets of the setup steps (book:world, book:characters, book:style) and
 * of an imported chapter's catch-up summary (import:NNN:summarize), PROTOCOL
 * §14, src/core/setup-packets.ts: which files each packet names (only those
 * that exist), its inline context, expected outputs, write scope and next
 * actions. Every packet passes the packet schema.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { importSummarizePacket, setupPacket } from '../../src/core/setup-packets.js';
import { PacketSchema, type Packet } from '../../src/schemas/packet.js';
import type { StyleMetrics } from '../../src/core/lint.js';
import { memoryView } from '../helpers/memory-view.js';

const valid = (p: Packet): Packet => {
  const r = v.safeParse(PacketSchema, p);
  expect(r.success, JSON.stringify(r.issues?.map((i) => i.message))).toBe(true);
  return p;
};

const SETUP_NEXT = (id: string) => [
  { command: `novel validate ${id}`, note: 'check every output at once' },
  {
    command: 'novel commit --setup',
    note: 'moves the files into place; the next setup step, or the plan of volume 1, follows',
  },
];

describe('setupPacket: book:world', () => {
  it('an empty project: no paths but the samples given, the four world files expected', () => {
    const p = valid(setupPacket(memoryView({}), 'world', null, []));
    expect(p.step).toBe('book:world');
    expect(p.version).toBe(1);
    expect(p.agent).toEqual({ kind: 'subagent', name: 'world-builder' });
    expect(p.mode).toBe('setup');
    expect(p.manifest).toEqual({ mode: 'paths', inline: { book: 'world' }, paths: {} });
    expect(p.expected_outputs.map((o) => [o.path, o.required])).toEqual([
      ['staging/world/rules.json', true],
      ['staging/world/geography.md', true],
      ['staging/world/history.md', true],
      ['staging/storylines/storylines.json', true],
    ]);
    expect(p.expected_outputs[0]?.note).toContain('"constraint_type": "hard"|"soft"');
    expect(p.expected_outputs[3]?.note).toContain('ids are lowercase slugs');
    expect(p.write_scope).toEqual(['staging/world/', 'staging/storylines/storylines.json']);
    expect(p.next_actions).toEqual(SETUP_NEXT('book:world'));
  });

  it('names the brief, the world files that exist (keyed by their path) and the samples', () => {
    const view = memoryView({
      'brief.md': '# b',
      'world/rules.json': '{}',
      'world/history.md': 'h',
      'storylines/storylines.json': '{}',
      'world/geography.txt': 'x',
    });
    const p = valid(setupPacket(view, 'world', null, ['samples/a.txt', 'samples/b.md']));
    expect(p.manifest.paths).toEqual({
      brief: 'brief.md',
      world_rules_json: 'world/rules.json',
      world_history_md: 'world/history.md',
      storylines_storylines_json: 'storylines/storylines.json',
      samples: ['samples/a.txt', 'samples/b.md'],
    });
    expect(Object.keys(p.manifest.paths)).toEqual([
      'brief',
      'world_rules_json',
      'world_history_md',
      'storylines_storylines_json',
      'samples',
    ]);
  });

  it('copies the samples list rather than sharing it', () => {
    const samples = ['samples/a.txt'];
    const p = setupPacket(memoryView({}), 'world', null, samples);
    expect(p.manifest.paths.samples).toEqual(samples);
    expect(p.manifest.paths.samples).not.toBe(samples);
  });
});

describe('setupPacket: book:characters', () => {
  it('names the brief, the world files, the storylines and every file in characters/active', () => {
    const view = memoryView({
      'brief.md': '# b',
      'world/rules.json': '{}',
      'world/geography.md': 'g',
      'world/history.md': 'h',
      'storylines/storylines.json': '{}',
      'characters/active/lin.json': '{}',
      'characters/active/lin.md': '# 林',
      'characters/active/old/x.json': '{}',
    });
    const p = valid(setupPacket(view, 'characters', null, ['samples/a.txt']));
    expect(p.step).toBe('book:characters');
    expect(p.agent).toEqual({ kind: 'subagent', name: 'character-weaver' });
    expect(p.mode).toBe('setup');
    expect(p.manifest.inline).toEqual({ book: 'characters' });
    expect(p.manifest.paths).toEqual({
      brief: 'brief.md',
      world_rules: 'world/rules.json',
      geography: 'world/geography.md',
      history: 'world/history.md',
      storylines: 'storylines/storylines.json',
      character_files: ['characters/active/lin.json', 'characters/active/lin.md'],
    });
    expect(p.expected_outputs.map((o) => [o.path, o.required])).toEqual([
      ['staging/characters/active/{slug}.json', true],
      ['staging/characters/active/{slug}.md', true],
      ['staging/characters/relationships.json', true],
    ]);
    expect(p.write_scope).toEqual(['staging/characters/']);
    expect(p.next_actions).toEqual(SETUP_NEXT('book:characters'));
  });

  it('leaves out what does not exist, and ignores the samples', () => {
    const p = valid(setupPacket(memoryView({ 'world/rules.json': '{}' }), 'characters', null, ['samples/a.txt']));
    expect(p.manifest.paths).toEqual({ world_rules: 'world/rules.json' });
  });
});

describe('setupPacket: book:style', () => {
  const metrics = { zishu: 1200, avg_sentence_length: 18.5, dialogue_ratio: 0.25 } as unknown as StyleMetrics;

  it("carries novel's own sample metrics inline and names the samples and an existing profile", () => {
    const p = valid(
      setupPacket(memoryView({ 'brief.md': 'b', 'style-profile.json': '{}' }), 'style', metrics, ['samples/s.txt']),
    );
    expect(p.step).toBe('book:style');
    expect(p.agent).toEqual({ kind: 'subagent', name: 'style-analyzer' });
    expect(p.manifest.inline).toEqual({ book: 'style', sample_metrics: metrics });
    expect(p.manifest.paths).toEqual({
      brief: 'brief.md',
      samples: ['samples/s.txt'],
      style_profile: 'style-profile.json',
    });
    expect(p.expected_outputs).toHaveLength(1);
    expect(p.expected_outputs[0]?.path).toBe('staging/style-profile.json');
    expect(p.expected_outputs[0]?.required).toBe(true);
    expect(p.expected_outputs[0]?.note).toContain('validate allows 10 %');
    expect(p.write_scope).toEqual(['staging/style-profile.json']);
    expect(p.next_actions).toEqual(SETUP_NEXT('book:style'));
  });

  it('without samples or metrics: sample_metrics null and no samples key', () => {
    const p = valid(setupPacket(memoryView({}), 'style', null, []));
    expect(p.manifest.inline).toEqual({ book: 'style', sample_metrics: null });
    expect(p.manifest.paths).toEqual({});
  });
});

describe('importSummarizePacket', () => {
  const storylines = JSON.stringify({
    storylines: [{ name: 'no id' }, { id: 7 }, { id: 'sword-line' }, { id: 'other' }],
  });

  it('names the committed chapter text, the state, storylines and memory of the first storyline with an id', () => {
    const view = memoryView({
      'chapters/chapter-005.md': '# 第5章',
      'state/current-state.json': '{}',
      'storylines/storylines.json': storylines,
      'storylines/sword-line/memory.md': 'm',
      'characters/active/lin.json': JSON.stringify({ display_name: '林青岚' }),
    });
    const p = valid(importSummarizePacket(view, 5, 12));
    expect(p.step).toBe('import:005:summarize');
    expect(p.agent).toEqual({ kind: 'subagent', name: 'summarizer' });
    expect(p.mode).toBe('import');
    expect(p.manifest.mode).toBe('paths');
    expect(p.manifest.paths).toEqual({
      chapter_text: 'chapters/chapter-005.md',
      current_state: 'state/current-state.json',
      storylines: 'storylines/storylines.json',
      storyline_memory: 'storylines/sword-line/memory.md',
    });
    expect(p.manifest.inline).toEqual({
      chapter: 5,
      imported_chapters: 12,
      storyline_id: 'sword-line',
      entity_id_map: { lin: '林青岚' },
      note: 'an imported chapter: summarize it as written; do not change chapters/',
    });
    expect(p.expected_outputs.map((o) => [o.path, o.required])).toEqual([
      ['staging/summaries/chapter-005-summary.md', true],
      ['staging/state/chapter-005-delta.json', true],
      ['staging/state/chapter-005-crossref.json', true],
      ['staging/storylines/sword-line/memory.md', true],
      ['staging/state/chapter-005-memory.json', false],
    ]);
    expect(p.expected_outputs[3]?.note).toBe("the storyline memory so far, plus this chapter's lines");
    expect(p.write_scope).toEqual(['staging/summaries/', 'staging/state/', 'staging/storylines/']);
    expect(p.next_actions).toEqual([
      { command: 'novel validate import:005:summarize', note: 'check every output at once' },
      { command: 'novel advance import:005:summarize', note: 'then import:005:commit' },
      {
        command: 'novel commit --chapter 5',
        note: 'moves the summary, delta and memory; the imported text stays as it is',
      },
    ]);
  });

  it('names the chapter text even when it is absent, and falls back to the main storyline', () => {
    const p = valid(importSummarizePacket(memoryView({ 'storylines/main/memory.md': 'm' }), 1, 1));
    expect(p.manifest.paths).toEqual({
      chapter_text: 'chapters/chapter-001.md',
      storyline_memory: 'storylines/main/memory.md',
    });
    expect(p.manifest.inline.storyline_id).toBe('main');
    expect(p.manifest.inline.entity_id_map).toEqual({});
    expect(p.expected_outputs[3]?.path).toBe('staging/storylines/main/memory.md');
  });

  it('main too when storylines.json is not an object with a storylines array, or none has a string id', () => {
    for (const text of ['[]', '{"storylines": {}}', '{"storylines": [{"id": 1}, null, "x"]}', 'not json']) {
      expect(
        importSummarizePacket(memoryView({ 'storylines/storylines.json': text }), 2, 2).manifest.inline.storyline_id,
        text,
      ).toBe('main');
    }
  });

  it('names the up to three latest committed summaries before the chapter, newest first', () => {
    const files: Record<string, string> = {};
    for (const n of [1, 2, 4, 5, 7, 9]) files[`summaries/chapter-${String(n).padStart(3, '0')}-summary.md`] = `${n}`;
    expect(importSummarizePacket(memoryView(files), 8, 9).manifest.paths.recent_summaries).toEqual([
      'summaries/chapter-007-summary.md',
      'summaries/chapter-005-summary.md',
      'summaries/chapter-004-summary.md',
    ]);
    expect(importSummarizePacket(memoryView(files), 2, 9).manifest.paths.recent_summaries).toEqual([
      'summaries/chapter-001-summary.md',
    ]);
    expect(importSummarizePacket(memoryView(files), 1, 9).manifest.paths).not.toHaveProperty('recent_summaries');
  });

  it('pads chapter numbers above 999 as they are', () => {
    const p = importSummarizePacket(memoryView({}), 1234, 2000);
    expect(p.step).toBe('import:1234:summarize');
    expect(p.next_actions[1]).toEqual({
      command: 'novel advance import:1234:summarize',
      note: 'then import:1234:commit',
    });
    expect(p.next_actions[2]?.command).toBe('novel commit --chapter 1234');
  });
});
