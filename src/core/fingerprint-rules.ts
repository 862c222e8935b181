/**
 * Which final-tree files a mutating command re-hashes before acting (the hot
 * set of PROTOCOL §4) and how a fingerprint differs from the disk. Pure.
 */
import { padVolume } from './step-id.js';

/**
 * Editor and OS litter inside the final trees is no part of the book: names
 * starting with ".", ending in "~", and Thumbs.db (at any depth).
 */
export function isLitter(rel: string): boolean {
  return rel.split('/').some((seg) => seg.startsWith('.') || seg.endsWith('~') || seg === 'Thumbs.db');
}

/** Files whose content is re-hashed on every mutating command. */
export function isHotPath(rel: string, currentVolume: number, lastCompleted: number): boolean {
  if (rel.startsWith('state/') || rel.startsWith('foreshadowing/') || rel.startsWith('storylines/')) return true;
  if (currentVolume >= 1 && rel.startsWith(`volumes/vol-${padVolume(currentVolume)}/`)) return true;
  const m = /^(?:chapters|summaries|evaluations)\/chapter-(\d+)[-.]/.exec(rel);
  if (m) {
    const n = Number(m[1]);
    return n <= lastCompleted && n > lastCompleted - 10;
  }
  return false;
}

export interface FingerprintDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

export function diffListing(recorded: Readonly<Record<string, string>>, present: readonly string[]): Pick<FingerprintDiff, 'added' | 'removed'> {
  const presentSet = new Set(present);
  return {
    added: present.filter((p) => !(p in recorded)).sort(),
    removed: Object.keys(recorded)
      .filter((p) => !presentSet.has(p))
      .sort(),
  };
}

export function isEmptyDiff(d: FingerprintDiff): boolean {
  return d.added.length + d.removed.length + d.changed.length === 0;
}

export function describeDiff(d: FingerprintDiff): string[] {
  return [...d.changed.map((p) => `changed: ${p}`), ...d.added.map((p) => `added: ${p}`), ...d.removed.map((p) => `removed: ${p}`)];
}

/** What to do about each path: restore a changed or removed file, delete an added one. */
export function diffFixes(d: FingerprintDiff): string[] {
  return [...d.changed.map((p) => `restore ${p}`), ...d.removed.map((p) => `restore ${p}`), ...d.added.map((p) => `delete ${p}`)];
}

export function diffHint(d: FingerprintDiff): string {
  const parts: string[] = [];
  if (d.changed.length || d.removed.length) parts.push(`restore ${[...d.changed, ...d.removed].join(', ')}`);
  if (d.added.length) parts.push(`delete ${d.added.join(', ')}`);
  return `${parts.join('; ')}; or, if these edits are yours and intended, record them with \`novel state verify --accept\``;
}
