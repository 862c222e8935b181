/**
 * The built-in offline demo executor, src/core/demo-executor.ts: the scores
 * parsed from NOVEL_DEMO_SCORES, and for every agent it plays (chapter-writer
 * incl. revision and hook-fix, summarizer, style-refiner incl. polish and
 * title-fix, quality-judge, plot-architect, world-builder, character-weaver,
 * style-analyzer) that its outputs are deterministic (same input ⇒ same bytes)
 * and pass novel's own validators (validateStep, validateSetup,
 * validateVolumePlan), plus the scripted demo chapters (clichés, weak hook,
 * untitled).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  DEFAULT_DEMO_SCORES,
  DEMO_CLICHE_CHAPTER,
  DEMO_UNTITLED_CHAPTER,
  DEMO_CONTINUITY_CHAPTER,
  DEMO_WEAK_HOOK_CHAPTER,
  demoOutputs,
  parseDemoScores,
  type DemoInput,
} from '../../src/core/demo-executor.js';
import { validateStep } from '../../src/core/validate.js';
import { lintChapter } from '../../src/core/lint.js';
import { resolveQuality } from '../../src/core/quality-settings.js';
import { validateSetup } from '../../src/core/setup.js';
import { validateVolumePlan } from '../../src/core/volume-plan.js';
import { fixGuardOf } from '../../src/core/fix-guard.js';
import { countZishu } from '../../src/core/zishu.js';
import { blockKeyLines, outlineBlocks } from '../../src/core/outline.js';
import type { StagingView } from '../../src/core/staging-view.js';
import { PacketSchema, type Packet } from '../../src/schemas/packet.js';
import { ChapterMemorySchema, ChangeLogSchema, CrossrefSchema, DeltaOpSchema } from '../../src/schemas/staging.js';
import {
  ChapterContractSchema,
  NewCharactersSchema,
  StorylineScheduleSchema,
  VolumeForeshadowingSchema,
} from '../../src/schemas/volume-plan.js';

const sha = (t: string) => createHash('sha256').update(t).digest('hex');
function stagingOf(files: Record<string, string>): StagingView {
  return { files: new Map(Object.entries(files).map(([path, text]) => [path, { path, sha256: sha(text), text }])) };
}

function packet(
  agent: Packet['agent']['name'],
  mode: Packet['mode'],
  inline: Record<string, unknown>,
  paths: Record<string, string | string[]> = {},
  expected: Packet['expected_outputs'] = [],
): Packet {
  const p: Packet = {
    version: 1,
    step: 'chapter:003:draft',
    agent: { kind: 'subagent', name: agent },
    mode,
    manifest: { mode: 'paths', inline, paths },
    expected_outputs: expected,
    write_scope: ['staging/'],
    next_actions: [],
  };
  expect(v.safeParse(PacketSchema, p).success).toBe(true);
  return p;
}

function input(p: Packet, files: Record<string, string> = {}, scores = [4.2]): DemoInput {
  return { packet: p, read: (rel) => files[rel], scores };
}

/** Runs twice on fresh inputs: the same bytes both times. */
function run(make: () => DemoInput, round = 0): Record<string, string> {
  const a = demoOutputs(make(), round);
  const b = demoOutputs(make(), round);
  expect(b).toEqual(a);
  return a;
}

const BLOCK =
  '### 第 3 章: 藏经阁\n- **Storyline**: main\n- **POV**: 林风\n- **Location**: 藏经阁\n- ' +
  '**Conflict**: 禁制难破\n- **Arc**: 从犹疑到决断\n- **TransitionHint**: 转入暗流';

const body = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('# '))
    .join('');

describe('parseDemoScores', () => {
  it('unset or blank: the default 4.2', () => {
    expect(DEFAULT_DEMO_SCORES).toEqual([4.2]);
    expect(parseDemoScores(undefined)).toBe(DEFAULT_DEMO_SCORES);
    expect(parseDemoScores('')).toBe(DEFAULT_DEMO_SCORES);
    expect(parseDemoScores('   ')).toBe(DEFAULT_DEMO_SCORES);
  });

  it('comma-separated numbers in [0, 5], spaces allowed, bounds included', () => {
    expect(parseDemoScores('3.2,4.1')).toEqual([3.2, 4.1]);
    expect(parseDemoScores(' 3 , 5 ')).toEqual([3, 5]);
    expect(parseDemoScores('0')).toEqual([0]);
    expect(parseDemoScores('5')).toEqual([5]);
  });

  it('anything else: the message naming the raw value', () => {
    for (const raw of ['5.01', '-0.1', 'abc', '3,x', 'Infinity', 'NaN', '3.2,,4.1', '4,', ',4'])
      expect(parseDemoScores(raw)).toBe(
        `NOVEL_DEMO_SCORES=${raw}: expected comma-separated numbers in [0, 5], e.g. 3.2,4.1`,
      );
  });
});

describe('chapter-writer: draft', () => {
  const draftInput =
    (chapter = 3, block = BLOCK, mode: Packet['mode'] = 'draft', extra: Record<string, unknown> = {}) =>
    () =>
      input(
        packet('chapter-writer', mode, {
          chapter,
          chapter_outline_block: block.replace('第 3 章', `第 ${chapter} 章`),
          ...extra,
        }),
      );

  it('writes one staged chapter, titled from the outline heading, that validates as a draft', () => {
    const out = run(draftInput());
    expect(Object.keys(out)).toEqual(['staging/chapters/chapter-003.md']);
    const text = out['staging/chapters/chapter-003.md'] as string;
    expect(text.startsWith('# 第3章 藏经阁\n\n')).toBe(true);
    expect(text.endsWith('\n')).toBe(true);
    const r = validateStep('draft', stagingOf(out), { chapter: 3 });
    expect(r.diagnostics).toEqual([]);
    expect(r.valid).toBe(true);
    expect(r.title).toBe('# 第3章 藏经阁');
  });

  it('is about a platform chapter long, fills in the key lines and ends on the hook with the transition hint', () => {
    const text = run(draftInput())['staging/chapters/chapter-003.md'] as string;
    const prose = body(text);
    expect(countZishu(prose).zishu).toBeGreaterThanOrEqual(2900);
    expect(countZishu(prose).zishu).toBeLessThan(3200);
    expect(text).not.toMatch(/\{[plca]\}/);
    expect(text).toContain('林风');
    const last = text.trimEnd().split('\n\n').at(-1);
    expect(last).toMatch(/^远处传来消息，转入暗流。门外忽然有人叩了三下，来的竟是[^。]+。$/);
  });

  it('fills the phrase bank with the key lines, or with its defaults; the prose length is pinned', () => {
    const text = run(draftInput())['staging/chapters/chapter-003.md'] as string;
    for (const s of [
      '林风把衣襟又紧了紧',
      '藏经阁里的人声渐渐稀了',
      '禁制难破像一根刺扎在心里',
      '心里那点犹豫终于被压了下去，从犹疑到决断。',
    ])
      expect(text).toContain(s);
    const bare = run(draftInput(3, '### 第 3 章: 夜'))['staging/chapters/chapter-003.md'] as string;
    for (const s of [
      '他把衣襟又紧了紧',
      '山门里的人声渐渐稀了',
      '眼前的难题像一根刺扎在心里',
      '心里那点犹豫终于被压了下去，路要自己走。',
    ])
      expect(bare).toContain(s);
    // Paragraphs of three sentences until 2,900 字, then the hook: the same numbers and words at every run.
    const paras = text.trimEnd().split('\n\n').slice(1);
    expect(paras).toHaveLength(48);
    expect(countZishu(paras.slice(0, -1).join('')).zishu).toBe(2914);
    expect(paras.at(-2)).toBe(
      '夜课散后，山下的猎户蹲在竹林小径，看见一缕白发。练剑坪那边风把灯笼吹灭了，戒律堂执事叹了口气。',
    );
    expect(run(draftInput())['staging/chapters/chapter-003.md']).toBe(text);
    // The key lines open paragraphs 1, 5, 9 and 13: never two side by side.
    expect(paras.filter((_, i) => i % 4 === 0 && i < 16).map((p) => p.split('。')[0])).toEqual([
      '山风从檐角掠过，林风把衣襟又紧了紧',
      '远处钟声响了三下，藏经阁里的人声渐渐稀了',
      '这些天的事一件件浮上来，禁制难破像一根刺扎在心里',
      '心里那点犹豫终于被压了下去，从犹疑到决断',
    ]);
  });

  it('reads key lines however they are spaced, and only list items', () => {
    const block =
      '### 第 3 章: 藏经阁  \n  - **POV**：  林风  \n* ** Location ' +
      '**:后山\n-  **Conflict** : 禁制难破\nx - **Arc**: 不该读到';
    const text = run(draftInput(3, block))['staging/chapters/chapter-003.md'] as string;
    expect(text.split('\n')[0]).toBe('# 第3章 藏经阁');
    expect(text).toContain('林风把衣襟又紧了紧');
    expect(text).toContain('后山里的人声渐渐稀了');
    expect(text).toContain('禁制难破像一根刺扎在心里');
    expect(text).toContain('心里那点犹豫终于被压了下去，路要自己走。');
  });

  it('a packet without an outline block: the chapter is named 夜行', () => {
    const text = run(() => input(packet('chapter-writer', 'draft', { chapter: 9 })))[
      'staging/chapters/chapter-009.md'
    ] as string;
    expect(text.split('\n')[0]).toBe('# 第9章 夜行');
  });

  it('without key lines: default names, and night falls instead of the transition', () => {
    const text = run(draftInput(3, '### 第 3 章: 夜'))['staging/chapters/chapter-003.md'] as string;
    expect(text.startsWith('# 第3章 夜\n\n')).toBe(true);
    expect(text.trimEnd().split('\n\n').at(-1)).toMatch(/^[^，。]+，夜色渐深。门外忽然有人叩了三下，来的竟是[^。]+。$/);
    expect(text).not.toMatch(/\{[plca]\}/);
  });

  it('a heading without a name is titled by the place (or 夜行), never "第N章 第N章"', () => {
    expect(
      (run(draftInput(7, '### 第 7 章\n- **Location**: 后山'))['staging/chapters/chapter-007.md'] as string).split(
        '\n',
      )[0],
    ).toBe('# 第7章 后山');
    expect((run(draftInput(7, '### 第 7 章'))['staging/chapters/chapter-007.md'] as string).split('\n')[0]).toBe(
      '# 第7章 夜行',
    );
    expect((run(draftInput(7, ''))['staging/chapters/chapter-007.md'] as string).split('\n')[0]).toBe('# 第7章 夜行');
  });

  it('different chapters get different prose; the same chapter the same', () => {
    const a = run(draftInput(3))['staging/chapters/chapter-003.md'] as string;
    const b = run(draftInput(4))['staging/chapters/chapter-004.md'] as string;
    expect(body(a)).not.toBe(body(b));
  });

  it(
    `chapter ${DEMO_CLICHE_CHAPTER}'s draft reads as machine-made (a ` +
      `hard AI-flavour score); its revision and other chapters do not`,
    () => {
      const lintOf = (text: string, n: number) =>
        lintChapter({
          chapter: n,
          source: 'staging',
          text,
          settings: resolveQuality({ platform: 'qidian' }),
          lists: { blacklist: [], whitelist: [], cliche: {} },
        });
      const drafted = run(draftInput(DEMO_CLICHE_CHAPTER))[
        `staging/chapters/chapter-00${DEMO_CLICHE_CHAPTER}.md`
      ] as string;
      const paras = drafted.split('\n\n').slice(1);
      expect(paras[0]?.startsWith('不是害怕，是一种说不清的预感。')).toBe(true);
      expect(paras[3]?.startsWith('他没有说话，脚步很轻。')).toBe(true);
      expect(paras[1]?.startsWith('不是')).toBe(false);
      expect(drafted).not.toContain('undefined');
      expect(
        lintOf(drafted, DEMO_CLICHE_CHAPTER)
          .findings.filter((f) => f.severity === 'hard')
          .map((f) => f.rule),
      ).toEqual(['ai_flavour']);
      const revised = run(draftInput(DEMO_CLICHE_CHAPTER, BLOCK, 'revision'))[
        `staging/chapters/chapter-00${DEMO_CLICHE_CHAPTER}.md`
      ] as string;
      expect(revised).not.toContain('不是害怕');
      const other = run(draftInput(5))['staging/chapters/chapter-005.md'] as string;
      expect(lintOf(other, 5).ai_flavour.score).toBeLessThan(0.5);
    },
  );

  it('a revision adds a note of the fixes and hard findings it handled, and a closing paragraph', () => {
    const fixes = [{ instruction: '补足代价' }, { instruction: '收紧节奏' }];
    const text = run(draftInput(3, BLOCK, 'revision', { required_fixes: fixes, high_confidence_violations: [{}, {}] }))[
      'staging/chapters/chapter-003.md'
    ] as string;
    const paras = text.trimEnd().split('\n\n');
    expect(paras.at(-2)).toBe('（修订：补足代价；收紧节奏，已处理 2 处硬性冲突）');
    expect(paras.at(-1)).toMatch(/^林风在[^，]+停下脚步，把[^，]+，才继续向前。$/);
    const bare = run(draftInput(3, '### 第 3 章: 夜', 'revision'))['staging/chapters/chapter-003.md'] as string;
    expect(bare.trimEnd().split('\n\n').at(-2)).toBe('（修订）');
    expect(bare.trimEnd().split('\n\n').at(-1)).toMatch(/^他在[^，]+停下脚步，把[^，]+，才继续向前。$/);
    expect(validateStep('draft', stagingOf({ 'staging/chapters/chapter-003.md': text }), { chapter: 3 }).valid).toBe(
      true,
    );
  });
});

describe('the continuity demo (§19)', () => {
  const CH9 = 'staging/chapters/chapter-009.md';
  it(`chapter ${DEMO_CONTINUITY_CHAPTER}'s first draft has 云婉清 walk in; its revision does not`, () => {
    const block = BLOCK.replace('第 3 章', `第 ${DEMO_CONTINUITY_CHAPTER} 章`);
    const first = run(() =>
      input(packet('chapter-writer', 'draft', { chapter: DEMO_CONTINUITY_CHAPTER, chapter_outline_block: block })),
    )[CH9] as string;
    expect(first).toContain('云婉清推门而入');
    const revised = run(() =>
      input(packet('chapter-writer', 'revision', { chapter: DEMO_CONTINUITY_CHAPTER, chapter_outline_block: block })),
    )[CH9] as string;
    expect(revised).not.toContain('云婉清');
  });

  it("the auditor confirms each of novel's findings as a hard issue; a clean chapter, an empty report", () => {
    const finding = {
      id: 'gone_acting:yun',
      kind: 'gone_acting',
      excerpt: '云婉清推门而入。',
      fix: 'fix',
      fix_zh: '改写',
    };
    const report = (findings: unknown[]) =>
      JSON.parse(
        run(() => input(packet('continuity-auditor', 'normal', { chapter: 9, findings })))[
          'staging/audits/chapter-009-audit.json'
        ] as string,
      );
    expect(report([finding])).toEqual({
      chapter: 9,
      issues: [{ kind: 'gone_acting', severity: 'hard', evidence: '云婉清推门而入。', fix: '改写' }],
      dismissed: [],
    });
    expect(report([])).toEqual({ chapter: 9, issues: [], dismissed: [] });
  });
});

describe('chapter-writer: hook-fix', () => {
  const original = '# 第14章 剑冢\n\n第一段。\n\n第二段。\n\n第三段。\n\n第四段。\n';
  const make = () =>
    input(packet('chapter-writer', 'hook-fix', { chapter: 14 }, { chapter_draft: 'staging/chapters/chapter-014.md' }), {
      'staging/chapters/chapter-014.md': original,
    });

  it('replaces the last two paragraphs by an ending on a hook, keeping every byte before them', () => {
    const out = run(make);
    expect(Object.keys(out)).toEqual(['staging/chapters/chapter-014.md']);
    expect(out['staging/chapters/chapter-014.md']).toBe(
      '# 第14章 剑冢\n\n第一段。\n\n第二段。\n\n门外的脚步声忽然停了。\n\n下一刻，' +
        '门被人一把推开，来人手里握着的，正是那柄本该埋在剑冢里的断剑。\n',
    );
    const guard = fixGuardOf(original, 'hook-fix', 'x');
    const r = validateStep('hook-fix', stagingOf(out), { chapter: 14, fixGuard: guard });
    expect(r.diagnostics).toEqual([]);
    expect(r.valid).toBe(true);
  });
});

describe('missing files', () => {
  it('a hook-fix or title-fix of a missing draft writes the ending or the title alone', () => {
    const hook = run(() =>
      input(
        packet('chapter-writer', 'hook-fix', { chapter: 14 }, { chapter_draft: 'staging/chapters/chapter-014.md' }),
      ),
    );
    expect(hook['staging/chapters/chapter-014.md']).toBe(
      '门外的脚步声忽然停了。\n\n下一刻，门被人一把推开，来人手里握着的，正是那柄本该埋在剑冢里的断剑。\n',
    );
    const title = run(() =>
      input(
        packet('style-refiner', 'title-fix', { chapter: 15 }, { chapter_draft: 'staging/chapters/chapter-015.md' }),
      ),
    );
    expect(title['staging/chapters/chapter-015.md']).toBe('');
  });

  it('a summary or refine of a missing draft starts from an empty text', () => {
    const sum = run(() =>
      input(packet('summarizer', 'normal', { chapter: 3 }, { chapter_draft: 'staging/chapters/chapter-003.md' })),
    );
    expect(sum['staging/summaries/chapter-003-summary.md']).toBe('# 第3章摘要\n\n\n');
    const ref = run(() =>
      input(
        packet(
          'style-refiner',
          'normal',
          { chapter: 3 },
          { chapter_draft: 'staging/chapters/chapter-003.md', ai_blacklist: 'ai-blacklist.json' },
        ),
        { 'ai-blacklist.json': '{}' },
      ),
    );
    expect(ref['staging/chapters/chapter-003.md']).toBe('\n\n（润色）\n');
    expect(JSON.parse(ref['staging/logs/style-refiner-chapter-003-changes.json'] as string)).toHaveLength(1);
  });

  it('a judge without a draft path finds no hook ending', () => {
    const e = JSON.parse(
      run(() => input(packet('quality-judge', 'normal', { chapter: 3 })))[
        'staging/evaluations/chapter-003-eval.json'
      ] as string,
    );
    expect(e.hook).toEqual({ present: true, type: 'threat_reveal', evidence: '门外忽然有人叩了三下' });
  });
});

describe('summarizer', () => {
  const draftText = '# 第3章 藏经阁\n\n林风走进藏经阁，苏瑶跟在后面。\n\n夜深了。\n';
  const make =
    (extra: Record<string, unknown> = {}, files: Record<string, string> = {}) =>
    () =>
      input(
        packet(
          'summarizer',
          'normal',
          {
            chapter: 3,
            storyline_id: 'sword',
            entity_id_map: { 'su-yao': '苏瑶', 'lin-feng': '林风', 'lao-zhang': '老张' },
            ...extra,
          },
          { chapter_draft: 'staging/chapters/chapter-003.md', current_state: 'state/current-state.json' },
        ),
        { 'staging/chapters/chapter-003.md': draftText, 'state/current-state.json': '{"state_version": 7}', ...files },
      );

  it('writes the five summarize outputs, which validate', () => {
    const out = run(make());
    expect(Object.keys(out)).toEqual([
      'staging/summaries/chapter-003-summary.md',
      'staging/state/chapter-003-delta.json',
      'staging/state/chapter-003-crossref.json',
      'staging/storylines/sword/memory.md',
      'staging/state/chapter-003-memory.json',
    ]);
    const r = validateStep('summarize', stagingOf(out), { chapter: 3 });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.valid).toBe(true);
    expect(
      v.safeParse(CrossrefSchema, JSON.parse(out['staging/state/chapter-003-crossref.json'] as string)).success,
    ).toBe(true);
    expect(
      v.safeParse(ChapterMemorySchema, JSON.parse(out['staging/state/chapter-003-memory.json'] as string)).success,
    ).toBe(true);
  });

  it('blank and whitespace-only lines are left out of the summary', () => {
    const out = run(make({}, { 'staging/chapters/chapter-003.md': '# 第3章\n   \n甲。\n\t\n乙。\n' }));
    expect(out['staging/summaries/chapter-003-summary.md']).toBe('# 第3章摘要\n\n甲。乙。\n');
  });

  it(
    'the summary is the body without the title; the delta sets ' +
      'last_seen_chapter of the characters present, sorted, on the state version',
    () => {
      const out = run(make());
      expect(out['staging/summaries/chapter-003-summary.md']).toBe(
        '# 第3章摘要\n\n林风走进藏经阁，苏瑶跟在后面。夜深了。\n',
      );
      const delta = JSON.parse(out['staging/state/chapter-003-delta.json'] as string);
      expect(delta).toEqual({
        chapter: 3,
        base_state_version: 7,
        storyline_id: 'sword',
        ops: [
          { op: 'set', path: 'characters.lin-feng.last_seen_chapter', value: 3 },
          { op: 'set', path: 'characters.su-yao.last_seen_chapter', value: 3 },
        ],
        unknown_entities: [],
      });
      for (const op of delta.ops) expect(v.safeParse(DeltaOpSchema, op).success).toBe(true);
      expect(JSON.parse(out['staging/state/chapter-003-crossref.json'] as string)).toEqual({
        storyline_id: 'sword',
        cross_references: [],
        leak_risk: 'none',
      });
      expect(JSON.parse(out['staging/state/chapter-003-memory.json'] as string)).toEqual({
        chapter: 3,
        time_anchor: '第3章',
        location: '',
        events: ['林风走进藏经阁，苏瑶跟在后面。夜深了。'],
        character_states: { 'lin-feng': '在场', 'su-yao': '在场' },
        open_threads: [],
      });
    },
  );

  it('plants a task marked plant_here and advances every other one', () => {
    const tasks = [
      { id: 'f-1', reasons: ['plant_here'] },
      { id: 'f-2', reasons: ['resolve_window'] },
      { id: 'f-3', reasons: ['overdue_short'] },
      { id: 'f-4' },
    ];
    const delta = JSON.parse(
      run(make({ foreshadowing_tasks: tasks }))['staging/state/chapter-003-delta.json'] as string,
    );
    expect(delta.ops.slice(2)).toEqual([
      { op: 'foreshadow', path: 'f-1', value: 'planted', detail: '第3章' },
      { op: 'foreshadow', path: 'f-2', value: 'advanced', detail: '第3章' },
      { op: 'foreshadow', path: 'f-3', value: 'advanced', detail: '第3章' },
      { op: 'foreshadow', path: 'f-4', value: 'advanced', detail: '第3章' },
    ]);
  });

  it('appends a line to the committed memory, or starts one', () => {
    expect(run(make())['staging/storylines/sword/memory.md']).toBe(
      '# sword 记忆\n- 第3章：林风走进藏经阁，苏瑶跟在后面。夜深了。\n',
    );
    expect(
      run(make({}, { 'storylines/sword/memory.md': '# 剑\n- 第2章：旧事\n\n' }))['staging/storylines/sword/memory.md'],
    ).toBe('# 剑\n- 第2章：旧事\n- 第3章：林风走进藏经阁，苏瑶跟在后面。夜深了。\n');
  });

  it('cuts the summary at 120 characters, the memory line at 40, the event at 30', () => {
    const long = '甲'.repeat(200);
    const out = run(make({}, { 'staging/chapters/chapter-003.md': `# 第3章 长\n\n${long}\n` }));
    expect(out['staging/summaries/chapter-003-summary.md']).toBe(`# 第3章摘要\n\n${'甲'.repeat(120)}\n`);
    expect(out['staging/storylines/sword/memory.md']).toBe(`# sword 记忆\n- 第3章：${'甲'.repeat(40)}\n`);
    expect(JSON.parse(out['staging/state/chapter-003-memory.json'] as string).events).toEqual(['甲'.repeat(30)]);
  });

  it('an imported chapter: reads chapter_text, main storyline and version 0 without a state', () => {
    const make2 = () =>
      input(packet('summarizer', 'import', { chapter: 2 }, { chapter_text: 'chapters/chapter-002.md' }), {
        'chapters/chapter-002.md': '# 第2章 旧\n\n正文。\n',
      });
    const out = run(make2);
    expect(out['staging/summaries/chapter-002-summary.md']).toBe('# 第2章摘要\n\n正文。\n');
    expect(JSON.parse(out['staging/state/chapter-002-delta.json'] as string)).toMatchObject({
      base_state_version: 0,
      storyline_id: 'main',
      ops: [],
    });
    expect(Object.keys(out)).toContain('staging/storylines/main/memory.md');
    expect(validateStep('summarize', stagingOf(out), { chapter: 2 }).valid).toBe(true);
  });
});

describe('style-refiner', () => {
  const draftText = '# 第3章 藏经阁\n\n他不禁笑了，一丝寒意。\n\n夜深了。\n';
  const make =
    (mode: Packet['mode'], chapter = 3, text = draftText) =>
    () =>
      input(
        packet(
          'style-refiner',
          mode,
          { chapter },
          {
            chapter_draft: `staging/chapters/chapter-${String(chapter).padStart(3, '0')}.md`,
            ai_blacklist: 'ai-blacklist.json',
          },
        ),
        {
          [`staging/chapters/chapter-${String(chapter).padStart(3, '0')}.md`]: text,
          'ai-blacklist.json': JSON.stringify({ words: ['不禁', '一丝', '从未出现'] }),
        },
      );

  it('removes the blacklisted words present, marks a style pass, keeps the title and logs each change', () => {
    const out = run(make('normal'));
    expect(Object.keys(out)).toEqual([
      'staging/chapters/chapter-003.md',
      'staging/logs/style-refiner-chapter-003-changes.json',
    ]);
    expect(out['staging/chapters/chapter-003.md']).toBe('# 第3章 藏经阁\n\n他笑了，寒意。\n\n夜深了。\n\n（润色）\n');
    const changes = JSON.parse(out['staging/logs/style-refiner-chapter-003-changes.json'] as string);
    expect(changes).toEqual([
      { before: '不禁', after: '', reason: 'ai-blacklist' },
      { before: '一丝', after: '', reason: 'ai-blacklist' },
      { before: '', after: '（润色）', reason: 'style pass' },
    ]);
    expect(v.safeParse(ChangeLogSchema, changes).success).toBe(true);
    const r = validateStep('refine', stagingOf(out), { chapter: 3, stagedTitle: '# 第3章 藏经阁' });
    expect(r.diagnostics).toEqual([]);
    expect(r.valid).toBe(true);
  });

  it(
    'a blacklisted word in the title line stays there: the ' +
      'words go from the prose, and the chapter keeps one heading',
    () => {
      const out = run(make('normal', 3, '# 第3章 不禁\n\n他不禁笑了。\n'));
      expect(out['staging/chapters/chapter-003.md']).toBe('# 第3章 不禁\n\n他笑了。\n\n（润色）\n');
    },
  );

  it('clears the sentences holding the spans that the packet lint names (ai_pattern findings), and logs each', () => {
    const text = '# 第3章 藏经阁\n\n夜深了。不是害怕，是预感。他走了！\n\n他没有说话。风停了。\n';
    const lint = lintChapter({
      chapter: 3,
      source: 'staging',
      text,
      settings: resolveQuality(undefined),
      lists: { blacklist: [], whitelist: [], cliche: {} },
    });
    const out = run(() =>
      input(
        packet('style-refiner', 'normal', { chapter: 3, lint }, { chapter_draft: 'staging/chapters/chapter-003.md' }),
        { 'staging/chapters/chapter-003.md': text },
      ),
    );
    expect(out['staging/chapters/chapter-003.md']).toBe('# 第3章 藏经阁\n\n夜深了。他走了！\n\n风停了。\n\n（润色）\n');
    expect(
      JSON.parse(out['staging/logs/style-refiner-chapter-003-changes.json'] as string).map(
        (c: { reason: string }) => c.reason,
      ),
    ).toEqual(['ai-flavour: negation_correction', 'ai-flavour: non_action', 'style pass']);
  });

  it('a polish pass is marked as such', () => {
    const out = run(make('polish'));
    expect(out['staging/chapters/chapter-003.md']?.endsWith('\n\n（精修）\n')).toBe(true);
    expect(JSON.parse(out['staging/logs/style-refiner-chapter-003-changes.json'] as string).at(-1)).toEqual({
      before: '',
      after: '（精修）',
      reason: 'polish pass',
    });
  });

  it('no blacklist file: only the marker', () => {
    const make2 = () =>
      input(packet('style-refiner', 'normal', { chapter: 3 }, { chapter_draft: 'staging/chapters/chapter-003.md' }), {
        'staging/chapters/chapter-003.md': draftText,
      });
    const out = run(make2);
    expect(out['staging/chapters/chapter-003.md']).toBe(
      '# 第3章 藏经阁\n\n他不禁笑了，一丝寒意。\n\n夜深了。\n\n（润色）\n',
    );
    expect(JSON.parse(out['staging/logs/style-refiner-chapter-003-changes.json'] as string)).toEqual([
      { before: '', after: '（润色）', reason: 'style pass' },
    ]);
  });

  it(
    `chapter ${DEMO_UNTITLED_CHAPTER}'s first refine loses the ` +
      `title's text; its revised draft keeps it; polish keeps it`,
    () => {
      const text = '# 第15章 旧伞\n\n正文。\n';
      expect(run(make('normal', DEMO_UNTITLED_CHAPTER, text))['staging/chapters/chapter-015.md']).toBe(
        '# \n\n正文。\n\n（润色）\n',
      );
      expect(
        run(make('normal', DEMO_UNTITLED_CHAPTER, `${text}\n（修订）\n`))[
          'staging/chapters/chapter-015.md'
        ]?.startsWith('# 第15章 旧伞\n'),
      ).toBe(true);
      expect(
        run(make('polish', DEMO_UNTITLED_CHAPTER, text))['staging/chapters/chapter-015.md']?.startsWith(
          '# 第15章 旧伞\n',
        ),
      ).toBe(true);
    },
  );

  it('a title-fix rewrites the title line only, from the outline block', () => {
    const untitled = '\n# \n\n正文。\n\n（润色）\n';
    const make2 = (block: string) => () =>
      input(
        packet(
          'style-refiner',
          'title-fix',
          { chapter: 15, chapter_outline_block: block },
          { chapter_draft: 'staging/chapters/chapter-015.md' },
        ),
        { 'staging/chapters/chapter-015.md': untitled },
      );
    const out = run(make2('### 第 15 章：旧伞\n- **POV**: 林风'));
    expect(out).toEqual({ 'staging/chapters/chapter-015.md': '\n# 第15章 旧伞\n\n正文。\n\n（润色）\n' });
    const r = validateStep('title-fix', stagingOf(out), {
      chapter: 15,
      fixGuard: fixGuardOf(untitled, 'title-fix', 'x'),
    });
    expect(r.diagnostics).toEqual([]);
    expect(run(make2('### 第 15 章'))['staging/chapters/chapter-015.md']).toBe(
      '\n# 第15章 第15章\n\n正文。\n\n（润色）\n',
    );
    const at0 = (text: string) =>
      run(() =>
        input(
          packet(
            'style-refiner',
            'title-fix',
            { chapter: 15, chapter_outline_block: '### 第 15 章: 旧伞' },
            { chapter_draft: 'd.md' },
          ),
          { 'd.md': text },
        ),
      )['d.md'];
    expect(at0('# \n\n正文。\n')).toBe('# 第15章 旧伞\n\n正文。\n');
    expect(at0('  \n# \n正文。\n')).toBe('  \n# 第15章 旧伞\n正文。\n');
  });
});

describe('quality-judge', () => {
  const draftText = '# 第3章 藏经阁\n\n正文。门外忽然有人叩了三下。\n';
  const make =
    (chapter = 3, extra: Record<string, unknown> = {}, expected: Packet['expected_outputs'] = [], text = draftText) =>
    (scores: number[]) =>
      input(
        packet('quality-judge', 'normal', { chapter, ...extra }, { chapter_draft: 'staging/chapters/x.md' }, expected),
        { 'staging/chapters/x.md': text },
        scores,
      );

  it('scores the scripted overall of the round, the last one repeating', () => {
    const overall = (round: number) =>
      JSON.parse(demoOutputs(make()([3.2, 4.1]), round)['staging/evaluations/chapter-003-eval.json'] as string).overall;
    expect([0, 1, 2, 5].map(overall)).toEqual([3.2, 4.1, 4.1, 4.1]);
    expect(JSON.parse(demoOutputs(make()([]), 0)['staging/evaluations/chapter-003-eval.json'] as string).overall).toBe(
      4.2,
    );
  });

  it('a passing evaluation: every dimension at the overall, no fixes, a hook; it validates and passes the gate', () => {
    const out = run(() => make()([4.5]));
    expect(Object.keys(out)).toEqual(['staging/evaluations/chapter-003-eval.json']);
    const e = JSON.parse(out['staging/evaluations/chapter-003-eval.json'] as string);
    expect(e.recommendation).toBe('pass');
    expect(Object.keys(e.scores)).toEqual([
      'plot_logic',
      'character',
      'immersion',
      'foreshadowing',
      'pacing',
      'style_naturalness',
      'emotional_impact',
      'storyline_coherence',
    ]);
    expect(e.scores.plot_logic).toEqual({ score: 4.5, reason: '情节推进清晰' });
    expect(e.scores.character).toEqual({ score: 4.5, reason: '到位' });
    expect(e.required_fixes).toEqual([]);
    expect(e.hook).toEqual({ present: true, type: 'threat_reveal', evidence: '门外忽然有人叩了三下' });
    expect(e.contract_verification).toEqual({
      l1_checks: [{ rule_id: 'demo-rules', status: 'pass', confidence: 'high' }],
      l2_checks: [],
      l3_checks: [{ objective_id: 'C003-O1', status: 'pass', confidence: 'medium' }],
      ls_checks: [],
    });
    const r = validateStep('judge', stagingOf(out), { chapter: 3 });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.valid).toBe(true);
  });

  it('4 is the pass boundary; below it the judge recommends a revision with one fix and the weaker reasons', () => {
    const at4 = JSON.parse(
      run(() => make(3, { score_dimensions: ['plot_logic', 'style_naturalness'] })([4]))[
        'staging/evaluations/chapter-003-eval.json'
      ] as string,
    );
    expect(at4.recommendation).toBe('pass');
    expect(at4.required_fixes).toEqual([]);
    expect(at4.scores).toEqual({
      plot_logic: { score: 4, reason: '情节推进清晰' },
      style_naturalness: { score: 4, reason: '文风贴合设定' },
    });
    const e = JSON.parse(
      run(() => make(3, { score_dimensions: ['plot_logic', 'style_naturalness', 'hook_strength', 'pacing'] })([3.99]))[
        'staging/evaluations/chapter-003-eval.json'
      ] as string,
    );
    expect(e.recommendation).toBe('revise');
    expect(e.required_fixes).toEqual([{ target: '第二段', instruction: '写出主角为突破付出的代价' }]);
    expect(e.scores).toEqual({
      plot_logic: { score: 3.99, reason: '冲突的代价不够，转折略显仓促' },
      style_naturalness: { score: 3.99, reason: '环境描写偏少' },
      hook_strength: { score: 3.99, reason: '章末的钩子偏弱' },
      pacing: { score: 3.99, reason: '还可以更好' },
    });
  });

  it(`chapter ${DEMO_WEAK_HOOK_CHAPTER}'s hook is weak until the hook-fix ending is there`, () => {
    const dims = { score_dimensions: ['plot_logic', 'hook_strength'] };
    const weak = JSON.parse(
      run(() => make(DEMO_WEAK_HOOK_CHAPTER, dims)([4.2]))['staging/evaluations/chapter-014-eval.json'] as string,
    );
    expect(weak.scores.hook_strength).toEqual({ score: 2, reason: '章末平淡收尾，没有留下悬念' });
    expect(weak.hook).toEqual({ present: false, type: 'none', evidence: '' });
    const ending = '下一刻，门被人一把推开，来人手里握着的，正是那柄本该埋在剑冢里的断剑。';
    const fixed = JSON.parse(
      run(() => make(DEMO_WEAK_HOOK_CHAPTER, dims, [], `# 第14章\n\n${ending}\n`)([4.2]))[
        'staging/evaluations/chapter-014-eval.json'
      ] as string,
    );
    expect(fixed.scores.hook_strength).toEqual({ score: 4.2, reason: '章末有人叩门，悬念落在下一章' });
    expect(fixed.hook).toEqual({ present: true, type: 'threat_reveal', evidence: ending });
    // Without a hook_strength dimension only the hook record says so.
    const noDim = JSON.parse(
      run(() => make(DEMO_WEAK_HOOK_CHAPTER)([4.2]))['staging/evaluations/chapter-014-eval.json'] as string,
    );
    expect(noDim.scores.hook_strength).toBeUndefined();
    expect(noDim.hook.present).toBe(false);
  });

  it('writes the secondary evaluation only when the packet requires it (a key chapter)', () => {
    const sec = 'staging/evaluations/chapter-003-eval-secondary.json';
    const required = run(() => make(3, {}, [{ path: sec, required: true }])([4.2]));
    expect(Object.keys(required)).toEqual(['staging/evaluations/chapter-003-eval.json', sec]);
    expect(required[sec]).toBe(required['staging/evaluations/chapter-003-eval.json']);
    expect(Object.keys(run(() => make(3, {}, [{ path: sec, required: false }])([4.2])))).toEqual([
      'staging/evaluations/chapter-003-eval.json',
    ]);
    expect(
      Object.keys(
        run(() => make(3, {}, [{ path: 'staging/evaluations/chapter-003-eval.json', required: true }])([4.2])),
      ),
    ).toEqual(['staging/evaluations/chapter-003-eval.json']);
  });
});

describe('plot-architect', () => {
  const files = {
    'storylines/storylines.json': JSON.stringify({
      storylines: [{ id: 'main' }, { id: 'Bad Id' }, { id: 'ok-but-!' }, { id: 'sect' }, { id: 'c' }, { id: 'd' }],
    }),
    'characters/active/anon.json': JSON.stringify({ role: 'no name' }),
    'characters/active/lin.json': JSON.stringify({ display_name: '林风' }),
    'characters/active/lin.md': '# 林风',
    'characters/active/su.json': JSON.stringify({ display_name: '苏瑶' }),
  };
  const make =
    (range: [number, number], volume = 2, f: Record<string, string> = files) =>
    () =>
      input(
        packet(
          'plot-architect',
          'plan',
          { volume, chapter_range: range },
          {
            storylines: 'storylines/storylines.json',
            character_files: [
              'characters/active/anon.json',
              'characters/active/lin.json',
              'characters/active/lin.md',
              'characters/active/su.json',
            ],
          },
        ),
        f,
      );

  it(
    'writes the outline, schedule, foreshadowing, new characters ' +
      'and a contract per chapter, which validate as a plan',
    () => {
      const out = run(make([31, 35]));
      const dir = 'staging/volumes/vol-02';
      expect(Object.keys(out).sort()).toEqual(
        [
          ...[31, 32, 33, 34, 35].map((c) => `${dir}/chapter-contracts/chapter-0${c}.json`),
          `${dir}/outline.md`,
          `${dir}/storyline-schedule.json`,
          `${dir}/foreshadowing.json`,
          `${dir}/new-characters.json`,
        ].sort(),
      );
      expect(validateVolumePlan(stagingOf(out), 2, [31, 35])).toEqual([]);
      expect(
        v.safeParse(StorylineScheduleSchema, JSON.parse(out[`${dir}/storyline-schedule.json`] as string)).success,
      ).toBe(true);
      expect(
        v.safeParse(VolumeForeshadowingSchema, JSON.parse(out[`${dir}/foreshadowing.json`] as string)).success,
      ).toBe(true);
      expect(v.safeParse(NewCharactersSchema, JSON.parse(out[`${dir}/new-characters.json`] as string)).success).toBe(
        true,
      );
      for (let c = 31; c <= 35; c++)
        expect(
          v.safeParse(ChapterContractSchema, JSON.parse(out[`${dir}/chapter-contracts/chapter-0${c}.json`] as string))
            .success,
        ).toBe(true);
    },
  );

  it('the outline: one block per chapter with the key lines; the fourth chapter follows the second storyline', () => {
    const out = run(make([31, 35]));
    const outline = out['staging/volumes/vol-02/outline.md'] as string;
    expect(outline.startsWith('# 第2卷\n\n本卷 5 章（第 31–35 章）。\n\n### 第 31 章: 第2卷·其1\n')).toBe(true);
    const blocks = outlineBlocks(outline);
    expect(blocks.map((b) => b.chapter)).toEqual([31, 32, 33, 34, 35]);
    const keys = blocks.map((b) => blockKeyLines(b));
    expect(keys.map((k) => k.Storyline)).toEqual(['main', 'main', 'main', 'sect', 'main']);
    expect(keys.map((k) => k.POV)).toEqual(['林风', '林风', '林风', '林风', '林风']);
    expect(keys.map((k) => k.Location)).toEqual(['青岚山门', '外门演武场', '藏经阁', '后山剑冢', '山下集镇']);
    expect(keys.map((k) => k.Arc)).toEqual(['从犹疑到决断', '学会隐忍', '看清身边的人', '承担后果', '信念动摇又重建']);
    expect(keys.map((k) => k.Conflict)).toEqual([
      '门规与本心相争',
      '旧敌再度逼近',
      '残剑的秘密露出一角',
      '同门起了猜忌',
      '外敌试探山门',
    ]);
    const seven = blockKeyLines(
      outlineBlocks(run(make([1, 7]))['staging/volumes/vol-02/outline.md'] as string)[6] as never,
    );
    expect([seven.Location, seven.Conflict, seven.Arc]).toEqual(['青岚山门', '门规与本心相争', '从犹疑到决断']);
    const six = blockKeyLines(
      outlineBlocks(run(make([1, 7]))['staging/volumes/vol-02/outline.md'] as string)[5] as never,
    );
    expect([six.Location, six.Conflict, six.Arc]).toEqual(['黑风谷', '一次代价沉重的抉择', '向前一步']);
    expect(keys.map((k) => k.Foreshadowing)).toEqual(['v02-f1 卷中伏笔（埋下）', '无', '无', '无', 'v02-f1 回收']);
    expect(keys.map((k) => k.TransitionHint)).toEqual([
      '引出第32章',
      '引出第33章',
      '引出第34章',
      '引出第35章',
      '转入第3卷',
    ]);
    expect(Object.keys(keys[0] as object)).toEqual([
      'Storyline',
      'POV',
      'Location',
      'Conflict',
      'Arc',
      'Foreshadowing',
      'StateChanges',
      'TransitionHint',
    ]);
  });

  it('the schedule makes the first storyline primary, up to three valid ids; the foreshadowing spans the range', () => {
    const out = run(make([31, 35]));
    expect(JSON.parse(out['staging/volumes/vol-02/storyline-schedule.json'] as string)).toEqual({
      volume: 2,
      active_storylines: [
        { storyline_id: 'main', volume_role: 'primary' },
        { storyline_id: 'sect', volume_role: 'secondary' },
        { storyline_id: 'c', volume_role: 'secondary' },
      ],
      convergence_events: [],
      dormant_storylines: [],
    });
    expect(JSON.parse(out['staging/volumes/vol-02/foreshadowing.json'] as string)).toEqual({
      volume: 2,
      foreshadowing: [
        {
          id: 'v02-f1',
          description: '第2卷埋下、卷末回收的伏笔',
          scope: 'medium',
          status: 'planned',
          target_resolve_range: [31, 35],
          history: [],
        },
      ],
    });
    expect(out['staging/volumes/vol-02/new-characters.json']).toBe('[]\n');
  });

  it('a contract carries the previous chapter, the arc progress and the objective', () => {
    const out = run(make([31, 35]));
    const first = JSON.parse(out['staging/volumes/vol-02/chapter-contracts/chapter-031.json'] as string);
    const second = JSON.parse(out['staging/volumes/vol-02/chapter-contracts/chapter-032.json'] as string);
    expect(first.storyline_context.last_chapter_summary).toBe('');
    expect(
      JSON.parse(out['staging/volumes/vol-02/chapter-contracts/chapter-033.json'] as string).storyline_context
        .last_chapter_summary,
    ).toBe('第32章：旧敌再度逼近。');
    expect(second).toEqual({
      chapter: 32,
      storyline_id: 'main',
      storyline_context: {
        last_chapter_summary: '第31章：门规与本心相争。',
        chapters_since_last: 1,
        line_arc_progress: 'main 2/5',
        concurrent_state: {},
      },
      preconditions: {},
      objectives: [{ id: 'c032-o1', type: 'plot', required: true, description: '旧敌再度逼近' }],
      postconditions: {},
      acceptance_criteria: ['完成冲突：旧敌再度逼近', '结尾留有钩子'],
    });
  });

  it('a storylines file without a list, or character_files that are not a list: main and 主角', () => {
    const out = run(() =>
      input(
        packet(
          'plot-architect',
          'plan',
          { volume: 1, chapter_range: [1, 2] },
          { storylines: 's.json', character_files: 'c.json' },
        ),
        { 's.json': '{}', 'c.json': JSON.stringify({ display_name: '错' }) },
      ),
    );
    const k = blockKeyLines(outlineBlocks(out['staging/volumes/vol-01/outline.md'] as string)[0] as never);
    expect([k.Storyline, k.POV]).toEqual(['main', '主角']);
    expect(
      run(() => input(packet('plot-architect', 'plan', { volume: 1 })))['staging/volumes/vol-01/outline.md'],
    ).toContain('本卷 1 章（第 1–1 章）');
  });

  it(
    'without storylines or characters: the main storyline and ' +
      '主角; a one-chapter range plants and resolves in one',
    () => {
      const out = run(make([1, 1], 1, {}));
      const outline = out['staging/volumes/vol-01/outline.md'] as string;
      const k = blockKeyLines(outlineBlocks(outline)[0] as never);
      expect(k.Storyline).toBe('main');
      expect(k.POV).toBe('主角');
      expect(k.Foreshadowing).toBe('v01-f1 卷中伏笔（埋下）');
      expect(k.TransitionHint).toBe('转入第2卷');
      expect(validateVolumePlan(stagingOf(out), 1, [1, 1])).toEqual([]);
    },
  );
});

describe('setup agents', () => {
  it("world-builder: a small valid world naming the brief's first line", () => {
    const make = () =>
      input(packet('world-builder', 'setup', { book: 'world' }), {
        'brief.md': '# 简介\n\n  少年持残剑入山门。 \n第二行\n',
      });
    const out = run(make);
    expect(Object.keys(out)).toEqual([
      'staging/world/rules.json',
      'staging/world/geography.md',
      'staging/world/history.md',
      'staging/storylines/storylines.json',
    ]);
    expect(out['staging/world/geography.md']).toBe(
      '# 地理\n\n青岚城居中，北有雪岭，南临长河。故事的舞台：少年持残剑入山门。\n',
    );
    expect(validateSetup('world', stagingOf(out), null)).toMatchObject({ diagnostics: [], valid: true });
    expect(JSON.parse(out['staging/world/rules.json'] as string)).toEqual({
      rules: [
        { id: 'W-001', category: '修炼', rule: '灵力需以心法引导，强行催动必伤经脉', constraint_type: 'hard' },
        { id: 'W-002', category: '地理', rule: '青岚城与北境之间只有一条官道，冬季封路', constraint_type: 'hard' },
        { id: 'W-003', category: '社会', rule: '宗门弟子不得在城中私斗', constraint_type: 'soft' },
      ],
    });
    expect(JSON.parse(out['staging/storylines/storylines.json'] as string)).toEqual({
      storylines: [
        { id: 'main', name: '主线', type: 'main' },
        { id: 'sect-intrigue', name: '宗门暗流', type: 'sub' },
      ],
      relationships: [{ from: 'sect-intrigue', to: 'main', type: 'feeds' }],
    });
    expect(out['staging/world/history.md']).toBe('# 前史\n\n三十年前，宗门之战毁了北境的旧城，幸存者在青岚城落脚。\n');
    const blankFirst = run(() =>
      input(packet('world-builder', 'setup', { book: 'world' }), { 'brief.md': '# 简介\n   \n故事\n' }),
    );
    expect(blankFirst['staging/world/geography.md']).toBe(
      '# 地理\n\n青岚城居中，北有雪岭，南临长河。故事的舞台：故事\n',
    );
    const noBrief = run(() => input(packet('world-builder', 'setup', { book: 'world' })));
    expect(noBrief['staging/world/geography.md']).toBe(
      '# 地理\n\n青岚城居中，北有雪岭，南临长河。故事的舞台：一个关于成长与抉择的故事\n',
    );
  });

  it('character-weaver: three characters, json and prose each, and their relationships; valid', () => {
    const out = run(() => input(packet('character-weaver', 'setup', { book: 'characters' })));
    expect(Object.keys(out)).toEqual([
      'staging/characters/active/lin-feng.json',
      'staging/characters/active/lin-feng.md',
      'staging/characters/active/su-yao.json',
      'staging/characters/active/su-yao.md',
      'staging/characters/active/lao-zhang.json',
      'staging/characters/active/lao-zhang.md',
      'staging/characters/relationships.json',
    ]);
    expect(JSON.parse(out['staging/characters/active/lin-feng.json'] as string)).toEqual({
      id: 'lin-feng',
      display_name: '林风',
      aliases: ['阿风'],
      contracts: [],
    });
    expect(out['staging/characters/active/su-yao.md']).toBe('# 苏瑶\n\n宗门长老之女，聪慧而倔强。\n');
    expect(out['staging/characters/active/lin-feng.md']).toBe('# 林风\n\n主角，出身寒微的少年剑客。\n');
    expect(out['staging/characters/active/lao-zhang.md']).toBe('# 老张\n\n城门口的茶摊老板，知道许多旧事。\n');
    expect(JSON.parse(out['staging/characters/active/su-yao.json'] as string)).toEqual({
      id: 'su-yao',
      display_name: '苏瑶',
      aliases: [],
      contracts: [],
    });
    expect(JSON.parse(out['staging/characters/active/lao-zhang.json'] as string)).toEqual({
      id: 'lao-zhang',
      display_name: '老张',
      aliases: ['张伯'],
      contracts: [],
    });
    expect(JSON.parse(out['staging/characters/relationships.json'] as string)).toEqual({
      relationships: [
        { from: 'lin-feng', to: 'su-yao', type: '同伴' },
        { from: 'lin-feng', to: 'lao-zhang', type: '旧识' },
      ],
    });
    const r = validateSetup('characters', stagingOf(out), null);
    expect(r.diagnostics).toEqual([]);
    expect(r.moves).toHaveLength(7);
  });

  it("style-analyzer: copies novel's sample metrics (0 without them) and validates against them", () => {
    const metrics = { zishu: 900, avg_sentence_length: 17.5, dialogue_ratio: 0.3, avg_paragraph_length: 80 };
    const out = run(() => input(packet('style-analyzer', 'setup', { book: 'style', sample_metrics: metrics })));
    expect(Object.keys(out)).toEqual(['staging/style-profile.json']);
    expect(JSON.parse(out['staging/style-profile.json'] as string)).toEqual({
      voice: '第三人称有限视角，白描为主，短句推进',
      avg_sentence_length: 17.5,
      dialogue_ratio: 0.3,
      avg_paragraph_length: 80,
    });
    expect(validateSetup('style', stagingOf(out), metrics as never).valid).toBe(true);
    const none = run(() => input(packet('style-analyzer', 'setup', { book: 'style', sample_metrics: null })));
    expect(JSON.parse(none['staging/style-profile.json'] as string)).toMatchObject({
      avg_sentence_length: 0,
      dialogue_ratio: 0,
      avg_paragraph_length: 0,
    });
  });
});

describe('other agents', () => {
  it('novel commit and the author write nothing', () => {
    expect(
      demoOutputs(
        input({ ...packet('author', 'review', { chapter: 3 }), agent: { kind: 'human', name: 'author' } }),
        0,
      ),
    ).toEqual({});
    expect(
      demoOutputs(
        input({ ...packet('novel commit', 'commit', { chapter: 3 }), agent: { kind: 'cli', name: 'novel commit' } }),
        0,
      ),
    ).toEqual({});
  });
});
