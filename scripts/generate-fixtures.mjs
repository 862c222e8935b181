// Writes fixtures/project (a small Chinese web-novel project, three chapters
// committed, chapter 4 next) and fixtures/outputs (staged agent outputs for
// chapter 4, good and broken, per stage). Deterministic: re-running it yields
// the same bytes. Run: npx tsx scripts/generate-fixtures.mjs
import { createHash } from 'node:crypto';
import { demoSeedProse } from '../src/core/demo-executor.ts';
import { mkdirSync, rmSync, writeFileSync, readdirSync, statSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const ROOT = new URL('../fixtures/', import.meta.url).pathname;
const PROJECT = join(ROOT, 'project');
const OUT = join(ROOT, 'outputs');

const json = (v) => `${JSON.stringify(v, null, 2)}\n`;
function write(base, rel, content) {
  const p = join(base, rel);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, content);
}
const pad = (n) => String(n).padStart(3, '0');

rmSync(PROJECT, { recursive: true, force: true });
rmSync(OUT, { recursive: true, force: true });

// ---------------------------------------------------------------- characters
const characters = [
  ['lin-qingyan', '林青岚', '主角，青岚宗外门弟子，身负残缺剑骨'],
  ['su-wanxue', '苏晚雪', '青岚宗内门师姐，寒冰灵根'],
  ['gu-changfeng', '顾长风', '林青岚的同乡好友，散修出身'],
  ['mo-tianxing', '莫天行', '黑煞门少主，野心勃勃'],
  ['ye-zhiqiu', '叶知秋', '青岚宗藏经阁长老'],
  ['bai-lingshuang', '白凌霜', '天机阁传人，善推演'],
  ['han-tieshan', '韩铁山', '外门执事，性情暴躁'],
  ['liu-ruyan', '柳如烟', '百花谷弟子，医术高明'],
  ['zhao-wuji', '赵无极', '青岚宗宗主'],
  ['qin-mufeng', '秦慕枫', '内门首席弟子，林青岚的对手'],
  ['xiao-yu', '小鱼', '林青岚收留的孤女'],
  ['du-gu-hong', '独孤鸿', '隐世剑修，残剑之主'],
  ['wang-lao', '王老', '山脚酒肆掌柜，来历成谜'],
  ['fang-ziqi', '方子期', '外门弟子，消息灵通'],
  ['tang-xuan', '唐玄', '黑煞门护法'],
  ['shen-moli', '沈茉莉', '青岚宗丹房弟子'],
  ['lu-jianfeng', '陆剑锋', '内门长老，秦慕枫之师'],
  ['yun-wanqing', '云婉清', '青岚宗前代圣女，已陨落'],
  ['hei-pao-ren', '黑袍人', '暗中窥伺青岚宗的神秘人'],
  ['zhou-ping', '周平', '外门杂役，胆小怕事'],
  ['meng-qianqiu', '孟千秋', '天机阁阁主'],
  ['hua-wuque', '花无缺', '百花谷少谷主'],
];
for (const [slug, name, role] of characters) {
  write(
    PROJECT,
    `characters/active/${slug}.json`,
    json({
      display_name: name,
      role,
      contracts: [{ id: `${slug}-core`, rule: `${name}的核心行为不得违背其设定：${role}`, constraint_type: 'hard' }],
      aliases: [],
    }),
  );
  write(PROJECT, `characters/active/${slug}.md`, `# ${name}\n\n${role}。\n`);
}

// ---------------------------------------------------------------- world, brief, style
write(
  PROJECT,
  'brief.md',
  `# 《青岚剑录》作品简介\n\n少年林青岚身负残缺剑骨，被青岚宗收为外门弟子。宗门暗流涌动，` +
    `黑煞门虎视眈眈，\n一柄残剑牵出二十年前圣女陨落的真相。\n\n- 类型：东方玄幻 / ` +
    `宗门成长\n- 基调：热血、克制、伏笔密集\n- 目标：每章 3000–4000 字，日更两章\n`,
);
write(
  PROJECT,
  'style-profile.json',
  json({
    voice: '第三人称有限视角，贴近林青岚',
    sentence_length: { mean: 18, max: 60 },
    dialogue_ratio: 0.35,
    sample_paragraphs: ['山风卷过青石阶，檐角的铜铃叮当作响。林青岚握紧了手中那柄锈迹斑斑的残剑。'],
  }),
);
write(
  PROJECT,
  'ai-blacklist.json',
  json({
    words: [
      '不禁',
      '仿佛',
      '一丝',
      '嘴角微微上扬',
      '眼中闪过',
      '心中一动',
      '缓缓说道',
      '深吸一口气',
      '空气仿佛凝固',
      '如同潮水般',
      '不由得',
      '淡淡地',
    ],
    whitelist: { words: ['仿佛'] },
  }),
);
write(
  PROJECT,
  'world/rules.json',
  json({
    rules: [
      {
        id: 'W-003',
        category: 'cultivation',
        rule: '境界依次为炼气、筑基、金丹、元婴，不可越级突破',
        constraint_type: 'hard',
      },
      { id: 'W-001', category: 'geography', rule: '青岚宗位于东荒青岚山脉，距黑煞门三百里', constraint_type: 'hard' },
      {
        id: 'W-002',
        category: 'sect',
        rule: '外门弟子不得擅入藏经阁第三层',
        constraint_type: 'hard',
        exceptions: ['持长老手令者'],
      },
      { id: 'W-004', category: 'tone', rule: '战斗描写避免数值化表述', constraint_type: 'soft' },
      {
        id: 'W-005',
        category: 'magic',
        rule: '剑骨残缺者无法御剑飞行',
        constraint_type: 'hard',
        exceptions: ['残剑认主之后'],
      },
      { id: 'W-006', category: 'tone', rule: '每章至少一处环境描写呼应季节', constraint_type: 'soft' },
    ],
    ladders: { realm: ['炼气', '筑基', '金丹', '元婴'] },
  }),
);

// ---------------------------------------------------------------- storylines
write(
  PROJECT,
  'storylines/storylines.json',
  json({
    storylines: [
      { id: 'main-sword', name: '残剑主线', type: 'main' },
      { id: 'sect-intrigue', name: '宗门暗流', type: 'sub' },
      { id: 'heisha-threat', name: '黑煞来袭', type: 'sub' },
    ],
    relationships: [{ from: 'sect-intrigue', to: 'main-sword', type: 'feeds' }],
  }),
);
write(
  PROJECT,
  'storylines/storyline-spec.json',
  json({
    rules: [
      { id: 'LS-001', rule: '同一章最多推进两条故事线', constraint_type: 'hard' },
      { id: 'LS-002', rule: '支线沉寂不超过 8 章', constraint_type: 'soft' },
    ],
  }),
);
write(
  PROJECT,
  'storylines/main-sword/memory.md',
  '# 残剑主线记忆\n\n- 第1章：林青岚入外门，于后山拾得残剑。\n- 第3章：残剑在月下微鸣，剑身浮现古篆“岚”。\n',
);
write(
  PROJECT,
  'storylines/sect-intrigue/memory.md',
  '# 宗门暗流记忆\n\n- 第2章：秦慕枫当众刁难林青岚，韩铁山袖手旁观。\n',
);
write(PROJECT, 'storylines/heisha-threat/memory.md', '# 黑煞来袭记忆\n\n- 尚未正式登场，黑袍人在第3章末一闪而过。\n');

// ---------------------------------------------------------------- volume 1 outline and contracts
const chapterPlans = {
  1: [
    '残剑',
    'main-sword',
    '林青岚',
    '青岚山后山',
    '入门受辱与拾剑',
    '从无助到生出执念',
    'f-001 残剑来历（埋下）',
    'characters.lin-qingyan.location=外门杂院',
    '转入宗门日常',
  ],
  2: [
    '外门',
    'sect-intrigue',
    '林青岚',
    '外门演武场',
    '秦慕枫刁难',
    '隐忍',
    '无',
    'characters.qin-mufeng.attitude=敌视',
    '回到残剑',
  ],
  3: [
    '月下剑鸣',
    'main-sword',
    '林青岚',
    '外门杂院',
    '残剑异动',
    '好奇压过恐惧',
    'f-001 推进；f-002 黑袍人（埋下）',
    'items.broken-sword.state=微鸣',
    '引出藏经阁',
  ],
  4: [
    '藏经阁',
    'main-sword',
    '林青岚',
    '藏经阁',
    '擅闯第三层',
    '冒险',
    'f-001 推进',
    'characters.lin-qingyan.cultivation=炼气二层',
    '转入宗门暗流',
  ],
  5: [
    '试炼',
    'sect-intrigue',
    '林青岚',
    '试炼谷',
    '外门小比',
    '崭露头角',
    '无',
    'characters.lin-qingyan.rank=外门前十',
    '黑煞动向',
  ],
  6: [
    '黑煞',
    'heisha-threat',
    '唐玄',
    '黑煞门',
    '密谋',
    '阴冷',
    'f-002 推进',
    'factions.heisha.plan=渗透',
    '回到青岚宗',
  ],
  7: [
    '药园',
    'sect-intrigue',
    '林青岚',
    '丹房药园',
    '药材失窃',
    '被冤',
    '无',
    'items.spirit-herb.missing=true',
    '主线',
  ],
  8: [
    '剑骨',
    'main-sword',
    '林青岚',
    '后山瀑布',
    '剑骨共鸣',
    '突破',
    'f-001 推进',
    'characters.lin-qingyan.cultivation=炼气三层',
    '暗流',
  ],
  9: [
    '对峙',
    'sect-intrigue',
    '林青岚',
    '执事堂',
    '洗清冤屈',
    '反击',
    '无',
    'characters.han-tieshan.attitude=动摇',
    '黑煞',
  ],
  10: [
    '夜袭',
    'heisha-threat',
    '林青岚',
    '外门杂院',
    '黑煞夜袭',
    '生死一线',
    'f-002 揭开一角',
    'world_state.sect-alert=raised',
    '主线',
  ],
  11: [
    '残剑认主',
    'main-sword',
    '林青岚',
    '后山',
    '残剑认主',
    '觉醒',
    'f-001 推进',
    'items.broken-sword.owner=lin-qingyan',
    '收束',
  ],
  12: [
    '卷终',
    'main-sword',
    '林青岚',
    '青岚宗大殿',
    '宗主召见',
    '新的开始',
    'f-003 圣女之死（埋下）',
    'characters.lin-qingyan.rank=内门候补',
    '第二卷',
  ],
};
// Chapters 13–30: the rest of volume 1 (chapters_per_volume 30), so that the demo never dead-ends.
const lines = ['main-sword', 'sect-intrigue', 'heisha-threat'];
const places = ['后山', '外门演武场', '藏经阁', '丹房药园', '试炼谷', '青岚宗大殿'];
for (let n = 13; n <= 30; n++) {
  chapterPlans[n] = [
    `卷中第${n}章`,
    lines[n % 3],
    '林青岚',
    places[n % places.length],
    `第${n}章的冲突`,
    '成长',
    '无',
    `world_state.chapter-${n}.done=true`,
    '承上启下',
  ];
}
let outline = '# 第一卷 残剑\n\n本卷 30 章，主线为残剑来历，暗线为宗门内斗与黑煞门渗透。\n\n';
for (const [n, p] of Object.entries(chapterPlans)) {
  const num = Number(n);
  // Chapter 7 uses a colon-less heading, chapter 9 a full-width colon.
  const heading =
    num === 7 ? `### 第 ${num} 章` : num === 9 ? `### 第 ${num} 章：${p[0]}` : `### 第 ${num} 章: ${p[0]}`;
  outline +=
    `${heading}\n- **Storyline**: ${p[1]}\n- **POV**: ${p[2]}\n- **Location**: ` +
    `${p[3]}\n- **Conflict**: ${p[4]}\n- **Arc**: ${p[5]}\n- **Foreshadowing**: ` +
    `${p[6]}\n- **StateChanges**: ${p[7]}\n- **TransitionHint**: ${p[8]}\n\n`;
}
write(PROJECT, 'volumes/vol-01/outline.md', outline);
const names = Object.fromEntries(characters.map(([s, n]) => [s, n]));
for (const [n, p] of Object.entries(chapterPlans)) {
  const num = Number(n);
  const contract = {
    chapter: num,
    storyline_id: p[1],
    storyline_context: {
      last_chapter_summary: num > 1 ? `第${num - 1}章：${chapterPlans[num - 1][4]}。` : '开篇',
      chapters_since_last: num > 1 && chapterPlans[num - 1][1] === p[1] ? 0 : 1,
      line_arc_progress: `${p[1]} ${num}/24`,
      concurrent_state: { 'sect-intrigue': '秦慕枫暗中观察', 'heisha-threat': '黑煞门潜伏' },
    },
    preconditions:
      num === 4
        ? {
            character_states: {
              [names['lin-qingyan']]: { cultivation: '炼气一层' },
              [names['ye-zhiqiu']]: { location: '藏经阁' },
              [names['qin-mufeng']]: { attitude: '敌视' },
            },
          }
        : {},
    objectives: [
      { id: `C${pad(num)}-O1`, type: 'plot', required: true, description: p[4] },
      { id: `C${pad(num)}-O2`, type: 'character', required: false, description: p[5] },
    ],
    postconditions: { state_changes: [p[7]] },
    acceptance_criteria: [`完成冲突：${p[4]}`, '结尾留有钩子'],
    ...(num === 4 ? { transition_hint: { next_storyline: 'sect-intrigue', bridge: '藏经阁之事被方子期撞见' } } : {}),
  };
  write(PROJECT, `volumes/vol-01/chapter-contracts/chapter-${pad(num)}.json`, json(contract));
}
write(
  PROJECT,
  'volumes/vol-01/storyline-schedule.json',
  json({
    volume: 1,
    active_storylines: [
      { storyline_id: 'main-sword', volume_role: 'primary' },
      { storyline_id: 'sect-intrigue', volume_role: 'secondary' },
      { storyline_id: 'heisha-threat', volume_role: 'seasoning' },
    ],
    convergence_events: [
      { chapter_range: [10, 11], involved_storylines: ['main-sword', 'heisha-threat'] },
      { chapter_range: null, involved_storylines: ['sect-intrigue'] },
    ],
    dormant_storylines: [],
  }),
);
write(
  PROJECT,
  'volumes/vol-01/foreshadowing.json',
  json({
    volume: 1,
    foreshadowing: [
      {
        id: 'f-001',
        description: '残剑的来历与独孤鸿有关',
        scope: 'long',
        status: 'planted',
        target_resolve_range: [30, 60],
        history: [],
      },
      {
        id: 'f-002',
        description: '黑袍人是黑煞门安插的内应',
        scope: 'medium',
        status: 'planted',
        target_resolve_range: [8, 12],
        history: [],
      },
      {
        id: 'f-003',
        description: '前代圣女云婉清之死另有隐情',
        scope: 'long',
        status: 'planned',
        target_resolve_range: [40, 90],
        history: [],
      },
    ],
  }),
);

// ---------------------------------------------------------------- committed chapters 1–3
// The chapters written before novel: each opens with its story's first line, has its second a third of the way in
// and ends on its third; the rest is composed from its outline block as the demo executor composes a chapter, so the
// book opens at the length it goes on at (about 3,000 字), never a cliff in a chart.
const chapterText = (n, title, paras) => `# 第${n}章 ${title}\n\n${paras.join('\n\n')}\n`;
const seedChapterText = (n, title, paras) => {
  const block = outline.slice(outline.indexOf(`### 第 ${n} 章`)).split('\n\n')[0];
  const prose = demoSeedProse(n, block);
  const third = Math.floor(prose.length / 3);
  const all = [paras[0], ...prose.slice(0, third), paras[1], ...prose.slice(third), paras[2]];
  return `# 第${n}章 ${title}\n\n${all.join('\n\n')}\n`;
};
const committed = {
  1: seedChapterText(1, '残剑', [
    '山风卷过青石阶，檐角的铜铃叮当作响。林青岚背着破旧的行囊，站在青岚宗山门前。',
    '外门执事韩铁山扫了他一眼：“剑骨残缺，也敢来青岚宗？”',
    '夜里，林青岚独自去了后山。乱石之间，一柄锈迹斑斑的残剑半埋在土里。',
  ]),
  2: seedChapterText(2, '外门', [
    '外门演武场上，秦慕枫负手而立，目光落在林青岚身上。',
    '“听说你捡了把废铁？”他笑了，“拿出来让师兄们开开眼。”',
    '林青岚没有说话，只是把残剑往身后藏了藏。',
  ]),
  3: seedChapterText(3, '月下剑鸣', [
    '月色如水，杂院里只剩虫鸣。残剑忽然轻轻一颤，发出细微的嗡鸣。',
    '剑身的锈迹间，浮现出一个古篆——“岚”。',
    '院墙外，一道黑袍身影一闪而过。',
  ]),
};
const summaries = {
  1: '林青岚以残缺剑骨入青岚宗外门，受韩铁山轻视；夜入后山，拾得残剑。',
  2: '秦慕枫在演武场刁难林青岚，林青岚隐忍不发，护住残剑。',
  3: '残剑月下鸣响，剑身现“岚”字；黑袍人暗中窥视。',
};
const storylineOf = { 1: 'main-sword', 2: 'sect-intrigue', 3: 'main-sword' };
const evalOf = (n, overall) => ({
  chapter: n,
  overall,
  recommendation: overall >= 4 ? 'pass' : 'revise',
  contract_verification: {
    l1_checks: [{ rule_id: 'W-003', status: 'pass', confidence: 'high' }],
    l2_checks: [{ contract_id: 'lin-qingyan-core', status: 'pass', confidence: 'high' }],
    l3_checks: [{ objective_id: `C${pad(n)}-O1`, status: 'pass', confidence: 'high' }],
    ls_checks: [{ rule_id: 'LS-001', status: 'pass', confidence: 'medium', constraint_type: 'hard' }],
  },
  scores: {
    plot: { score: overall, reason: '情节推进清晰' },
    character: { score: overall, reason: '人物动机可信' },
    style: { score: overall, reason: '文风贴合设定' },
  },
  required_fixes: [],
});
for (const n of [1, 2, 3]) {
  write(PROJECT, `chapters/chapter-${pad(n)}.md`, committed[n]);
  write(PROJECT, `summaries/chapter-${pad(n)}-summary.md`, `# 第${n}章摘要\n\n${summaries[n]}\n`);
  write(
    PROJECT,
    `evaluations/chapter-${pad(n)}-eval.json`,
    json({
      ...evalOf(n, 4.2),
      metadata: { gate: { decision: 'pass', overall_final: 4.2 }, judges: ['quality-judge'] },
    }),
  );
  write(
    PROJECT,
    `state/chapter-${pad(n)}-crossref.json`,
    json({ storyline_id: storylineOf[n], cross_references: [], leak_risk: 'none' }),
  );
}
const changelog = [
  {
    chapter: 1,
    base_state_version: 0,
    state_version: 1,
    storyline_id: 'main-sword',
    ops: [
      { op: 'set', path: 'characters.lin-qingyan.location', value: '外门杂院' },
      { op: 'set', path: 'characters.lin-qingyan.status', value: 'alive' },
      { op: 'set', path: 'characters.lin-qingyan.realm', value: '炼气' },
      { op: 'set', path: 'characters.yun-wanqing.status', value: 'dead' },
      { op: 'add', path: 'items.broken-sword.holders', value: 'lin-qingyan' },
      { op: 'set', path: 'items.broken-sword.name', value: '残剑' },
      { op: 'set', path: 'items.broken-sword.holder', value: 'lin-qingyan' },
      { op: 'set', path: 'world_state.story_day', value: 1 },
      { op: 'foreshadow', path: 'f-001', value: 'planted', detail: '后山拾得残剑' },
    ],
    dropped: [],
  },
  {
    chapter: 2,
    base_state_version: 1,
    state_version: 2,
    storyline_id: 'sect-intrigue',
    ops: [
      { op: 'set', path: 'characters.qin-mufeng.attitude', value: '敌视' },
      { op: 'set', path: 'characters.qin-mufeng.realm', value: '筑基' },
      { op: 'set', path: 'world_state.story_day', value: 3 },
    ],
    dropped: [],
  },
  {
    chapter: 3,
    base_state_version: 2,
    state_version: 3,
    storyline_id: 'main-sword',
    ops: [
      { op: 'set', path: 'items.broken-sword.state', value: '微鸣' },
      { op: 'foreshadow', path: 'f-002', value: 'planted', detail: '黑袍人窥视' },
    ],
    dropped: [],
  },
];
write(PROJECT, 'state/changelog.jsonl', changelog.map((l) => JSON.stringify(l)).join('\n') + '\n');
write(
  PROJECT,
  'state/current-state.json',
  json({
    schema_version: 1,
    state_version: 3,
    last_updated_chapter: 3,
    characters: {
      'lin-qingyan': { location: '外门杂院', status: 'alive', realm: '炼气' },
      'yun-wanqing': { status: 'dead' },
      'qin-mufeng': { attitude: '敌视', realm: '筑基' },
    },
    items: { 'broken-sword': { holders: ['lin-qingyan'], name: '残剑', holder: 'lin-qingyan', state: '微鸣' } },
    world_state: { story_day: 3 },
    active_foreshadowing: ['f-001', 'f-002'],
  }),
);
write(
  PROJECT,
  'state/chapter-memory.json',
  json([
    {
      chapter: 1,
      time_anchor: '入门首日',
      location: '青岚山后山',
      events: ['拾得残剑'],
      character_states: { 'lin-qingyan': '孤立' },
      open_threads: ['残剑来历'],
    },
    {
      chapter: 2,
      time_anchor: '入门第三日',
      location: '外门演武场',
      events: ['秦慕枫刁难'],
      character_states: { 'qin-mufeng': '敌视' },
      open_threads: [],
    },
    {
      chapter: 3,
      time_anchor: '入门第三日夜',
      location: '外门杂院',
      events: ['残剑鸣响', '黑袍人窥视'],
      character_states: { 'lin-qingyan': '好奇' },
      open_threads: ['黑袍人身份'],
    },
  ]),
);
write(
  PROJECT,
  'foreshadowing/global.json',
  json({
    foreshadowing: [
      {
        id: 'f-001',
        description: '残剑的来历与独孤鸿有关',
        scope: 'long',
        status: 'planted',
        planted_chapter: 1,
        planted_storyline: 'main-sword',
        target_resolve_range: [30, 60],
        last_updated_chapter: 1,
        history: [{ chapter: 1, action: 'planted', detail: '后山拾得残剑' }],
      },
      {
        id: 'f-002',
        description: '黑袍人是黑煞门安插的内应',
        scope: 'medium',
        status: 'planted',
        planted_chapter: 3,
        planted_storyline: 'main-sword',
        target_resolve_range: [8, 12],
        last_updated_chapter: 3,
        history: [{ chapter: 3, action: 'planted', detail: '黑袍人窥视' }],
      },
    ],
  }),
);
write(PROJECT, 'logs/.keep', '');
write(
  PROJECT,
  'novel.config.json',
  json({
    gate: { pass: 4.0, polish: 3.5, revise: 3.0, pause: 2.0 },
    max_revisions: 2,
    revision_policy: 'auto',
    memory_context_chapters: 3,
    chapters_per_volume: 30,
  }),
);
write(
  PROJECT,
  '.checkpoint.json',
  json({
    last_completed_chapter: 3,
    current_volume: 1,
    orchestrator_state: 'WRITING',
    pipeline_stage: 'committed',
    inflight_chapter: null,
    revision_count: 0,
    last_checkpoint_time: '2026-11-20T08:00:00.000Z',
    x_editor_note: 'kept by other tools; novel must preserve it',
  }),
);

// ---------------------------------------------------------------- fingerprint of the final trees
const FINAL = ['chapters', 'summaries', 'evaluations', 'state', 'storylines', 'foreshadowing', 'volumes'];
const files = {};
function walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else files[relative(PROJECT, p)] = createHash('sha256').update(readFileSync(p)).digest('hex');
  }
}
for (const t of FINAL) walk(join(PROJECT, t));
const sorted = Object.fromEntries(
  Object.keys(files)
    .sort()
    .map((k) => [k, files[k]]),
);
write(PROJECT, '.novel/fingerprint.json', json({ files: sorted }));

// ---------------------------------------------------------------- staged outputs for chapter 4
const N = 4;
const C = `staging/chapters/chapter-${pad(N)}.md`;
const draft = chapterText(N, '藏经阁', [
  '夜色深沉，藏经阁的灯火只剩一盏。林青岚贴着墙根，避开了巡夜的周平。',
  '第三层的禁制泛着幽光。残剑在他腰间轻轻震颤，仿佛在催促。',
  '叶知秋的声音从暗处传来：“外门弟子，擅入第三层，你可知罪？”',
]);
const revised = chapterText(N, '藏经阁', [
  '夜色深沉，藏经阁的灯火只剩一盏。林青岚贴着墙根，避开了巡夜的周平。',
  '他在第三层的禁制前停下——外门弟子不得擅入，这条门规他记得清清楚楚。',
  '残剑在他腰间轻轻震颤。叶知秋从暗处走出，递来一枚长老手令：“进去吧，它等你很久了。”',
]);
const refined = draft.replace('仿佛在催促', '像是在催促');
const revisedRefined = revised.replace('清清楚楚', '一清二楚');
const polished = refined.replace('只剩一盏', '只余一盏');
const out = (variant, rel, content) => write(join(OUT, variant), rel, content);

out('draft/good', C, draft);
out('draft/revision', C, revised);
out('draft/no-title', C, draft.replace(/^# .*\n\n/, ''));
out('draft/empty', C, '  \n\n');
out(
  'draft/invalid-utf8',
  C,
  Buffer.concat([Buffer.from('# 第4章 藏经阁\n\n夜色'), Buffer.from([0xe8, 0x28]), Buffer.from('深沉\n')]),
);

const summarize = (variant, overrides = {}) => {
  const files = {
    [`staging/summaries/chapter-${pad(N)}-summary.md`]:
      `# 第${N}章摘要\n\n林青岚夜闯藏` + `经阁第三层，被叶知秋当场撞见。\n`,
    [`staging/state/chapter-${pad(N)}-delta.json`]: json({
      chapter: N,
      base_state_version: 3,
      storyline_id: 'main-sword',
      ops: [
        { op: 'set', path: 'characters.lin-qingyan.location', value: '藏经阁' },
        { op: 'inc', path: 'characters.lin-qingyan.rule_breaks', value: 1 },
        { op: 'set', path: 'world_state.story_day', value: 5 },
        { op: 'foreshadow', path: 'f-001', value: 'advanced', detail: '残剑在禁制前震颤' },
      ],
      unknown_entities: [{ name: '守阁傀儡', type: 'creature' }],
    }),
    [`staging/state/chapter-${pad(N)}-crossref.json`]: json({
      storyline_id: 'main-sword',
      cross_references: [{ storyline_id: 'sect-intrigue', note: '方子期撞见' }],
      leak_risk: 'low',
    }),
    'staging/storylines/main-sword/memory.md':
      '# 残剑主线记忆\n\n- 第1章：林青岚入外门，于后山拾得残剑。\n- 第3章：' +
      '残剑在月下微鸣。\n- 第4章：夜闯藏经阁，残剑在禁制前震颤。\n',
    [`staging/state/chapter-${pad(N)}-memory.json`]: json({
      chapter: N,
      time_anchor: '入门第五日夜',
      location: '藏经阁',
      events: ['夜闯第三层', '叶知秋现身'],
      character_states: { 'lin-qingyan': '紧张', 'ye-zhiqiu': '审视' },
      open_threads: ['叶知秋的态度'],
    }),
    ...overrides,
  };
  for (const [rel, content] of Object.entries(files)) if (content !== null) out(`summarize/${variant}`, rel, content);
};
summarize('good');
summarize('revision', {
  [`staging/summaries/chapter-${pad(N)}-summary.md`]:
    `# 第${N}章摘要\n\n林青岚在禁制` + `前止步，叶知秋递来长老手令，允其入第三层。\n`,
});
summarize('bad-json', { [`staging/state/chapter-${pad(N)}-delta.json`]: '{"chapter": 4, "ops": [\n' });
summarize('wrong-chapter', {
  [`staging/state/chapter-${pad(N)}-delta.json`]: json({
    chapter: 5,
    base_state_version: 3,
    storyline_id: 'main-sword',
    ops: [],
  }),
});
summarize('non-slug-storyline', {
  [`staging/state/chapter-${pad(N)}-delta.json`]: json({
    chapter: N,
    base_state_version: 3,
    storyline_id: '残剑主线',
    ops: [],
  }),
});
summarize('missing-summary', { [`staging/summaries/chapter-${pad(N)}-summary.md`]: null });
summarize('bad-crossref', {
  [`staging/state/chapter-${pad(N)}-crossref.json`]: json({
    storyline_id: 'main-sword',
    cross_references: {},
    leak_risk: 'maybe',
  }),
});
summarize('bad-memory-entry', { [`staging/state/chapter-${pad(N)}-memory.json`]: json({ chapter: N, location: 3 }) });

// The continuity audit of chapter 4 (§19): clean, and one that finds a hard issue.
const AUDIT = `staging/audits/chapter-${pad(N)}-audit.json`;
out('audit/good', AUDIT, json({ chapter: N, issues: [], dismissed: [] }));
out(
  'audit/hard-issue',
  AUDIT,
  json({
    chapter: N,
    issues: [
      {
        kind: 'item_used',
        severity: 'hard',
        evidence: '林青岚握紧残剑',
        fix: '残剑已在第3章交给叶知秋保管，改为赤手应对，或先写他取回残剑',
      },
    ],
    dismissed: [],
  }),
);
out('audit/wrong-chapter', AUDIT, json({ chapter: 5, issues: [] }));

out('refine/good', C, refined);
out(
  'refine/good',
  `staging/logs/style-refiner-chapter-${pad(N)}-changes.json`,
  json([{ before: '仿佛在催促', after: '像是在催促', reason: 'ai-blacklist: 仿佛' }]),
);
out('refine/revision', C, revisedRefined);
out('refine/polish', C, polished);
out('refine/title-changed', C, refined.replace('# 第4章 藏经阁', '# 第4章 夜闯藏经阁'));
out('refine/no-title', C, refined.replace(/^# .*\n\n/, ''));
// §13.4: a refined chapter whose title line lost its text (title-fix repairs it), and the repair: the "# " line only.
const untitled = refined.replace('# 第4章 藏经阁', '# ');
out('refine/untitled', C, untitled);
out('title-fix/good', C, untitled.replace(/^# \n/, '# 第4章 夜探藏经阁\n'));

const E = `staging/evaluations/chapter-${pad(N)}-eval.json`;
const evalWith = (overall, extra = {}) => {
  const e = evalOf(N, overall);
  if (overall < 4) {
    e.recommendation = 'revise';
    e.scores.plot = { score: overall - 0.3, reason: '第三层禁制被轻易突破，缺少代价' };
    e.scores.style = { score: overall + 0.2, reason: '夜景描写偏少' };
  }
  return json({
    ...e,
    ...extra,
    contract_verification: { ...e.contract_verification, ...(extra.contract_verification ?? {}) },
  });
};
for (const score of ['4.0', '3.99', '3.5', '3.49', '3.0', '2.99', '2.0', '1.99', '4.2', '3.2'])
  out(`judge/overall-${score}`, E, evalWith(Number(score)));
out(
  'judge/high-violation-4.8',
  E,
  evalWith(4.8, {
    contract_verification: {
      l1_checks: [
        {
          rule_id: 'W-002',
          status: 'violation',
          confidence: 'high',
          constraint_type: 'hard',
          detail: '外门弟子擅入藏经阁第三层且无长老手令',
        },
      ],
    },
    required_fixes: [{ target: '第三段', instruction: '让叶知秋先给出长老手令，或让林青岚止步于第三层门外' }],
  }),
);
out(
  'judge/soft-ls-violation-4.2',
  E,
  evalWith(4.2, {
    contract_verification: {
      ls_checks: [
        { rule_id: 'LS-002', status: 'violation', confidence: 'high', constraint_type: 'soft', detail: '支线沉寂' },
      ],
    },
  }),
);
out(
  'judge/medium-low-violations-4.1',
  E,
  evalWith(4.1, {
    contract_verification: {
      l2_checks: [
        { contract_id: 'ye-zhiqiu-core', status: 'violation', confidence: 'medium', detail: '叶知秋语气偏重' },
      ],
      l3_checks: [{ objective_id: 'C004-O2', status: 'violation', confidence: 'low', detail: '冒险情绪铺垫不足' }],
    },
  }),
);
// §13.4: a passing evaluation that finds the required chapter-end hook absent.
out('judge/hook-weak-4.2', E, evalWith(4.2, { hook: { present: false, type: 'none', evidence: '' } }));
out('judge/secondary-min', E, evalWith(4.3));
out('judge/secondary-min', `staging/evaluations/chapter-${pad(N)}-eval-secondary.json`, evalWith(3.6));
out('judge/wrong-chapter', E, json({ ...JSON.parse(evalWith(4.2)), chapter: 3 }));
out('judge/bad-json', E, '{"chapter": 4, "overall": 4.2,,}');
out(
  'judge/bad-shape',
  E,
  json({
    chapter: 4,
    overall: 7,
    contract_verification: { l1_checks: [{ status: 'pass', confidence: 'certain' }] },
    scores: [],
  }),
);
console.log('fixtures written');
