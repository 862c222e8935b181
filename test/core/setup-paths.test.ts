/**
 * The path rules of the setup steps (PROTOCOL §14), src/core/setup-paths.ts:
 * which staged files each of book:world, book:characters and book:style may
 * write, which staged files are setup outputs at all, and which files of
 * samples/ the style is measured on.
 */
import { describe, expect, it } from 'vitest';
import {
  isSampleFile,
  isSetupOutput,
  RELATIONSHIPS_FILE,
  setupWritable,
  STAGED_ROOT,
  STYLE_FILE,
  WORLD_FILES,
} from '../../src/core/setup-paths.js';

describe('the constants', () => {
  it('name the staged root and the final files', () => {
    expect(STAGED_ROOT).toBe('staging/');
    expect(WORLD_FILES).toEqual([
      'world/rules.json',
      'world/geography.md',
      'world/history.md',
      'storylines/storylines.json',
    ]);
    expect(RELATIONSHIPS_FILE).toBe('characters/relationships.json');
    expect(STYLE_FILE).toBe('style-profile.json');
  });
});

describe('setupWritable', () => {
  it('book:world writes exactly the four world files under staging/', () => {
    for (const f of WORLD_FILES) expect(setupWritable(`staging/${f}`, 'world'), f).toBe(true);
    for (const f of [
      'staging/world/other.md',
      'staging/world/rules.jsonx',
      'staging/storylines/main/memory.md',
      `staging/${STYLE_FILE}`,
      `staging/${RELATIONSHIPS_FILE}`,
    ])
      expect(setupWritable(f, 'world'), f).toBe(false);
  });

  it('a file outside staging/ is never writable, even with a setup file name', () => {
    for (const step of ['world', 'characters', 'style'] as const) {
      expect(setupWritable('world/rules.json', step)).toBe(false);
      expect(setupWritable(STYLE_FILE, step)).toBe(false);
      expect(setupWritable('characters/active/lin.json', step)).toBe(false);
      expect(setupWritable('xstaging/world/rules.json', step)).toBe(false);
      expect(setupWritable('Staging/style-profile.json', step)).toBe(false);
    }
  });

  it(
    'book:characters writes the relationships file and one ' +
      '.json or .md per character directly in characters/active/',
    () => {
      expect(setupWritable('staging/characters/relationships.json', 'characters')).toBe(true);
      expect(setupWritable('staging/characters/active/lin-feng.json', 'characters')).toBe(true);
      expect(setupWritable('staging/characters/active/lin-feng.md', 'characters')).toBe(true);
      expect(setupWritable('staging/characters/active/a.json', 'characters')).toBe(true);
      expect(setupWritable('staging/characters/active/.json', 'characters')).toBe(false);
      expect(setupWritable('staging/characters/active/lin.txt', 'characters')).toBe(false);
      expect(setupWritable('staging/characters/active/lin.json.bak', 'characters')).toBe(false);
      expect(setupWritable('staging/characters/active/sub/lin.json', 'characters')).toBe(false);
      expect(setupWritable('staging/characters/lin.json', 'characters')).toBe(false);
      expect(setupWritable('staging/x/characters/active/lin.json', 'characters')).toBe(false);
      expect(setupWritable('staging/world/rules.json', 'characters')).toBe(false);
      expect(setupWritable(`staging/${STYLE_FILE}`, 'characters')).toBe(false);
    },
  );

  it('book:style writes the style profile only', () => {
    expect(setupWritable('staging/style-profile.json', 'style')).toBe(true);
    expect(setupWritable('staging/style-profile.json.tmp', 'style')).toBe(false);
    expect(setupWritable('staging/world/rules.json', 'style')).toBe(false);
    expect(setupWritable('staging/characters/active/lin.json', 'style')).toBe(false);
  });
});

describe('isSetupOutput', () => {
  it("is true for a file any setup step writes, false for the chapter pipeline's staged files", () => {
    expect(isSetupOutput('staging/world/history.md')).toBe(true);
    expect(isSetupOutput('staging/storylines/storylines.json')).toBe(true);
    expect(isSetupOutput('staging/characters/active/su-yao.md')).toBe(true);
    expect(isSetupOutput('staging/characters/relationships.json')).toBe(true);
    expect(isSetupOutput('staging/style-profile.json')).toBe(true);
    expect(isSetupOutput('staging/chapters/chapter-001.md')).toBe(false);
    expect(isSetupOutput('staging/storylines/main/memory.md')).toBe(false);
    expect(isSetupOutput('world/rules.json')).toBe(false);
    expect(isSetupOutput('')).toBe(false);
  });
});

describe('isSampleFile', () => {
  it('is a .txt or .md file directly in samples/, in any case of the extension', () => {
    expect(isSampleFile('samples/a.txt')).toBe(true);
    expect(isSampleFile('samples/样章.md')).toBe(true);
    expect(isSampleFile('samples/A.TXT')).toBe(true);
    expect(isSampleFile('samples/b.Md')).toBe(true);
  });

  it('is false for other extensions, nested files, other folders and names with a prefix or suffix', () => {
    for (const f of [
      'samples/a.json',
      'samples/a.txt.bak',
      'samples/sub/a.txt',
      'samples/.txt',
      'sample/a.txt',
      'x/samples/a.txt',
      'samples/a.markdown',
      'samples/a_txt',
      'samples/',
    ])
      expect(isSampleFile(f), f).toBe(false);
  });
});
