/**
 * The gate of §6 at every boundary: the pure rules, the machine's routing
 * (budget, policy) and the real CLI on the fixture evaluations.
 */
import { transition } from 'xstate';
import { afterAll, describe, expect, it } from 'vitest';
import { classifyVerdict, computeVerdict, DEFAULT_THRESHOLDS, type EvalForGate } from '../../machines/pipeline.gate.js';
import { initialContext, pipelineMachine, type PipelineContext } from '../../machines/pipeline.machine.js';
import { cleanupTempDirs, fixtureCopy, novel, novelJson, outputFile, overlay } from '../helpers/project.js';

afterAll(cleanupTempDirs);

const EVAL = 'staging/evaluations/chapter-004-eval.json';
const load = (variant: string, rel = EVAL): EvalForGate =>
  JSON.parse(outputFile(`judge/${variant}`, rel).toString('utf8'));

function judgeAt(context: Partial<PipelineContext>, variant: string) {
  const verdict = computeVerdict(load(variant));
  const base = {
    ...initialContext({ chapter: 4, max_revisions: 2, revision_policy: 'auto', thresholds: DEFAULT_THRESHOLDS }),
    ...context,
  };
  const snapshot = pipelineMachine.resolveState({ value: 'judge', context: base });
  const [next] = transition(pipelineMachine, snapshot, { type: 'JUDGED', ...verdict });
  return next;
}

const BOUNDARIES: Array<[string, string, string]> = [
  ['overall-4.0', 'pass', 'commit'],
  ['overall-3.99', 'polish', 'polishing'],
  ['overall-3.5', 'polish', 'polishing'],
  ['overall-3.49', 'revise', 'revising'],
  ['overall-3.0', 'revise', 'revising'],
  ['overall-2.99', 'pause_for_user', 'review'],
  ['overall-2.0', 'pause_for_user', 'review'],
  ['overall-1.99', 'pause_for_user_force_rewrite', 'review'],
  ['high-violation-4.8', 'revise', 'revising'],
  ['soft-ls-violation-4.2', 'pass', 'commit'],
  ['medium-low-violations-4.1', 'pass', 'commit'],
];

describe('gate boundaries (pure rules and machine)', () => {
  it.each(BOUNDARIES)('%s ⇒ %s (%s)', (variant, decision, state) => {
    const verdict = computeVerdict(load(variant));
    expect(classifyVerdict(verdict, DEFAULT_THRESHOLDS)).toBe(decision);
    const next = judgeAt({}, variant);
    expect(next.value).toBe(state);
    expect(next.context.gate?.decision).toBe(decision);
  });

  it('a soft LS violation with high confidence never blocks; it is a warning', () => {
    const v = computeVerdict(load('soft-ls-violation-4.2'));
    expect(v.high_violation).toBe(false);
    expect(v.warnings).toHaveLength(1);
    expect(v.warnings[0]).toMatchObject({ layer: 'ls', rule_id: 'LS-002', constraint_type: 'soft' });
  });

  it('medium/low-confidence violations are listed in warnings verbatim with their layer', () => {
    const v = computeVerdict(load('medium-low-violations-4.1'));
    expect(v.high_violation).toBe(false);
    expect(v.warnings.map((w) => [w.layer, 'confidence' in w ? w.confidence : null])).toEqual([
      ['l2', 'medium'],
      ['l3', 'low'],
    ]);
    expect(v.warnings[0]).toMatchObject({ contract_id: 'ye-zhiqiu-core', detail: '叶知秋语气偏重' });
  });

  it('a high violation at 4.8 revises and is copied into high_confidence_violations', () => {
    const v = computeVerdict(load('high-violation-4.8'));
    expect(v.high_violation).toBe(true);
    expect(v.high_confidence_violations).toEqual([
      {
        rule_id: 'W-002',
        status: 'violation',
        confidence: 'high',
        constraint_type: 'hard',
        detail: '外门弟子擅入藏经阁第三层且无长老手令',
        layer: 'l1',
      },
    ]);
  });

  it('secondary eval: overall_final is the minimum of both (4.3 and 3.6 ⇒ polish)', () => {
    const v = computeVerdict(
      load('secondary-min'),
      load('secondary-min', 'staging/evaluations/chapter-004-eval-secondary.json'),
    );
    expect(v.overall_final).toBe(3.6);
    expect(classifyVerdict(v, DEFAULT_THRESHOLDS)).toBe('polish');
  });

  it('revise with the budget spent and overall ≥ 3.0 force-passes; with a high violation it pauses', () => {
    const forced = judgeAt({ revision_count: 2 }, 'overall-3.2');
    expect(forced.value).toBe('commit');
    expect(forced.context.gate).toMatchObject({ decision: 'pass', force_passed: true });
    const paused = judgeAt({ revision_count: 2 }, 'high-violation-4.8');
    expect(paused.value).toBe('review');
    expect(paused.context.gate?.decision).toBe('pause_for_user');
  });

  it('revision_policy manual_confirm pauses a revise; none records it as a warning and allows the commit', () => {
    const manual = judgeAt({ revision_policy: 'manual_confirm' }, 'overall-3.2');
    expect(manual.value).toBe('review');
    const none = judgeAt({ revision_policy: 'none' }, 'high-violation-4.8');
    expect(none.value).toBe('commit');
    expect(none.context.gate?.warnings.at(-1)).toMatchObject({ layer: 'gate', decision: 'revise' });
    expect(none.context.gate?.high_confidence_violations).toHaveLength(1);
  });

  it('thresholds come from the context (novel.config.json)', () => {
    const strict = judgeAt({ thresholds: { pass: 4.5, polish: 4.0, revise: 3.0, pause: 2.0 } }, 'overall-4.2');
    expect(strict.value).toBe('polishing');
  });
});

describe('gate boundaries through the CLI on fixture evaluations', () => {
  async function toJudge(): Promise<string> {
    const project = fixtureCopy();
    for (const [variant, step] of [
      ['draft/good', 'chapter:004:draft'],
      ['summarize/good', 'chapter:004:summarize'],
      ['audit/good', 'chapter:004:audit'],
      ['refine/good', 'chapter:004:refine'],
    ]) {
      overlay(project, variant as string);
      const r = await novel(project, ['advance', step as string]);
      expect(r.code, r.stderr).toBe(0);
    }
    return project;
  }

  it.each([...BOUNDARIES, ['secondary-min', 'polish', 'polishing']])(
    'advance judge with %s ⇒ gate %s, next per state %s',
    async (variant, decision, state) => {
      const project = await toJudge();
      overlay(project, `judge/${variant}`);
      const r = await novelJson(project, ['advance', 'chapter:004:judge']);
      expect(r.code).toBe(0);
      expect(r.body.data.gate.decision).toBe(decision);
      expect(r.body.data.to).toBe(state);
      const next = await novelJson(project, ['next']);
      const expected = {
        commit: 'chapter:004:commit',
        polishing: 'chapter:004:refine',
        revising: 'chapter:004:draft',
        review: 'chapter:004:review',
      }[state as string];
      expect(next.body.data.step).toBe(expected);
    },
  );

  it(
    'a checkpoint at judged without a gate: next reports the gate ' +
      'as if advance had run; the next mutating command applies it',
    async () => {
      const project = await toJudge();
      overlay(project, 'judge/overall-3.2');
      // Another tool marked the judge step done without running the gate.
      const { readFileSync, writeFileSync } = await import('node:fs');
      const cpPath = `${project}/.checkpoint.json`;
      const cp = JSON.parse(readFileSync(cpPath, 'utf8'));
      writeFileSync(cpPath, JSON.stringify({ ...cp, pipeline_stage: 'judged' }, null, 2));
      const next = await novelJson(project, ['next']);
      expect(next.body.data).toMatchObject({
        step: 'chapter:004:draft',
        action: 'execute',
        mode: 'revision',
        revision_count: 1,
      });
      expect(JSON.parse(readFileSync(cpPath, 'utf8')).pipeline_stage).toBe('judged');
      overlay(project, 'draft/revision');
      const adv = await novelJson(project, ['advance', 'chapter:004:draft']);
      expect(adv.code).toBe(0);
      const after = JSON.parse(readFileSync(cpPath, 'utf8'));
      expect(after).toMatchObject({ pipeline_stage: 'drafting', revision_count: 1 });
      const { existsSync } = await import('node:fs');
      expect(existsSync(`${project}/staging/revisions/chapter-004/round-1/evaluations/chapter-004-eval.json`)).toBe(
        true,
      );
      expect(existsSync(`${project}/${EVAL}`)).toBe(false);
    },
  );
});
