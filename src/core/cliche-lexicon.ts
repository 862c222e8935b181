/**
 * The cliché lexicon of Chinese web fiction (PROTOCOL §16): the stock
 * phrases readers skim past, by kind, each kind with its severity and a fix
 * that says what to write instead. `novel init` writes it to cliche-lint.json
 * (word → severity), where the author adds, drops or re-grades entries; a
 * project without that file is linted with this list. No entry is hard: a
 * cliché alone never stops a chapter (the measured AI-flavour score and the
 * author's own list decide that). Pure data.
 */
/** How much a lint finding weighs (§13.2): hard blocks the gate, soft and warn inform. */
export type Severity = 'hard' | 'soft' | 'warn';

export interface ClicheKind {
  id: string;
  severity: Severity;
  zh: { name: string; fix: string };
  en: { name: string; fix: string };
  words: readonly string[];
}

export const CLICHE_KINDS: readonly ClicheKind[] = [
  {
    id: 'expression',
    severity: 'soft',
    zh: { name: '神态套话', fix: '写出这张脸此刻具体的变化和它的原因，或者干脆删掉，让对白和动作说话' },
    en: { name: 'stock facial expression', fix: 'show the face change and its cause in concrete terms, or cut it and let the action speak' },
    words: [
      '嘴角勾起一抹', '嘴角勾起一抹弧度', '勾起一抹弧度', '嘴角微微上扬', '嘴角上扬', '嘴角微扬', '嘴角抽搐', '嘴角一抽', '嘴角噙着',
      '眼中闪过一丝', '眼底闪过一丝', '眼中闪过', '眸中闪过', '眸光一闪', '眼底划过', '眼中精光一闪', '目光一凝', '目光一沉', '眼神一凛',
      '瞳孔骤缩', '瞳孔猛地一缩', '瞳孔微缩', '瞳孔一缩', '瞳孔收缩', '瞳孔地震', '眉头微皱', '眉头一皱', '眉头紧锁', '眉头紧皱',
      '眉头微蹙', '秀眉微蹙', '眼神复杂', '神色复杂', '神情复杂', '神情一滞', '脸色一变', '脸色大变', '脸色骤变', '面色一沉',
      '脸色铁青', '脸色煞白', '面如死灰', '面色阴沉', '眼眶泛红', '眼眶微红', '眼眶一热', '似笑非笑', '意味深长地', '意味深长的笑',
      '玩味的笑', '一抹玩味', '一抹冷笑', '一抹苦笑', '冷笑一声', '嗤笑一声', '轻笑一声', '淡淡一笑', '微微一笑', '苦笑一声',
      '笑意不达眼底', '眼神冰冷', '目光如炬', '目光如刀', '眼神犀利', '眼神锐利', '眼神坚定', '目光坚定',
    ],
  },
  {
    id: 'body',
    severity: 'soft',
    zh: { name: '身体反应套话', fix: '换成这个人物独有的反应，或写他接下来做了什么；套用的生理反应读者一扫而过' },
    en: { name: 'stock bodily reaction', fix: "give the character's own reaction, or what they do next" },
    words: [
      '倒吸一口凉气', '倒吸了一口凉气', '倒抽一口凉气', '倒抽了一口冷气', '深吸一口气', '深吸了一口气', '长舒一口气', '长长地舒了一口气',
      '松了一口气', '心中一凛', '心头一凛', '心中一动', '心头一动', '心头一震', '心中一震', '心中一惊', '心中一紧', '心头一紧',
      '心里咯噔一下', '心中咯噔一下', '心头一颤', '心跳漏了一拍', '心脏漏跳一拍', '心跳漏了半拍', '心跳漏了一拍', '浑身一震', '浑身一颤',
      '身子一僵', '身体一僵', '身形一僵', '后背发凉', '脊背发凉', '背脊发凉', '冷汗直冒', '冷汗涔涔', '冷汗浸透', '头皮发麻',
      '喉结滚动', '喉结上下滚动', '喉结动了动', '指节发白', '指节泛白', '骨节泛白', '攥紧了拳头', '握紧了拳头', '拳头紧握',
      '咬紧牙关', '咬了咬牙', '手心冒汗', '掌心沁出冷汗', '呼吸一滞', '呼吸一窒', '呼吸停滞', '大脑一片空白', '脑海中一片空白',
      '脑子嗡的一声', '起了一身鸡皮疙瘩', '鸡皮疙瘩', '浑身发抖', '双腿发软',
    ],
  },
  {
    id: 'atmosphere',
    severity: 'soft',
    zh: { name: '氛围套话', fix: '用一个具体的声音、动作或细节写出紧张，不要宣布“空气凝固”' },
    en: { name: 'stock atmosphere', fix: 'show the tension by one concrete sound, movement or detail instead of announcing it' },
    words: [
      '空气仿佛凝固', '空气仿佛凝固了', '空气似乎凝固', '空气瞬间凝固', '空气凝固', '时间仿佛静止', '时间仿佛停止', '时间仿佛凝固',
      '时间仿佛停滞', '死一般的寂静', '死一样的寂静', '落针可闻', '鸦雀无声', '一片死寂', '陷入死寂', '气氛降到冰点', '气氛降至冰点',
      '气氛骤然紧张', '气氛凝重', '气氛变得微妙', '如同潮水般', '潮水般涌来', '如潮水般', '排山倒海般', '铺天盖地', '一股寒意',
      '一股莫名的', '一股无形的', '无形的压力', '令人窒息', '压抑的气氛', '山雨欲来', '暴风雨前的宁静',
    ],
  },
  {
    id: 'narration',
    severity: 'warn',
    zh: { name: '叙述腔套话', fix: '删掉它，或换成场景里具体的动作和声音' },
    en: { name: 'stock narration', fix: 'cut it, or replace it by a concrete action or sound of the scene' },
    words: [
      '不禁', '不由得', '不由自主地', '情不自禁地', '下意识地', '缓缓说道', '淡淡地说', '淡淡地', '轻声说道', '沉声说道', '冷冷地说',
      '一字一顿', '缓缓开口', '微微颔首', '与此同时', '就在这时', '就在此时', '就在这个时候', '突然间', '猛然间', '刹那间',
      '不知过了多久', '不知不觉间', '毫无疑问', '显而易见', '值得一提的是', '总而言之', '不得不说', '眼睛一亮', '愣在原地', '愣住了',
      '怔怔地', '一时间', '话音刚落', '话音未落', '说时迟那时快',
    ],
  },
  {
    id: 'simile',
    severity: 'soft',
    zh: { name: '比喻套话', fix: '换一个只属于这个场景的比喻，或者不用比喻，直接写' },
    en: { name: 'stock simile', fix: 'find an image that belongs to this scene, or write it plainly' },
    words: [
      '如同一把利剑', '像一把利剑', '宛如实质', '仿佛实质', '化为实质', '如同实质般', '犹如实质', '几乎化为实质', '如同困兽', '像一头受伤的野兽',
      '如同雕塑', '像一尊雕塑', '宛如雕塑', '像被抽空了力气', '仿佛被抽干了力气', '像断了线的风筝', '如坠冰窟', '如遭雷击', '如同被雷击中',
      '五雷轰顶', '晴天霹雳', '像一道闪电', '如同一道闪电', '犹如天籁', '宛如天籁', '如同死神', '如同鬼魅', '宛如鬼魅', '像一座山',
      '如同一座大山', '压得喘不过气', '如释重负', '如芒在背',
    ],
  },
  {
    id: 'summary',
    severity: 'soft',
    zh: { name: '总结腔与空泛情绪', fix: '删掉替读者下结论的句子；情绪交给事件和人物的选择去表现' },
    en: { name: 'summing up and vague feeling', fix: "cut the sentence that draws the reader's conclusion; let events and choices carry the feeling" },
    words: [
      '他终于明白', '她终于明白', '这一刻，他终于明白', '这一刻，她终于明白', '这只是开始', '一切才刚刚开始', '故事才刚刚开始',
      '命运的齿轮', '命运的齿轮开始转动', '翻开了新的篇章', '新的篇章', '前所未有的', '某种难以言喻的', '难以言喻', '说不清道不明',
      '一种说不出的', '莫名的情绪', '五味杂陈', '百感交集', '心中五味杂陈', '思绪万千', '陷入了沉思', '若有所思', '心中暗道',
      '心中暗想', '暗自思忖', '暗暗发誓', '在心中默默', '心中暗暗', '内心深处', '灵魂深处', '一股暖流', '暖流涌上心头', '心中一暖',
      '前所未有的平静', '久久不能平静', '久久无法平静', '眼神中充满了', '充满了希望', '充满了力量', '坚定的信念',
    ],
  },
  {
    id: 'power',
    severity: 'warn',
    zh: { name: '爽文套话', fix: '让旁人的反应具体到一个人、一句话，而不是“众人哗然”' },
    en: { name: 'stock power-fantasy beat', fix: 'make the onlookers react as one person, one line, not "the crowd gasped"' },
    words: [
      '众人哗然', '全场哗然', '全场寂静', '震惊了所有人', '所有人都惊呆了', '众人倒吸一口凉气', '恐怖如斯', '竟恐怖如斯', '有眼不识泰山',
      '狗眼看人低', '不知死活', '区区蝼蚁', '蝼蚁一般', '一股强大的气势', '强大的威压', '恐怖的威压', '杀意凛然', '杀气腾腾',
      '浑身散发着', '散发出强大的气息', '气息暴涨', '脸上火辣辣的', '众人脸色大变', '目瞪口呆', '瞠目结舌', '难以置信地', '不可置信地',
      '满脸不可置信', '眼中满是震惊', '一脸震惊', '嘴巴张成了O型', '下巴都要掉下来',
    ],
  },
];

/** word → its kind, first kind first; a word listed twice keeps its first kind. */
const KIND_OF: ReadonlyMap<string, ClicheKind> = (() => {
  const m = new Map<string, ClicheKind>();
  for (const k of CLICHE_KINDS) for (const w of k.words) if (!m.has(w)) m.set(w, k);
  return m;
})();

/** The lexicon as cliche-lint.json holds it: word → severity, in the lexicon's order. */
export function clicheLexicon(): Record<string, Severity> {
  const out: Record<string, Severity> = {};
  for (const [w, k] of KIND_OF) out[w] = k.severity;
  return out;
}

/** The kind of a listed word (its name and fix), when the lexicon has it. */
export function clicheKindOf(word: string): ClicheKind | undefined {
  return KIND_OF.get(word);
}
