/**
 * `novel checkpoint rebuild`: the checkpoint a book implies when its
 * `.checkpoint.json` is lost. The last committed chapter is the changelog's,
 * cross-checked with chapters/; the volume is the one holding the next
 * chapter; the book plans that volume unless its outline on disk already has
 * the next chapter. Pure.
 */
import { warningAt, type Diagnostic } from './diagnostics.js';

export interface RebuildInput {
  /** Chapters of the changelog lines, in file order. */
  changelogChapters: readonly number[];
  /** Chapter numbers of chapters/chapter-NNN.md. */
  chapterFiles: readonly number[];
  chaptersPerVolume: number;
  /** Chapters the outline of a volume covers (undefined: no outline on disk). */
  outlineOf: (volume: number) => readonly number[] | undefined;
}

export interface RebuiltCheckpoint {
  fields: {
    last_completed_chapter: number;
    current_volume: number;
    orchestrator_state: 'WRITING' | 'VOL_PLANNING';
    pipeline_stage: 'committed';
    inflight_chapter: null;
    revision_count: 0;
  };
  warnings: Diagnostic[];
}

export function rebuildCheckpoint(input: RebuildInput): RebuiltCheckpoint {
  const last = input.changelogChapters.reduce((a, b) => Math.max(a, b), 0);
  const warnings: Diagnostic[] = [];
  const files = new Set(input.chapterFiles);
  const missing: number[] = [];
  for (let c = 1; c <= last; c++) if (!files.has(c)) missing.push(c);
  if (missing.length) {
    warnings.push(warningAt('chapters_missing', 'chapters/', { expected: `a chapter file for every chapter the changelog records (1–${last})`, found: `no file for chapter(s) ${missing.join(', ')}`, fix: 'restore them from a backup; `novel state verify` lists what the fingerprint expects' }));
  }
  const beyond = input.chapterFiles.filter((c) => c > last).sort((a, b) => a - b);
  if (beyond.length) {
    warnings.push(warningAt('chapters_uncommitted', 'chapters/', { expected: `chapters up to ${last} (the changelog's last line)`, found: `chapter file(s) ${beyond.join(', ')} with no changelog line`, fix: 'a commit of those chapters did not finish; move the files aside and write them again through the pipeline' }));
  }
  const volume = Math.floor(last / input.chaptersPerVolume) + 1;
  const outline = input.outlineOf(volume);
  const planned = outline?.includes(last + 1) ?? false;
  return {
    fields: { last_completed_chapter: last, current_volume: volume, orchestrator_state: planned ? 'WRITING' : 'VOL_PLANNING', pipeline_stage: 'committed', inflight_chapter: null, revision_count: 0 },
    warnings,
  };
}
