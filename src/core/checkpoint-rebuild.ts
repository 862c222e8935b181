/**
 * `novel checkpoint rebuild`: the checkpoint a book implies when its
 * `.checkpoint.json` is lost. The last committed chapter is the changelog's,
 * cross-checked with chapters/; the volume is the one whose outline on disk
 * goes on after it (written on), else the one after the last outlined volume
 * (planned). Pure.
 */
import { warningAt, type Diagnostic } from '../schemas/diagnostics.js';
import { said } from './messages.js';

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
    warnings.push(
      warningAt('chapters_missing', 'chapters/', {
        expected: said('rebuild.every_chapter', { last }),
        found: said('rebuild.no_file', { chapters: missing }),
        fix: said('rebuild.no_file.fix'),
      }),
    );
  }
  const beyond = input.chapterFiles.filter((c) => c > last).sort((a, b) => a - b);
  if (beyond.length) {
    warnings.push(
      warningAt('chapters_uncommitted', 'chapters/', {
        expected: said('rebuild.up_to', { last }),
        found: said('rebuild.beyond', { chapters: beyond }),
        fix: said('rebuild.beyond.fix'),
      }),
    );
  }
  const { volume, writing } = volumeAfter(last, input);
  return {
    fields: {
      last_completed_chapter: last,
      current_volume: volume,
      orchestrator_state: writing ? 'WRITING' : 'VOL_PLANNING',
      pipeline_stage: 'committed',
      inflight_chapter: null,
      revision_count: 0,
    },
    warnings,
  };
}

/**
 * The volume after chapter `last`, from the outlines on disk (volumes have
 * their own lengths, §14): the one whose outline has a chapter after `last`
 * is written on (the book machine plans a gap in it); else the volume after
 * the last outlined one is planned; with no outline at all, chapters_per_volume
 * says.
 */
function volumeAfter(last: number, input: RebuildInput): { volume: number; writing: boolean } {
  const outlines: Array<{ volume: number; chapters: readonly number[] }> = [];
  for (let v = 1, misses = 0; misses < 3 && v <= last + 3; v++) {
    const chapters = input.outlineOf(v);
    if (chapters === undefined || chapters.length === 0) misses++;
    else {
      misses = 0;
      outlines.push({ volume: v, chapters });
    }
  }
  const ahead = outlines.find((o) => o.chapters.some((c) => c > last));
  if (ahead) return { volume: ahead.volume, writing: true };
  const behind = outlines.filter((o) => o.chapters.some((c) => c <= last)).at(-1);
  if (behind) return { volume: behind.volume + 1, writing: false };
  return { volume: Math.floor(last / input.chaptersPerVolume) + 1, writing: false };
}
