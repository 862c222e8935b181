import { describe, expect, it } from 'vitest';
import {
  GROUPS_BY_PART,
  langOf,
  messageEntry,
  messageGroups,
  render,
  said,
  type MessageKey,
} from '../../src/core/messages.js';
import { argumentsRead, catalogueProblems } from '../helpers/catalogue.js';

/** Arguments for any message: every field reads as "1" (numbers and strings alike). */
const anyArgs = new Proxy({}, { get: () => '1' });
/** Chinese text, or at least Chinese punctuation for lines that are only a frame around values. */
const CJK = /[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]/;
/** Entries whose Chinese is a lookup that "1" does not hit (their tables are checked below). */
const LOOKUPS = new Set([
  'dashboard.event',
  'dashboard.rung',
  'dashboard.action',
  'dashboard.severity',
  'status.rung',
  'status.action',
  'status.note',
  'doctor.severity',
  'status.judge.kind',
  'error.usage',
  'error.invalid_config',
]);

/** Entries whose arguments are structured (checked with real arguments below). */
const STRUCTURED = new Set(['error.diagnostics']);

describe('the message catalogue', () => {
  it('has every message in English and in Chinese', () => {
    const keys = Object.values(messageGroups()).flat();
    expect(keys.length).toBeGreaterThan(150);
    for (const key of keys) {
      const e = messageEntry(key as MessageKey) as unknown as {
        en: (a: unknown) => string;
        zh: (a: unknown) => string;
      };
      expect(typeof e.en, key).toBe('function');
      expect(typeof e.zh, key).toBe('function');
      if (LOOKUPS.has(key) || STRUCTURED.has(key)) continue;
      expect(e.en(anyArgs).length, key).toBeGreaterThan(0);
      expect(e.zh(anyArgs), key).toMatch(CJK);
    }
    expect(messageEntry('status.rung').zh({ rung: 'draft' })).toBe('起草');
    expect(messageEntry('status.action').zh({ action: 'execute' })).toBe('执行');
    for (const note of ['paused for the author', 'polish pass', 'revision', 'title fix', 'hook fix'])
      expect(messageEntry('status.note').zh({ note }), note).toMatch(CJK);
    expect(messageEntry('doctor.severity').zh({ severity: 'error' })).toBe('错误');
    const refusal = said('error.diagnostics', {
      summary: 'book:world',
      diagnostics: [
        {
          file: 'world/rules.json',
          message: 'world/rules.json: expected x',
          expected: 'x',
          words: { fix: said('error.next_hint') },
          fix: 'run `novel next` to see what to do',
        },
      ],
    });
    expect(render('en', refusal)).toBe(
      'book:world\n  - world/rules.json: expected x (fix: run `novel next` to see what to do)',
    );
    expect(render('zh', refusal)).toBe(
      'book:world\n  - world/rules.json：应为 x（修复：运行 `novel next` 查看下一步）',
    );
  });

  it(
    'writes each message over the same arguments in both ' + 'languages (a Chinese line never drops or adds a value)',
    () => {
      expect(catalogueProblems()).toEqual([]);
    },
  );

  it('the argument check fails on a message whose languages read different arguments, or lack one', () => {
    expect(argumentsRead(new Function('return () => "none"')() as (a: unknown) => string).param).toBe('?');
    // The check reads the source: a message written as the catalogue writes them.
    const en = new Function('return (a) => `chapter ${a.chapter} of ${a.total}`')() as (a: unknown) => string;
    const zh = new Function('return (a) => `第${a.chapter}章`')() as (a: unknown) => string;
    expect(argumentsRead(en)).toEqual({ param: 'a', args: ['chapter', 'total'] });
    expect(argumentsRead(zh)).toEqual({ param: 'a', args: ['chapter'] });
  });

  it('renders said words in the reader’s language, said arguments included, plain text as it is', () => {
    const line = said('error.hint', { hint: said('error.next_hint') });
    expect(render('en', line)).toBe('hint: run `novel next` to see what to do');
    expect(render('zh', line)).toBe('提示：运行 `novel next` 查看下一步');
    expect(render('zh', 'chapters/chapter-001.md')).toBe('chapters/chapter-001.md');
    expect(JSON.parse(JSON.stringify(line))).toEqual({
      id: 'error.hint',
      args: { hint: { id: 'error.next_hint', args: {} } },
    });
    expect(() => render('en', { id: 'nowhere.none', args: {} })).toThrow(/no message nowhere.none/);
  });

  it('no two parts of the catalogue define one group', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [part, groups] of Object.entries(GROUPS_BY_PART)) {
      for (const g of groups) {
        if (seen.has(g)) twice.push(`${g}: ${seen.get(g)} and ${part}`);
        seen.set(g, part);
      }
    }
    expect(twice).toEqual([]);
  });

  it('keeps each message in the group its key names, once: the first word of the key finds it', () => {
    const groups = messageGroups();
    const all = Object.values(groups).flat();
    expect(new Set(all).size).toBe(all.length);
    for (const [group, keys] of Object.entries(groups)) {
      expect(keys.length, group).toBeGreaterThan(0);
      for (const key of keys) {
        expect(key.slice(0, key.indexOf('.')), key).toBe(group);
        expect(typeof messageEntry(key as MessageKey).en, key).toBe('function');
      }
    }
  });

  it('speaks Chinese for zh locales and --lang zh, English otherwise', () => {
    expect(langOf({ LANG: 'zh_CN.UTF-8' })).toBe('zh');
    expect(langOf({ LC_ALL: 'zh_TW.UTF-8', LANG: 'en_US.UTF-8' })).toBe('zh');
    expect(langOf({ LANG: 'en_US.UTF-8' })).toBe('en');
    expect(langOf({ LANG: 'zh_CN.UTF-8' }, 'en')).toBe('en');
    expect(langOf({}, 'zh')).toBe('zh');
    expect(langOf({})).toBe('en');
  });
});
