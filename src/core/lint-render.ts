/**
 * The lint report as an author reads it: the full listing of `novel lint`,
 * and the short form `validate`, `advance` and `novel run` print after a
 * draft or a refine (the counts, then each hard finding). Pure.
 */
import { say, type Lang } from './messages.js';
import { severityCounts, type LintFinding, type LintReport } from './lint.js';

/** A finding and its fix, in the reader's language (the report's `message_zh`/`fix_zh` under zh). */
export function findingLines(f: LintFinding, lang: Lang = 'en'): string[] {
  const zh = lang === 'zh';
  return [
    say(lang, 'lint.finding', {
      severity: f.severity,
      rule: f.rule,
      line: f.line ?? null,
      message: zh ? f.message_zh : f.message,
      excerpt: f.excerpt ?? null,
    }),
    say(lang, 'lint.fix', { fix: zh ? f.fix_zh : f.fix }),
  ];
}

export function lintHead(report: LintReport, lang: Lang = 'en'): string {
  const m = report.metrics;
  return say(lang, 'lint.report.head', {
    chapter: report.chapter,
    source: report.source,
    zishu: report.zishu,
    paragraphs: report.paragraphs,
    sentences: report.sentences,
    ai: report.ai_flavour.score,
    hits: m.blacklist_hits,
    perK: m.blacklist_per_kchars,
    dialogue: Math.round(m.dialogue_ratio * 100),
  });
}

/** `novel lint`: the head line and every finding with its fix. */
export function lintReportLines(report: LintReport, lang: Lang = 'en'): string[] {
  return [
    lintHead(report, lang),
    ...(report.findings.length ? report.findings.flatMap((f) => findingLines(f, lang)) : [say(lang, 'lint.none')]),
  ];
}

/** After a draft or a refine: one line of counts, the hard findings (the gate revises on them), then the soft ones. */
export function lintSummary(report: LintReport, lang: Lang = 'en'): string[] {
  const c = severityCounts(report);
  const head = say(lang, 'lint.head', {
    zishu: report.zishu,
    hard: c.hard,
    soft: c.soft,
    warn: c.warn,
    perK: report.metrics.blacklist_per_kchars,
    ai: report.ai_flavour.score,
  });
  const hard = report.findings
    .filter((f) => f.severity === 'hard')
    .flatMap((f) => findingLines(f, lang).map((l) => `  ${l}`));
  // The soft ones too, one line each (the count alone says nothing of what they are); the full list: `novel lint`.
  const soft = report.findings
    .filter((f) => f.severity === 'soft')
    .map((f) => `  ${findingLines(f, lang)[0] as string}`);
  return [head, ...hard, ...soft];
}
