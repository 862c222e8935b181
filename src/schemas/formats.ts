/**
 * Every file an executor writes, in one table: where it goes, which agent
 * writes it at which step, its schema (JSON files) or its rules (text files),
 * and a valid example. The chapter steps' outputs are documented beside their
 * schemas (staging.ts, CHAPTER_OUTPUT_FORMATS), so that a new step's output
 * is one file's change. docs/formats.md and docs/schemas/*.schema.json are
 * generated from this table (`npm run docs`); the adapters' examples are
 * checked against it; `novel schema <name>` prints a schema.
 */
import { jsonExample, type FileFormat } from './file-format.js';
import { CHAPTER_OUTPUT_FORMATS } from './staging.js';
import {
  ChapterContractSchema,
  NewCharactersSchema,
  StorylineScheduleSchema,
  VolumeForeshadowingSchema,
} from './volume-plan.js';
import {
  BlacklistFileSchema,
  CharacterSchema,
  ClicheLintSchema,
  BookJsonSchema,
  SensitiveWordsSchema,
  RelationshipsSchema,
  StorylinesSchema,
  StyleProfileSchema,
  WorldRulesSchema,
} from './inputs.js';
import { ConfigSchema } from './config.js';

export type { FileFormat };

const json = jsonExample;

export const FORMATS: readonly FileFormat[] = [
  ...CHAPTER_OUTPUT_FORMATS,
  {
    name: 'outline',
    exampleAt: 'staging/volumes/vol-02/outline.md',
    title: 'Volume outline',
    path: 'staging/volumes/vol-VV/outline.md',
    writer: 'plot-architect (volume:VV:plan)',
    rules: [
      'one block per chapter of the planned range, starting at a heading `### 第 C 章: 章名` (also `### 第 C 章` ' +
        'alone, or a full-width colon); C in ASCII or full-width digits or in Chinese numerals (`### 第十二章`)',
      'each block carries the 8 key lines `- **Key**: value` (the bold may be left out): ' +
        'Storyline, POV, Location, Conflict, Arc, Foreshadowing, StateChanges, TransitionHint',
      'the Chinese names are accepted too: 故事线, 视角, 地点, 冲突, 弧线, 伏笔, 状态变化, 过渡提示 (with `:` or `：`)',
      "Storyline is a storyline id (a slug); it equals the contract's storyline_id",
    ],
    example:
      '# 第二卷 风起\n\n### 第 31 章: 山门风起\n- **Storyline**: main-sword\n- **POV**: 林青岚\n- **Location**: ' +
      '青岚山门\n- **Conflict**: 门规与本心相争\n- **Arc**: 从犹疑到决断\n- **Foreshadowing**: v02-f1 ' +
      '卷中伏笔（埋下）\n- **StateChanges**: 无\n- **TransitionHint**: 引出第32章\n\n### 第 32 章：夜雨\n- ' +
      '**故事线**：sect-intrigue\n- **视角**：林青岚\n- **地点**：外门演武场\n- **冲突**：旧敌再度逼近\n- ' +
      '**弧线**：学会隐忍\n- **伏笔**：无\n- **状态变化**：无\n- **过渡提示**：转入第三卷\n',
  },
  {
    name: 'storyline-schedule',
    exampleAt: 'staging/volumes/vol-02/storyline-schedule.json',
    title: 'Storyline schedule',
    path: 'staging/volumes/vol-VV/storyline-schedule.json',
    writer: 'plot-architect (volume:VV:plan)',
    schema: StorylineScheduleSchema,
    rules: ['at most 4 active storylines; ids are slugs'],
    example: json({
      volume: 2,
      active_storylines: [
        { storyline_id: 'main-sword', volume_role: 'primary' },
        { storyline_id: 'sect-intrigue', volume_role: 'secondary' },
      ],
      convergence_events: [{ chapter_range: [31, 32], involved_storylines: ['main-sword', 'sect-intrigue'] }],
      dormant_storylines: ['heisha-threat'],
    }),
  },
  {
    name: 'volume-foreshadowing',
    exampleAt: 'staging/volumes/vol-02/foreshadowing.json',
    title: 'Volume foreshadowing plan',
    path: 'staging/volumes/vol-VV/foreshadowing.json',
    writer: 'plot-architect (volume:VV:plan)',
    schema: VolumeForeshadowingSchema,
    rules: ['ids are slugs: foreshadow ops use them as their path'],
    example: json({
      volume: 2,
      foreshadowing: [
        {
          id: 'v02-f1',
          description: '第2卷埋下、卷末回收的伏笔',
          scope: 'medium',
          status: 'planned',
          target_resolve_range: [31, 32],
          history: [],
        },
      ],
    }),
  },
  {
    name: 'new-characters',
    exampleAt: 'staging/volumes/vol-02/new-characters.json',
    title: 'New characters',
    path: 'staging/volumes/vol-VV/new-characters.json',
    writer: 'plot-architect (volume:VV:plan)',
    schema: NewCharactersSchema,
    rules: ['an array of objects, [] when the volume introduces nobody'],
    example: json([{ slug: 'shen-ye', display_name: '沈夜', role: '山门新来的执事' }]),
  },
  {
    name: 'contract',
    exampleAt: 'staging/volumes/vol-02/chapter-contracts/chapter-031.json',
    title: 'Chapter contract',
    path: 'staging/volumes/vol-VV/chapter-contracts/chapter-NNN.json',
    writer: 'plot-architect (volume:VV:plan), one per chapter of the range',
    schema: ChapterContractSchema,
    rules: [
      'chapter equals NNN',
      "storyline_id equals the outline block's Storyline",
      'at least one objective has required: true',
    ],
    example: json({
      chapter: 31,
      storyline_id: 'main-sword',
      storyline_context: {
        last_chapter_summary: '第30章：林青岚获准入内门。',
        chapters_since_last: 1,
        line_arc_progress: 'main-sword 1/2',
        concurrent_state: {},
      },
      preconditions: {},
      objectives: [{ id: 'c031-o1', type: 'plot', required: true, description: '门规与本心相争' }],
      postconditions: {},
      acceptance_criteria: ['完成冲突：门规与本心相争', '结尾留有钩子'],
    }),
    moreExamples: [
      {
        path: 'staging/volumes/vol-02/chapter-contracts/chapter-032.json',
        example: json({
          chapter: 32,
          storyline_id: 'sect-intrigue',
          storyline_context: {
            last_chapter_summary: '第31章：林青岚在门规与本心之间做出决断。',
            chapters_since_last: 3,
            line_arc_progress: 'sect-intrigue 1/1',
            concurrent_state: {},
          },
          preconditions: {},
          objectives: [{ id: 'c032-o1', type: 'plot', required: true, description: '旧敌再度逼近' }],
          postconditions: {},
          acceptance_criteria: ['完成冲突：旧敌再度逼近', '转入第三卷'],
        }),
      },
    ],
  },
];

/** The files the author writes (novel reads them; `novel schema <name>` explains them). */
export const INPUT_FORMATS: readonly FileFormat[] = [
  {
    name: 'character',
    exampleAt: 'staging/characters/active/bai-lingshuang.json',
    title: 'Character',
    path:
      'characters/active/{id}.json (+ {id}.md, a free-text profile); ' +
      'book:characters stages it as staging/characters/active/{id}.json',
    writer: 'the author, or the character-weaver (book:characters)',
    schema: CharacterSchema,
    rules: [
      'the character id is the file\'s "id" when it has one, else the ' +
        'file name (a slug): 苏清漪.json needs "id": "su-qingyi"',
      'display_name is the name the prose uses: contracts and summaries refer to it',
    ],
    example: json({
      id: 'bai-lingshuang',
      display_name: '白凌霜',
      role: '天机阁传人，善推演',
      contracts: [
        {
          id: 'bai-lingshuang-core',
          rule: '白凌霜的核心行为不得违背其设定：天机阁传人，善推演',
          constraint_type: 'hard',
        },
      ],
      aliases: [],
    }),
  },
  {
    name: 'world-rules',
    exampleAt: 'staging/world/rules.json',
    title: 'World rules',
    path: 'world/rules.json; book:world stages it as staging/world/rules.json',
    writer: 'the author, or the world-builder (book:world)',
    schema: WorldRulesSchema,
    rules: [
      'hard rules are listed in every draft and judge packet (hard_rules_list), sorted by id',
      'book:world needs at least one rule (an empty list is what `novel init` writes, and the step runs)',
    ],
    example: json({
      rules: [
        { id: 'W-001', category: 'geography', rule: '青岚宗位于东荒青岚山脉，距黑煞门三百里', constraint_type: 'hard' },
        {
          id: 'W-002',
          category: 'sect',
          rule: '外门弟子不得擅入藏经阁第三层',
          constraint_type: 'hard',
          exceptions: ['持长老手令'],
        },
      ],
    }),
  },
  {
    name: 'storylines',
    exampleAt: 'staging/storylines/storylines.json',
    title: 'Storylines',
    path: 'storylines/storylines.json; book:world stages it as staging/storylines/storylines.json',
    writer: 'the author, or the world-builder (book:world)',
    schema: StorylinesSchema,
    rules: [
      'outlines (Storyline) and contracts (storyline_id) name a storyline by its id, never by its name',
      'book:world needs at least one storyline, the main one',
    ],
    example: json({
      storylines: [
        { id: 'main-sword', name: '残剑主线', type: 'main' },
        { id: 'sect-intrigue', name: '宗门暗流', type: 'sub' },
      ],
      relationships: [{ from: 'sect-intrigue', to: 'main-sword', type: 'feeds' }],
    }),
  },
  {
    name: 'world-doc',
    exampleAt: 'staging/world/geography.md',
    title: 'World document',
    path: 'world/geography.md and world/history.md; book:world stages them under staging/world/',
    writer: 'the author, or the world-builder (book:world)',
    rules: [
      'Markdown prose, not empty: places and distances (geography), what happened before chapter 1 (history)',
      'the volume plan packet names them (world_docs)',
    ],
    example: '# 地理\n\n青岚宗位于东荒青岚山脉，北临雪岭，距黑煞门三百里。\n',
    moreExamples: [
      { path: 'staging/world/history.md', example: '# 前史\n\n三十年前黑煞门血洗北境，青岚宗自此闭山。\n' },
    ],
  },
  {
    name: 'character-profile',
    exampleAt: 'staging/characters/active/bai-lingshuang.md',
    title: 'Character profile',
    path: 'characters/active/{id}.md; book:characters stages it as staging/characters/active/{id}.md',
    writer: 'the author, or the character-weaver (book:characters)',
    rules: [
      'Markdown prose beside {id}.json, not empty: look, voice, wants, fears, secrets',
      "the draft packet names the profiles of the chapter's characters",
    ],
    example: '# 白凌霜\n\n天机阁传人，善推演。话少，开口必有所指；最怕算不准自己。\n',
  },
  {
    name: 'relationships',
    exampleAt: 'staging/characters/relationships.json',
    title: 'Character relationships',
    path: 'characters/relationships.json; book:characters stages it as staging/characters/relationships.json',
    writer: 'the author, or the character-weaver (book:characters)',
    schema: RelationshipsSchema,
    rules: ['from and to are character ids (slugs)'],
    example: json({ relationships: [{ from: 'bai-lingshuang', to: 'lin-qingyan', type: '同门' }] }),
  },
  {
    name: 'style-profile',
    exampleAt: 'staging/style-profile.json',
    title: 'Style profile',
    path: 'style-profile.json; book:style stages it as staging/style-profile.json',
    writer: 'the author, or the style-analyzer (book:style, when samples/ holds text)',
    schema: StyleProfileSchema,
    rules: [
      'every field is optional; the writer, refiner and judge read it',
      "book:style: avg_sentence_length and dialogue_ratio are novel's own measures of " +
        "samples/ (the packet's inline.sample_metrics, §13.2 rules); validate allows 10 %",
    ],
    example: json({
      voice: '第三人称有限视角，贴近林青岚',
      avg_sentence_length: 18,
      dialogue_ratio: 0.35,
      sample_paragraphs: ['山风卷过青石阶，檐角的铜铃叮当作响。'],
    }),
  },
  {
    name: 'ai-blacklist',
    exampleAt: null,
    title: 'AI-cliché blacklist',
    path: 'ai-blacklist.json',
    writer: 'the author',
    schema: BlacklistFileSchema,
    rules: [
      'words: the AI clichés the writer and refiner avoid; novel counts them per 1,000 ' +
        '字 (quality.blacklist_max_per_kchars: soft above it, hard above twice it)',
      'whitelist.words: phrases masked before counting, so a blacklisted word inside them is not a hit',
    ],
    example: json({ words: ['不禁', '嘴角微微上扬', '眼中闪过'], whitelist: { words: ['仿佛'] } }),
  },
  {
    name: 'cliche-lint',
    exampleAt: null,
    title: 'Cliché lint (optional)',
    path: 'cliche-lint.json',
    writer: 'the author',
    schema: ClicheLintSchema,
    rules: [
      'words: {word: "hard" | "soft" | "warn"}: each hit is a lint ' +
        'finding of that severity (hard sends the chapter back)',
    ],
    example: json({ words: { 倒吸一口凉气: 'soft', 虎躯一震: 'hard', 不可思议: 'warn' } }),
  },
  {
    name: 'book',
    exampleAt: null,
    title: 'Book metadata',
    path: 'book.json',
    writer: "the author (`novel init --title --author`, or `novel import` from a TXT's opening lines)",
    schema: BookJsonSchema,
    rules: [
      "title and author are what the exports and `novel serve` show (before novel.config.json's and brief.md's); " +
        'blurb is the 简介',
    ],
    example: json({ title: '剑起青岚', author: '青岚客', blurb: '少年林青岚携残剑出山。', platform: 'qidian' }),
  },
  {
    name: 'sensitive-words',
    exampleAt: null,
    title: 'Sensitive words (optional)',
    path: 'sensitive-words.json',
    writer: 'the author',
    schema: SensitiveWordsSchema,
    rules: [
      'words, and each list of categories: every hit is a hard lint finding (sensitive_word), named with its ' +
        'category: the gate sends the chapter back before it can be published',
    ],
    example: json({ words: ['加微信'], categories: { 广告: ['扫码关注', '加群'] } }),
  },
  {
    name: 'config',
    exampleAt: null,
    title: 'Settings',
    path: 'novel.config.json',
    writer: 'the author',
    schema: ConfigSchema,
    rules: ['every key is optional; an unknown key is an error naming it (docs/configuration.md)'],
    example: json({
      gate: { pass: 4, polish: 3.5, revise: 3, pause: 2 },
      max_revisions: 2,
      chapters_per_volume: 30,
      executor: { command: 'claude' },
    }),
  },
];

export function formatNamed(name: string): FileFormat | undefined {
  return FORMATS.find((f) => f.name === name) ?? INPUT_FORMATS.find((f) => f.name === name);
}
