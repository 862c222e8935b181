/**
 * The hook-fix and title-fix micro-steps of PROTOCOL §13.4 through the built
 * CLI: their routes, their byte rules (validate refuses any other change),
 * once per round / once per chapter, and the hook_weak warning.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, fixtureCopy, novelBin, overlay, readJson } from '../helpers/project.js';

afterAll(cleanupTempDirs);

const CH = 'staging/chapters/chapter-004.md';
const json = (r: { stdout: string }) => JSON.parse(r.stdout);
const next = (dir: string) => json(novelBin(dir, ['next', '--json'])).data;

function advance(dir: string, variant: string, step: string): void {
  overlay(dir, variant);
  const r = novelBin(dir, ['advance', step]);
  expect(r.code, r.stdout + r.stderr).toBe(0);
}

describe('title-fix (§13.4)', () => {
  it('an empty title line after refine routes to title-fix; only the "# " line may change; then judge', () => {
    const dir = fixtureCopy();
    advance(dir, 'draft/good', 'chapter:004:draft');
    advance(dir, 'summarize/good', 'chapter:004:summarize');
    advance(dir, 'audit/good', 'chapter:004:audit');
    advance(dir, 'refine/untitled', 'chapter:004:refine');
    expect(next(dir)).toMatchObject({ step: 'chapter:004:title-fix', action: 'execute', mode: 'title-fix' });
    const cp = readJson(join(dir, '.checkpoint.json'));
    expect(cp).toMatchObject({
      pipeline_stage: 'title_fixing',
      title_fixed: true,
      fix_guard: { step: 'title-fix', copy: 'staging/revisions/chapter-004/title-fix/chapters/chapter-004.md' },
    });
    expect(existsSync(join(dir, cp.fix_guard.copy))).toBe(true);
    const packet = json(novelBin(dir, ['instructions', 'chapter:004:title-fix']));
    expect(packet).toMatchObject({
      agent: { name: 'style-refiner' },
      mode: 'title-fix',
      write_scope: ['staging/chapters/'],
    });
    expect(packet.manifest.inline.title_findings.map((f: { rule: string }) => f.rule)).toEqual(['title_missing']);
    // A title-fix that touches the body: refused, naming the rule and the copy to start from.
    const untitled = readFileSync(join(dir, CH), 'utf8');
    writeFileSync(join(dir, CH), untitled.replace('# \n', '# 第4章 夜探\n').replace('夜色深沉', '夜色沉沉'));
    const refused = novelBin(dir, ['advance', 'chapter:004:title-fix']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('found the body changed');
    expect(refused.stderr).toContain('staging/revisions/chapter-004/title-fix/chapters/chapter-004.md');
    advance(dir, 'title-fix/good', 'chapter:004:title-fix');
    expect(next(dir)).toMatchObject({ step: 'chapter:004:judge' });
    expect(readJson(join(dir, '.checkpoint.json')).fix_guard).toBeUndefined();
    advance(dir, 'judge/overall-4.2', 'chapter:004:judge');
    expect(novelBin(dir, ['commit', '--chapter', '4']).code).toBe(0);
    expect(readFileSync(join(dir, 'chapters/chapter-004.md'), 'utf8')).toMatch(/^# 第4章 夜探藏经阁\n/);
    expect(readJson(join(dir, '.checkpoint.json')).title_fixed).toBeUndefined();
  });
});

describe('hook-fix (§13.4)', () => {
  function hookProject(): string {
    const dir = fixtureCopy();
    const p = join(dir, 'novel.config.json');
    writeFileSync(p, JSON.stringify({ ...readJson(p), quality: { hook: { required: true } } }, null, 2));
    advance(dir, 'draft/good', 'chapter:004:draft');
    advance(dir, 'summarize/good', 'chapter:004:summarize');
    advance(dir, 'audit/good', 'chapter:004:audit');
    advance(dir, 'refine/good', 'chapter:004:refine');
    return dir;
  }

  it(
    'a pass with a weak required hook goes to hook-fix once per round: the ' +
      'last two paragraphs only, then judged again; still weak is hook_weak',
    () => {
      const dir = hookProject();
      advance(dir, 'judge/hook-weak-4.2', 'chapter:004:judge');
      expect(next(dir)).toMatchObject({ step: 'chapter:004:hook-fix', action: 'execute', mode: 'hook-fix' });
      const cp = readJson(join(dir, '.checkpoint.json'));
      expect(cp).toMatchObject({ pipeline_stage: 'hook_fixing', hook_fixed_round: 0, fix_guard: { step: 'hook-fix' } });
      expect(cp.gate).toBeUndefined();
      // The judged evaluation moved aside with a copy of the chapter: the judge runs again after the fix.
      expect(existsSync(join(dir, 'staging/evaluations/chapter-004-eval.json'))).toBe(false);
      expect(existsSync(join(dir, 'staging/revisions/chapter-004/hook-fix-0/evaluations/chapter-004-eval.json'))).toBe(
        true,
      );
      const packet = json(novelBin(dir, ['instructions', 'chapter:004:hook-fix']));
      expect(packet).toMatchObject({
        agent: { name: 'chapter-writer' },
        mode: 'hook-fix',
        manifest: { inline: { judge_hook: { present: false, type: 'none' }, min_strength: 3 } },
      });
      const text = readFileSync(join(dir, CH), 'utf8');
      const lines = text.split('\n');
      // Changing the title, or a paragraph before the last two: refused.
      writeFileSync(join(dir, CH), text.replace('# 第4章 藏经阁', '# 第4章 夜闯藏经阁'));
      const title = novelBin(dir, ['advance', 'chapter:004:hook-fix']);
      expect(title.code).toBe(2);
      expect(title.stderr).toContain('text before the last two paragraphs changed');
      const paragraphs = lines.filter((l) => l.trim());
      expect(paragraphs).toHaveLength(4); // the title and three paragraphs: the first paragraph is kept
      writeFileSync(join(dir, CH), text.replace(paragraphs[1] as string, '夜色沉沉。'));
      expect(novelBin(dir, ['advance', 'chapter:004:hook-fix']).code).toBe(2);
      // The last two paragraphs rewritten: accepted.
      const kept = text.slice(0, text.indexOf(paragraphs[2] as string));
      writeFileSync(join(dir, CH), `${kept}残剑忽然出鞘半寸。\n\n门外有人低声道：“他来了。”\n`);
      expect(novelBin(dir, ['advance', 'chapter:004:hook-fix']).code).toBe(0);
      expect(next(dir)).toMatchObject({ step: 'chapter:004:judge', action: 'execute' });
      // Judged again, still weak: no second hook-fix in this round; the pass records hook_weak.
      mkdirSync(join(dir, 'staging/evaluations'), { recursive: true });
      advance(dir, 'judge/hook-weak-4.2', 'chapter:004:judge');
      const gate = readJson(join(dir, '.checkpoint.json')).gate;
      expect(gate.decision).toBe('pass');
      expect(gate.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ rule: 'hook_weak' })]));
    },
  );

  it('a strong hook, or a hook not required, goes straight to the gate', () => {
    const dir = hookProject();
    advance(dir, 'judge/overall-4.2', 'chapter:004:judge');
    expect(next(dir).step).toBe('chapter:004:commit');
    const plain = fixtureCopy();
    advance(plain, 'draft/good', 'chapter:004:draft');
    advance(plain, 'summarize/good', 'chapter:004:summarize');
    advance(plain, 'audit/good', 'chapter:004:audit');
    advance(plain, 'refine/good', 'chapter:004:refine');
    advance(plain, 'judge/hook-weak-4.2', 'chapter:004:judge');
    expect(next(plain).step).toBe('chapter:004:commit');
  });
});
