/**
 * Continuity checks (PROTOCOL §19): what a chapter and its delta say, held
 * against the state the book had before it. Each finding names its kind, the
 * sentence (or op) it rests on and what to do. Deterministic and pure: the
 * cast index is built once per book and reused for every chapter.
 */
import { jsonEqual } from './canonical-json.js';
import type { LintFinding } from './lint.js';
import { render, said, type Said } from './messages.js';

/** Where the facts live in the state, by convention; `continuity` in novel.config.json renames them. */
export interface ContinuityNames {
  /** characters.<id>.<status>: alive, dead, missing, sealed … */
  status: string;
  location: string;
  /** characters.<id>.<realm>, ordered by world/rules.json's ladders.<ladder>. */
  realm: string;
  ladder: string;
  /** items.<id>.<holder>, items.<id>.<item_status>, items.<id>.<item_name>. */
  holder: string;
  item_status: string;
  item_name: string;
  /** world_state.<story_day>: the day of the story, a number. */
  story_day: string;
  /** Character statuses under which a character cannot act. */
  gone: readonly string[];
  /** Item statuses under which an item cannot be used. */
  unusable: readonly string[];
}

export const DEFAULT_CONTINUITY: ContinuityNames = {
  status: 'status',
  location: 'location',
  realm: 'realm',
  ladder: 'realm',
  holder: 'holder',
  item_status: 'status',
  item_name: 'name',
  story_day: 'story_day',
  gone: ['dead', 'missing'],
  unusable: ['destroyed', 'lost'],
};

export const CONTINUITY_KINDS = [
  'gone_acting',
  'realm_down',
  'item_used',
  'day_back',
  'op_conflict',
  'name_drift',
  'foreshadow_reopened',
] as const;
export type ContinuityKind = (typeof CONTINUITY_KINDS)[number];

export interface ContinuityFinding {
  kind: ContinuityKind;
  /** The character, item, path or foreshadowing id the finding is about. */
  subject: string;
  /** 1-based line of the chapter text, or null for a finding about the delta alone. */
  line: number | null;
  /** The sentence (or the op, as JSON) the finding rests on. */
  excerpt: string;
  message: Said;
  fix: Said;
}

/** A cast member: a character's id and every name it goes by. */
export interface CastMember {
  id: string;
  names: readonly string[];
}

/** The names of a book, indexed by their first character (built once per book). */
export interface CastIndex {
  /** Each character's names, by id. */
  byId: Map<string, readonly string[]>;
  /** Every name and alias by its first two characters: where the text names someone, found in one pass. */
  byPrefix: Map<string, Array<{ name: string; id: string }>>;
  /** The names a slip is looked for in (a character's own name, a surname and a given name), by first character. */
  slipsByFirst: Map<string, Array<{ name: string; id: string }>>;
  /** Every cast name and alias, and every other name the book knows (items, places): never a drift. */
  known: Set<string>;
}

export function castIndex(cast: readonly CastMember[], otherNames: readonly string[] = []): CastIndex {
  const byFirst = new Map<string, Array<{ name: string; id: string; primary: boolean }>>();
  const known = new Set<string>(otherNames);
  const byId = new Map<string, readonly string[]>();
  for (const m of cast) {
    byId.set(
      m.id,
      m.names.filter((n) => n.length >= 2),
    );
    for (const [k, name] of m.names.entries()) {
      if (name.length < 2) continue;
      known.add(name);
      const first = name[0] as string;
      const list = byFirst.get(first) ?? [];
      list.push({ name, id: m.id, primary: k === 0 });
      byFirst.set(first, list);
    }
  }
  const byPrefix = new Map<string, Array<{ name: string; id: string }>>();
  const slipsByFirst = new Map<string, Array<{ name: string; id: string }>>();
  for (const list of byFirst.values()) {
    list.sort((a, b) => b.name.length - a.name.length || (a.name < b.name ? -1 : 1));
    for (const e of list) {
      const key = e.name.slice(0, 2);
      byPrefix.set(key, [...(byPrefix.get(key) ?? []), { name: e.name, id: e.id }]);
      if (e.primary && isPersonalName(e.name))
        slipsByFirst.set(e.name[0] as string, [
          ...(slipsByFirst.get(e.name[0] as string) ?? []),
          { name: e.name, id: e.id },
        ]);
    }
  }
  return { byId, known, byPrefix, slipsByFirst };
}

/** A span of chapter lines the delta marks as not happening now. */
export interface Recollection {
  lines: readonly [number, number];
  kind: 'memory' | 'dream' | 'flashback';
}

export interface ContinuityInput {
  chapter: number;
  text: string;
  /** The state before the chapter. */
  state: Record<string, unknown>;
  ops: readonly Record<string, unknown>[];
  recollections?: readonly Recollection[];
  cast: CastIndex;
  /** world/rules.json's ladders: name → rungs from low to high. */
  ladders: Readonly<Record<string, readonly string[]>>;
  /** Foreshadowing ids already resolved. */
  resolved: ReadonlySet<string>;
  names?: ContinuityNames;
}

/**
 * What the checks of a chapter in flight read besides the chapter and its
 * delta: the book's state before it (the committed state), its cast, its
 * ladders, the foreshadowing it has resolved and the names of its facts.
 */
export interface ContinuityFacts {
  /** The state the checks read: the whole, or its slim part (slimState), the findings the same either way. */
  state: Record<string, unknown>;
  /** The whole state, read when first asked for (the audit packet's state slice shows whole characters). */
  fullState?: () => Record<string, unknown>;
  cast: CastIndex;
  ladders: Readonly<Record<string, readonly string[]>>;
  resolved: ReadonlySet<string>;
  names: ContinuityNames;
}

/** The findings of a chapter in flight: its text and its delta's ops and recollections, held against the book. */
export function chapterContinuity(
  facts: ContinuityFacts,
  chapter: { chapter: number; text: string; ops: readonly unknown[]; recollections?: readonly Recollection[] },
): ContinuityFinding[] {
  return continuityFindings({
    chapter: chapter.chapter,
    text: chapter.text,
    state: facts.state,
    ops: chapter.ops.filter(isObj),
    ...(chapter.recollections ? { recollections: chapter.recollections } : {}),
    cast: facts.cast,
    ladders: facts.ladders,
    resolved: facts.resolved,
    names: facts.names,
  });
}

/**
 * The part of the state the checks read (characters' status and realm; items' status, name and holder; the story's
 * day), and nothing else: the findings of any chapter are the same against it as against the whole state. A
 * character's location is read only as the name of a place (so that a place is never taken for a slip of a
 * character's name): the places, each once, stand for them (`places`), and a character or item with none of the
 * fields is left out. What the continuity cache keeps of a large state: a long book's thousands of characters with a
 * location and nothing else are a few places.
 */
export function slimState(state: Record<string, unknown>, names: ContinuityNames): Record<string, unknown> {
  const pick = (from: unknown, keys: readonly string[]): Obj => {
    const out: Obj = {};
    if (isObj(from)) for (const k of keys) if (k in from) out[k] = from[k];
    return out;
  };
  const each = (group: unknown, keys: readonly string[]): Obj =>
    Object.fromEntries(
      Object.entries(isObj(group) ? group : {}).flatMap(([id, v]) => {
        const kept = pick(v, keys);
        return Object.keys(kept).length ? [[id, kept]] : [];
      }),
    );
  return {
    characters: each(state.characters, [names.status, names.realm]),
    items: each(state.items, [names.item_status, names.item_name, names.holder]),
    world_state: pick(state.world_state, [names.story_day]),
    places: placesOf(state, names),
  };
}

/** The places the characters of a state are at, each once, sorted. */
export function placesOf(state: Record<string, unknown>, names: ContinuityNames): string[] {
  const places = new Set<string>();
  for (const c of Object.values(isObj(state.characters) ? state.characters : {}))
    if (isObj(c) && typeof c[names.location] === 'string') places.add(c[names.location] as string);
  return [...places].sort();
}

/** The foreshadowing ids a global list (foreshadowing/global.json) holds as resolved. */
export function resolvedForeshadowing(global: readonly Record<string, unknown>[]): Set<string> {
  return new Set(global.filter((f) => f.status === 'resolved' && typeof f.id === 'string').map((f) => f.id as string));
}

/**
 * A finding as the lint report lists it (rule `continuity`, its kind as the
 * feature), in both languages. Soft in the report: the gate blocks on it
 * only when the auditor does not dismiss it.
 */
export function continuityLintFinding(f: ContinuityFinding): LintFinding {
  return {
    rule: 'continuity',
    feature: f.kind,
    severity: 'soft',
    message: render('en', f.message),
    ...(f.line === null ? {} : { line: f.line }),
    excerpt: f.excerpt,
    fix: render('en', f.fix),
    message_zh: render('zh', f.message),
    fix_zh: render('zh', f.fix),
  };
}

/** A finding's identity across runs (what an auditor names to dismiss it): its kind and its subject. */
export const findingKey = (f: Pick<ContinuityFinding, 'kind' | 'subject'>): string => `${f.kind}:${f.subject}`;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const objAt = (o: unknown, key: string): Obj => (isObj(o) && isObj(o[key]) ? (o[key] as Obj) : {});

/**
 * A set of characters, built when first asked for: every command that opens a project loads this module, and most
 * check no chapter.
 */
function charSet(chars: string): () => ReadonlySet<string> {
  let set: ReadonlySet<string> | undefined;
  return () => (set ??= new Set(chars));
}

/** Words around a name that say it is remembered, mourned or spoken of rather than acting now. */
const NOT_NOW = [
  '想起',
  '回忆',
  '记得',
  '记忆',
  '梦',
  '当年',
  '曾经',
  '生前',
  '遗物',
  '遗言',
  '遗体',
  '遗志',
  '遗容',
  '遗像',
  '遗愿',
  '遗命',
  '遗书',
  '尸',
  '墓',
  '坟',
  '灵位',
  '牌位',
  '祭拜',
  '祭奠',
  '祭日',
  '祭文',
  '悼',
  '怀念',
  '往事',
  '昔日',
  '往昔',
  '临终',
  '之死',
  '死后',
  '死前',
  '死讯',
  '死因',
  '已死',
  '身死',
  '死了',
  '亡故',
  '身亡',
  '阵亡',
  '亡魂',
  '牺牲',
  '失踪',
  '下落',
  '报仇',
  '复仇',
  '提起',
  '提到',
  '说起',
  '念叨',
  '传说',
  '画像',
  '名字',
  '消息',
  '噩耗',
  '若是',
  '如果',
  '假如',
];
/** Words around an item that say it is remembered or its remains are meant. */
const NOT_USED = [
  '想起',
  '回忆',
  '记得',
  '梦',
  '当年',
  '曾经',
  '碎片',
  '碎了',
  '破碎',
  '粉碎',
  '毁了',
  '被毁',
  '损毁',
  '断了',
  '断成',
  '折断',
  '残骸',
  '遗物',
  '遗失',
  '丢失',
  '丢了',
  '失去',
  '失落',
  '不见',
  '没了',
  '若是',
  '如果',
  '可惜',
  '怀念',
  '提起',
  '提到',
];
/**
 * Characters that make a place or a direction of the character before them (林中, 王府, 张家): such a word is no name.
 */
const PLACE_CHARS = charSet('中里上下间内外边前后口头面旁侧处地家门府城山村镇街子儿们');
/**
 * Common surnames: a near miss is looked for only in names that are a surname and a given name (林枫, 白凌霜), not in
 * epithets (金星, 龙王, 玉皇大帝).
 */
const SURNAMES = charSet(
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖萧田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢' +
    '姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤常温康施文' +
    '牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符舒阮柯纪梅童凌毕单季裴霍涂成苗谷盛曲' +
    '翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房滕屈饶解牟艾尤阳时穆农司卓古吉缪简车项连芦麦褚娄窦戚岑景党宫费卜冷晏席卫' +
    '米柏宗瞿桂全佟应臧闵苟邬边卞姬师和仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩明佘池乐匡钮燕晁楚谈云水风花月雪',
);
const COMPOUND_SURNAMES = [
  '欧阳',
  '司马',
  '上官',
  '诸葛',
  '东方',
  '慕容',
  '独孤',
  '南宫',
  '皇甫',
  '令狐',
  '公孙',
  '轩辕',
  '西门',
  '长孙',
  '宇文',
  '尉迟',
  '司徒',
  '夏侯',
  '端木',
  '百里',
];
/** A name of a surname and a given name, two to four characters long. */
export const isPersonalName = (name: string): boolean =>
  (name.length >= 2 && name.length <= 3 && SURNAMES().has(name[0] as string)) ||
  (name.length >= 3 && name.length <= 4 && COMPOUND_SURNAMES.includes(name.slice(0, 2)));

/** Characters of a title or a form of address (马先生, 虎姑娘, 刘老): a way to call someone, not a slip of a name. */
const TITLE_CHARS = charSet('先生老爷哥姐兄弟叔伯婶嫂娘姑少公夫太师掌长大小氏君');
interface Sentence {
  line: number;
  text: string;
  /** Where it starts in the chapter text. */
  start: number;
}

/** The chapter's sentences, each with its line and offset (the title line is left out). */
function sentencesOf(text: string): Sentence[] {
  const out: Sentence[] = [];
  let offset = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line.startsWith('# ')) {
      let at = offset;
      for (const part of line.split(/(?<=[\u3002\uff01\uff1f!?])/u)) {
        const lead = part.length - part.trimStart().length;
        const s = part.trim();
        if (s) out.push({ line: i + 1, text: s, start: at + lead });
        at += part.length;
      }
    }
    offset += line.length + 1;
  }
  return out;
}

/** The sentence holding offset `at` (sentences are in order), or undefined between them. */
function sentenceAt(sentences: readonly Sentence[], at: number): Sentence | undefined {
  let lo = 0;
  let hi = sentences.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = sentences[mid] as Sentence;
    if (at < s.start) hi = mid - 1;
    else if (at >= s.start + s.text.length) lo = mid + 1;
    else return s;
  }
  return undefined;
}

/** Where the text names someone rightly, in one pass: each character's mentions, and the offsets they cover. */
function mentionsIn(text: string, cast: CastIndex): { byId: Map<string, number[]>; named: Uint8Array } {
  const byId = new Map<string, number[]>();
  const named = new Uint8Array(text.length);
  for (let i = 0; i + 1 < text.length; i++) {
    const list = cast.byPrefix.get(text.slice(i, i + 2));
    if (!list) continue;
    for (const { name, id } of list) {
      if (!text.startsWith(name, i)) continue;
      named.fill(1, i, i + name.length);
      const at = byId.get(id);
      if (at) at.push(i);
      else byId.set(id, [i]);
    }
  }
  return { byId, named };
}

const inRecollection = (line: number, spans: readonly Recollection[]): boolean =>
  spans.some((r) => line >= r.lines[0] && line <= r.lines[1]);
/**
 * Verbs that make 死了 and 断了 something done to another (杀死了, 斩断了): the
 * sentence then tells of a character acting, or an item used, not of a death
 * or a break.
 */
const DOING = charSet('杀打拍砍劈斩刺捅掐勒咬毒烧淹砸踢撞射害逼吓气割切截剪扯拉拽折咬震');
const holdsAny = (text: string, words: readonly string[]): boolean =>
  words.some((w) => {
    if (w !== '死了' && w !== '断了') return text.includes(w);
    for (let i = text.indexOf(w); i >= 0; i = text.indexOf(w, i + 1))
      if (!DOING().has(text[i - 1] as string)) return true;
    return false;
  });

/** The findings of one chapter, in order of kind, then of line. */
export function continuityFindings(input: ContinuityInput): ContinuityFinding[] {
  const names = input.names ?? DEFAULT_CONTINUITY;
  const out: ContinuityFinding[] = [];
  const sentences = sentencesOf(input.text);
  const spans = input.recollections ?? [];
  const live = sentences.filter((s) => !inRecollection(s.line, spans));
  const characters = objAt(input.state, 'characters');
  const items = objAt(input.state, 'items');
  const sets = input.ops.filter((o) => o.op === 'set' && typeof o.path === 'string');
  const setTo = (path: string): unknown[] => sets.filter((o) => o.path === path).map((o) => o.value);
  const mentions = mentionsIn(input.text, input.cast);
  const isLive = (s: Sentence | undefined): s is Sentence => s !== undefined && !inRecollection(s.line, spans);

  // A character whose status says they cannot act, named in a sentence that is not a memory.
  for (const [id, at] of mentions.byId) {
    const c = characters[id];
    const status = isObj(c) ? c[names.status] : undefined;
    if (typeof status !== 'string' || !names.gone.includes(status)) continue;
    // Brought back in this very chapter: the delta says so.
    if (setTo(`characters.${id}.${names.status}`).some((v) => typeof v === 'string' && !names.gone.includes(v)))
      continue;
    const hit = at.map((i) => sentenceAt(sentences, i)).find((s) => isLive(s) && !holdsAny(s.text, NOT_NOW));
    if (!hit) continue;
    const own = input.cast.byId.get(id) ?? [];
    out.push(finding('gone_acting', id, hit, { name: own.find((n) => hit.text.includes(n)) ?? id, status }));
  }

  // A realm that goes down its ladder with no reason given in the op.
  const ladder = input.ladders[names.ladder] ?? [];
  for (const o of sets) {
    const m = /^characters\.([^.]+)\.([^.]+)$/.exec(o.path as string);
    if (!m || m[2] !== names.realm || typeof o.value !== 'string') continue;
    const before = objAt(characters, m[1] as string)[names.realm];
    const from = typeof before === 'string' ? ladder.indexOf(before) : -1;
    const to = ladder.indexOf(o.value);
    const reason = typeof o.detail === 'string' ? o.detail.trim() : '';
    if (from >= 0 && to >= 0 && to < from && reason === '')
      out.push(opFinding('realm_down', m[1] as string, o, { from: before as string, to: o.value }));
  }

  // An item destroyed or lost, used again (named in the prose, or handed to someone by the delta).
  for (const [id, it] of Object.entries(items)) {
    const status = isObj(it) ? it[names.item_status] : undefined;
    if (typeof status !== 'string' || !names.unusable.includes(status)) continue;
    if (setTo(`items.${id}.${names.item_status}`).some((v) => typeof v === 'string' && !names.unusable.includes(v)))
      continue;
    const name = isObj(it) && typeof it[names.item_name] === 'string' ? (it[names.item_name] as string) : null;
    const handed = sets.find((o) => o.path === `items.${id}.${names.holder}`);
    if (handed) {
      out.push(opFinding('item_used', id, handed, { name: name ?? id, status }));
      continue;
    }
    if (name === null || name.length < 2 || !input.text.includes(name)) continue;
    const hit = live.find((s) => s.text.includes(name) && !holdsAny(s.text, NOT_USED));
    if (hit) out.push(finding('item_used', id, hit, { name, status }));
  }

  // The day of the story going back.
  const dayPath = `world_state.${names.story_day}`;
  const today = objAt(input.state, 'world_state')[names.story_day];
  for (const o of input.ops) {
    if (o.path !== dayPath || typeof today !== 'number') continue;
    const next = o.op === 'set' ? o.value : o.op === 'inc' && typeof o.value === 'number' ? today + o.value : undefined;
    if (typeof next === 'number' && next < today)
      out.push(opFinding('day_back', dayPath, o, { from: today, to: next }));
  }

  // Two ops of one delta that set one path to different values.
  const firstSet = new Map<string, Obj>();
  for (const o of sets) {
    const path = o.path as string;
    const earlier = firstSet.get(path);
    if (earlier === undefined) firstSet.set(path, o);
    else if (!jsonEqual(earlier.value, o.value))
      out.push(
        opFinding('op_conflict', path, o, {
          path,
          first: JSON.stringify(earlier.value),
          second: JSON.stringify(o.value),
        }),
      );
  }

  // A name one character away from a cast name, and itself no name the book knows.
  // The characters the delta's ops touch are in the chapter, named or not.
  const touched = new Set(
    input.ops.flatMap((o) => {
      const m = typeof o.path === 'string' ? /^characters\.([^.]+)\./.exec(o.path) : null;
      return m ? [m[1] as string] : [];
    }),
  );
  for (const drift of chapterDrifts(live, input.text, input.cast, mentions, touched))
    out.push(finding('name_drift', drift.id, drift.sentence, { found: drift.found, name: drift.name }));

  // A foreshadowing item resolved before, planted or advanced again.
  for (const o of input.ops) {
    if (o.op !== 'foreshadow' || typeof o.path !== 'string' || !input.resolved.has(o.path)) continue;
    if (o.value === 'planted' || o.value === 'advanced')
      out.push(opFinding('foreshadow_reopened', o.path, o, { id: o.path, action: String(o.value) }));
  }
  return out;
}

const count = (text: string, word: string): number => text.split(word).length - 1;

/**
 * The drifts of a chapter: near misses in its sentences of a character the
 * chapter also names rightly, and no more often than rightly, or of one the
 * delta's ops say is in the chapter (`touched`). A name that stands on its
 * own (林朵 beside a cast's 林枫, with 林枫 nowhere in the chapter or its
 * delta) is another person, not a slip.
 */
function chapterDrifts(
  sentences: readonly Sentence[],
  text: string,
  cast: CastIndex,
  mentions: { named: Uint8Array },
  touched: ReadonlySet<string>,
): Array<{ found: string; name: string; id: string; sentence: Sentence }> {
  const out: Array<{ found: string; name: string; id: string; sentence: Sentence }> = [];
  const seen = new Set<string>();
  for (const s of sentences) {
    for (const d of driftsIn(s.text, cast, mentions.named.subarray(s.start, s.start + s.text.length))) {
      if (seen.has(d.found)) continue;
      seen.add(d.found);
      const right = (cast.byId.get(d.id) ?? [d.name]).reduce((n, name) => n + count(text, name), 0);
      if ((right >= 1 && count(text, d.found) <= right) || (right === 0 && touched.has(d.id)))
        out.push({ ...d, sentence: s });
    }
  }
  return out;
}

/** Near misses of cast names in one sentence: one character replaced (never the first), followed as a name is. */
export function driftsIn(
  text: string,
  cast: CastIndex,
  named: Uint8Array = mentionsIn(text, cast).named,
): Array<{ found: string; name: string; id: string }> {
  const out: Array<{ found: string; name: string; id: string }> = [];
  for (let i = 0; i < text.length; i++) {
    // A near miss overlapping a right name is a piece of it (枫推 in 林枫推门).
    if (named[i] === 1) continue;
    const list = cast.slipsByFirst.get(text[i] as string);
    if (!list) continue;
    for (const { name, id } of list) {
      if (i + name.length > text.length) continue;
      let diff = 0;
      for (let k = 1; k < name.length && diff < 2; k++) if (text[i + k] !== name[k]) diff++;
      if (diff !== 1) continue;
      const found = text.slice(i, i + name.length);
      if (cast.known.has(found) || named.subarray(i, i + name.length).some((x) => x === 1)) continue;
      if (!/^[\u4e00-\u9fff]+$/u.test(found)) continue;
      // Part of a longer known name the text holds (one or two characters on either side): not a drift.
      let inside = false;
      for (let a = Math.max(0, i - 2); a <= i && !inside; a++)
        for (let b = i + found.length; b <= Math.min(text.length, i + found.length + 2) && !inside; b++)
          if (b - a > found.length && cast.known.has(text.slice(a, b))) inside = true;
      if (inside) continue;
      // Its changed character makes no place or direction of the name's first (林中, 王府): such a word is no name.
      const changed = [...found].find((ch, k) => ch !== name[k]) as string;
      if ((name.length === 2 && PLACE_CHARS().has(changed)) || TITLE_CHARS().has(changed)) continue;
      // A doubled character (马马虎虎) is a word's own rhythm, not a name.
      if ((i > 0 && text[i - 1] === found[0]) || [...found].some((ch, k) => k > 0 && ch === found[k - 1])) continue;
      out.push({ found, name, id });
    }
  }
  return out;
}

function finding(
  kind: ContinuityKind,
  subject: string,
  s: Sentence,
  args: Record<string, string | number>,
): ContinuityFinding {
  return { kind, subject, line: s.line, excerpt: s.text, ...wordsOf(kind, args) };
}

function opFinding(
  kind: ContinuityKind,
  subject: string,
  op: Obj,
  args: Record<string, string | number>,
): ContinuityFinding {
  return { kind, subject, line: null, excerpt: JSON.stringify(op), ...wordsOf(kind, args) };
}

/** A finding's message and fix, said by the catalogue (the continuity group). */
function wordsOf(kind: ContinuityKind, a: Record<string, string | number>): { message: Said; fix: Said } {
  const s = (v: string | number | undefined): string => String(v ?? '');
  switch (kind) {
    case 'gone_acting':
      return {
        message: said('continuity.gone_acting', { name: s(a.name), status: s(a.status) }),
        fix: said('continuity.gone_acting.fix', { name: s(a.name) }),
      };
    case 'realm_down':
      return {
        message: said('continuity.realm_down', { from: s(a.from), to: s(a.to) }),
        fix: said('continuity.realm_down.fix'),
      };
    case 'item_used':
      return {
        message: said('continuity.item_used', { name: s(a.name), status: s(a.status) }),
        fix: said('continuity.item_used.fix', { name: s(a.name) }),
      };
    case 'day_back':
      return {
        message: said('continuity.day_back', { from: Number(a.from), to: Number(a.to) }),
        fix: said('continuity.day_back.fix'),
      };
    case 'op_conflict':
      return {
        message: said('continuity.op_conflict', { path: s(a.path), first: s(a.first), second: s(a.second) }),
        fix: said('continuity.op_conflict.fix'),
      };
    case 'name_drift':
      return {
        message: said('continuity.name_drift', { found: s(a.found), name: s(a.name) }),
        fix: said('continuity.name_drift.fix', { found: s(a.found), name: s(a.name) }),
      };
    case 'foreshadow_reopened':
      return {
        message: said('continuity.foreshadow_reopened', { id: s(a.id), action: s(a.action) }),
        fix: said('continuity.foreshadow_reopened.fix', { id: s(a.id) }),
      };
  }
}
