/**
 * The lint report of a chapter (PROTOCOL §13.2): what novel measures itself,
 * deterministically — 字数 against the platform's range, word lists (banned,
 * AI-cliché blacklist, cliché lint), sentence openings that repeat, patterns
 * readers count, long paragraphs, mixed punctuation, the title. Each rule is
 * a small function over the measured text; the report is their fold. Same
 * text + same settings ⇒ same report. Pure.
 */
import { escapeControls, hasUnsafeControls } from './terminal-text.js';
import {
  AI_FEATURES,
  AI_FLAVOUR_MODEL,
  aiFlavourOf,
  featureSpans,
  featureValues,
  type AiFlavour,
} from './ai-flavour.js';
import { clicheKindOf, SHIPPED_LEXICON_SHA256, type Severity } from './cliche-lexicon.js';
import { fingerprints, repetitionFindings, shingleText, windowHashes, type EarlierChapter } from './shingles.js';
import { LINT_WORDS, type Words } from './lint-words.js';
import { titleRuleBreaks, type QualitySettings } from './quality-settings.js';
import { countZishu, type ZishuCount } from './zishu.js';

export type { Severity };

export interface LintFinding {
  rule: string;
  /** The AI-flavour feature an `ai_pattern` finding belongs to. */
  feature?: string;
  severity: Severity;
  message: string;
  line?: number;
  excerpt?: string;
  fix: string;
  message_zh: string;
  fix_zh: string;
}

export interface LintReport {
  chapter: number;
  source: 'staging' | 'chapters' | 'file';
  zishu: number;
  han: number;
  paragraphs: number;
  sentences: number;
  metrics: {
    blacklist_hits: number;
    blacklist_per_kchars: number;
    banned_hits: number;
    cliche_hits: number;
    pattern_hits: Record<string, number>;
    avg_sentence_zishu: number;
    dialogue_ratio: number;
    avg_paragraph_zishu: number;
    max_paragraph_zishu: number;
  };
  /** The AI-flavour score (§16) and what moved it. */
  ai_flavour: AiFlavour;
  findings: LintFinding[];
}

/** The word lists a chapter is checked against. */
export interface LintLists {
  /** ai-blacklist.json's effective list (words minus the whitelist), in file order. */
  blacklist: readonly string[];
  /** ai-blacklist.json's whitelist: masked before anything is counted. */
  whitelist: readonly string[];
  /** cliche-lint.json (else the shipped lexicon): word → severity. */
  cliche: Readonly<Record<string, Severity>>;
  /** `cliche` is the shipped lexicon (there is no cliche-lint.json): the inputs key names it by its sha256. */
  clicheShipped?: boolean;
  /** The cast's display names and aliases (characters/): never a sentence's opening. */
  names?: readonly string[];
  /** sensitive-words.json (§18): each word a hard finding, with its category when the file gives one. */
  sensitive?: ReadonlyArray<{ word: string; category: string | null }>;
  /**
   * The repetition check (§16): the earlier chapters (before `chapter`) that share the most of these winnowed
   * fingerprints, with their texts, from the book's shingle index. Absent: no repetition check.
   */
  earlier?: (fingerprints: readonly number[], chapter: number) => EarlierChapter[];
}

const round2 = (x: number): number => Math.round(x * 100) / 100;
const perK = (hits: number, zishu: number): number => (zishu > 0 ? round2((hits * 1000) / zishu) : 0);

const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;
/** Sentence ends: a run of 。！？… and the closing quotes that follow it. */
const SENTENCE_END = /[\u3002\uff01\uff1f\u2026]+[\u201d\u300d\u300f\u2019"']*/gu;
/** Leading quotes, brackets, punctuation and spaces before a sentence's first words. */
const LEADING = new RegExp(
  '^[\\s\\u201c\\u201d\\u2018\\u2019\\u300c\\u300d\\u300e\\u300f\\u3001-\\u3003' +
    '\\u3008-\\u3011\\uff01-\\uff0f\\uff1a-\\uff20\\u2014\\u2026"\'([]+',
  'u',
);

interface Line {
  /** 1-based line number in the file. */
  n: number;
  text: string;
}

interface Sentence {
  line: number;
  text: string;
  zishu: number;
  opening: string | null;
}

const excerptOf = (text: string, at: number, len: number): string => {
  const from = Math.max(0, at - 8);
  const to = Math.min(text.length, at + len + 8);
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
};

/**
 * A sentence's opening: its first two Han characters after leading quotes and punctuation; none when it opens with a
 * name of the cast.
 */
export function openingOf(sentence: string, names: readonly string[] = []): string | null {
  const rest = sentence.replace(LEADING, '');
  if (names.some((n) => n && rest.startsWith(n))) return null;
  const han = [...rest].filter((c) => HAN.test(c));
  return han.length >= 2 ? `${han[0]}${han[1]}` : null;
}

/**
 * The pieces of one paragraph, each up to and with its sentence end, every one counted (those of no 字 too). They
 * cover the paragraph, and a piece ends with a full-width mark (or the paragraph), where no run of letters or digits
 * goes on: the paragraph counts what its pieces count.
 */
function countedPieces(paragraph: string): Array<{ text: string } & ZishuCount> {
  const out: Array<{ text: string } & ZishuCount> = [];
  let start = 0;
  for (const m of paragraph.matchAll(SENTENCE_END)) {
    const end = (m.index ?? 0) + m[0].length;
    const text = paragraph.slice(start, end);
    out.push({ text, ...countZishu(text) });
    start = end;
  }
  if (start < paragraph.length) {
    const text = paragraph.slice(start);
    out.push({ text, ...countZishu(text) });
  }
  return out;
}

/** The sentences of one paragraph. */
export function sentencesOf(paragraph: string): string[] {
  return countedPieces(paragraph)
    .filter((s) => s.zishu > 0)
    .map((s) => s.text);
}

/**
 * 字数 inside “…”, 「…」, 『…』 or a pair of ASCII "…" (the marks excluded) of one line; a quote left open runs to the
 * line's end.
 */
export function dialogueZishu(line: string): number {
  let total = 0;
  for (const m of line.matchAll(
    /\u201c([^\u201d]*)(?:\u201d|$)|\u300c([^\u300d]*)(?:\u300d|$)|\u300e([^\u300f]*)(?:\u300f|$)|"([^"]*)(?:"|$)/gu,
  ))
    total += countZishu(m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').zishu;
  return total;
}

/**
 * Word lists over the body, longest word first, each match masking its
 * characters (so no character counts twice); whitelisted phrases are masked
 * before anything is counted. A word matches within one line: the body's lines
 * are searched as one text joined by line breaks (one search a word, not one a
 * word and line), and a word that holds a line break matches nowhere.
 */
function wordHits(
  lines: readonly Line[],
  entries: ReadonlyArray<{ word: string; kind: 'banned' | 'sensitive' | 'cliche' | 'blacklist'; severity: Severity }>,
  whitelist: readonly string[],
) {
  const text = lines.map((l) => l.text).join('\n');
  const mask = new Uint8Array(text.length);
  // Where each line starts in `text`, and the line an offset falls in.
  const starts: number[] = [];
  for (let at = 0, i = 0; i < lines.length; i++) {
    starts.push(at);
    at += (lines[i] as Line).text.length + 1;
  }
  const lineAt = (at: number): number => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const matchable = (word: string): boolean => word !== '' && !word.includes('\n');
  const words = entries.filter((e) => matchable(e.word));
  // A whitelisted word is masked only where it stands alone: never inside a longer listed phrase that holds it
  // (仿佛 whitelisted still lets 空气仿佛凝固 count).
  for (const w of [...whitelist].sort((a, b) => b.length - a.length || (a < b ? -1 : 1))) {
    if (!matchable(w)) continue;
    const holders: Array<{ word: string; k: number }> = [];
    for (const e of words) {
      if (e.word.length <= w.length) continue;
      for (let k = e.word.indexOf(w); k >= 0; k = e.word.indexOf(w, k + 1)) holders.push({ word: e.word, k });
    }
    for (let at = text.indexOf(w); at >= 0; at = text.indexOf(w, at + 1)) {
      if (holders.some((h) => at - h.k >= 0 && text.startsWith(h.word, at - h.k))) continue;
      mask.fill(1, at, at + w.length);
    }
  }
  // Longest first, then banned, sensitive, cliché, blacklist, then by code units: sorted by a key of the three, with
  // no comparator (some 300 words sorted through a comparator cost more than all the searching).
  const rank = { banned: 0, sensitive: 1, cliche: 2, blacklist: 3 } as const;
  const byKey = new Map<string, (typeof words)[number]>();
  for (const e of words) byKey.set(`${String(1e8 - e.word.length).padStart(9, '0')}${rank[e.kind]}${e.word}`, e);
  const sorted = [...byKey.keys()].sort().map((k) => byKey.get(k) as (typeof words)[number]);
  const hits: Array<{
    word: string;
    kind: 'banned' | 'sensitive' | 'cliche' | 'blacklist';
    severity: Severity;
    line: number;
    excerpt: string;
    at: number;
  }> = [];
  for (const e of sorted) {
    const len = e.word.length;
    for (let at = text.indexOf(e.word); at >= 0; ) {
      if (mask.subarray(at, at + len).includes(1)) {
        at = text.indexOf(e.word, at + 1);
        continue;
      }
      mask.fill(1, at, at + len);
      const i = lineAt(at);
      const l = lines[i] as Line;
      hits.push({ ...e, line: l.n, excerpt: excerptOf(l.text, at - (starts[i] as number), len), at });
      at = text.indexOf(e.word, at + len);
    }
  }
  return hits.sort((a, b) => a.at - b.at);
}

/**
 * Everything a lint depends on besides the chapter and its text, as one string: two lints with equal keys, chapters and
 * texts give equal reports.
 */
export function lintInputsKey(settings: QualitySettings, lists: LintLists): string {
  return JSON.stringify([
    settings,
    {
      blacklist: lists.blacklist,
      whitelist: lists.whitelist,
      cliche: lists.clicheShipped === true ? { shipped: SHIPPED_LEXICON_SHA256 } : lists.cliche,
      sensitive: lists.sensitive,
      names: lists.names,
    },
    AI_FLAVOUR_MODEL.corpus.sha256,
    AI_FLAVOUR_MODEL.features,
    AI_FLAVOUR_MODEL.intercept,
  ]);
}

export function lintChapter(input: {
  chapter: number;
  source: LintReport['source'];
  text: string;
  settings: QualitySettings;
  lists: LintLists;
}): LintReport {
  const { chapter, settings: q, lists } = input;
  const fileLines = input.text.split(/\r?\n/);
  const titleIdx = fileLines.findIndex((l) => /\S/.test(l));
  // The first non-empty line is the title when it is a `# ` line (an empty one included: title-fix repairs it).
  const hasTitleLine = titleIdx >= 0 && /^#(\s|$)/.test(fileLines[titleIdx] as string);
  const titleText = hasTitleLine ? (fileLines[titleIdx] as string).replace(/^#\s*/, '').trim() : '';
  const body: Line[] = fileLines
    .map((text, i) => ({ n: i + 1, text }))
    .filter((l) => !(hasTitleLine && l.n === titleIdx + 1));
  // The body counts what its lines count (a line break ends a run and counts nothing), and a line what its sentences
  // count: each character is counted once.
  const counted = body
    .filter((l) => /\S/.test(l.text))
    .map((l) => {
      const pieces = countedPieces(l.text);
      const sum = (k: keyof ZishuCount): number => pieces.reduce((a, p) => a + p[k], 0);
      return { ...l, zishu: sum('zishu'), han: sum('han'), pieces };
    });
  const zishu = counted.reduce((a, l) => a + l.zishu, 0);
  const han = counted.reduce((a, l) => a + l.han, 0);
  const paragraphs = counted.filter((p) => p.zishu > 0);
  const names = [...(lists.names ?? [])].filter(Boolean).sort((a, b) => b.length - a.length);
  const sentences: Sentence[] = paragraphs.flatMap((p) =>
    p.pieces
      .filter((s) => s.zishu > 0)
      .map((s) => ({ line: p.n, text: s.text, zishu: s.zishu, opening: openingOf(s.text, names) })),
  );
  const findings: LintFinding[] = [];
  const add = (f: Omit<LintFinding, keyof Words>, words: Words): void => void findings.push({ ...f, ...words });

  // 字数 against the platform's range.
  const W = LINT_WORDS;
  if (q.zishu.hard && (zishu < q.zishu.hard[0] || zishu > q.zishu.hard[1])) {
    const a = { zishu, min: q.zishu.hard[0], max: q.zishu.hard[1] };
    add({ rule: 'zishu_hard', severity: 'hard' }, zishu < a.min ? W.zishu_hard_short(a) : W.zishu_hard_long(a));
  } else if (q.zishu.target && (zishu < q.zishu.target[0] || zishu > q.zishu.target[1])) {
    const a = { zishu, min: q.zishu.target[0], max: q.zishu.target[1] };
    add({ rule: 'zishu_target', severity: 'soft' }, zishu < a.min ? W.zishu_target_short(a) : W.zishu_target_long(a));
  }

  // Word lists: banned words, the cliché lint, the AI-cliché blacklist.
  const entries = [
    ...q.banned_words.map((word) => ({ word, kind: 'banned' as const, severity: 'hard' as Severity })),
    ...(lists.sensitive ?? []).map((s) => ({ word: s.word, kind: 'sensitive' as const, severity: 'hard' as Severity })),
    ...Object.entries(lists.cliche).map(([word, severity]) => ({ word, kind: 'cliche' as const, severity })),
    ...lists.blacklist.map((word) => ({ word, kind: 'blacklist' as const, severity: 'soft' as Severity })),
  ];
  const hits = wordHits(body, entries, lists.whitelist);
  const count = (kind: string): number => hits.filter((h) => h.kind === kind).length;
  const blacklistHits = count('blacklist');
  const blacklistPerK = perK(blacklistHits, zishu);
  for (const h of hits.filter((x) => x.kind === 'sensitive')) {
    const category = lists.sensitive?.find((s) => s.word === h.word)?.category ?? null;
    add(
      { rule: 'sensitive_word', severity: 'hard', line: h.line, excerpt: h.excerpt },
      W.sensitive_word({ word: h.word, category }),
    );
  }
  for (const h of hits.filter((x) => x.kind === 'banned'))
    add({ rule: 'banned_word', severity: 'hard', line: h.line, excerpt: h.excerpt }, W.banned_word({ word: h.word }));
  for (const h of hits.filter((x) => x.kind === 'cliche')) {
    const kind = clicheKindOf(h.word);
    add(
      { rule: 'cliche', severity: h.severity, line: h.line, excerpt: h.excerpt },
      W.cliche(kind ? { word: h.word, kind } : { word: h.word }),
    );
  }
  if (blacklistPerK > q.blacklist_max_per_kchars) {
    // Soft only: measured on real chapters the blacklist's density separates AI from human text no better than
    // chance (§16), and people use these words more than models do; the AI-flavour score decides what is hard.
    const first = hits.find((h) => h.kind === 'blacklist');
    const words = [...new Set(hits.filter((h) => h.kind === 'blacklist').map((h) => h.word))];
    add(
      { rule: 'blacklist_density', severity: 'soft', ...(first ? { line: first.line, excerpt: first.excerpt } : {}) },
      W.blacklist_density({ hits: blacklistHits, perK: blacklistPerK, limit: q.blacklist_max_per_kchars, words }),
    );
  }

  // Sentence openings that repeat within a window.
  const win = Math.max(1, Math.min(q.repetition.window, sentences.length));
  let open: Map<string, boolean> = new Map();
  for (let i = 0; i + win <= sentences.length; i++) {
    const counts = new Map<string, number>();
    for (const s of sentences.slice(i, i + win)) if (s.opening) counts.set(s.opening, (counts.get(s.opening) ?? 0) + 1);
    const now = new Map<string, boolean>();
    for (const [opening, n] of counts) {
      if (n <= q.repetition.max_same_opening) continue;
      now.set(opening, true);
      if (open.has(opening)) continue;
      const first = sentences.slice(i, i + win).find((s) => s.opening === opening) as Sentence;
      add(
        { rule: 'repeated_opening', severity: 'soft', line: first.line, excerpt: first.text.slice(0, 24) },
        W.repeated_opening({ n, window: win, opening, max: q.repetition.max_same_opening }),
      );
    }
    open = now;
  }

  // Patterns readers count.
  const patternHits: Record<string, number> = {};
  for (const p of q.patterns) {
    let re: RegExp;
    try {
      re = new RegExp(p.regex, 'gu');
    } catch {
      continue;
    }
    let n = 0;
    let first: { line: number; excerpt: string } | null = null;
    for (const l of body) {
      for (const m of l.text.matchAll(re)) {
        n += 1;
        first ??= { line: l.n, excerpt: excerptOf(l.text, m.index ?? 0, m[0].length) };
      }
    }
    patternHits[p.id] = n;
    const rate = perK(n, zishu);
    if (rate > p.max_per_kchars)
      add(
        { rule: 'pattern_overuse', severity: 'soft', ...(first ?? {}) },
        W.pattern_overuse({ id: p.id, n, rate, limit: p.max_per_kchars }),
      );
  }

  // Paragraphs too long for a phone screen.
  if (q.max_paragraph_zishu !== null) {
    for (const p of paragraphs) {
      if (p.zishu <= q.max_paragraph_zishu) continue;
      add(
        {
          rule: 'paragraph_too_long',
          severity: p.zishu > 1.5 * q.max_paragraph_zishu ? 'hard' : 'soft',
          line: p.n,
          excerpt: p.text.trim().slice(0, 24),
        },
        W.paragraph_too_long({ zishu: p.zishu, limit: q.max_paragraph_zishu }),
      );
    }
  }

  // ASCII punctuation between Han characters.
  for (const l of body) {
    const m = /[\u3400-\u9fff](?:\.\.\.|[,.?!"])(?=[\u3400-\u9fff])/u.exec(l.text);
    if (m)
      add(
        { rule: 'punctuation_mixed', severity: 'warn', line: l.n, excerpt: excerptOf(l.text, m.index, m[0].length) },
        W.punctuation_mixed(),
      );
  }

  // The title.
  if (!titleText) {
    add(
      { rule: 'title_missing', severity: 'hard', line: hasTitleLine ? titleIdx + 1 : 1 },
      hasTitleLine ? W.title_missing_empty({ chapter }) : W.title_missing_none({ chapter }),
    );
  } else {
    const len = countZishu(titleText).zishu;
    if (len < q.title.min || len > q.title.max)
      add(
        { rule: 'title_length', severity: 'soft', line: titleIdx + 1, excerpt: titleText },
        W.title_length({ len, min: q.title.min, max: q.title.max }),
      );
    // A control or bidi character in a title reaches every reader's screen (§17): a hard finding, which a title-fix
    // repairs.
    if (hasUnsafeControls(titleText))
      add(
        { rule: 'title_control', severity: 'hard', line: titleIdx + 1, excerpt: escapeControls(titleText) },
        W.title_control({ title: escapeControls(titleText) }),
      );
    // On a platform (§18), its title rules and the chapter's number are hard: the title-fix repairs the line.
    const titleRule: Severity = q.platform === 'none' ? 'soft' : 'hard';
    for (const b of titleRuleBreaks(chapter, titleText, q)) {
      if (b.kind === 'forbidden')
        add(
          { rule: 'title_forbidden', severity: titleRule, line: titleIdx + 1, excerpt: titleText },
          W.title_forbidden({ word: b.word }),
        );
      else
        add(
          { rule: 'title_chapter_mismatch', severity: titleRule, line: titleIdx + 1, excerpt: titleText },
          W.title_chapter_mismatch({ named: b.named, chapter }),
        );
    }
  }

  // The AI-flavour score (§16): the score against the thresholds, and the spans of each feature that raised it.
  const { counts: featureCounts, spans } = featureSpans(body);
  const flavour = aiFlavourOf(featureValues(featureCounts, zishu));
  const raising = flavour.contributions
    .filter((c) => c.share > 0 && AI_FEATURES.some((f) => f.id === c.feature && f.raises))
    .sort((a, b) => b.share - a.share);
  const level = flavour.score >= q.ai_flavour.hard ? 'hard' : flavour.score >= q.ai_flavour.soft ? 'soft' : null;
  if (level) {
    const top = raising.slice(0, 3).map((c) => {
      const f = AI_FEATURES.find((x) => x.id === c.feature) as (typeof AI_FEATURES)[number];
      return { en: `${f.en.name} ×${featureCounts[f.id]}`, zh: `${f.zh.name} ${featureCounts[f.id]} 处` };
    });
    add(
      { rule: 'ai_flavour', severity: level },
      W.ai_flavour({ score: flavour.score, threshold: level === 'hard' ? q.ai_flavour.hard : q.ai_flavour.soft, top }),
    );
  }
  const raisingIds = new Set(raising.map((c) => c.feature));
  for (const sp of spans) {
    if (!raisingIds.has(sp.feature)) continue;
    const f = AI_FEATURES.find((x) => x.id === sp.feature) as (typeof AI_FEATURES)[number];
    const text = body.find((l) => l.n === sp.line)?.text ?? '';
    add(
      {
        rule: 'ai_pattern',
        feature: f.id,
        severity: 'warn',
        line: sp.line,
        excerpt: excerptOf(text, sp.at, sp.text.length),
      },
      W.ai_pattern({ text: sp.text, en: f.en, zh: f.zh }),
    );
  }

  // Repetition across the book (§16): passages and shingles shared with an earlier chapter, compared as text.
  if (lists.earlier) {
    const shingled = shingleText(body);
    const hashes = windowHashes(shingled.chars);
    for (const r of repetitionFindings(shingled, lists.earlier(fingerprints(hashes), chapter), hashes)) {
      const a = { chapter: r.chapter, line: r.earlierLine, length: r.length, percent: Math.round(r.share * 100) };
      add(
        { rule: r.rule, severity: 'hard', line: r.line, excerpt: r.excerpt },
        r.rule === 'repeated_passage' ? W.repeated_passage(a) : W.recycled_chapter(a),
      );
    }
  }

  const dialogue = body.reduce((a, l) => a + dialogueZishu(l.text), 0);
  return {
    chapter,
    source: input.source,
    zishu,
    han,
    paragraphs: paragraphs.length,
    sentences: sentences.length,
    metrics: {
      blacklist_hits: blacklistHits,
      blacklist_per_kchars: blacklistPerK,
      banned_hits: count('banned'),
      cliche_hits: count('cliche'),
      pattern_hits: patternHits,
      avg_sentence_zishu: sentences.length ? round2(sentences.reduce((a, s) => a + s.zishu, 0) / sentences.length) : 0,
      dialogue_ratio: zishu > 0 ? round2(dialogue / zishu) : 0,
      avg_paragraph_zishu: paragraphs.length
        ? round2(paragraphs.reduce((a, p) => a + p.zishu, 0) / paragraphs.length)
        : 0,
      max_paragraph_zishu: paragraphs.reduce((a, p) => Math.max(a, p.zishu), 0),
    },
    ai_flavour: flavour,
    findings: findings.sort(
      (a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0),
    ),
  };
}

/** A report's findings counted by severity. */
export function severityCounts(report: LintReport): { hard: number; soft: number; warn: number } {
  const n = (s: Severity): number => report.findings.filter((f) => f.severity === s).length;
  return { hard: n('hard'), soft: n('soft'), warn: n('warn') };
}

/** The title rules' findings (§13.2): what a title-fix is given, and whether one is needed (a hard one, §13.4). */
export function titleFindings(report: LintReport): LintFinding[] {
  return report.findings.filter((f) => f.rule.startsWith('title_'));
}

export function hasHardTitleFinding(report: LintReport): boolean {
  return titleFindings(report).some((f) => f.severity === 'hard');
}

/** The numbers of a style profile novel measures itself (§14, with §13.2's rules). */
export interface StyleMetrics {
  zishu: number;
  paragraphs: number;
  sentences: number;
  /** Mean 字数 per sentence. */
  avg_sentence_length: number;
  /** 字数 between “ and ” or 「 and 」 / 字数. */
  dialogue_ratio: number;
  /** Mean 字数 per paragraph. */
  avg_paragraph_length: number;
}

/** The style numbers of sample texts, taken together; `# ` heading lines are not prose. */
export function styleMetrics(texts: readonly string[]): StyleMetrics {
  const lines = texts.flatMap((t) => t.split(/\r?\n/)).filter((l) => /\S/.test(l) && !/^#/.test(l));
  const paragraphs = lines.map((l) => countZishu(l).zishu).filter((z) => z > 0);
  const sentences = lines.flatMap((l) => sentencesOf(l)).map((s) => countZishu(s).zishu);
  const zishu = paragraphs.reduce((a, z) => a + z, 0);
  const dialogue = lines.reduce((a, l) => a + dialogueZishu(l), 0);
  return {
    zishu,
    paragraphs: paragraphs.length,
    sentences: sentences.length,
    avg_sentence_length: sentences.length ? round2(sentences.reduce((a, z) => a + z, 0) / sentences.length) : 0,
    dialogue_ratio: zishu > 0 ? round2(dialogue / zishu) : 0,
    avg_paragraph_length: paragraphs.length ? round2(zishu / paragraphs.length) : 0,
  };
}
