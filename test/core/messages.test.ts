import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GROUPS_BY_PART, langOf, literalRuns, messageEntry, messageGroups, phraseKey, phrasePatterns, render, said, zhPhrase, type MessageKey } from '../../src/core/messages.js';
import { argumentsRead, catalogueProblems } from '../helpers/catalogue.js';

/** Arguments for any message: every field reads as "1" (numbers and strings alike). */
const anyArgs = new Proxy({}, { get: () => '1' });
/** Chinese text, or at least Chinese punctuation for lines that are only a frame around values. */
const CJK = /[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]/;
/** Entries whose Chinese is a lookup that "1" does not hit (their tables are checked below). */
const LOOKUPS = new Set(['dashboard.event', 'dashboard.rung', 'dashboard.action', 'dashboard.severity', 'status.rung', 'status.action', 'status.note', 'doctor.severity', 'status.judge.kind', 'error.usage', 'error.invalid_config']);

/** Entries whose arguments are structured (checked with real arguments below). */
const STRUCTURED = new Set(['error.diagnostics']);

describe('the message catalogue', () => {
  it('has every message in English and in Chinese', () => {
    const keys = Object.values(messageGroups()).flat();
    expect(keys.length).toBeGreaterThan(150);
    for (const key of keys) {
      const e = messageEntry(key as MessageKey) as unknown as { en: (a: unknown) => string; zh: (a: unknown) => string };
      expect(typeof e.en, key).toBe('function');
      expect(typeof e.zh, key).toBe('function');
      if (LOOKUPS.has(key) || STRUCTURED.has(key)) continue;
      expect(e.en(anyArgs).length, key).toBeGreaterThan(0);
      expect(e.zh(anyArgs), key).toMatch(CJK);
    }
    expect(messageEntry('status.rung').zh({ rung: 'draft' })).toBe('起草');
    expect(messageEntry('status.action').zh({ action: 'execute' })).toBe('执行');
    for (const note of ['paused for the author', 'polish pass', 'revision', 'title fix', 'hook fix']) expect(messageEntry('status.note').zh({ note }), note).toMatch(CJK);
    expect(messageEntry('doctor.severity').zh({ severity: 'error' })).toBe('错误');
    const refusal = said('error.diagnostics', { summary: 'book:world', diagnostics: [{ file: 'world/rules.json', message: 'world/rules.json: expected x', expected: 'x', words: { fix: said('error.next_hint') }, fix: 'run `novel next` to see what to do' }] });
    expect(render('en', refusal)).toBe('book:world\n  - world/rules.json: expected x (fix: run `novel next` to see what to do)');
    expect(render('zh', refusal)).toBe('book:world\n  - world/rules.json：应为 x（修复：运行 `novel next` 查看下一步）');
  });

  it('writes each message over the same arguments in both languages (a Chinese line never drops or adds a value)', () => {
    expect(catalogueProblems()).toEqual([]);
  });

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
    expect(JSON.parse(JSON.stringify(line))).toEqual({ id: 'error.hint', args: { hint: { id: 'error.next_hint', args: {} } } });
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

describe('phraseKey: the text every match of a phrase holds', () => {
  it('takes the literal text after ^ up to the first pattern character', () => {
    expect(phraseKey(/^the file$/)).toEqual(['the file', false]);
    expect(phraseKey(/^chapter (\d+): x$/)).toEqual(['chapter ', false]);
    expect(phraseKey(/^pass: (.+)$/)).toEqual(['pass: ', false]);
    expect(phraseKey(/^abc[de]/)).toEqual(['abc', false]);
    expect(phraseKey(/^ab\u2013c/)).toEqual(['ab', false]);
    expect(phraseKey(/^ab\dc/)).toEqual(['ab', false]);
  });

  it('an escaped punctuation mark is plain text', () => {
    expect(phraseKey(/^a\.b/)).toEqual(['a.b', false]);
    expect(phraseKey(/^fail\(s\) x/)).toEqual(['fail(s) x', false]);
    expect(phraseKey(/^a\.?b/)).toEqual(['a', false]);
  });

  it('leaves out a character made optional or repeated', () => {
    expect(phraseKey(/^files? changed/)).toEqual(['file', false]);
    expect(phraseKey(/^ab*c/)).toEqual(['a', false]);
    expect(phraseKey(/^ab+c/)).toEqual(['a', false]);
    expect(phraseKey(/^ab{0,2}c/)).toEqual(['a', false]);
  });

  it('after a leading group, the text that follows it, found anywhere', () => {
    expect(phraseKey(/^(.+): expected a file, found a directory$/)).toEqual([': expected a file, found a directory', true]);
    expect(phraseKey(/^(\d+) kept; dropped: (.+)$/)).toEqual([' kept; dropped: ', true]);
    expect(phraseKey(/^(".*"), which names chapter (\d+)$/)).toEqual([', which names chapter ', true]);
    expect(phraseKey(/^(.+): the staged (?:outputs|plan) do$/)).toEqual([': the staged ', true]);
    expect(phraseKey(/^(.+?):? is damaged$/)).toEqual(['', true]);
    expect(phraseKey(/^(\d+)?x/)).toEqual(['', true]);
    expect(phraseKey(/^((?:a|b))x/)).toEqual(['', false]);
  });

  it('is empty when nothing can be relied on: no ^, flags, or an alternative at the top level', () => {
    expect(phraseKey(/the file$/)).toEqual(['', false]);
    expect(phraseKey(/^the file$/i)).toEqual(['', false]);
    expect(phraseKey(/^foo|bar/)).toEqual(['', false]);
    expect(phraseKey(/^(.+): x|y/)).toEqual(['', false]);
  });

  it('an alternative inside a group or a class, or escaped, keeps the key', () => {
    expect(phraseKey(/^run (a|b)/)).toEqual(['run ', false]);
    expect(phraseKey(/^run [|]x/)).toEqual(['run ', false]);
    expect(phraseKey(/^run \|x/)).toEqual(['run |x', false]);
    expect(phraseKey(/^run (a|b)/g)).toEqual(['run ', false]);
  });

  it('property: every string a pattern matches holds its key, at the start unless after a leading group', () => {
    const patterns = [/^the file$/, /^files? changed/, /^chapter (\d+): x$/, /^run (a|b)/, /^(.+): x\.y$/, /^(\d+) kept; (.+)$/, /^(.+?):? is d$/, /^a\.?b/, /^(".*"), names (\d+)$/, /^ab{1,2}c/];
    const piece = fc.constantFrom('the file', 'file', 's', ' changed', 'chapter ', '12', ': x', 'run ', 'a', 'b', '.', 'x.y', ': ', ' kept; ', '"q"', ', names ', 'c', ':', ' is d', 'y');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), (parts) => {
        const s = parts.join('');
        for (const re of patterns) {
          if (!re.test(s)) continue;
          const [key, anywhere] = phraseKey(re);
          expect(anywhere ? s.includes(key) : s.startsWith(key), `${re} on ${JSON.stringify(s)}`).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('literalRuns: the plain text outside groups and classes', () => {
  it('splits at groups, classes, escapes of a kind and anchors; drops quantified characters', () => {
    expect(literalRuns(String.raw`^(.+): (\d+) bytes, above the 16 MiB limit$`)).toEqual([': ', ' bytes, above the 16 MiB limit']);
    expect(literalRuns(String.raw`^a\.b [xy]c?d\u2013e\x41f\dg$`)).toEqual(['a.b ', 'd', 'e', 'f', 'g']);
    expect(literalRuns(String.raw`^ab{2,3}c(?:d|e)+f.*g$`)).toEqual(['a', 'c', 'f', 'g']);
    expect(literalRuns(String.raw`^a\p{L}b\u{1F600}c\k<n>d\1e\cJf`)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(literalRuns('^ab{')).toEqual(['a']);
  });

  it('none when an alternative stands at the top level; one inside a group is fine', () => {
    expect(literalRuns('^a|b')).toEqual([]);
    expect(literalRuns('^a(b|c)d')).toEqual(['a', 'd']);
    expect(literalRuns(String.raw`^a\|b`)).toEqual(['a|b']);
    expect(literalRuns('^a[|]b')).toEqual(['a', 'b']);
  });

  it('property: every string a phrase of the catalogue matches holds its key and all its runs', () => {
    const patterns = phrasePatterns();
    expect(patterns.length).toBeGreaterThan(200);
    for (const re of patterns) {
      const [key, anywhere] = phraseKey(re);
      const runs = literalRuns(re.source);
      fc.assert(
        fc.property(fc.stringMatching(re), (s) => {
          expect(anywhere ? s.includes(key) : s.startsWith(key), `${re} key ${JSON.stringify(key)} on ${JSON.stringify(s)}`).toBe(true);
          for (const r of runs) expect(s.includes(r), `${re} run ${JSON.stringify(r)} on ${JSON.stringify(s)}`).toBe(true);
        }),
        { numRuns: 40 },
      );
    }
  });

  it('a phrase past both filters still translates', () => {
    expect(zhPhrase('pass: overall_final 4.20 (pass \u2265 4, polish \u2265 3.5, revise \u2265 3, pause \u2265 2)')).toMatch(/^\u901a\u8fc7/);
    expect(zhPhrase('chapters/x.md: expected a file, found a directory')).not.toContain('expected');
  });
});
