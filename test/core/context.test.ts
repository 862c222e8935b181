/** Context-assembly rules (PROTOCOL §9) as pure functions on an in-memory project view. */
import { describe, expect, it } from 'vitest';
import { blacklistTop10, effectiveBlacklist } from '../../src/core/context/blacklist.js';
import { L2_CAP, selectCharacters } from '../../src/core/context/characters.js';
import { entityIdMap } from '../../src/core/context/entities.js';
import { foreshadowingTasks } from '../../src/core/context/foreshadowing-tasks.js';
import { requiredFixes } from '../../src/core/context/revision.js';
import { adjacentStorylines } from '../../src/core/context/storylines.js';
import { latestSummaries, prevSummary } from '../../src/core/context/summaries.js';
import { hardRulesList } from '../../src/core/context/world-rules.js';
import { recentMemory } from '../../src/core/chapter-memory.js';
import { dataBlock, escapeData } from '../../src/core/embed.js';
import { blockKeyLines, outlineBlock, outlineBlocks } from '../../src/core/outline.js';
import { memoryView } from '../helpers/memory-view.js';

describe('outline blocks (§9.1)', () => {
  const outline = [
    '# 卷',
    '### 第 1 章: 开端',
    '- **Storyline**: a',
    '### 第 10 章：十',
    '- **POV**: 甲',
    '### 第 12 章',
    '- **Arc**: x',
    '### 第 120 章 一百二十',
    '### 备注',
    '无关',
    '### 第 3 章附录',
    'x',
  ].join('\r\n');

  it(
    '### 第 12 章 matches chapter 12 only, never 1 or 120; ' + 'colon-less and full-width headings work; CRLF is fine',
    () => {
      expect(outlineBlock(outline, 12)?.heading).toBe('### 第 12 章');
      expect(outlineBlock(outline, 1)?.heading).toBe('### 第 1 章: 开端');
      expect(outlineBlock(outline, 10)?.heading).toBe('### 第 10 章：十');
      expect(outlineBlock(outline, 120)?.heading).toBe('### 第 120 章 一百二十');
      expect(outlineBlock(outline, 3)).toBeUndefined();
      expect(outlineBlock(outline, 2)).toBeUndefined();
    },
  );

  it('a block runs to the next ### line or EOF', () => {
    expect(outlineBlock(outline, 12)?.text).toBe('### 第 12 章\n- **Arc**: x');
    expect(outlineBlocks(outline).map((b) => b.chapter)).toEqual([1, 10, 12, 120]);
  });

  it('parses the key lines (ASCII or full-width colon)', () => {
    const block = outlineBlock(
      '### 第 4 章: 藏经阁\n- **Storyline**: main-sword\n- **POV**：林青岚\n- **TransitionHint**: 转入暗流\n',
      4,
    )!;
    expect(blockKeyLines(block)).toEqual({ Storyline: 'main-sword', POV: '林青岚', TransitionHint: '转入暗流' });
  });
});

describe('entity_id_map and L2 pruning', () => {
  const view = memoryView({
    'characters/active/lin.json': JSON.stringify({ display_name: '林青岚' }),
    'characters/active/su.json': JSON.stringify({ display_name: '苏晚雪' }),
    'characters/active/broken.json': '{ not json',
    'characters/active/nameless.json': '{}',
    'characters/active/Bad Name.json': JSON.stringify({ display_name: '坏' }),
    'characters/active/lin.md': '# 林青岚',
  });

  it(
    'maps slug (file name) → display_name and reports invalid ' + 'character files instead of skipping them silently',
    () => {
      const { map, problems } = entityIdMap(view);
      expect(map).toEqual({ lin: '林青岚', su: '苏晚雪' });
      expect(problems.map((p) => p.file).sort()).toEqual([
        'characters/active/Bad Name.json',
        'characters/active/broken.json',
        'characters/active/nameless.json',
      ]);
    },
  );

  it('contract preconditions.character_states: exactly those characters, unknown names reported, no cap', () => {
    const map = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`c${String(i).padStart(2, '0')}`, `角色${i}`]),
    );
    const states = Object.fromEntries(Object.values(map).map((n) => [n, {}]));
    const sel = selectCharacters(
      map,
      { preconditions: { character_states: { ...states, 路人: {} } } },
      'contract.json',
      [],
    );
    expect(sel.rule).toBe('contract_preconditions');
    expect(sel.slugs).toHaveLength(20);
    expect(sel.problems).toHaveLength(1);
    expect(sel.problems[0]?.field).toBe('preconditions.character_states.路人');
  });

  it('otherwise at most 15, by last appearance in the 10 latest summaries (newest first), then slug', () => {
    const map = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [
        `c${String(i).padStart(2, '0')}`,
        `角色${String.fromCharCode(0x4e00 + i)}`,
      ]),
    );
    const summaries = [
      { chapter: 9, text: `${map.c05} 与 ${map.c17}` },
      { chapter: 8, text: `${map.c03}` },
      { chapter: 7, text: `${map.c17} ${map.c19}` },
    ];
    const sel = selectCharacters(map, {}, 'contract.json', summaries);
    expect(sel.rule).toBe('recent_appearance');
    expect(sel.slugs).toHaveLength(L2_CAP);
    expect(sel.slugs.slice(0, 5)).toEqual(['c05', 'c17', 'c03', 'c19', 'c00']);
  });
});

describe('rules, blacklist, summaries, storylines, foreshadowing, memory, revision', () => {
  it('hard_rules_list: hard rules sorted by id, "- [ID][category] rule (exceptions: …)"', () => {
    expect(
      hardRulesList({
        rules: [
          { id: 'W-2', category: 'b', rule: '二', constraint_type: 'hard', exceptions: ['甲', '乙'] },
          { id: 'W-1', category: 'a', rule: '一', constraint_type: 'hard' },
          { id: 'W-0', category: 'c', rule: '软', constraint_type: 'soft' },
        ],
      }),
    ).toEqual(['- [W-1][a] 一', '- [W-2][b] 二 (exceptions: 甲; 乙)']);
  });

  it('ai_blacklist_top10: words minus the whitelist, in file order, first ten', () => {
    const file = { words: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'], whitelist: { words: ['b'] } };
    expect(effectiveBlacklist(file)).toHaveLength(11);
    expect(blacklistTop10(file)).toEqual(['a', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k']);
  });

  it('recent summaries: the 3 latest before the chapter, newest first; prev_summary', () => {
    const view = memoryView({
      'summaries/chapter-001-summary.md': '1',
      'summaries/chapter-003-summary.md': '3',
      'summaries/chapter-004-summary.md': '4',
      'summaries/chapter-006-summary.md': '6',
    });
    expect(latestSummaries(view, 6, 3).map((s) => s.chapter)).toEqual([4, 3, 1]);
    expect(prevSummary(view, 5)).toBe('summaries/chapter-004-summary.md');
    expect(prevSummary(view, 3)).toBeUndefined();
  });

  it('adjacent storylines: transition hint and covering convergence events, dormant lines excluded', () => {
    const schedule = {
      convergence_events: [
        { chapter_range: [10, 11], involved_storylines: ['main', 'heisha'] },
        { chapter_range: null, involved_storylines: ['main', 'sect'] },
        { chapter_range: [1, 2], involved_storylines: ['main', 'old'] },
        { chapter_range: null, involved_storylines: ['other', 'x'] },
      ],
      dormant_storylines: ['sect'],
    };
    expect(adjacentStorylines('main', 10, { transition_hint: { next_storyline: 'bridge-line' } }, schedule)).toEqual([
      'bridge-line',
      'heisha',
    ]);
    expect(adjacentStorylines('main', 5, undefined, { ...schedule, dormant_storylines: [] })).toEqual(['sect']);
  });

  it(
    'foreshadowing tasks: named in the outline, resolve ' + 'window, overdue short; merged by id, global wins, sorted',
    () => {
      const plan = {
        foreshadowing: [
          { id: 'f-3', description: '计划', scope: 'short', status: 'planned', target_resolve_range: [1, 2] },
          { id: 'f-1', status: 'planned', description: '新伏笔' },
          { id: 'f-9', description: '远', target_resolve_range: [50, 60] },
        ],
      };
      const global = {
        foreshadowing: [
          { id: 'f-3', status: 'planted', scope: 'short', target_resolve_range: [1, 2], planted_chapter: 1 },
          { id: 'f-2', status: 'advanced', target_resolve_range: [4, 8], planted_chapter: 1 },
          { id: 'f-4', status: 'resolved', target_resolve_range: [4, 8] },
        ],
      };
      const tasks = foreshadowingTasks(plan, global, 5, 'F-1 埋下；f-2 推进');
      expect(tasks.map((t) => [t.id, t.reasons])).toEqual([
        ['f-1', ['plant_here']],
        ['f-2', ['advance_here', 'resolve_window']],
        ['f-3', ['overdue_short']],
      ]);
      expect(tasks[2]).toMatchObject({ status: 'planted', description: '计划' });
    },
  );

  it('recent_memory: the latest N entries before the chapter', () => {
    const ledger = [1, 2, 3, 4, 5, 6].map((chapter) => ({ chapter }));
    expect(recentMemory(ledger, 5, 3).map((e) => e.chapter)).toEqual([2, 3, 4]);
    expect(recentMemory([], 5, 3)).toEqual([]);
  });

  it("required fixes, or the two lowest-scoring dimensions' reasons when there are none", () => {
    expect(
      requiredFixes({ required_fixes: [{ target: '第三段', instruction: '改' }, { instruction: '再改' }] }),
    ).toEqual([{ target: '第三段', instruction: '改' }, { instruction: '再改' }]);
    expect(
      requiredFixes({
        required_fixes: [],
        scores: { a: { score: 3, reason: 'A' }, b: { score: 2, reason: 'B' }, c: { score: 4, reason: 'C' } },
      }),
    ).toEqual([
      { target: 'b', instruction: 'B' },
      { target: 'a', instruction: 'A' },
    ]);
  });
});

describe('DATA blocks (§9.2)', () => {
  it('escapes every </DATA in any case and caps at a character boundary with a marker inside the block', () => {
    expect(escapeData('x</DATA>y</data >z')).toBe('x<\\/DATA>y<\\/data >z');
    const block = dataBlock('chapter_content', 'c.md', '汉'.repeat(100), 31);
    expect(block).toBe(
      '<DATA type="chapter_content" source="c.md" readonly="true">\n' +
        '汉'.repeat(10) +
        '\n[truncated: 30 of 300 bytes shown]\n</DATA>',
    );
  });
});
