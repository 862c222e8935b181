/**
 * The last lint of a staged chapter (logs/.cache/lint.json): an advance lints
 * the staged chapter to validate it (§13.2), and the packet of the next step
 * carries that same report (the refined text's for the judge). The cache
 * holds the text and the lint's inputs whole, so it answers only for exactly
 * what `lintChapter` would be given; anything else lints afresh. Only packets
 * read it: the gate and the commit always lint afresh, so a cache edited by
 * hand could mislead a packet, never the gate. Written without fsync, never a
 * failure.
 */
import { lintInputsKey, type LintLists, type LintReport } from '../core/lint.js';
import type { QualitySettings } from '../core/quality-settings.js';
import { LintCacheSchema, parseCache } from '../schemas/caches.js';
import type { ProjectFs } from './project-fs.js';

export const LINT_CACHE = 'logs/.cache/lint.json';

/** Record the lint report an advance made of the staged chapter `text`. */
export function recordStagedLint(
  fs: ProjectFs,
  chapter: number,
  text: string,
  settings: QualitySettings,
  lists: LintLists,
  report: LintReport,
): void {
  try {
    fs.writeText(LINT_CACHE, JSON.stringify({ v: 2, chapter, text, inputs: lintInputsKey(settings, lists), report }), {
      fsync: false,
    });
  } catch {
    /* a cache: the next packet lints afresh */
  }
}

/**
 * The recorded lint of a staged chapter, when it was made of exactly this chapter, text and inputs (else null: the
 * packet lints afresh).
 */
export function recordedLintOf(
  fs: ProjectFs,
  settings: QualitySettings,
  lists: () => LintLists,
): (chapter: number, text: string) => LintReport | null {
  return (chapter, text) => {
    const cached = parseCache(LintCacheSchema, fs.readCacheText(LINT_CACHE));
    return cached !== null &&
      cached.chapter === chapter &&
      cached.text === text &&
      cached.inputs === lintInputsKey(settings, lists())
      ? (cached.report as LintReport)
      : null;
  };
}
