/**
 * The lint report as an author reads it: the full listing of `novel lint`,
 * and the short form `validate`, `advance` and `novel run` print after a
 * draft or a refine (the counts, then each hard finding). Pure.
 */
import { say, type Lang } from './messages.js';
import { severityCounts, type LintFinding, type LintReport } from './lint.js';

export function findingLines(f: LintFinding): string[] {
  return [`${f.severity.padEnd(4)} ${f.rule}${f.line ? ` (line ${f.line})` : ''}: ${f.message}${f.excerpt ? ` — ${f.excerpt}` : ''}`, `     fix: ${f.fix}`];
}

export function lintHead(report: LintReport): string {
  const m = report.metrics;
  return `chapter ${report.chapter} (${report.source}): ${report.zishu} 字, ${report.paragraphs} paragraph(s), ${report.sentences} sentence(s); AI clichés ${m.blacklist_hits} (${m.blacklist_per_kchars} per 1,000 字), dialogue ${Math.round(m.dialogue_ratio * 100)}%`;
}

/** `novel lint`: the head line and every finding with its fix. */
export function lintReportLines(report: LintReport): string[] {
  return [lintHead(report), ...(report.findings.length ? report.findings.flatMap(findingLines) : ['no findings'])];
}

/** After a draft or a refine: one line of counts, then the hard findings (the gate revises on them). */
export function lintSummary(report: LintReport, lang: Lang = 'en'): string[] {
  const c = severityCounts(report);
  const head = say(lang, 'lint.head', { zishu: report.zishu, hard: c.hard, soft: c.soft, warn: c.warn, perK: report.metrics.blacklist_per_kchars });
  const hard = report.findings.filter((f) => f.severity === 'hard').flatMap((f) => findingLines(f).map((l) => `  ${l}`));
  return [head, ...hard];
}
