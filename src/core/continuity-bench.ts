/**
 * The continuity bench (PROTOCOL §19): plant one contradiction of each kind
 * into copies of a book's chapters (text, delta and the state before them),
 * run the checks, and count per kind what was found (recall) and what was
 * found where nothing of that kind was planted (precision). The clean
 * chapters count toward precision. Deterministic for a seed. Pure.
 */
import {
  CONTINUITY_KINDS,
  continuityFindings,
  DEFAULT_CONTINUITY,
  isPersonalName,
  type CastIndex,
  type ContinuityFinding,
  type ContinuityKind,
  type ContinuityNames,
  type Recollection,
} from './continuity.js';
import { seededRandom } from './seeded-random.js';
import { applyOps, EMPTY_STATE, type ChangelogLine, type StateDoc } from './state-ops.js';

type Obj = Record<string, unknown>;

/** One chapter as the checks read it. */
export interface BenchChapter {
  chapter: number;
  text: string;
  stateBefore: Obj;
  ops: Obj[];
  resolved: ReadonlySet<string>;
  /** The lines its delta marked as memory, dream or flashback (kept in the changelog line). */
  recollections?: readonly Recollection[];
}

export interface BenchBook {
  chapters: readonly BenchChapter[];
  cast: CastIndex;
  ladders: Readonly<Record<string, readonly string[]>>;
  names?: ContinuityNames;
}

export interface KindScore {
  kind: ContinuityKind;
  planted: number;
  found: number;
  false_positives: number;
  recall: number;
  precision: number;
}

export interface BenchReport {
  seed: number;
  chapters: number;
  /**
   * Findings on the book's own chapters, as they are (each is a false positive of its kind, or a real slip of the
   * book).
   */
  clean_findings: number;
  kinds: KindScore[];
}

/**
 * A book's chapters as the checks read them: each committed chapter's text,
 * the ops its changelog line applied, the state before them (the changelog
 * replayed up to it; applyOps copies on write, so each chapter's state is
 * its own) and the foreshadowing resolved before it.
 */
export function benchChaptersOf(lines: readonly ChangelogLine[], texts: ReadonlyMap<number, string>): BenchChapter[] {
  const out: BenchChapter[] = [];
  let state: StateDoc = EMPTY_STATE;
  let resolved = new Set<string>();
  for (const line of lines) {
    if (line.accepted_state) {
      state = line.accepted_state;
      continue;
    }
    const ops = line.ops.filter((o): o is Obj => typeof o === 'object' && o !== null && !Array.isArray(o));
    const text = texts.get(line.chapter);
    const spans = (line as { recollections?: unknown }).recollections;
    const recollections = Array.isArray(spans) ? (spans as Recollection[]) : undefined;
    if (text !== undefined)
      out.push({
        chapter: line.chapter,
        text,
        stateBefore: state,
        ops,
        resolved,
        ...(recollections ? { recollections } : {}),
      });
    state = applyOps(state, ops).state;
    const closed = ops
      .filter((o) => o.op === 'foreshadow' && o.value === 'resolved' && typeof o.path === 'string')
      .map((o) => o.path as string);
    if (closed.length) resolved = new Set([...resolved, ...closed]);
  }
  return out;
}

/** The ladder the bench plants on when the book has none. */
const LADDER = ['炼气', '筑基', '金丹', '元婴', '化神'];
const ACTS = [
  '猛地站起身来，拔剑出鞘。',
  '冷笑一声，一掌拍向对方。',
  '推门而入，径直走到桌前。',
  '抬手拦住了众人的去路。',
  '大步上前，一把抓住他的衣领。',
];
const ITEMS = ['玄铁重剑', '紫金葫芦', '碧玉长箫', '乌金匕首', '青铜古镜'];
const PLACES = ['藏经阁', '后山禁地', '演武场', '山门石阶', '丹房'];
const SLIP = [...'峰锋丰明鸣铭萍评芸运阳帆凡伟玮强蔷紫梓孔华晨辰岚澜涛韬'];

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const objAt = (o: Obj, key: string): Obj => {
  const v = o[key];
  if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Obj;
  const fresh: Obj = {};
  o[key] = fresh;
  return fresh;
};

/** A sentence put in after a paragraph of the chapter, chosen by `pick` (never before the title). */
function insertSentence(text: string, sentence: string, pick: number): string {
  const paras = text.split('\n\n');
  const at = 1 + Math.floor(pick * Math.max(1, paras.length - 1));
  paras.splice(Math.min(at, paras.length), 0, sentence);
  return paras.join('\n\n');
}

interface Planted {
  chapter: BenchChapter;
  subject: string;
}

/** Whether the state before the chapter says the character cannot act (dead, missing …). */
function isGone(ch: BenchChapter, id: string, names: ContinuityNames): boolean {
  const characters = ch.stateBefore.characters;
  const c = typeof characters === 'object' && characters !== null ? (characters as Obj)[id] : undefined;
  const status = typeof c === 'object' && c !== null ? (c as Obj)[names.status] : undefined;
  return typeof status === 'string' && names.gone.includes(status);
}

/** The cast member to plant on: one who can act, and one the chapter names when there is one. */
function memberFor(
  ch: BenchChapter,
  cast: CastIndex,
  r: () => number,
  names: ContinuityNames,
): { id: string; name: string } | null {
  const all = [...cast.byId.entries()].filter(([id, own]) => own.length > 0 && !isGone(ch, id, names));
  if (all.length === 0) return null;
  const named = all.filter(([, own]) => own.some((n) => ch.text.includes(n)));
  const pool = named.length ? named : all;
  const [id, own] = pool[Math.floor(r() * pool.length)] as [string, readonly string[]];
  return { id, name: own.find((n) => ch.text.includes(n)) ?? (own[0] as string) };
}

/** One contradiction of `kind` planted into a copy of `ch`, or null when the chapter gives nothing to plant on. */
export function plant(kind: ContinuityKind, ch: BenchChapter, book: BenchBook, r: () => number): Planted | null {
  const names = book.names ?? DEFAULT_CONTINUITY;
  const state = clone(ch.stateBefore);
  const ops = clone(ch.ops);
  const member = memberFor(ch, book.cast, r, names);
  const ladder = book.ladders[names.ladder] ?? LADDER;
  const copy = (over: Partial<BenchChapter>): BenchChapter => ({ ...ch, stateBefore: state, ops, ...over });
  switch (kind) {
    case 'gone_acting': {
      if (!member) return null;
      objAt(objAt(state, 'characters'), member.id)[names.status] = names.gone[0];
      // Whatever the chapter's delta said of them, it does not bring them back.
      const kept = ops.filter((o) => o.path !== `characters.${member.id}.${names.status}`);
      return {
        chapter: copy({
          ops: kept,
          text: insertSentence(ch.text, `${member.name}${ACTS[Math.floor(r() * ACTS.length)]}`, r()),
        }),
        subject: member.id,
      };
    }
    case 'realm_down': {
      if (!member || ladder.length < 3) return null;
      objAt(objAt(state, 'characters'), member.id)[names.realm] = ladder[2];
      // The chapter's own ops on that realm give way to the planted one (two would be an op conflict besides).
      const path = `characters.${member.id}.${names.realm}`;
      const kept = ops.filter((o) => o.path !== path);
      kept.push({ op: 'set', path, value: ladder[Math.floor(r() * 2)] });
      return { chapter: copy({ ops: kept }), subject: member.id };
    }
    case 'item_used': {
      const name = ITEMS.find((n) => !ch.text.includes(n) && !book.cast.known.has(n));
      if (!name || !member) return null;
      const id = 'bench-item';
      objAt(state, 'items')[id] = { [names.item_name]: name, [names.item_status]: names.unusable[0] };
      return {
        chapter: copy({ text: insertSentence(ch.text, `${member.name}握紧${name}，向前刺去。`, r()) }),
        subject: id,
      };
    }
    case 'day_back': {
      const day = 10 + Math.floor(r() * 90);
      objAt(state, 'world_state')[names.story_day] = day;
      const path = `world_state.${names.story_day}`;
      const kept = ops.filter((o) => o.path !== path);
      kept.push({ op: 'set', path, value: day - 1 - Math.floor(r() * 3) });
      return { chapter: copy({ ops: kept }), subject: path };
    }
    case 'op_conflict': {
      if (!member) return null;
      const a = Math.floor(r() * PLACES.length);
      const path = `characters.${member.id}.${names.location}`;
      ops.push({ op: 'set', path, value: PLACES[a] }, { op: 'set', path, value: PLACES[(a + 1) % PLACES.length] });
      return { chapter: copy({}), subject: path };
    }
    case 'name_drift': {
      // A slip is looked for in a character's own name (a surname and a given name), so it is planted there.
      const own = [...book.cast.byId.entries()].filter(
        ([id, n]) => n.length > 0 && isPersonalName(n[0] as string) && !isGone(ch, id, names),
      );
      const named = own.filter(([, n]) => ch.text.includes(n[0] as string));
      const pool = named.length ? named : own;
      if (pool.length === 0) return null;
      const [pid, pnames] = pool[Math.floor(r() * pool.length)] as [string, readonly string[]];
      const member = { id: pid, name: pnames[0] as string };
      const k = 1 + Math.floor(r() * (member.name.length - 1));
      const start = Math.floor(r() * SLIP.length);
      let slip: string | null = null;
      for (let i = 0; i < SLIP.length && slip === null; i++) {
        const ch2 = SLIP[(start + i) % SLIP.length] as string;
        const v = member.name.slice(0, k) + ch2 + member.name.slice(k + 1);
        if (ch2 !== member.name[k] && !book.cast.known.has(v) && !ch.text.includes(v)) slip = v;
      }
      if (slip === null) return null;
      const times = ch.text.split(member.name).length - 1;
      // One right name turned into the slip where there are two or more; else the slip beside a right one.
      const text =
        times >= 2
          ? replaceNth(ch.text, member.name, slip, 1 + Math.floor(r() * (times - 1)))
          : insertSentence(
              times === 1 ? ch.text : insertSentence(ch.text, `${member.name}点了点头。`, 0),
              `${slip}转身离开。`,
              r(),
            );
      return { chapter: copy({ text }), subject: member.id };
    }
    case 'foreshadow_reopened': {
      const id = 'f-bench';
      ops.push({ op: 'foreshadow', path: id, value: 'advanced', detail: '旧事重提' });
      return { chapter: copy({ resolved: new Set([...ch.resolved, id]) }), subject: id };
    }
  }
}

function replaceNth(text: string, word: string, by: string, n: number): string {
  let at = -1;
  for (let i = 0; i <= n; i++) at = text.indexOf(word, at + 1);
  return at < 0 ? text : text.slice(0, at) + by + text.slice(at + word.length);
}

const check = (ch: BenchChapter, book: BenchBook): ContinuityFinding[] =>
  continuityFindings({
    chapter: ch.chapter,
    text: ch.text,
    state: ch.stateBefore,
    ops: ch.ops,
    ...(ch.recollections ? { recollections: ch.recollections } : {}),
    cast: book.cast,
    ladders: book.ladders,
    resolved: ch.resolved,
    ...(book.names ? { names: book.names } : {}),
  });

/** Every chapter clean, then one planted copy per chapter and kind: recall and precision per kind. */
export function runContinuityBench(given: BenchBook, seed = 1): BenchReport {
  const r = seededRandom(seed);
  // A book with no ladder of its own is measured on the bench's.
  const ladder = (given.names ?? DEFAULT_CONTINUITY).ladder;
  const book: BenchBook = given.ladders[ladder] ? given : { ...given, ladders: { ...given.ladders, [ladder]: LADDER } };
  const tally = Object.fromEntries(CONTINUITY_KINDS.map((k) => [k, { planted: 0, found: 0, fp: 0 }])) as Record<
    ContinuityKind,
    { planted: number; found: number; fp: number }
  >;
  let clean = 0;
  for (const ch of book.chapters) {
    for (const f of check(ch, book)) {
      clean++;
      tally[f.kind].fp++;
    }
    for (const kind of CONTINUITY_KINDS) {
      const planted = plant(kind, ch, book, r);
      if (!planted) continue;
      tally[kind].planted++;
      const findings = check(planted.chapter, book);
      const own = findings.filter((f) => f.kind === kind && f.subject === planted.subject);
      if (own.length) tally[kind].found++;
      // What the chapter already said is counted with the clean chapters; only what the plant added is judged here.
      const before = new Set(check(ch, book).map((f) => `${f.kind}\u0000${f.subject}\u0000${f.excerpt}`));
      for (const f of findings) {
        if (own.includes(f) || before.has(`${f.kind}\u0000${f.subject}\u0000${f.excerpt}`)) continue;
        tally[f.kind].fp++;
      }
    }
  }
  const ratio = (a: number, b: number): number => (b === 0 ? 1 : Math.round((a / b) * 1000) / 1000);
  return {
    seed,
    chapters: book.chapters.length,
    clean_findings: clean,
    kinds: CONTINUITY_KINDS.map((kind) => {
      const t = tally[kind];
      return {
        kind,
        planted: t.planted,
        found: t.found,
        false_positives: t.fp,
        recall: ratio(t.found, t.planted),
        precision: ratio(t.found, t.found + t.fp),
      };
    }),
  };
}
