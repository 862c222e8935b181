/**
 * The book's continuity over its chapters, as `novel serve` shows it (PROTOCOL
 * §19): each character's status, realm and location as the chapters' ops set
 * them, and every continuity finding of every committed chapter, each marked
 * on the character it is about. Pure.
 */
import { continuityFindings, continuityLintFinding, DEFAULT_CONTINUITY, type ContinuityKind } from './continuity.js';
import type { BenchBook } from './continuity-bench.js';
import type { LintFinding } from './lint.js';

/** A fact of a character set by a chapter. */
export interface FactChange {
  chapter: number;
  fact: 'status' | 'realm' | 'location';
  value: unknown;
  /** A continuity finding of that chapter is about this character. */
  flagged: boolean;
}

export interface CharacterTimeline {
  id: string;
  name: string;
  changes: FactChange[];
}

export type ChapterFinding = LintFinding & { chapter: number; kind: ContinuityKind; subject: string };

export interface ContinuityView {
  chapters: number;
  characters: CharacterTimeline[];
  findings: ChapterFinding[];
}

const FACTS = ['status', 'realm', 'location'] as const;

export function continuityView(book: BenchBook): ContinuityView {
  const names = book.names ?? DEFAULT_CONTINUITY;
  const findings: ChapterFinding[] = [];
  const changes = new Map<string, FactChange[]>();
  for (const ch of book.chapters) {
    const found = continuityFindings({
      chapter: ch.chapter,
      text: ch.text,
      state: ch.stateBefore,
      ops: ch.ops,
      ...(ch.recollections ? { recollections: ch.recollections } : {}),
      cast: book.cast,
      ladders: book.ladders,
      resolved: ch.resolved,
      names,
    });
    for (const f of found)
      findings.push({ ...continuityLintFinding(f), chapter: ch.chapter, kind: f.kind, subject: f.subject });
    const about = new Set(found.map((f) => f.subject.replace(/^characters\.([^.]+)\..*$/, '$1')));
    for (const op of ch.ops) {
      if (op.op !== 'set' || typeof op.path !== 'string') continue;
      const m = /^characters\.([^.]+)\.([^.]+)$/.exec(op.path);
      const fact = FACTS.find((f) => m?.[2] === names[f]);
      if (!m || !fact) continue;
      const id = m[1] as string;
      const list = changes.get(id) ?? [];
      list.push({ chapter: ch.chapter, fact, value: op.value, flagged: about.has(id) });
      changes.set(id, list);
    }
  }
  const characters = [...book.cast.byId.entries()]
    .map(([id, own]) => ({ id, name: own[0] ?? id, changes: changes.get(id) ?? [] }))
    .filter((c) => c.changes.length > 0 || findings.some((f) => f.subject === c.id))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { chapters: book.chapters.length, characters, findings };
}
