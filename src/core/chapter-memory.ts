/** The chapter memory ledger, state/chapter-memory.json (PROTOCOL §7.4). Pure. */

type Obj = Record<string, unknown>;

/** Replace the chapter's entry and keep the list sorted by chapter. */
export function upsertChapterMemory(ledger: readonly Obj[], entry: Obj): Obj[] {
  const rest = ledger.filter((e) => e.chapter !== entry.chapter);
  return [...rest, entry].sort((a, b) => Number(a.chapter) - Number(b.chapter));
}

/** The latest `count` entries before `chapter`, oldest first. */
export function recentMemory(ledger: readonly Obj[], chapter: number, count: number): Obj[] {
  if (count <= 0) return [];
  return ledger.filter((e) => typeof e.chapter === 'number' && e.chapter < chapter).slice(-count);
}
