import { describe, expect, it } from 'vitest';
import {
  isSampleFile,
  pendingAfter,
  pendingSetup,
  setupDone,
  setupWritable,
  validateSetup,
  type SetupReader,
} from '../../src/core/setup.js';
import { styleMetrics } from '../../src/core/lint.js';
import type { StagingView } from '../../src/core/staging-view.js';

function reader(files: Record<string, string>, samplesHaveText = false): SetupReader {
  return {
    text: (rel) => files[rel],
    list: (dir) =>
      Object.keys(files)
        .filter((f) => f.startsWith(`${dir}/`))
        .sort(),
    samplesHaveText,
  };
}

function view(files: Record<string, string>): StagingView {
  return { files: new Map(Object.entries(files).map(([path, text]) => [path, { path, sha256: 'x', text }])) };
}

const RULES = JSON.stringify({ rules: [{ id: 'W-001', category: '地理', rule: '城在河北', constraint_type: 'hard' }] });
const LINES = JSON.stringify({ storylines: [{ id: 'main', name: '主线' }] });

describe('setup steps (PROTOCOL §14)', () => {
  it('the empty files init writes do not count; a rule and a storyline do', () => {
    expect(
      setupDone(
        'world',
        reader({ 'world/rules.json': '{"rules":[]}', 'storylines/storylines.json': '{"storylines":[]}' }),
      ),
    ).toBe(false);
    expect(
      setupDone('world', reader({ 'world/rules.json': RULES, 'storylines/storylines.json': '{"storylines":[]}' })),
    ).toBe(false);
    expect(setupDone('world', reader({ 'world/rules.json': RULES, 'storylines/storylines.json': LINES }))).toBe(true);
    expect(setupDone('world', reader({ 'world/rules.json': '{broken', 'storylines/storylines.json': LINES }))).toBe(
      false,
    );
  });

  it('the cast needs one valid character file; the style needs samples to be due', () => {
    expect(setupDone('characters', reader({}))).toBe(false);
    expect(setupDone('characters', reader({ 'characters/active/a.json': '{"aliases":[]}' }))).toBe(false);
    expect(setupDone('characters', reader({ 'characters/active/a.json': '{"display_name":"甲"}' }))).toBe(true);
    expect(setupDone('style', reader({}, false))).toBe(true);
    expect(setupDone('style', reader({ 'style-profile.json': '{}' }, true))).toBe(false);
    expect(
      setupDone('style', reader({ 'style-profile.json': '{"avg_sentence_length": 12, "dialogue_ratio": 0.2}' }, true)),
    ).toBe(true);
  });

  it('pendingSetup names the first step still to do, in order; pendingAfter skips the one just committed', () => {
    expect(pendingSetup(reader({}, true))).toBe('world');
    expect(pendingSetup(reader({ 'world/rules.json': RULES, 'storylines/storylines.json': LINES }, true))).toBe(
      'characters',
    );
    expect(
      pendingSetup(
        reader(
          {
            'world/rules.json': RULES,
            'storylines/storylines.json': LINES,
            'characters/active/a.json': '{"display_name":"甲"}',
          },
          false,
        ),
      ),
    ).toBeNull();
    expect(pendingAfter('world', reader({}, true))).toBe('characters');
    expect(pendingAfter('characters', reader({}, false))).toBeNull();
    expect(pendingAfter('style', reader({}, true))).toBeNull();
  });

  it('each step writes only its own files', () => {
    expect(setupWritable('staging/world/rules.json', 'world')).toBe(true);
    expect(setupWritable('staging/storylines/storylines.json', 'world')).toBe(true);
    expect(setupWritable('staging/storylines/main/memory.md', 'world')).toBe(false);
    expect(setupWritable('staging/characters/active/a.json', 'world')).toBe(false);
    expect(setupWritable('staging/characters/active/a.md', 'characters')).toBe(true);
    expect(setupWritable('staging/characters/relationships.json', 'characters')).toBe(true);
    expect(setupWritable('staging/style-profile.json', 'style')).toBe(true);
    expect(setupWritable('style-profile.json', 'style')).toBe(false);
    expect(isSampleFile('samples/a.txt')).toBe(true);
    expect(isSampleFile('samples/sub/a.txt')).toBe(false);
    expect(isSampleFile('samples/a.docx')).toBe(false);
  });

  it('validates the world: every file, a non-empty rule list and storyline list; the moves mirror staging', () => {
    const ok = validateSetup(
      'world',
      view({
        'staging/world/rules.json': RULES,
        'staging/world/geography.md': '# 地理\n\n河北。\n',
        'staging/world/history.md': '# 前史\n\n旧事。\n',
        'staging/storylines/storylines.json': LINES,
      }),
      null,
    );
    expect(ok.valid).toBe(true);
    expect(ok.moves).toEqual([
      { from: 'staging/world/rules.json', to: 'world/rules.json' },
      { from: 'staging/world/geography.md', to: 'world/geography.md' },
      { from: 'staging/world/history.md', to: 'world/history.md' },
      { from: 'staging/storylines/storylines.json', to: 'storylines/storylines.json' },
    ]);
    const bad = validateSetup(
      'world',
      view({
        'staging/world/rules.json': '{"rules":[]}',
        'staging/world/geography.md': ' \n',
        'staging/storylines/storylines.json': '{"storylines":[]}',
      }),
      null,
    );
    expect(bad.valid).toBe(false);
    expect(bad.diagnostics.map((d) => d.code).sort()).toEqual([
      'output_empty',
      'output_missing',
      'storylines_empty',
      'world_rules_empty',
    ]);
  });

  it('validates the cast: slug file names, a profile beside each, the relationships', () => {
    const bad = validateSetup(
      'characters',
      view({
        'staging/characters/active/Lin Feng.json': '{"display_name":"林风"}',
        'staging/characters/relationships.json': '{"relationships":[{"from":"a","to":"b","type":"友"}]}',
      }),
      null,
    );
    expect(bad.diagnostics.map((d) => d.code).sort()).toEqual(['character_slug', 'output_missing']);
    expect(validateSetup('characters', view({}), null).diagnostics.map((d) => d.code)).toContain('output_missing');
  });

  it('the style profile must carry novel’s own numbers within 10 %', () => {
    const metrics = styleMetrics(['“你来了。”他说。\n\n雨停了。']);
    const profile = (avg: number, ratio: number) =>
      view({ 'staging/style-profile.json': JSON.stringify({ avg_sentence_length: avg, dialogue_ratio: ratio }) });
    expect(validateSetup('style', profile(metrics.avg_sentence_length, metrics.dialogue_ratio), metrics).valid).toBe(
      true,
    );
    expect(
      validateSetup('style', profile(metrics.avg_sentence_length * 1.09, metrics.dialogue_ratio), metrics).valid,
    ).toBe(true);
    const far = validateSetup('style', profile(metrics.avg_sentence_length * 1.2, metrics.dialogue_ratio), metrics);
    expect(far.diagnostics.map((d) => d.field)).toEqual(['avg_sentence_length']);
    // Without samples there is nothing to compare with.
    expect(validateSetup('style', profile(99, 0.9), null).valid).toBe(true);
  });

  it('styleMetrics counts sentences, dialogue and paragraphs with the lint’s rules, headings left out', () => {
    const m = styleMetrics(['# 样章\n\n“你来了。”他说。\n\n雨停了。\n']);
    expect(m.paragraphs).toBe(2);
    expect(m.sentences).toBe(3);
    // Full-width punctuation counts one 字 (§13.2): 9 + 4 = 13 字, 你来了。 is 4 of them inside the quotes.
    expect(m.zishu).toBe(13);
    expect(m.dialogue_ratio).toBe(0.31);
    expect(m.avg_paragraph_length).toBe(6.5);
    expect(styleMetrics([]).avg_sentence_length).toBe(0);
  });
});
