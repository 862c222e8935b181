/**
 * Chapter blocks of volumes/vol-VV/outline.md (PROTOCOL §9.1, §14 outline
 * tolerance). A block starts at `### 第 {C} 章` followed by end of line, ":",
 * "：" or a space, and runs to the next `### ` line or EOF. C is written in
 * ASCII or full-width digits or in Chinese numerals (`### 第十二章`).
 */
import { NUMERAL_CLASS, numberOf } from './chapter-number.js';

// `### 第 C 章` (第 = \u7b2c, 章 = \u7ae0, ： = \uff1a), escaped so that the bundle stays ASCII.
const HEADING_RE = new RegExp(`^### \u7b2c\\s*([${NUMERAL_CLASS}]+)\\s*\u7ae0(?=$|[:\uff1a\\s])`);

/** The chapter a `### ` heading line opens, or null. */
function headingChapter(line: string): number | null {
  const m = HEADING_RE.exec(line);
  return m ? numberOf(m[1] as string) : null;
}

export interface OutlineBlock {
  chapter: number;
  /** The heading line, without line ending. */
  heading: string;
  /** The whole block including the heading, lines joined with "\n". */
  text: string;
  /** 1-based line of the heading. */
  line: number;
}

/** The block whose heading is line `i` (0-based) of `lines`: it runs to the next `### ` line or the end. */
function blockAt(lines: readonly string[], i: number, chapter: number): OutlineBlock {
  let end = i + 1;
  while (end < lines.length && !(lines[end] as string).startsWith('### ')) end++;
  return {
    chapter,
    heading: lines[i] as string,
    text: lines.slice(i, end).join('\n').replace(/\n+$/, ''),
    line: i + 1,
  };
}

export function outlineBlocks(outline: string): OutlineBlock[] {
  const lines = outline.split(/\r?\n/);
  const blocks: OutlineBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const chapter = line.startsWith('### ') ? headingChapter(line) : null;
    if (chapter !== null) blocks.push(blockAt(lines, i, chapter));
  }
  return blocks;
}

/**
 * The last outline read by outlineChapters and its chapters: a command asks it of one outline several times (the book
 * probe, the packet's key chapters), and an outline of a thousand blocks takes milliseconds to read line by line.
 */
let lastChapters: { outline: string; chapters: readonly number[] } | undefined;

/** The chapters an outline has blocks for, ascending (each once). */
export function outlineChapters(outline: string): number[] {
  if (lastChapters?.outline === outline) return [...lastChapters.chapters];
  const out = new Set<number>();
  for (const line of outline.split('\n')) {
    if (!line.startsWith('### ')) continue;
    const chapter = headingChapter(line.replace(/\r$/, ''));
    if (chapter !== null) out.add(chapter);
  }
  const chapters = [...out].sort((a, b) => a - b);
  lastChapters = { outline, chapters };
  return [...chapters];
}

/** The first block of `chapter` (as outlineBlocks gives it), without building the others. */
export function outlineBlock(outline: string, chapter: number): OutlineBlock | undefined {
  const lines = outline.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.startsWith('### ') && headingChapter(line) === chapter) return blockAt(lines, i, chapter);
  }
  return undefined;
}

/** A Markdown heading that opens with 第N and any unit (第十二张, 第12节): a block heading mistyped. */
const HEADING_LIKE_RE = new RegExp(`^\\s*#{1,6}\\s*\u7b2c\\s*([${NUMERAL_CLASS}]+)\\s*\\S`);

const MENTION_RE = new RegExp(`\u7b2c\\s*([${NUMERAL_CLASS}]+)\\s*[\u7ae0\u56de\u8282]`);

/**
 * The line that most nearly opens the chapter's block without being a
 * heading (`## 第12章`, `###第十二章`, `### 第十二张`, `第12章：…`, `### 第12回`):
 * what an error about a missing block points at, a heading-like line before a
 * line that mentions the chapter. Null when no line names the chapter.
 */
export function nearMissHeading(outline: string, chapter: number): { line: number; text: string } | null {
  const lines = outline.split(/\r?\n/);
  // A heading-like line first, its unit mistyped or not (`### 第十二张`), before a line that mentions the chapter.
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i] as string;
    if (text.startsWith('### ') && headingChapter(text) !== null) continue;
    const m = HEADING_LIKE_RE.exec(text);
    if (m && numberOf(m[1] as string) === chapter && text.length < 80) return { line: i + 1, text };
  }
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i] as string;
    if (text.startsWith('### ') && headingChapter(text) !== null) continue;
    const m = MENTION_RE.exec(text);
    if (m && numberOf(m[1] as string) === chapter && text.length < 80) return { line: i + 1, text };
  }
  return null;
}

/** The 8 key lines every chapter block carries (§9.1). */
export const OUTLINE_KEYS = [
  'Storyline',
  'POV',
  'Location',
  'Conflict',
  'Arc',
  'Foreshadowing',
  'StateChanges',
  'TransitionHint',
] as const;

/**
 * Chinese aliases of the key lines, accepted as written by Chinese-speaking
 * authors and planners: 故事线 视角 地点 冲突 弧线 伏笔 状态变化 过渡提示
 * (escaped so that the bundle stays ASCII).
 */
export const OUTLINE_KEY_ALIASES: Readonly<Record<string, (typeof OUTLINE_KEYS)[number]>> = {
  '\u6545\u4e8b\u7ebf': 'Storyline',
  '\u89c6\u89d2': 'POV',
  '\u5730\u70b9': 'Location',
  '\u51b2\u7a81': 'Conflict',
  '\u5f27\u7ebf': 'Arc',
  '\u4f0f\u7b14': 'Foreshadowing',
  '\u72b6\u6001\u53d8\u5316': 'StateChanges',
  '\u8fc7\u6e21\u63d0\u793a': 'TransitionHint',
};

/**
 * `- **Key**: value` lines of a block (ASCII or full-width colon; the colon may
 * also stand inside the bold, `- **Key：** value`). Chinese keys are read as
 * their English names. The eight key lines are also read without bold
 * (`- 故事线：main`, `- POV: 林青岚`).
 */
export function blockKeyLines(block: OutlineBlock): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of block.text.split('\n').slice(1)) {
    const m =
      /^\s*[-*]\s+\*\*([^*]+?)\s*(?:[:\uff1a]\*\*|\*\*\s*[:\uff1a])\s*(.*)$/.exec(line) ??
      /^\s*[-*]\s+([^*:\uff1a]+?)\s*[:\uff1a]\s*(.*)$/.exec(line);
    if (!m) continue;
    const key = (m[1] as string).trim();
    const name = OUTLINE_KEY_ALIASES[key] ?? key;
    const bold = line.includes('**');
    if (!bold && !(OUTLINE_KEYS as readonly string[]).includes(name)) continue;
    out[name] = (m[2] as string).trim();
  }
  return out;
}
