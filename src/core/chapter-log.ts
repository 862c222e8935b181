/**
 * The per-stage records of a chapter (logs/chapter-NNN-log.json `stages`):
 * each advance from the history log, joined with what the executor of that
 * step reported (logs/chapter-NNN-executions.jsonl); unknown values are null.
 * Pure.
 */

import { parseStepId } from './step-id.js';
import { CHAPTER_STEP_TABLE } from './step-table.js';

type Obj = Record<string, unknown>;

/**
 * A chapter step an agent executes that is its own rung of the ladder (draft, summarize, refine, judge; not a
 * micro-step, review or the commit).
 */
function isOwnRung(text: string): boolean {
  const parsed = parseStepId(text);
  if (!parsed.ok || parsed.step.kind !== 'chapter') return false;
  const row = CHAPTER_STEP_TABLE[parsed.step.stage];
  return row.action === 'execute' && row.rung === parsed.step.stage;
}

export interface StageRecord {
  name: string;
  step: string;
  executor: string | null;
  model: string | null;
  attempts: number | null;
  duration_ms: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
  cost_usd: number | null;
  from: string | null;
  to: string | null;
  at: string | null;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export function stageRecords(history: readonly Obj[], executions: readonly Obj[]): StageRecord[] {
  const used = new Map<string, number>();
  return history
    .filter((h) => typeof h.step === 'string' && isOwnRung(h.step))
    .map((h) => {
      const step = h.step as string;
      const k = used.get(step) ?? 0;
      used.set(step, k + 1);
      const e = executions.filter((x) => x.step === step)[k] ?? {};
      return {
        name: step.split(':')[2] as string,
        step,
        executor: str(e.executor),
        model: str(e.model),
        attempts: num(e.attempts),
        duration_ms: num(e.duration_ms),
        input_tokens: num(e.input_tokens),
        output_tokens: num(e.output_tokens),
        cost_usd: num(e.cost_usd),
        from: str(h.from),
        to: str(h.to),
        at: str(h.at),
      };
    });
}

/**
 * A chapter log's 字数 (logs older than the one count recorded another figure as `words`: used only when nothing else
 * is there).
 */
export function zishuOfLog(log: Obj): number | null {
  return num(log.zishu) ?? num(log.words);
}

export interface BookTotals {
  chapters: number;
  /** 字数 of the committed chapters (the one count of src/core/zishu.ts). */
  zishu: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number;
  /** Stages whose executor ran and reported no cost (cost_usd is then a lower bound). */
  cost_unknown: number;
}

export const EMPTY_TOTALS: BookTotals = {
  chapters: 0,
  zishu: 0,
  input_tokens: 0,
  output_tokens: 0,
  cost_usd: 0,
  cost_unknown: 0,
};

/** Totals over committed chapter logs (never the chapter texts), added to `base`. */
export function bookTotals(logs: readonly Obj[], base: BookTotals = EMPTY_TOTALS): BookTotals {
  const t: BookTotals = { ...base };
  for (const log of logs) {
    t.chapters += 1;
    t.zishu += zishuOfLog(log) ?? 0;
    for (const s of Array.isArray(log.stages) ? (log.stages as Obj[]) : []) {
      t.input_tokens += num(s.input_tokens) ?? 0;
      t.output_tokens += num(s.output_tokens) ?? 0;
      t.cost_usd += num(s.cost_usd) ?? 0;
      if (str(s.executor) !== null && num(s.cost_usd) === null) t.cost_unknown += 1;
    }
  }
  t.cost_usd = Math.round(t.cost_usd * 1e6) / 1e6;
  return t;
}

/**
 * logs/book-ledger.json: the book's totals as of `last_completed_chapter`,
 * written by each commit (in its journal), so that `status` reads one file
 * however long the book. A ledger that names another chapter than the
 * checkpoint (an older project, a hand edit) is not used: the totals are
 * computed from the chapter logs, and the next commit writes it afresh.
 */
export const BOOK_LEDGER = 'logs/book-ledger.json';

export interface BookLedger extends BookTotals {
  last_completed_chapter: number;
}

export function ledgerTotals(ledger: unknown, lastCompleted: number): BookTotals | null {
  if (!ledger || typeof ledger !== 'object') return null;
  const l = ledger as Record<string, unknown>;
  if (l.last_completed_chapter !== lastCompleted) return null;
  const keys: Array<keyof BookTotals> = [
    'chapters',
    'zishu',
    'input_tokens',
    'output_tokens',
    'cost_usd',
    'cost_unknown',
  ];
  if (!keys.every((k) => typeof l[k] === 'number' && Number.isFinite(l[k]))) return null;
  return Object.fromEntries(keys.map((k) => [k, l[k]])) as unknown as BookTotals;
}

/** Consistency conflicts of an evaluation: every violation, with the fixes that target it. */
export function consistencyConflicts(evaluation: Obj): Obj[] {
  const cv = (evaluation.contract_verification ?? {}) as Obj;
  const fixes = Array.isArray(evaluation.required_fixes) ? (evaluation.required_fixes as Obj[]) : [];
  const out: Obj[] = [];
  for (const layer of ['l1', 'l2', 'l3', 'ls']) {
    const checks = Array.isArray(cv[`${layer}_checks`]) ? (cv[`${layer}_checks`] as Obj[]) : [];
    for (const c of checks) {
      if (c.status !== 'violation') continue;
      const id = str(c.rule_id) ?? str(c.contract_id) ?? str(c.objective_id);
      out.push({
        type: `${layer}_violation`,
        entities: id ? [id] : [],
        description: str(c.detail) ?? '',
        confidence: c.confidence ?? null,
        fix_instructions: fixes.map((f) => String(f.instruction ?? '')).filter(Boolean),
      });
    }
  }
  return out;
}
