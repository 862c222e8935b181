import { describe, expect, it } from 'vitest';
import {
  AGENT_NAMES,
  firstPassOrder,
  agentFormats,
  CHAPTER_OUTPUTS,
  CHAPTER_STAGES,
  CHAPTER_STEP_MODES,
  CHAPTER_STEP_TABLE,
  keysOf,
  LADDER,
  PAUSE_STAGES,
  PIPELINE_STAGES,
  SETUP_STEP_TABLE,
  STEP_EVENT,
  STEP_MODES,
  VALIDATED_STAGES,
  WRITING_STAGES,
} from '../../src/core/step-table.js';
import { chapterStates, stateMeta, STABLE_STATES, type StableState } from '../../machines/pipeline.states.js';
import { RESUMABLE_STATES } from '../../machines/novel.setup.js';
import { CHAPTER_ROWS } from '../../machines/book.table.js';
import { formatStepId, parseStepId, STEP_ID_FORMAT, STEP_ID_PATTERN } from '../../src/core/step-id.js';
import { ownersOf } from '../../src/core/step-outputs.js';
import { fillPattern } from '../../src/core/path-pattern.js';

describe('the step table', () => {
  it('every chapter step has a machine state that awaits it, with the meta of its row', () => {
    for (const stage of CHAPTER_STAGES) {
      const row = CHAPTER_STEP_TABLE[stage];
      const meta = stateMeta(row.state as StableState);
      expect(meta, stage).toMatchObject({
        step: stage,
        mode: row.mode,
        action: row.action,
        description: row.description,
      });
      expect(meta.ladder?.rung).toBe(row.rung);
      expect(STABLE_STATES).toContain(row.state);
    }
  });

  it("a step's event leaves its state in the machine, toward its row's `then` unless a guard decides", () => {
    for (const stage of CHAPTER_STAGES) {
      const row = CHAPTER_STEP_TABLE[stage];
      const node = chapterStates[row.state as keyof typeof chapterStates] as { on?: Record<string, unknown> };
      if (row.event === null) continue;
      expect(Object.keys(node.on ?? {}), stage).toContain(row.event);
      expect(JSON.stringify(node.on?.[row.event])).toContain(`"${row.then}"`);
    }
    expect(STEP_EVENT).toEqual({
      draft: 'DRAFTED',
      summarize: 'SUMMARIZED',
      audit: 'AUDITED',
      refine: 'REFINED',
      'title-fix': 'TITLE_FIXED',
      judge: 'JUDGED',
      'hook-fix': 'HOOK_FIXED',
      commit: 'COMMITTED',
    });
  });

  it('the states an executor works in are the executing steps and their other passes', () => {
    const executing = CHAPTER_STAGES.filter((s) => CHAPTER_STEP_TABLE[s].action === 'execute').map(
      (s) => CHAPTER_STEP_TABLE[s].state,
    );
    expect([...RESUMABLE_STATES]).toEqual([...executing, ...keysOf(CHAPTER_STEP_MODES)]);
    for (const mode of keysOf(CHAPTER_STEP_MODES)) expect(stateMeta(mode).step).toBe(CHAPTER_STEP_MODES[mode].step);
  });

  it('each resting state is recorded with the pipeline_stage of its row', () => {
    for (const stage of CHAPTER_STAGES) {
      const row = CHAPTER_STEP_TABLE[stage];
      expect(CHAPTER_ROWS[row.state as keyof typeof CHAPTER_ROWS].stage).toBe(row.rests_as);
      if (row.rests_as) expect(PIPELINE_STAGES).toContain(row.rests_as);
    }
  });

  it('every step id the table allows parses, formats back, and matches the packet pattern', () => {
    const re = new RegExp(STEP_ID_PATTERN);
    for (const stage of CHAPTER_STAGES) {
      const id = `chapter:012:${stage}`;
      const parsed = parseStepId(id);
      expect(parsed.ok && formatStepId(parsed.step)).toBe(id);
      expect(re.test(id), id).toBe(true);
      expect(STEP_ID_FORMAT).toContain(stage);
    }
    for (const step of keysOf(SETUP_STEP_TABLE)) expect(re.test(`book:${step}`)).toBe(true);
    expect(re.test('chapter:012:write')).toBe(false);
  });

  it("each output's path belongs to exactly the steps whose rows write it", () => {
    for (const output of keysOf(CHAPTER_OUTPUTS)) {
      const { staged } = CHAPTER_OUTPUTS[output];
      if (!staged.includes('{NNN}')) continue;
      const writers = CHAPTER_STAGES.filter((s) =>
        (CHAPTER_STEP_TABLE[s].writes as readonly string[]).includes(output),
      );
      expect(ownersOf(fillPattern(staged, { chapter: 77 })), output).toEqual({ chapter: 77, stages: writers });
    }
  });

  it('derived lists keep pipeline order and name only what the rows say', () => {
    expect(WRITING_STAGES).toEqual(['draft', 'summarize', 'audit', 'refine', 'title-fix', 'judge', 'hook-fix']);
    expect(VALIDATED_STAGES).toEqual(WRITING_STAGES);
    expect(PAUSE_STAGES).toEqual(['draft', 'summarize', 'audit', 'refine', 'judge', 'plan']);
    expect(LADDER).toEqual(['lock', 'draft', 'summarize', 'audit', 'refine', 'judge', 'gate', 'commit']);
    expect(new Set(STEP_MODES).size).toBe(STEP_MODES.length);
    for (const stage of CHAPTER_STAGES) expect(AGENT_NAMES).toContain(CHAPTER_STEP_TABLE[stage].agent);
    expect(Object.keys(agentFormats())).toEqual(AGENT_NAMES.filter((a) => a !== 'novel commit' && a !== 'author'));
    expect(agentFormats().summarizer).toEqual([
      'summary',
      'delta',
      'delta-op',
      'crossref',
      'storyline-memory',
      'chapter-memory',
    ]);
  });

  it('every row names its step in both languages', () => {
    for (const stage of CHAPTER_STAGES) {
      expect(CHAPTER_STEP_TABLE[stage].names.en).toBe(stage);
      expect(CHAPTER_STEP_TABLE[stage].names.zh).toMatch(/\p{Script=Han}/u);
    }
  });
});

describe('firstPassOrder', () => {
  it('follows each row’s then from the draft to the commit, the gate in parentheses', () => {
    expect(firstPassOrder()).toEqual(['draft', 'summarize', 'audit', 'refine', 'judge', '(gate)', 'commit']);
  });
});

describe('stateNames: every state of both machines has a name in both languages', () => {
  it('names the steps from the tables and the book’s own states', async () => {
    const { stateNames } = await import('../../src/core/step-table.js');
    const { bookGraph, pipelineGraph } = await import('../../src/core/graph.js');
    expect(stateNames('writing.titleFix')?.zh).toBe('改标题');
    expect(stateNames('writing.polishing')?.zh).toBe('打磨');
    expect(stateNames('hookFix')?.zh).toBe('改章末钩子');
    expect(stateNames('setup.world.awaiting')?.zh).toBe('世界观·待执行');
    expect(stateNames('importing.importSummarize')?.zh).toBe('补写摘要');
    for (const g of [bookGraph(), pipelineGraph()])
      for (const s of g.states as Array<{ id: string } | string>) {
        const id = typeof s === 'string' ? s : s.id;
        expect(stateNames(id)?.zh, id).toMatch(/[\u4e00-\u9fff]/);
      }
  });
});
