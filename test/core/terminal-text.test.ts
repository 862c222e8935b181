import { describe, expect, it } from 'vitest';
import { escapeControls, hasUnsafeControls } from '../../src/core/terminal-text.js';

describe('terminal text', () => {
  it('escapes ESC sequences, BEL, CR, DEL, C1 and bidi overrides; keeps tab, newline and Chinese', () => {
    expect(escapeControls('\u001b]0;pwned\u0007第一章\u001b[2J')).toBe('\\u001b]0;pwned\\u0007第一章\\u001b[2J');
    expect(escapeControls('a\rb\u007fc\u009bd')).toBe('a\\u000db\\u007fc\\u009bd');
    expect(escapeControls('名\u202e字\u2066x\u2069\u200f')).toBe('名\\u202e字\\u2066x\\u2069\\u200f');
    expect(escapeControls('第1章\t林默\n下一行')).toBe('第1章\t林默\n下一行');
    expect(escapeControls('')).toBe('');
  });

  it('escapes as JSON does: a JSON line escaped is the same JSON', () => {
    const value = { title: '\u0085\u202e标题\u001b' };
    expect(JSON.parse(escapeControls(JSON.stringify(value)))).toEqual(value);
    expect(escapeControls(JSON.stringify(value))).not.toMatch(/[\u0080-\u009f\u202e]/);
  });

  it('tells whether a text holds one', () => {
    expect(hasUnsafeControls('正常的标题')).toBe(false);
    expect(hasUnsafeControls('tab\tand\nnewline')).toBe(false);
    for (const c of ['\u0000', '\u001b', '\u0007', '\u007f', '\u0085', '\u202e', '\u2067', '\u061c'])
      expect(hasUnsafeControls(`x${c}y`), JSON.stringify(c)).toBe(true);
    // The global regex keeps no state between calls.
    expect(hasUnsafeControls('\u001b')).toBe(true);
    expect(hasUnsafeControls('\u001b')).toBe(true);
  });
});
