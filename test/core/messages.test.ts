import { describe, expect, it } from 'vitest';
import { langOf, MESSAGES, literalPrefix } from '../../src/core/messages.js';

/** Arguments for any message: every field reads as "1" (numbers and strings alike). */
const anyArgs = new Proxy({}, { get: () => '1' });
/** Chinese text, or at least Chinese punctuation for lines that are only a frame around values. */
const CJK = /[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]/;
/** Entries whose Chinese is a lookup that "1" does not hit (their tables are checked below). */
const LOOKUPS = new Set(['status.rung', 'status.action', 'status.note', 'doctor.severity', 'status.judge.kind', 'error.usage', 'error.invalid_config']);

describe('the message catalogue', () => {
  it('has every message in English and in Chinese', () => {
    for (const [key, entry] of Object.entries(MESSAGES)) {
      const e = entry as { en: (a: unknown) => string; zh: (a: unknown) => string };
      expect(typeof e.en, key).toBe('function');
      expect(typeof e.zh, key).toBe('function');
      if (LOOKUPS.has(key)) continue;
      expect(e.en(anyArgs).length, key).toBeGreaterThan(0);
      expect(e.zh(anyArgs), key).toMatch(CJK);
    }
    expect(MESSAGES['status.rung'].zh({ rung: 'draft' })).toBe('起草');
    expect(MESSAGES['status.action'].zh({ action: 'execute' })).toBe('执行');
    for (const note of ['paused for the author', 'polish pass', 'revision', 'title fix', 'hook fix']) expect(MESSAGES['status.note'].zh({ note }), note).toMatch(CJK);
    expect(MESSAGES['doctor.severity'].zh({ severity: 'error' })).toBe('错误');
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

describe('literalPrefix: the text every match of a phrase starts with', () => {
  it('takes the literal text after ^ up to the first pattern character', () => {
    expect(literalPrefix(/^the file$/)).toBe('the file');
    expect(literalPrefix(/^chapter (\d+): x$/)).toBe('chapter ');
    expect(literalPrefix(/^pass: (.+)$/)).toBe('pass: ');
    expect(literalPrefix(/^a\.b/)).toBe('a');
    expect(literalPrefix(/^abc[de]/)).toBe('abc');
  });

  it('leaves out a character made optional or repeated', () => {
    expect(literalPrefix(/^files? changed/)).toBe('file');
    expect(literalPrefix(/^ab*c/)).toBe('a');
    expect(literalPrefix(/^ab+c/)).toBe('a');
    expect(literalPrefix(/^ab{0,2}c/)).toBe('a');
  });

  it('is empty when nothing can be relied on: no ^, flags, or an alternative at the top level', () => {
    expect(literalPrefix(/the file$/)).toBe('');
    expect(literalPrefix(/^the file$/i)).toBe('');
    expect(literalPrefix(/^foo|bar/)).toBe('');
    expect(literalPrefix(/^(.+): x/)).toBe('');
  });

  it('an alternative inside a group or a class keeps the prefix', () => {
    expect(literalPrefix(/^run (a|b)/)).toBe('run ');
    expect(literalPrefix(/^run [|]x/)).toBe('run ');
    expect(literalPrefix(/^run \|x/)).toBe('run ');
  });

  it('every string a pattern matches starts with its prefix (checked on matches of the prefix plus any tail)', () => {
    for (const re of [/^the file$/, /^files? changed/, /^chapter (\d+): x$/, /^run (a|b)/]) {
      const prefix = literalPrefix(re);
      for (const s of ['the file', 'file changed', 'files changed', 'chapter 12: x', 'run a', 'run b', 'fil changed']) {
        if (re.test(s)) expect(s.startsWith(prefix), `${re} ${s}`).toBe(true);
      }
    }
  });
});
