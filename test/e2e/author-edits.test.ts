/**
 * The author's own edits of the plan (PROTOCOL §14): outline blocks, contracts
 * of chapters not yet committed and storylines.json are recorded by the next
 * mutating command (logs/author-edits.jsonl, the fingerprint), named in a
 * notice, never refused; readers neither refuse nor record them; a change of
 * what is committed is still refused.
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, fixtureCopy, novelBin, overlay, readJson, tempDir } from '../helpers/project.js';

afterAll(cleanupTempDirs);

describe("the author's edits of the plan", () => {
  it('are recorded by the next mutating command, with a notice; next and status answer meanwhile', () => {
    const dir = fixtureCopy();
    const outline = join(dir, 'volumes/vol-01/outline.md');
    appendFileSync(outline, '\n作者补记：第40章前后安排一次大比。\n');
    const contract = join(dir, 'volumes/vol-01/chapter-contracts/chapter-010.json');
    writeFileSync(contract, JSON.stringify({ ...readJson(contract), note: '作者改过' }, null, 2));
    const storylines = join(dir, 'storylines/storylines.json');
    writeFileSync(storylines, `${readFileSync(storylines, 'utf8').trimEnd()}\n`.replace(/\n$/, '\n\n'));
    // Readers: no refusal, nothing recorded.
    expect(novelBin(dir, ['next']).code).toBe(0);
    expect(novelBin(dir, ['status']).code).toBe(0);
    expect(existsSync(join(dir, 'logs/author-edits.jsonl'))).toBe(false);
    // The next mutating command records them and says so.
    overlay(dir, 'draft/good');
    const r = novelBin(dir, ['advance', 'chapter:004:draft']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('recorded your edits of the plan');
    expect(r.stderr).toContain('volumes/vol-01/outline.md');
    const line = JSON.parse(readFileSync(join(dir, 'logs/author-edits.jsonl'), 'utf8').trim());
    expect(line).toMatchObject({ last_completed_chapter: 3, added: [], removed: [] });
    expect(line.changed).toEqual([
      'storylines/storylines.json',
      'volumes/vol-01/chapter-contracts/chapter-010.json',
      'volumes/vol-01/outline.md',
    ]);
    // Recorded: the book verifies, and the next command says nothing more.
    expect(novelBin(dir, ['state', 'verify']).code).toBe(0);
    overlay(dir, 'summarize/good');
    expect(novelBin(dir, ['advance', 'chapter:004:summarize']).stderr).not.toContain('recorded your edits');
  });

  it('a committed chapter, its contract, or the state is still refused (exit 2, naming the file)', () => {
    for (const rel of [
      'volumes/vol-01/chapter-contracts/chapter-002.json',
      'chapters/chapter-001.md',
      'state/current-state.json',
    ]) {
      const dir = fixtureCopy();
      appendFileSync(join(dir, rel), rel.endsWith('.json') ? ' ' : '\n多了一行。\n');
      overlay(dir, 'draft/good');
      const r = novelBin(dir, ['advance', 'chapter:004:draft']);
      expect(r.code, rel).toBe(2);
      expect(r.stderr).toContain(rel);
      expect(existsSync(join(dir, 'logs/author-edits.jsonl'))).toBe(false);
    }
  });

  it(
    'a chapter outlined without a contract gets one derived ' + 'from its block, inline in the draft and judge packets',
    () => {
      const dir = fixtureCopy();
      rmSync(join(dir, 'volumes/vol-01/chapter-contracts/chapter-004.json'));
      const draft = JSON.parse(novelBin(dir, ['instructions', 'chapter:004:draft']).stdout);
      expect(draft.manifest.paths.chapter_contract).toBeUndefined();
      expect(draft.manifest.inline.chapter_contract).toMatchObject({
        chapter: 4,
        storyline_id: 'main-sword',
        derived: true,
        objectives: [
          { id: 'c004-o1', type: 'conflict', required: true },
          { id: 'c004-o2', type: 'arc', required: false },
        ],
      });
      expect(draft.manifest.inline.storyline_id).toBe('main-sword');
      // The removal is the author's: recorded by the next mutating command, and the chapter goes on.
      overlay(dir, 'draft/good');
      const r = novelBin(dir, ['advance', 'chapter:004:draft']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('chapter-004.json');
      overlay(dir, 'summarize/good');
      expect(novelBin(dir, ['advance', 'chapter:004:summarize']).code).toBe(0);
      overlay(dir, 'audit/good');
      expect(novelBin(dir, ['advance', 'chapter:004:audit']).code).toBe(0);
      overlay(dir, 'refine/good');
      expect(novelBin(dir, ['advance', 'chapter:004:refine']).code).toBe(0);
      const judge = JSON.parse(novelBin(dir, ['instructions', 'chapter:004:judge']).stdout);
      expect(judge.manifest.inline.chapter_contract.derived).toBe(true);
    },
  );

  it('of the cast, the world, the brief and the samples are recorded too, each path named once', () => {
    const dir = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    const cast = join(
      dir,
      'characters/active',
      readdirSync(join(dir, 'characters/active')).find((f) => f.endsWith('.json')) as string,
    );
    writeFileSync(cast, JSON.stringify({ ...readJson(cast), note: '作者补充' }, null, 2));
    appendFileSync(join(dir, 'world/rules.json'), '\n');
    appendFileSync(join(dir, 'brief.md'), '\n补记：第二卷换地图。\n');
    mkdirSync(join(dir, 'samples'), { recursive: true });
    writeFileSync(join(dir, 'samples/one.md'), '样章。\n');
    // Readers neither refuse nor record.
    expect(novelBin(dir, ['status']).code).toBe(0);
    expect(existsSync(join(dir, 'logs/author-edits.jsonl'))).toBe(false);
    const r = novelBin(dir, ['publish', '--through', '1', '--date', '2026-11-28']);
    expect(r.code, r.stderr).toBe(0);
    for (const rel of ['brief.md', 'world/rules.json', 'samples/one.md', cast.slice(dir.length + 1)])
      expect(r.stderr).toContain(rel);
    const line = JSON.parse(readFileSync(join(dir, 'logs/author-edits.jsonl'), 'utf8').trim());
    expect(line).toMatchObject({ added: ['samples/one.md'], removed: [] });
    expect(line.changed).toEqual(['brief.md', cast.slice(dir.length + 1), 'world/rules.json'].sort());
    // Recorded once: the next mutating command says nothing; novel's own run writes nothing there.
    const again = novelBin(dir, ['publish', '--through', '2', '--date', '2026-11-28']);
    expect(again.stderr).not.toContain('recorded your edits');
  });
});
