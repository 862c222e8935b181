/**
 * Draft history: the chapter each revision round's judge scored is kept in
 * staging/revisions/chapter-NNN/round-K/chapters/chapter-NNN.md; the chapter
 * as it stands now (staged, or committed) is the round after the last one
 * kept. `novel diff` compares two rounds as a unified diff. Pure.
 */
import { createTwoFilesPatch, structuredPatch } from 'diff';

export interface Round {
  round: number;
  path: string;
}

/** Rounds from the archived round numbers and the current chapter's path (null: none). */
export function roundsOf(
  archived: readonly number[],
  archivedPath: (k: number) => string,
  current: string | null,
): Round[] {
  const rounds = [...archived].sort((a, b) => a - b).map((k) => ({ round: k, path: archivedPath(k) }));
  if (current !== null) rounds.push({ round: (rounds.at(-1)?.round ?? 0) + 1, path: current });
  return rounds;
}

export interface DraftDiff {
  from: Round;
  to: Round;
  patch: string;
  added: number;
  removed: number;
}

export function diffRounds(from: Round, fromText: string, to: Round, toText: string): DraftDiff {
  const patch = createTwoFilesPatch(
    `round-${from.round}: ${from.path}`,
    `round-${to.round}: ${to.path}`,
    fromText,
    toText,
    undefined,
    undefined,
    { context: 3 },
  );
  const hunks = structuredPatch(from.path, to.path, fromText, toText).hunks;
  const count = (sign: string) => hunks.reduce((a, h) => a + h.lines.filter((l) => l.startsWith(sign)).length, 0);
  return { from, to, patch, added: count('+'), removed: count('-') };
}
