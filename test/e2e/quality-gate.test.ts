/**
 * The quality layer in the gate (PROTOCOL §13.3–§13.7), through the built CLI
 * on the fixture project: lint on advance, a hard finding turning a 4.5 into
 * revise, a computed overall_final overriding an inflated overall, key
 * chapters judged twice, dormant foreshadowing and style drift in the draft
 * packet, the committed lint report.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, fixtureCopy, novelBin, overlay, readJson, tempDir } from '../helpers/project.js';

afterAll(cleanupTempDirs);

const DIMS = [
  'plot_logic',
  'character',
  'immersion',
  'foreshadowing',
  'pacing',
  'style_naturalness',
  'emotional_impact',
  'storyline_coherence',
];
const EVAL = 'staging/evaluations/chapter-004-eval.json';

function configure(dir: string, patch: Record<string, unknown>): void {
  const p = join(dir, 'novel.config.json');
  writeFileSync(p, JSON.stringify({ ...readJson(p), ...patch }, null, 2));
}

function toJudge(dir: string): void {
  for (const [variant, step] of [
    ['draft/good', 'draft'],
    ['summarize/good', 'summarize'],
    ['audit/good', 'audit'],
    ['refine/good', 'refine'],
  ] as const) {
    overlay(dir, variant);
    const r = novelBin(dir, ['advance', `chapter:004:${step}`]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
  }
}

function writeEval(dir: string, overall: number, scores: Record<string, number>, rel = EVAL): void {
  const base = JSON.parse(readFileSync(join(process.cwd(), 'fixtures/outputs/judge/overall-4.2', EVAL), 'utf8'));
  mkdirSync(join(dir, 'staging/evaluations'), { recursive: true });
  writeFileSync(
    join(dir, rel),
    JSON.stringify(
      {
        ...base,
        overall,
        scores: Object.fromEntries(Object.entries(scores).map(([d, s]) => [d, { score: s, reason: '理由' }])),
      },
      null,
      2,
    ),
  );
}

const json = (r: { stdout: string; stderr: string }) => JSON.parse(r.stdout);

describe("the gate reason in the reader's language", () => {
  it(
    'a pause records its reason in English and as said words; status ' +
      'says it in Chinese (the gate and why), and in English as recorded',
    () => {
      const dir = fixtureCopy();
      toJudge(dir);
      writeEval(dir, 2.5, {});
      const judged = novelBin(dir, ['advance', 'chapter:004:judge']);
      expect(judged.code, judged.stderr).toBe(0);
      const gate = readJson(join(dir, '.checkpoint.json')).gate as { reason: string; words: { id: string } };
      expect(gate.reason).toMatch(/^score below the revise threshold: overall_final 2\.50 \(pass ≥ 4/);
      expect(gate.words.id).toBe('gate.below_revise');
      const zh = { LANG: 'zh_CN.UTF-8', LC_ALL: '', LC_MESSAGES: '' };
      const status = novelBin(dir, ['status'], zh);
      expect(status.stdout).toContain('闸门：pause_for_user（分数低于修改阈值：最终总分 2.50（通过 ≥ 4');
      expect(status.stdout).toContain('原因：暂停，等待作者决定：分数低于修改阈值');
      expect(novelBin(dir, ['status']).stdout).toContain(`gate: pause_for_user — ${gate.reason}`);
    },
  );
});

describe('the quality layer in the gate', () => {
  it(
    'a hard lint finding (qidian: a chapter far below 1,800 ' +
      '字) turns a judged 4.5 into revise, listed in gate.lint',
    () => {
      const dir = fixtureCopy();
      configure(dir, { quality: { platform: 'qidian' } });
      overlay(dir, 'draft/good');
      const drafted = novelBin(dir, ['advance', 'chapter:004:draft']);
      expect(drafted.code).toBe(0);
      expect(drafted.stdout).toMatch(/lint: \d+ 字, 1 hard/);
      expect(drafted.stdout).toMatch(/hard zishu_hard: \d+ 字, outside the platform's range 1800–4500/);
      overlay(dir, 'summarize/good');
      expect(novelBin(dir, ['advance', 'chapter:004:summarize']).code).toBe(0);
      overlay(dir, 'audit/good');
      expect(novelBin(dir, ['advance', 'chapter:004:audit']).code).toBe(0);
      overlay(dir, 'refine/good');
      expect(novelBin(dir, ['advance', 'chapter:004:refine']).code).toBe(0);
      // The judge packet carries the refined text's report and the dimensions to score.
      const inline = json(novelBin(dir, ['instructions', 'chapter:004:judge'])).manifest.inline;
      expect(inline.lint.findings.map((f: { rule: string }) => f.rule)).toContain('zishu_hard');
      expect(inline.score_dimensions).toEqual([...DIMS, 'hook_strength']);
      expect(inline.hook_required).toBe(true);
      writeEval(dir, 4.5, {});
      const judged = novelBin(dir, ['advance', 'chapter:004:judge', '--json']);
      expect(judged.code, judged.stderr).toBe(0);
      const gate = json(judged).data.gate;
      expect(gate).toMatchObject({ decision: 'revise', overall_final: 4.5, overall_judge: 4.5, weights: null });
      expect(gate.lint.map((f: { rule: string }) => f.rule)).toEqual(['zishu_hard']);
      expect(gate.reason).toContain('hard lint finding');
      // The revision's draft packet names the finding to clear.
      const revision = json(novelBin(dir, ['instructions', 'chapter:004:draft']));
      expect(revision.manifest.inline.lint_findings.map((f: { rule: string }) => f.rule)).toEqual(['zishu_hard']);
      expect(revision.manifest.inline).toMatchObject({
        platform: 'qidian',
        zishu_target: [2500, 3500],
        zishu_hard: [1800, 4500],
        max_paragraph_zishu: 320,
        hook_required: true,
      });
    },
  );

  it(
    "overall_final is novel's weighted mean of the dimensions: a judge " +
      'at 4.6 whose dimensions are 3.0 is revised, with overall_mismatch',
    () => {
      const dir = fixtureCopy();
      toJudge(dir);
      writeEval(dir, 4.6, Object.fromEntries(DIMS.map((d) => [d, 3])));
      const judged = novelBin(dir, ['advance', 'chapter:004:judge', '--json']);
      expect(judged.code, judged.stderr).toBe(0);
      const gate = json(judged).data.gate;
      expect(gate).toMatchObject({ decision: 'revise', overall_final: 3, overall_judge: 4.6 });
      expect(gate.weights.plot_logic).toBe(0.234);
      expect(gate.warnings).toEqual(
        expect.arrayContaining([expect.objectContaining({ layer: 'score', rule: 'overall_mismatch' })]),
      );
      const cp = readJson(join(dir, '.checkpoint.json'));
      expect(cp.gate).toMatchObject({ overall_final: 3, overall_judge: 4.6 });
    },
  );

  it(
    'a key chapter (inside a convergence event) requires the ' +
      'secondary evaluation; quality.key_chapters false lifts it',
    () => {
      const dir = fixtureCopy();
      const schedule = join(dir, 'volumes/vol-01/storyline-schedule.json');
      writeFileSync(
        schedule,
        JSON.stringify(
          {
            ...readJson(schedule),
            convergence_events: [{ chapter_range: [4, 5], involved_storylines: ['main-sword'] }],
          },
          null,
          2,
        ),
      );
      // The author's edit of the plan, accepted into the book.
      expect(novelBin(dir, ['state', 'verify', '--accept']).code).toBe(0);
      toJudge(dir);
      const packet = json(novelBin(dir, ['instructions', 'chapter:004:judge']));
      expect(packet.expected_outputs[1]).toMatchObject({
        path: 'staging/evaluations/chapter-004-eval-secondary.json',
        required: true,
      });
      overlay(dir, 'judge/overall-4.2');
      const refused = novelBin(dir, ['advance', 'chapter:004:judge']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('staging/evaluations/chapter-004-eval-secondary.json');
      expect(refused.stderr).toContain('key chapter');
      writeEval(dir, 3.6, {}, 'staging/evaluations/chapter-004-eval-secondary.json');
      const judged = novelBin(dir, ['advance', 'chapter:004:judge', '--json']);
      expect(judged.code, judged.stderr).toBe(0);
      expect(json(judged).data.gate).toMatchObject({ decision: 'polish', overall_final: 3.6 });
      const off = fixtureCopy();
      writeFileSync(join(off, 'volumes/vol-01/storyline-schedule.json'), readFileSync(schedule));
      expect(novelBin(off, ['state', 'verify', '--accept']).code).toBe(0);
      configure(off, { quality: { key_chapters: false } });
      toJudge(off);
      overlay(off, 'judge/overall-4.2');
      expect(novelBin(off, ['advance', 'chapter:004:judge']).code).toBe(0);
    },
  );

  it('dormant foreshadowing goes to the draft packet, oldest first, with a light-touch task', () => {
    const dir = fixtureCopy();
    configure(dir, { quality: { dormancy: { short: 1, medium: 1, long: 3 } } });
    const packet = json(novelBin(dir, ['instructions', 'chapter:004:draft']));
    const touch = packet.manifest.inline.foreshadow_light_touch;
    expect(touch.map((t: { id: string }) => t.id)).toEqual(['f-001', 'f-002']);
    expect(touch[0]).toMatchObject({ scope: 'long', last_touched_chapter: 1, dormant_chapters: 3 });
    expect(touch[0].task).toContain('轻触');
    const quiet = fixtureCopy();
    expect(
      json(novelBin(quiet, ['instructions', 'chapter:004:draft'])).manifest.inline.foreshadow_light_touch,
    ).toBeUndefined();
  });

  it('style drift: the last five committed lint reports against style-profile.json go to the draft packet', () => {
    const dir = join(tempDir(), 'drift');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    expect(novelBin(dir, ['run', '--to-chapter', '8']).code).toBe(0);
    // The demo's prose: about 18 字 per sentence, little dialogue. A profile of long sentences and much dialogue drifts
    // both ways.
    const profile = join(dir, 'style-profile.json');
    writeFileSync(
      profile,
      JSON.stringify({ ...readJson(profile), avg_sentence_length: 30, dialogue_ratio: 0.4 }, null, 2),
    );
    expect(novelBin(dir, ['state', 'verify', '--accept']).code).toBe(0);
    const drift = json(novelBin(dir, ['instructions', 'chapter:009:draft'])).manifest.inline.style_drift;
    expect(drift.chapters).toEqual([4, 5, 6, 7, 8]);
    expect(drift.avg_sentence_zishu).toMatchObject({ baseline: 30, direction: 'lower' });
    expect(drift.dialogue_ratio).toMatchObject({ baseline: 0.4, direction: 'lower' });
    const report = readJson(join(dir, 'logs/lint/chapter-008.json'));
    expect(drift.avg_sentence_zishu.recent).toBeLessThan(24);
    expect(report.source).toBe('chapters');
    // Without a profile the baseline is chapters 1–10 themselves: no drift.
    writeFileSync(profile, JSON.stringify({ voice: '第三人称' }, null, 2));
    expect(novelBin(dir, ['state', 'verify', '--accept']).code).toBe(0);
    expect(json(novelBin(dir, ['instructions', 'chapter:009:draft'])).manifest.inline.style_drift).toBeUndefined();
  });
});
