/** Shared by tests and scripts/crash-soak.ts: a large delta and tree normalisation. No test-runner imports. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DELTA = 'staging/state/chapter-004-delta.json';

/** 300 ops over 100 characters, foreshadow ops in every direction, bad ops to drop, unknown entities. */
export function bigDelta(): Record<string, unknown> {
  const ops: unknown[] = [];
  for (let i = 0; i < 100; i++) {
    const id = `extra-${String(i).padStart(3, '0')}`;
    ops.push({ op: 'set', path: `characters.${id}.location`, value: `青岚山第${i}峰` });
    ops.push({ op: 'inc', path: `characters.${id}.cultivation`, value: i % 7 });
    ops.push({ op: 'add', path: `characters.${id}.tags`, value: i % 2 ? '外门' : '内门' });
  }
  ops.push({ op: 'foreshadow', path: 'f-001', value: 'advanced', detail: '残剑在禁制前震颤' });
  ops.push({ op: 'foreshadow', path: 'f-002', value: 'resolved', detail: '黑袍人身份揭晓' });
  ops.push({ op: 'foreshadow', path: 'f-003', value: 'planted', detail: '圣女遗物现世' });
  ops.push({ op: 'set', path: 'characters.__proto__.x', value: 1 });
  ops.push({ op: 'inc', path: 'items.broken-sword.state', value: 1 });
  ops.push('not an op');
  return {
    chapter: 4,
    base_state_version: 3,
    storyline_id: 'main-sword',
    ops,
    unknown_entities: [
      { name: '守阁傀儡', type: 'creature' },
      { name: '玄铁令', type: 'item' },
    ],
  };
}

const TIME_KEY = /^(timestamp|ts|started|heartbeat|duration_ms|elapsed_ms)$|_at$|_time$/;

function stripTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripTimes);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !TIME_KEY.test(k))
        .map(([k, v]) => [k, stripTimes(v)]),
    );
  }
  return value;
}

/** Every file's content, with time-dependent keys (§7) removed from JSON and JSON Lines. */
export function normalisedTree(hashes: Record<string, string>, root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of Object.keys(hashes)) {
    // The stat signature of the book's files is a machine-local cache of mtimes.
    if (rel.startsWith('logs/.cache/')) continue;
    const text = readFileSync(join(root, rel), 'utf8');
    if (rel.endsWith('.json')) {
      try {
        out[rel] = JSON.stringify(stripTimes(JSON.parse(text)));
        continue;
      } catch {
        /* compared as bytes */
      }
    }
    if (rel.endsWith('.jsonl')) {
      out[rel] = text
        .split('\n')
        .map((l) => (l.trim() ? JSON.stringify(stripTimes(JSON.parse(l))) : l))
        .join('\n');
      continue;
    }
    out[rel] = hashes[rel] as string;
  }
  return out;
}
