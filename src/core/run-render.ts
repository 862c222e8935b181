/**
 * How `novel run` shows itself: one line per event of the run, the live status
 * line on a terminal, and the per-chapter table at the end. Pure: events in,
 * text out; the run loop decides where the text goes (--events prints the
 * events themselves as JSON lines instead).
 */
import { boxDetail, type BoxState } from './sandbox.js';
import type { Diagnostic } from '../schemas/diagnostics.js';
import type { LintReport } from './lint.js';
import { displayName } from './shell-words.js';
import { diagnosticText, say, sayer, type Lang } from './messages.js';
import { bookTotals } from './chapter-log.js';
import { formatCost, type Spent } from './run-policy.js';
import type { GuardChange } from './step-guard-rules.js';

type Obj = Record<string, unknown>;

export type RunEvent =
  | { event: 'executor'; executor: string; model: string | null; box: BoxState }
  | { event: 'inspector'; url: string }
  | { event: 'inspector_unreachable'; url: string }
  | { event: 'execute'; step: string; agent: string; mode: string; attempt: number; packet: string }
  | { event: 'prompt'; step: string; prompt: string }
  | { event: 'executor_result'; step: string; ok: boolean; message: string; duration_ms: number; log: string | null }
  | { event: 'usage'; step: string; input_tokens?: number; output_tokens?: number; cost_usd?: number; model?: string }
  | {
      event: 'executor_failed';
      step: string;
      message: string;
      attempt: number;
      /** Where the failed execution's outputs went (staging/revisions/…/failed-K/), when it wrote any. */
      moved_to?: string;
      moved?: string[];
    }
  | { event: 'invalid_outputs'; step: string; attempt: number; problems: string[]; diagnostics?: Diagnostic[] }
  | { event: 'warning'; step: string; message: string; diagnostic?: Diagnostic }
  | {
      event: 'outside_staging';
      step: string;
      changes: GuardChange[];
      planted?: Array<{ path: string; why: string }>;
      lines: string[];
    }
  | { event: 'unexpected'; step: string; moved_to: string; moved: string[]; left: string[] }
  | {
      event: 'staging_overflow';
      step: string;
      count: number;
      limit: number;
      dirs: Array<{ dir: string; entries: number }>;
    }
  | { event: 'interrupted'; step: string; moved_to: string; moved: string[]; restored: string[] }
  | { event: 'reused'; step: string }
  | { event: 'advanced'; step: string; to: string; gate: string | null; overall: number | null }
  | {
      event: 'lint';
      step: string;
      zishu: number;
      hard: string[];
      soft: string[];
      blacklist_per_kchars: number;
      ai_flavour: number;
    }
  | { event: 'committed'; step: string; recovered: boolean }
  | {
      event: 'rolled_forward';
      step: string;
      journal: string;
      kind: 'chapter' | 'volume' | 'rewind' | 'setup';
      n: number | null;
    };

/** What a run reports of novel's lint after a draft or a refine: the rules by severity. */
export function lintEvent(step: string, report: LintReport): RunEvent {
  const rules = (sev: string): string[] => [
    ...new Set(report.findings.filter((f) => f.severity === sev).map((f) => f.rule)),
  ];
  return {
    event: 'lint',
    step,
    zishu: report.zishu,
    hard: rules('hard'),
    soft: rules('soft'),
    blacklist_per_kchars: report.metrics.blacklist_per_kchars,
    ai_flavour: report.ai_flavour.score,
  };
}

/** The line a run prints for an event (null: nothing in plain mode). */
export function eventLine(e: RunEvent, verbose: boolean, lang: Lang = 'en'): string | null {
  const t = sayer(lang);
  switch (e.event) {
    case 'executor':
      return (
        `${t('run.executor', { executor: e.executor, model: e.model })}` +
        `; ${t(`box.${e.box.state}`, { detail: boxDetail(e.box) })}`
      );
    case 'inspector':
      return t('run.inspector', { url: e.url });
    case 'inspector_unreachable':
      return t('run.inspector_unreachable', { url: e.url });
    case 'execute':
      return t('run.execute', {
        step: e.step,
        agent: e.agent,
        mode: e.mode,
        attempt: e.attempt,
        packet: verbose ? e.packet : null,
      });
    case 'prompt':
      return verbose ? t('runline.prompt', { prompt: e.prompt.replace(/\n+/g, ' ') }) : null;
    case 'executor_result':
      return verbose ? t('runline.executor', { message: e.message, ms: e.duration_ms, log: e.log }) : null;
    case 'usage':
      return verbose
        ? t('runline.usage', {
            input: e.input_tokens ?? '?',
            output: e.output_tokens ?? '?',
            cost: e.cost_usd ?? '?',
            model: e.model ?? null,
          })
        : null;
    case 'executor_failed':
      return e.moved_to
        ? [
            t('run.failed', { step: e.step, message: e.message }),
            t('run.failed_moved', { n: e.moved?.length ?? 0, to: e.moved_to }),
          ].join('\n')
        : t('run.failed', { step: e.step, message: e.message });
    case 'invalid_outputs':
      return [
        t('run.invalid', { step: e.step, attempt: e.attempt }),
        ...(e.diagnostics && lang === 'zh' ? e.diagnostics.map((d) => diagnosticText(lang, d)) : e.problems).map(
          (p) => `    ${p}`,
        ),
      ].join('\n');
    case 'interrupted':
      return t('run.interrupted', { step: e.step, moved: e.moved.length, to: e.moved_to, restored: e.restored.length });
    case 'outside_staging':
      return [
        t('run.outside_staging', { step: e.step, changed: e.changes.length, planted: e.planted?.length ?? 0 }),
        ...e.lines.map((l) => `    ${l}`),
      ].join('\n');
    case 'unexpected':
      return t('run.unexpected', {
        step: e.step,
        moved: e.moved.length,
        to: e.moved_to,
        left: e.left.map(displayName).join(', '),
        nLeft: e.left.length,
      });
    case 'staging_overflow':
      return t('run.staging_overflow', {
        step: e.step,
        count: e.count,
        limit: e.limit,
        biggest: e.dirs.map((d) => `${d.dir} (${d.entries})`).join(', '),
      });
    case 'warning':
      return t('run.warning', { step: e.step, message: e.diagnostic ? diagnosticText(lang, e.diagnostic) : e.message });
    case 'reused':
      return t('run.reused', { step: e.step });
    case 'advanced':
      return t('run.advanced', { step: e.step, to: e.to, gate: e.gate, overall: e.overall });
    case 'lint':
      return t('run.lint', {
        zishu: e.zishu,
        hard: e.hard.join(', '),
        soft: e.soft.join(', '),
        perK: e.blacklist_per_kchars,
        ai: e.ai_flavour,
      });
    case 'committed':
      return t('run.committed', { step: e.step, recovered: e.recovered });
    case 'rolled_forward':
      return t('run.rolled_forward', { journal: e.journal, kind: e.kind, n: e.n });
  }
}

export interface Progress {
  step: string;
  revision: number;
  first: number;
  target: number;
  elapsed_ms: number;
  spent: Spent;
}

/** The live status line under the step lines (terminals only). */
export function statusLine(p: Progress, lang: Lang = 'en'): string {
  const t = sayer(lang);
  const [kind, n, stage] = p.step.split(':');
  const secs = Math.floor(p.elapsed_ms / 1000);
  const clock = `${String(Math.floor(secs / 60)).padStart(2, '0')}:${String(secs % 60).padStart(2, '0')}`;
  const spent = `${p.spent.tokens} tokens · ${formatCost(p.spent.cost_usd, p.spent.cost_unknown)}`;
  if (kind === 'volume')
    return t('run.status', {
      what: t('run.status.volume', { volume: Number(n) }),
      stage: stage ?? '',
      clock,
      revision: null,
      spent,
    });
  const chapter = Number(n);
  return t('run.status', {
    what: t('run.status.chapter', { chapter, i: chapter - p.first + 1, n: p.target - p.first + 1 }),
    stage: stage ?? '',
    clock,
    revision: p.revision,
    spent,
  });
}

export interface ChapterRow {
  chapter: number;
  zishu: number;
  overall: unknown;
  gate: unknown;
  revisions: unknown;
  duration_ms: number;
  tokens: number;
  /** null: an executor of this chapter reported no cost. */
  cost_usd: number | null;
}

/** One row per committed chapter, from its chapter log (never the chapter text). */
export function chapterRow(chapter: number, log: Obj): ChapterRow {
  const t = bookTotals([log]);
  const stages = Array.isArray(log.stages) ? (log.stages as Obj[]) : [];
  const ms = stages.reduce((a, s) => a + (typeof s.duration_ms === 'number' ? s.duration_ms : 0), 0);
  const gate = (log.gate ?? {}) as Obj;
  return {
    chapter,
    zishu: t.zishu,
    overall: log.overall ?? gate.overall_final ?? null,
    gate: gate.force_passed ? 'force pass' : (gate.decision ?? null),
    revisions: log.revisions ?? 0,
    duration_ms: ms,
    tokens: t.input_tokens + t.output_tokens,
    cost_usd: t.cost_unknown ? null : t.cost_usd,
  };
}

export function chapterTable(rows: readonly ChapterRow[], lang: Lang = 'en'): string {
  if (!rows.length) return '';
  const head = `\n\n${say(lang, 'run.table.head')}`;
  const lines = rows.map(
    (r) =>
      `${String(r.chapter).padStart(7)}  ${String(r.zishu).padStart(5)}  ` +
      `${String(r.overall ?? '-').padStart(7)}  ${String(r.gate ?? '-').padEnd(16)}  ` +
      `${String(r.revisions).padStart(9)}  ${`${(r.duration_ms / 1000).toFixed(1)}s`.padStart(6)}  ` +
      `${String(r.tokens).padStart(8)}  ${r.cost_usd === null ? '?' : `$${r.cost_usd.toFixed(4)}`}`,
  );
  return `${head}\n${lines.join('\n')}`;
}
