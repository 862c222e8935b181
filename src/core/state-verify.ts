/**
 * `novel state verify` (PROTOCOL §7.3): replaying the changelog from the empty
 * state must give current-state.json (compared as parsed JSON). On divergence,
 * the first divergent chapter is the smallest chapter whose changelog line last
 * wrote a path that now differs. Pure.
 */
import { canonicalJson } from './canonical-json.js';
import { replayChangelog, type ChangelogLine, type StateDoc } from './state-ops.js';

type Obj = Record<string, unknown>;

export interface StateVerification {
  consistent: boolean;
  /** Leaf paths whose value differs between the replay and the file. */
  differing_paths: string[];
  first_divergent_chapter: number | null;
  replayed: StateDoc;
}

function leaves(value: unknown, prefix: string, out: Map<string, string>): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value as Obj).length > 0) {
    for (const [k, v] of Object.entries(value as Obj)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
    return;
  }
  out.set(prefix, canonicalJson(value));
}

function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}

export function verifyState(current: Obj, lines: readonly ChangelogLine[]): StateVerification {
  const { state: replayed, writers } = replayChangelog(lines);
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  leaves(replayed, '', a);
  leaves(current, '', b);
  const differing = [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k)).sort();
  let first: number | null = null;
  for (const [path, chapter] of writers) {
    if (differing.some((d) => overlaps(d, path)) && (first === null || chapter < first)) first = chapter;
  }
  const bookkeepingOnly =
    differing.length > 0 &&
    differing.every((d) => d === 'state_version' || d === 'last_updated_chapter' || d === 'schema_version');
  if (first === null && bookkeepingOnly && lines.length > 0) first = (lines[lines.length - 1] as ChangelogLine).chapter;
  // Otherwise null: the differing paths were written by no changelog line (a hand edit).
  return { consistent: differing.length === 0, differing_paths: differing, first_divergent_chapter: first, replayed };
}
