/**
 * Chapter blocks of volumes/vol-VV/outline.md (PROTOCOL §9.1). A block starts
 * at `### 第 {C} 章` followed by end of line, ":", "：" or a space, and runs to
 * the next `### ` line or EOF.
 */

// `### 第 C 章` (第 = \u7b2c, 章 = \u7ae0, ： = \uff1a), escaped so that the bundle stays ASCII.
const HEADING_RE = /^### \u7b2c ?(\d+) ?\u7ae0(?=$|[:\uff1a\s])/;

export interface OutlineBlock {
  chapter: number;
  /** The heading line, without line ending. */
  heading: string;
  /** The whole block including the heading, lines joined with "\n". */
  text: string;
  /** 1-based line of the heading. */
  line: number;
}

export function outlineBlocks(outline: string): OutlineBlock[] {
  const lines = outline.split(/\r?\n/);
  const blocks: OutlineBlock[] = [];
  let current: { chapter: number; heading: string; start: number } | null = null;
  const close = (end: number): void => {
    if (current) {
      blocks.push({
        chapter: current.chapter,
        heading: current.heading,
        text: lines.slice(current.start, end).join('\n').replace(/\n+$/, ''),
        line: current.start + 1,
      });
    }
  };
  lines.forEach((line, i) => {
    if (!line.startsWith('### ')) return;
    close(i);
    const m = HEADING_RE.exec(line);
    current = m ? { chapter: Number(m[1]), heading: line, start: i } : null;
  });
  close(lines.length);
  return blocks;
}

export function outlineBlock(outline: string, chapter: number): OutlineBlock | undefined {
  return outlineBlocks(outline).find((b) => b.chapter === chapter);
}

/** The 8 key lines every chapter block carries (§9.1). */
export const OUTLINE_KEYS = ['Storyline', 'POV', 'Location', 'Conflict', 'Arc', 'Foreshadowing', 'StateChanges', 'TransitionHint'] as const;

/** `- **Key**: value` lines of a block (ASCII or full-width colon). */
export function blockKeyLines(block: OutlineBlock): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of block.text.split('\n').slice(1)) {
    const m = /^\s*[-*]\s+\*\*([^*]+)\*\*\s*[:\uff1a]\s*(.*)$/.exec(line);
    if (m) out[(m[1] as string).trim()] = (m[2] as string).trim();
  }
  return out;
}
