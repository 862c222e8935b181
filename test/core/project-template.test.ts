/**
 * The files of a new project (`novel init`), src/core/project-template.ts:
 * exactly which files, their exact content (a checkpoint awaiting volume 1's
 * plan, a config of the defaults), that every JSON file parses and passes the
 * project's own schemas, and how `extra` joins the config.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { bookFieldsOf, newProjectFiles } from '../../src/core/project-template.js';
import { DEFAULT_SETTINGS, resolveSettings } from '../../src/core/settings.js';
import { CheckpointSchema } from '../../src/schemas/checkpoint.js';
import { ConfigSchema } from '../../src/schemas/config.js';
import { GlobalForeshadowingSchema, LedgerSchema, StateSchema } from '../../src/schemas/book.js';
import {
  BlacklistFileSchema,
  StorylinesSchema,
  StyleProfileSchema,
  WorldRulesSchema,
} from '../../src/schemas/inputs.js';

describe('newProjectFiles', () => {
  it('writes exactly these files', () => {
    expect(Object.keys(newProjectFiles()).sort()).toEqual(
      [
        '.checkpoint.json',
        'novel.config.json',
        'brief.md',
        'style-profile.json',
        'ai-blacklist.json',
        'cliche-lint.json',
        'sensitive-words.json',
        'world/rules.json',
        'storylines/storylines.json',
        'state/current-state.json',
        'state/changelog.jsonl',
        'state/chapter-memory.json',
        'foreshadowing/global.json',
      ].sort(),
    );
  });

  it('the checkpoint awaits the plan of volume 1, with nothing completed', () => {
    const files = newProjectFiles();
    expect(files['.checkpoint.json']).toBe(
      '{\n  "last_completed_chapter": 0,\n  "current_volume": 1,\n  "orchestrator_state": "VOL_PLANNING",\n  ' +
        '"pipeline_stage": null,\n  "inflight_chapter": null,\n  "revision_count": 0\n}\n',
    );
    expect(v.safeParse(CheckpointSchema, JSON.parse(files['.checkpoint.json'] as string)).success).toBe(true);
  });

  it('the config holds the default gate and pipeline settings, in this order', () => {
    const text = newProjectFiles()['novel.config.json'] as string;
    expect(text.endsWith('}\n')).toBe(true);
    const config = JSON.parse(text);
    expect(Object.keys(config)).toEqual([
      'gate',
      'max_revisions',
      'revision_policy',
      'memory_context_chapters',
      'lock_stale_minutes',
      'chapters_per_volume',
    ]);
    expect(config).toEqual({
      gate: { pass: 4, polish: 3.5, revise: 3, pause: 2 },
      max_revisions: 2,
      revision_policy: 'auto',
      memory_context_chapters: 3,
      lock_stale_minutes: 30,
      chapters_per_volume: 30,
    });
    expect(v.safeParse(ConfigSchema, config).success).toBe(true);
    // Read back, it resolves to the defaults without a diagnostic.
    expect(resolveSettings(config)).toEqual({ settings: DEFAULT_SETTINGS, diagnostics: [] });
  });

  it('extra joins the config after the defaults and may override one', () => {
    const config = JSON.parse(
      newProjectFiles({ quality: { platform: 'tomato' }, max_revisions: 5 })['novel.config.json'] as string,
    );
    expect(Object.keys(config)).toEqual([
      'gate',
      'max_revisions',
      'revision_policy',
      'memory_context_chapters',
      'lock_stale_minutes',
      'chapters_per_volume',
      'quality',
    ]);
    expect(config.quality).toEqual({ platform: 'tomato' });
    expect(config.max_revisions).toBe(5);
    expect(v.safeParse(ConfigSchema, config).success).toBe(true);
  });

  it('extra changes the config only', () => {
    const plain = newProjectFiles();
    const withExtra = newProjectFiles({ quality: { platform: 'qidian' } });
    for (const key of Object.keys(plain)) if (key !== 'novel.config.json') expect(withExtra[key], key).toBe(plain[key]);
  });

  it('the book files are empty but valid', () => {
    const files = newProjectFiles();
    expect(files['brief.md']).toBe('# 作品简介\n\n（在这里写下故事的核心设定、主角、基调与目标读者。）\n');
    expect(files['style-profile.json']).toBe('{}\n');
    expect(files['ai-blacklist.json']).toBe('{\n  "words": []\n}\n');
    expect(files['world/rules.json']).toBe('{\n  "rules": []\n}\n');
    expect(files['storylines/storylines.json']).toBe('{\n  "storylines": [],\n  "relationships": []\n}\n');
    expect(files['state/current-state.json']).toBe(
      '{\n  "schema_version": 1,\n  "state_version": 0,\n  "last_updated_chapter": 0\n}\n',
    );
    expect(files['state/changelog.jsonl']).toBe('');
    expect(files['state/chapter-memory.json']).toBe('[]\n');
    expect(files['foreshadowing/global.json']).toBe('{\n  "foreshadowing": []\n}\n');
    const parse = (rel: string) => JSON.parse(files[rel] as string);
    expect(v.safeParse(StyleProfileSchema, parse('style-profile.json')).success).toBe(true);
    expect(v.safeParse(BlacklistFileSchema, parse('ai-blacklist.json')).success).toBe(true);
    expect(v.safeParse(WorldRulesSchema, parse('world/rules.json')).success).toBe(true);
    expect(v.safeParse(StorylinesSchema, parse('storylines/storylines.json')).success).toBe(true);
    expect(v.safeParse(StateSchema, parse('state/current-state.json')).success).toBe(true);
    expect(v.safeParse(LedgerSchema, parse('state/chapter-memory.json')).success).toBe(true);
    expect(v.safeParse(GlobalForeshadowingSchema, parse('foreshadowing/global.json')).success).toBe(true);
  });

  it('is deterministic and returns a fresh object each time', () => {
    const a = newProjectFiles();
    const b = newProjectFiles();
    expect(a).toEqual(b);
    expect(a).not.toBe(b);
  });
});

describe('bookFieldsOf (init --title --author [--blurb])', () => {
  const never = () => null;
  it('takes the options, 《》 around the title dropped, and asks nothing when both are given', () => {
    const asked: string[] = [];
    const r = bookFieldsOf(
      {
        title: '《剑起青岚》',
        author: ' 青岚客 ',
        ask: (f) => {
          asked.push(f);
          return null;
        },
      },
      'qidian',
    );
    expect(r).toEqual({ book: { title: '剑起青岚', author: '青岚客', platform: 'qidian' } });
    expect(asked).toEqual([]);
  });
  it('asks for what is missing, then the blurb; an empty blurb is left out', () => {
    const answers: Record<string, string> = { title: '《逆鳞》', author: '江南', blurb: '' };
    const asked: string[] = [];
    const ask = (f: 'title' | 'author' | 'blurb') => {
      asked.push(f);
      return answers[f] ?? null;
    };
    expect(bookFieldsOf({ ask }, undefined)).toEqual({ book: { title: '逆鳞', author: '江南' } });
    expect(asked).toEqual(['title', 'author', 'blurb']);
    expect(bookFieldsOf({ author: '江南', ask }, undefined)).toEqual({ book: { title: '逆鳞', author: '江南' } });
  });
  it('gives no book when neither comes off a terminal, and names the option when only one does', () => {
    expect(bookFieldsOf({ ask: never }, undefined)).toEqual({ book: null });
    expect(bookFieldsOf({ title: '逆鳞', ask: never }, undefined)).toEqual({ missing: '--author' });
    expect(bookFieldsOf({ author: '江南', ask: never }, undefined)).toEqual({ missing: '--title' });
    expect(bookFieldsOf({ title: '逆鳞', author: '江南', blurb: '少年持剑', ask: never }, undefined)).toEqual({
      book: { title: '逆鳞', author: '江南', blurb: '少年持剑' },
    });
  });
});
