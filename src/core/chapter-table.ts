/**
 * `novel chapters`: one row per committed chapter from its chapter log (title,
 * 字数, score, gate, revisions, tokens, cost, time), and the book's total. Pure.
 */
import { say, type Lang } from './messages.js';
import type { Obj } from './context/project-view.js';

export interface ChapterRowView {
  chapter: number;
  title: string | null;
  zishu: number | null;
  han: number | null;
  overall: number | null;
  gate: string | null;
  revisions: number;
  tokens: number;
  cost_usd: number | null;
  duration_ms: number;
  committed_at: string | null;
  /**
   * novel's lint of the committed text (§13.2): findings by severity, AI clichés per 1,000 字 (null: committed before
   * the quality layer).
   */
  lint_hard: number | null;
  lint_soft: number | null;
  blacklist_per_kchars: number | null;
  /** The judge's hook_strength score (§13.4). */
  hook_strength: number | null;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function rowOf(chapter: number, log: Obj): ChapterRowView {
  const stages = Array.isArray(log.stages) ? (log.stages as Obj[]) : [];
  const gate = (log.gate ?? {}) as Obj;
  const lint = (log.lint && typeof log.lint === 'object' ? log.lint : {}) as Obj;
  // A stage whose executor reported no cost (Codex never does) makes the chapter's cost unknown.
  const costs = stages
    .filter((s) => typeof s.executor === 'string' || num(s.cost_usd) !== null)
    .map((s) => num(s.cost_usd));
  return {
    chapter,
    title: typeof log.title === 'string' ? log.title : null,
    zishu: num(log.zishu),
    han: num(log.han),
    overall: num(log.overall) ?? num(gate.overall_final),
    gate: gate.force_passed ? 'force pass' : typeof gate.decision === 'string' ? gate.decision : null,
    revisions: num(log.revisions) ?? 0,
    tokens: stages.reduce((a, s) => a + (num(s.input_tokens) ?? 0) + (num(s.output_tokens) ?? 0), 0),
    cost_usd:
      costs.length && costs.every((c) => c !== null)
        ? Math.round(costs.reduce<number>((a, c) => a + (c ?? 0), 0) * 1e6) / 1e6
        : null,
    duration_ms: stages.reduce((a, s) => a + (num(s.duration_ms) ?? 0), 0),
    committed_at: typeof log.committed_at === 'string' ? log.committed_at : null,
    lint_hard: num(lint.hard),
    lint_soft: num(lint.soft),
    blacklist_per_kchars: num(lint.blacklist_per_kchars),
    hook_strength: num(log.hook_strength),
  };
}

export function totalOf(rows: readonly ChapterRowView[]) {
  const costs = rows.map((r) => r.cost_usd);
  return {
    chapters: rows.length,
    zishu: rows.reduce((a, r) => a + (r.zishu ?? 0), 0),
    han: rows.reduce((a, r) => a + (r.han ?? 0), 0),
    revisions: rows.reduce((a, r) => a + r.revisions, 0),
    tokens: rows.reduce((a, r) => a + r.tokens, 0),
    cost_usd:
      costs.length && costs.every((c) => c !== null)
        ? Math.round(costs.reduce<number>((a, c) => a + (c ?? 0), 0) * 1e6) / 1e6
        : null,
    duration_ms: rows.reduce((a, r) => a + r.duration_ms, 0),
  };
}

export function renderTable(rows: readonly ChapterRowView[], lang: Lang = 'en'): string {
  const head = say(lang, 'chapters.head');
  const lint = (r: ChapterRowView) => (r.lint_hard === null ? '-' : `${r.lint_hard}/${r.lint_soft ?? 0}`);
  const money = (c: number | null) => (c === null ? '?' : `$${c.toFixed(4)}`);
  const lines = rows.map(
    (r) =>
      `${String(r.chapter).padStart(7)}  ${String(r.zishu ?? '?').padStart(6)}  ` +
      `${String(r.han ?? '?').padStart(6)}  ${String(r.overall ?? '-').padStart(7)}  ` +
      `${String(r.gate ?? '-').padEnd(16)}  ${String(r.revisions).padStart(9)}  ${lint(r).padStart(9)}  ` +
      `${String(r.blacklist_per_kchars ?? '-').padStart(8)}  ${String(r.hook_strength ?? '-').padStart(4)}  ` +
      `${String(r.tokens).padStart(8)}  ${money(r.cost_usd).padStart(8)}  ` +
      `${`${(r.duration_ms / 1000).toFixed(1)}s`.padStart(7)}  ${r.title ?? ''}`,
  );
  const t = totalOf(rows);
  return [
    head,
    ...lines,
    `${say(lang, 'chapters.total')}  ${String(t.zishu).padStart(6)}  ${String(t.han).padStart(6)}  ` +
      `${''.padStart(7)}  ${say(lang, 'chapters.count', { n: t.chapters }).padEnd(lang === 'zh' ? 14 : 16)}  ` +
      `${String(t.revisions).padStart(9)}  ${''.padStart(9)}  ${''.padStart(8)}  ${''.padStart(4)}  ` +
      `${String(t.tokens).padStart(8)}  ${money(t.cost_usd).padStart(8)}  ` +
      `${`${(t.duration_ms / 1000).toFixed(1)}s`.padStart(7)}`,
  ].join('\n');
}
