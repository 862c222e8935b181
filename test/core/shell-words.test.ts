import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayName, removeCommand, shellQuote, showable } from '../../src/core/shell-words.js';

describe('shellQuote', () => {
  it('single-quotes, with embedded quotes escaped', () => {
    expect(shellQuote('a b')).toBe("'a b'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote('')).toBe("''");
    expect(shellQuote('$(rm -rf ~)')).toBe("'$(rm -rf ~)'");
  });
  it('property: read back by POSIX quoting rules, the word is exactly the input', () => {
    // A word made of '…' spans (taken literally) and \' (a quote): the only forms shellQuote emits.
    const unquote = (w: string): string | null => {
      let out = '';
      let i = 0;
      while (i < w.length) {
        if (w.startsWith("\\'", i)) {
          out += "'";
          i += 2;
        } else if (w[i] === "'") {
          const end = w.indexOf("'", i + 1);
          if (end < 0) return null;
          out += w.slice(i + 1, end);
          i = end + 1;
        } else return null;
      }
      return out;
    };
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', ' ', "'", '"', '$', '`', '\\', '*', '(', ';', '字', '\n') }),
        (s) => {
          expect(unquote(shellQuote(s))).toBe(s);
        },
      ),
    );
  });
});

describe('showable and displayName', () => {
  it('control characters and the replacement character are not showable', () => {
    expect(showable('chapters/第1章.md')).toBe(true);
    expect(showable('a\nb')).toBe(false);
    expect(showable('a\u007fb')).toBe(false);
    expect(showable('a\u0085b')).toBe(false);
    expect(showable('a\ufffdb')).toBe(false);
  });
  it('escapes control characters', () => {
    expect(displayName('a\nb\tc\rd\u0001e\u007f')).toBe('a\\nb\\tc\\rd\\x01e\\x7f');
    expect(displayName('普通.md')).toBe('普通.md');
  });
  it('bytes: decoded when valid UTF-8, else escaped byte by byte', () => {
    expect(displayName(new TextEncoder().encode('第1章\n'))).toBe('第1章\\n');
    expect(displayName(new Uint8Array([0x61, 0xff, 0x20, 0x0a]))).toBe('a\\xff \\x0a');
  });
});

describe('removeCommand', () => {
  it('rm -r of a quoted path', () => {
    expect(removeCommand("staging/it's here.md")).toBe(`rm -r -- 'staging/it'\\''s here.md'`);
    expect(removeCommand('a\nb')).toBe(`rm -r -- 'a\nb'`);
  });
  it('a name that cannot be typed is found by its inode', () => {
    expect(removeCommand('staging/a\nb', 42)).toBe("find 'staging' -maxdepth 1 -inum 42 -exec rm -r -- {} +");
    expect(removeCommand('a\nb', 42)).toBe("find '.' -maxdepth 1 -inum 42 -exec rm -r -- {} +");
    expect(removeCommand('d\u0001ir/x\ny', 7)).toBe("find '.' -maxdepth 64 -inum 7 -exec rm -r -- {} +");
    expect(removeCommand('plain', 42)).toBe("rm -r -- 'plain'");
  });
});
