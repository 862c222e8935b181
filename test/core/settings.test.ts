/**
 * novel.config.json resolved against its defaults (PROTOCOL §10),
 * src/core/settings.ts: every default, every key taken over when set, the
 * optional keys that stay absent when unset, and the two config errors
 * (gate thresholds that do not descend, volume_chapters.min > max).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, resolveSettings } from '../../src/core/settings.js';
import { resolveQuality } from '../../src/core/quality-settings.js';
import { DEFAULT_CONTINUITY } from '../../src/core/continuity.js';
import type { Config } from '../../src/schemas/config.js';
import type { Diagnostic } from '../../src/schemas/diagnostics.js';

/** Diagnostics as their English reads (the said words they carry render to it). */
const english = (ds: readonly Diagnostic[]): Diagnostic[] => ds.map(({ words: _words, ...d }) => d);

describe('DEFAULT_SETTINGS', () => {
  it('holds the documented defaults', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      thresholds: { pass: 4.0, polish: 3.5, revise: 3.0, pause: 2.0 },
      max_revisions: 2,
      revision_policy: 'auto',
      memory_context_chapters: 3,
      lock_stale_minutes: 30,
      chapters_per_volume: 30,
      volume_chapters: { min: 10, max: 100 },
      book_chapters: null,
      language: 'zh-CN',
      memory_keep_ratio: 0.8,
      executor: { timeout_s: 1800, retries: 1, sandbox: 'auto' },
      staging_max_files: 10_000,
      quality: resolveQuality(undefined),
      serial: { daily_zishu: null, timezone: null },
      continuity: {
        status: 'status',
        location: 'location',
        realm: 'realm',
        ladder: 'realm',
        holder: 'holder',
        item_status: 'status',
        item_name: 'name',
        story_day: 'story_day',
        gone: ['dead', 'missing'],
        unusable: ['destroyed', 'lost'],
      },
    });
  });
});

describe('resolveSettings', () => {
  it('no config file and an empty config both give the defaults and no diagnostics', () => {
    for (const config of [null, {}] as Array<Config | null>) {
      const { settings, diagnostics } = resolveSettings(config);
      expect(settings).toEqual(DEFAULT_SETTINGS);
      expect(diagnostics).toEqual([]);
      // Unset optional keys are absent, not undefined.
      for (const key of ['title', 'author', 'chapter_length']) expect(Object.keys(settings)).not.toContain(key);
      expect(Object.keys(settings.executor).sort()).toEqual(['retries', 'sandbox', 'timeout_s']);
    }
  });

  it('takes every key the config sets', () => {
    const config: Config = {
      gate: { pass: 4.5, polish: 4, revise: 3.5, pause: 1 },
      max_revisions: 0,
      revision_policy: 'manual_confirm',
      memory_context_chapters: 0,
      lock_stale_minutes: 5,
      chapters_per_volume: 12,
      volume_chapters: { min: 3, max: 40 },
      book_chapters: 120,
      title: '残剑',
      author: '某人',
      language: 'en',
      memory_keep_ratio: 0,
      staging_max_files: 7,
      chapter_length: { min: 2000, max: 4000 },
      quality: { platform: 'qidian' },
      continuity: { realm: 'jingjie', ladder: 'cultivation', gone: ['dead', 'sealed'] },
      serial: { daily_zishu: 6000, timezone: 'Asia/Shanghai' },
      executor: {
        command: 'run-it',
        model: 'm1',
        secondary_model: 'm2',
        timeout_s: 60,
        retries: 0,
        sandbox: 'required',
      },
    };
    const { settings, diagnostics } = resolveSettings(config);
    expect(diagnostics).toEqual([]);
    expect(settings).toEqual({
      thresholds: { pass: 4.5, polish: 4, revise: 3.5, pause: 1 },
      max_revisions: 0,
      revision_policy: 'manual_confirm',
      memory_context_chapters: 0,
      lock_stale_minutes: 5,
      chapters_per_volume: 12,
      volume_chapters: { min: 3, max: 40 },
      book_chapters: 120,
      title: '残剑',
      author: '某人',
      language: 'en',
      memory_keep_ratio: 0,
      staging_max_files: 7,
      chapter_length: { min: 2000, max: 4000 },
      quality: resolveQuality({ platform: 'qidian' }),
      continuity: {
        ...DEFAULT_CONTINUITY,
        realm: 'jingjie',
        ladder: 'cultivation',
        gone: ['dead', 'sealed'],
      },
      serial: { daily_zishu: 6000, timezone: 'Asia/Shanghai' },
      executor: {
        command: 'run-it',
        model: 'm1',
        secondary_model: 'm2',
        timeout_s: 60,
        retries: 0,
        sandbox: 'required',
      },
    });
  });

  it('a partial gate keeps the other thresholds; a partial volume_chapters keeps the other bound', () => {
    const { settings } = resolveSettings({ gate: { pass: 4.8 }, volume_chapters: { max: 50 } });
    expect(settings.thresholds).toEqual({ pass: 4.8, polish: 3.5, revise: 3.0, pause: 2.0 });
    expect(settings.volume_chapters).toEqual({ min: 10, max: 50 });
    expect(resolveSettings({ volume_chapters: { min: 20 } }).settings.volume_chapters).toEqual({ min: 20, max: 100 });
  });

  it('an empty title or author is kept (only undefined is left out)', () => {
    const { settings } = resolveSettings({ title: '', author: '' });
    expect(settings.title).toBe('');
    expect(settings.author).toBe('');
  });

  it('an executor with one key keeps the defaults of the others and adds no undefined keys', () => {
    const { settings } = resolveSettings({ executor: { model: 'x' } });
    expect(settings.executor).toEqual({ model: 'x', timeout_s: 1800, retries: 1, sandbox: 'auto' });
    expect(Object.keys(settings.executor).sort()).toEqual(['model', 'retries', 'sandbox', 'timeout_s']);
    expect(resolveSettings({ executor: { command: '' } }).settings.executor).toEqual({
      command: '',
      timeout_s: 1800,
      retries: 1,
      sandbox: 'auto',
    });
    expect(resolveSettings({ executor: { secondary_model: 's' } }).settings.executor).toEqual({
      secondary_model: 's',
      timeout_s: 1800,
      retries: 1,
      sandbox: 'auto',
    });
  });

  it('equal thresholds are allowed', () => {
    expect(resolveSettings({ gate: { pass: 3, polish: 3, revise: 3, pause: 3 } }).diagnostics).toEqual([]);
  });

  it('a threshold above the one before it is an invalid_config error naming both', () => {
    const { diagnostics } = resolveSettings({ gate: { polish: 4.1 } });
    expect(english(diagnostics)).toEqual([
      {
        severity: 'error',
        code: 'invalid_config',
        file: 'novel.config.json',
        field: 'gate.polish',
        expected: 'a threshold ≤ gate.pass (4)',
        found: '4.1',
        fix: 'thresholds must descend: pass ≥ polish ≥ revise ≥ pause',
        message: 'novel.config.json: field "gate.polish": expected a threshold ≤ gate.pass (4), found 4.1',
      },
    ]);
  });

  it('checks each adjacent pair: revise above polish, pause above revise', () => {
    expect(resolveSettings({ gate: { revise: 3.6 } }).diagnostics.map((d) => [d.field, d.expected, d.found])).toEqual([
      ['gate.revise', 'a threshold ≤ gate.polish (3.5)', '3.6'],
    ]);
    expect(resolveSettings({ gate: { pause: 3.01 } }).diagnostics.map((d) => [d.field, d.expected, d.found])).toEqual([
      ['gate.pause', 'a threshold ≤ gate.revise (3)', '3.01'],
    ]);
  });

  it('reports every pair out of order, in order from pass down', () => {
    const { diagnostics, settings } = resolveSettings({ gate: { pass: 1, polish: 2, revise: 3, pause: 4 } });
    expect(diagnostics.map((d) => d.field)).toEqual(['gate.polish', 'gate.revise', 'gate.pause']);
    // The thresholds are still resolved as given.
    expect(settings.thresholds).toEqual({ pass: 1, polish: 2, revise: 3, pause: 4 });
  });

  it('volume_chapters.min above max is an invalid_config error; min equal to max is fine', () => {
    expect(resolveSettings({ volume_chapters: { min: 5, max: 5 } }).diagnostics).toEqual([]);
    expect(english(resolveSettings({ volume_chapters: { min: 6, max: 5 } }).diagnostics)).toEqual([
      {
        severity: 'error',
        code: 'invalid_config',
        file: 'novel.config.json',
        field: 'volume_chapters.min',
        expected: 'at most volume_chapters.max (5)',
        found: '6',
        fix: 'a volume plan covers volume_chapters.min..max chapters: make min ≤ max',
        message: 'novel.config.json: field "volume_chapters.min": expected at most volume_chapters.max (5), found 6',
      },
    ]);
  });

  it('a min above the default max (or a max below the default min) is caught against the default', () => {
    expect(resolveSettings({ volume_chapters: { min: 101 } }).diagnostics.map((d) => d.expected)).toEqual([
      'at most volume_chapters.max (100)',
    ]);
    expect(resolveSettings({ volume_chapters: { max: 9 } }).diagnostics.map((d) => d.found)).toEqual(['10']);
  });

  it('gate errors come before the volume_chapters error', () => {
    const { diagnostics } = resolveSettings({ gate: { pause: 3.5 }, volume_chapters: { min: 2, max: 1 } });
    expect(diagnostics.map((d) => d.field)).toEqual(['gate.pause', 'volume_chapters.min']);
  });

  it('does not share the default objects with the result', () => {
    const { settings } = resolveSettings(null);
    expect(settings.thresholds).not.toBe(DEFAULT_SETTINGS.thresholds);
    expect(settings.volume_chapters).not.toBe(DEFAULT_SETTINGS.volume_chapters);
    expect(settings.executor).not.toBe(DEFAULT_SETTINGS.executor);
  });
});
