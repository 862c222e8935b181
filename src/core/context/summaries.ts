/** Committed summaries before a chapter: paths and texts, newest first. */
import { paths } from '../paths.js';
import type { ProjectView } from './project-view.js';

export interface SummaryRef {
  chapter: number;
  path: string;
}

/** The `count` latest committed summaries before `chapter`, newest first (only those that exist). */
export function latestSummaries(view: ProjectView, chapter: number, count: number): SummaryRef[] {
  const out: SummaryRef[] = [];
  for (let c = chapter - 1; c >= 1 && out.length < count; c--) {
    const rel = paths.summary(c);
    if (view.exists(rel)) out.push({ chapter: c, path: rel });
  }
  return out;
}

/**
 * `latestSummaries` with each summary's text, read rather than first looked at (a summary read is there). One that is
 * there but cannot be read counts, with no text.
 */
export function latestSummaryTexts(
  view: ProjectView,
  chapter: number,
  count: number,
): Array<SummaryRef & { text: string }> {
  const out: Array<SummaryRef & { text: string }> = [];
  for (let c = chapter - 1; c >= 1 && out.length < count; c--) {
    const rel = paths.summary(c);
    const text = view.text(rel);
    if (text !== undefined || view.exists(rel)) out.push({ chapter: c, path: rel, text: text ?? '' });
  }
  return out;
}

export function prevSummary(view: ProjectView, chapter: number): string | undefined {
  const rel = paths.summary(chapter - 1);
  return chapter > 1 && view.exists(rel) ? rel : undefined;
}
