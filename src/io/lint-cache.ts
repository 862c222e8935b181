/**
 * The last lint of a staged chapter (logs/.cache/lint.json): an advance lints
 * the staged chapter to validate it (§13.2), and the packet of the next step
 * carries that same report (the refined text's for the judge). The cache
 * holds the text and the lint's inputs whole, so it answers only for exactly
 * what `lintChapter` would be given; anything else lints afresh. A mutating
 * command records it where none of the staged text is (ensureStagedLint).
 * Only packets take its report: the gate and the commit always lint afresh,
 * so a cache edited by hand could mislead a packet, never the gate. Written
 * without fsync, never a failure.
 */
import { lintChapter, lintInputsKey, type LintLists, type LintReport } from '../core/lint.js';
import { paths } from '../core/paths.js';
import type { QualitySettings } from '../core/quality-settings.js';
import { LintCacheSchema, parseCache } from '../schemas/caches.js';
import type { ProjectFs } from './project-fs.js';

export const LINT_CACHE = 'logs/.cache/lint.json';

/** The commands (by their project fs) that recorded a lint of the staged chapter themselves. */
const recordedBy = new WeakSet<ProjectFs>();

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
    recordedBy.add(fs);
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
  return (chapter, text) => recordedReport(fs, chapter, text, settings, lists);
}

/** The recorded report, when the record was made of this chapter, text and inputs (the inputs read last). */
function recordedReport(
  fs: ProjectFs,
  chapter: number,
  text: string,
  settings: QualitySettings,
  lists: () => LintLists,
): LintReport | null {
  const cached = parseCache(LintCacheSchema, fs.readCacheText(LINT_CACHE));
  return cached !== null &&
    cached.chapter === chapter &&
    cached.text === text &&
    cached.inputs === lintInputsKey(settings, lists())
    ? (cached.report as LintReport)
    : null;
}

/**
 * At the end of a mutating command: the chapter in flight, when it is staged and no lint of its text is recorded (a
 * book made outside novel, or a text put in staging/ by hand), is linted and recorded here, once, so that its packets
 * take the report instead of linting the chapter at every call. A command that recorded the lint itself (an advance)
 * pays nothing, any other one read of the record and, where it holds this text, of the lint's inputs (the cast's
 * names among them); a record of this text made of other inputs (the lists edited since, another version of novel's
 * lint) is made afresh. A cache: never a failure.
 */
export function ensureStagedLint(
  fs: ProjectFs,
  chapter: number | null,
  settings: QualitySettings,
  lists: () => LintLists,
): void {
  if (chapter === null || recordedBy.has(fs)) return;
  try {
    const staged = fs.readTextChecked(paths.stagingChapter(chapter));
    if (staged === null || !('text' in staged)) return;
    const { text } = staged;
    if (recordedReport(fs, chapter, text, settings, lists) !== null) return;
    const report = lintChapter({ chapter, source: 'staging', text, settings, lists: lists() });
    recordStagedLint(fs, chapter, text, settings, lists(), report);
  } catch {
    /* a cache: the next packet lints afresh */
  }
}
