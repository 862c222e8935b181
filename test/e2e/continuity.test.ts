/** `novel continuity bench` through the built CLI: the shipped demo book, and a project's own book. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, fixtureCopy, novelBin, overlay, readJson, tempDir } from '../helpers/project.js';
import { serve } from '../helpers/serve.js';

afterAll(cleanupTempDirs);

type Report = {
  chapters: number;
  kinds: Array<{ kind: string; planted: number; found: number; recall: number; precision: number }>;
};

function expectAllKinds(report: Report, chapters: number): void {
  expect(report.chapters).toBe(chapters);
  expect(report.kinds.map((k) => k.kind)).toEqual([
    'gone_acting',
    'realm_down',
    'item_used',
    'day_back',
    'op_conflict',
    'name_drift',
    'foreshadow_reopened',
  ]);
  for (const k of report.kinds) {
    expect(k.planted, k.kind).toBe(chapters);
    expect(k.recall, k.kind).toBeGreaterThanOrEqual(0.9);
    expect(k.precision, k.kind).toBeGreaterThanOrEqual(0.9);
  }
}

describe('novel continuity bench', () => {
  it('measures the demo book outside a project, the same for the same seed, and writes nothing', () => {
    const cwd = tempDir();
    const r = novelBin(cwd, ['continuity', 'bench', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout).data as Report & { book: string };
    expect(report.book).toBe('demo');
    expectAllKinds(report, 3);
    expect(novelBin(cwd, ['continuity', 'bench', '--json']).stdout).toBe(r.stdout);
    const zh = novelBin(cwd, ['continuity', 'bench', '--seed', '2', '--lang', 'zh']);
    expect(zh.code).toBe(0);
    expect(zh.stdout).toMatch(/^连续性基准：demo，共 3 章，种子 2/);
    expect(novelBin(cwd, ['continuity', 'bench', '--seed', '0']).code).toBe(2);
  });

  it('measures a project’s own book with --project', () => {
    const dir = join(tempDir(), 'book');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    const r = novelBin(process.cwd(), ['continuity', 'bench', '--project', dir, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expectAllKinds(JSON.parse(r.stdout).data as Report, 3);
  });
});

describe('the audit step chapter:NNN:audit (§19)', () => {
  const CH = 'staging/chapters/chapter-004.md';
  const AUDIT = 'staging/audits/chapter-004-audit.json';
  const json = (r: { stdout: string }) => JSON.parse(r.stdout);
  const advance = (dir: string, variant: string | null, step: string) => {
    if (variant) overlay(dir, variant);
    const r = novelBin(dir, ['advance', step]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    return r;
  };
  /** Chapter 4 drafted with 云婉清 (dead in the state) walking in, and summarized. */
  function summarized(): string {
    const dir = fixtureCopy();
    overlay(dir, 'draft/good');
    const text = readFileSync(join(dir, CH), 'utf8');
    writeFileSync(join(dir, CH), text.replace(/\n\n/, '\n\n云婉清推门而入，径直走到桌前。\n\n'));
    advance(dir, null, 'chapter:004:draft');
    advance(dir, 'summarize/good', 'chapter:004:summarize');
    return dir;
  }

  it('comes after summarize; its packet holds the state slice, the foreshadowing due and novel’s findings', () => {
    const dir = summarized();
    expect(json(novelBin(dir, ['next', '--json'])).data).toMatchObject({
      step: 'chapter:004:audit',
      action: 'execute',
    });
    expect(readJson(join(dir, '.checkpoint.json')).pipeline_stage).toBe('drafted');
    const packet = json(novelBin(dir, ['instructions', 'chapter:004:audit', '--json'])).data;
    expect(packet.agent.name).toBe('continuity-auditor');
    expect(packet.manifest.inline.state_slice.characters['yun-wanqing']).toEqual({ status: 'dead' });
    expect(packet.manifest.inline.state_slice.characters['lin-qingyan']).toMatchObject({ realm: '炼气' });
    expect(packet.manifest.inline.findings).toEqual([
      expect.objectContaining({ id: 'gone_acting:yun-wanqing', excerpt: '云婉清推门而入，径直走到桌前。' }),
    ]);
    expect(packet.expected_outputs.map((o: { path: string }) => o.path)).toEqual([AUDIT]);
    // The lint report lists it too, with the sentence, in both languages.
    const lint = json(novelBin(dir, ['lint', 'chapter:004', '--json'])).data;
    expect(lint.source).toBe('staging');
    expect(lint.findings.filter((f: { rule: string }) => f.rule === 'continuity')).toEqual([
      expect.objectContaining({ feature: 'gone_acting', severity: 'soft', excerpt: '云婉清推门而入，径直走到桌前。' }),
    ]);
    expect(novelBin(dir, ['lint', 'chapter:004', '--lang', 'zh']).stdout).toContain(
      '云婉清在本章有所行动，但状态记为 dead',
    );
    // The same project, the same packet.
    expect(novelBin(dir, ['instructions', 'chapter:004:audit', '--json']).stdout).toBe(
      novelBin(dir, ['instructions', 'chapter:004:audit', '--json']).stdout,
    );
    // A report for another chapter is refused, naming the file and the field.
    overlay(dir, 'audit/wrong-chapter');
    const bad = novelBin(dir, ['validate', 'chapter:004:audit']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(AUDIT);
  });

  it('a finding the auditor does not dismiss sends the chapter to revision; the audit is archived', () => {
    const dir = summarized();
    const warned = advance(dir, 'audit/good', 'chapter:004:audit');
    expect(warned.stderr + warned.stdout).toMatch(/云婉清/);
    expect(readJson(join(dir, '.checkpoint.json')).pipeline_stage).toBe('audited');
    advance(dir, 'refine/good', 'chapter:004:refine');
    // The refined fixture text has no 云婉清: put her back, as a refiner could leave her.
    const text = readFileSync(join(dir, CH), 'utf8');
    writeFileSync(join(dir, CH), text.replace(/\n\n/, '\n\n云婉清推门而入，径直走到桌前。\n\n'));
    advance(dir, 'judge/overall-4.2', 'chapter:004:judge');
    const cp = readJson(join(dir, '.checkpoint.json'));
    expect(cp.gate.decision).toBe('revise');
    expect(cp.gate.lint).toEqual([
      expect.objectContaining({ rule: 'continuity', severity: 'hard', excerpt: '云婉清推门而入，径直走到桌前。' }),
    ]);
    expect(existsSync(join(dir, 'staging/revisions/chapter-004/round-1/audits/chapter-004-audit.json'))).toBe(true);
    expect(existsSync(join(dir, AUDIT))).toBe(false);
    const revision = json(novelBin(dir, ['instructions', 'chapter:004:draft', '--json'])).data;
    expect(JSON.stringify(revision.manifest.inline)).toContain('云婉清');
  });

  it('a finding dismissed with a reason passes; a hard issue of the auditor sends the chapter back', async () => {
    const dismissing = summarized();
    const report = { chapter: 4, issues: [], dismissed: [{ finding: 'gone_acting:yun-wanqing', reason: '梦境' }] };
    mkdirSync(join(dismissing, 'staging/audits'), { recursive: true });
    writeFileSync(join(dismissing, AUDIT), JSON.stringify(report));
    advance(dismissing, null, 'chapter:004:audit');
    advance(dismissing, 'refine/good', 'chapter:004:refine');
    const text = readFileSync(join(dismissing, CH), 'utf8');
    writeFileSync(join(dismissing, CH), text.replace(/\n\n/, '\n\n云婉清推门而入，径直走到桌前。\n\n'));
    advance(dismissing, 'judge/overall-4.2', 'chapter:004:judge');
    expect(readJson(join(dismissing, '.checkpoint.json')).gate.decision).toBe('pass');
    // The commit moves the audit into audits/; a rewind moves it aside with the chapter.
    expect(novelBin(dismissing, ['commit', '--chapter', '4']).code).toBe(0);
    expect(readJson(join(dismissing, 'audits/chapter-004-audit.json'))).toEqual(report);
    // The committed chapter's lint holds it against the state before it, replayed from the changelog.
    const committed = json(novelBin(dismissing, ['lint', 'chapter:004', '--json'])).data;
    expect(committed.source).toBe('chapters');
    expect(
      committed.findings.filter((f: { rule: string }) => f.rule === 'continuity').map((f: any) => f.feature),
    ).toEqual(['gone_acting']);
    // The dashboard marks it: 云婉清 flagged, the finding listed with its chapter, sentence and fix.
    const served = await serve(dismissing);
    try {
      const view = (await (await fetch(`${served.base}/api/continuity`)).json()) as any;
      expect(view.findings).toEqual([
        expect.objectContaining({ chapter: 4, kind: 'gone_acting', subject: 'yun-wanqing' }),
      ]);
    } finally {
      await served.stop();
    }
    const rewind = novelBin(dismissing, ['rewind', '--to', 'chapter:004']);
    expect(rewind.code, rewind.stderr).toBe(0);
    expect(existsSync(join(dismissing, 'audits/chapter-004-audit.json'))).toBe(false);

    const hard = fixtureCopy();
    advance(hard, 'draft/good', 'chapter:004:draft');
    advance(hard, 'summarize/good', 'chapter:004:summarize');
    advance(hard, 'audit/hard-issue', 'chapter:004:audit');
    advance(hard, 'refine/good', 'chapter:004:refine');
    advance(hard, 'judge/overall-4.2', 'chapter:004:judge');
    const gate = readJson(join(hard, '.checkpoint.json')).gate;
    expect(gate.decision).toBe('revise');
    expect(gate.lint).toEqual([expect.objectContaining({ rule: 'continuity_audit', excerpt: '林青岚握紧残剑' })]);
  });
});
