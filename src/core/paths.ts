/** Where things live in a project (PROTOCOL §1, §4). Pure string functions. */
import { fillPattern, padChapter, padVolume } from './path-pattern.js';
import { CHAPTER_OUTPUTS, type ChapterOutput } from './step-table.js';

/** A chapter output's staged path (the step table's pattern). */
const staged = (output: ChapterOutput, chapter: number): string => fillPattern(CHAPTER_OUTPUTS[output].staged, { chapter });

export const FINAL_TREES = ['chapters', 'summaries', 'evaluations', 'state', 'storylines', 'foreshadowing', 'volumes'] as const;

export const paths = {
  checkpoint: '.checkpoint.json',
  config: 'novel.config.json',
  fingerprint: '.novel/fingerprint.json',
  lockDir: '.novel.lock',
  lockInfo: '.novel.lock/info.json',
  lockTmpPrefix: '.novel.lock.tmp-',
  lockGravePrefix: '.novel.lock.stale-',
  commitJournalDir: 'staging/.commit',
  /** The new bytes of the book files a commit writes, staged before its journal names them. */
  commitNewDir: 'staging/.commit/new',
  /** The three large book files a chapter commit updates (§7.1, §7.2, §7.4). */
  state: 'state/current-state.json',
  globalForeshadowing: 'foreshadowing/global.json',
  chapterMemory: 'state/chapter-memory.json',
  volumeOutline: (vol: number) => `volumes/vol-${padVolume(vol)}/outline.md`,
  volumeDir: (vol: number) => `volumes/vol-${padVolume(vol)}`,

  stagingChapter: (n: number) => staged('chapter', n),
  stagingSummary: (n: number) => staged('summary', n),
  stagingDelta: (n: number) => staged('delta', n),
  stagingCrossref: (n: number) => staged('crossref', n),
  stagingChapterMemory: (n: number) => staged('chapter-memory', n),
  stagingStorylineMemory: (id: string) => fillPattern(CHAPTER_OUTPUTS['storyline-memory'].staged, { storyline: id }),
  stagingEval: (n: number) => staged('eval', n),
  stagingEvalSecondary: (n: number) => staged('eval-secondary', n),
  lintReport: (n: number) => `logs/lint/chapter-${padChapter(n)}.json`,
  stagingChangeLog: (n: number) => staged('change-log', n),
  revisionRoundDir: (n: number, round: number) => `staging/revisions/chapter-${padChapter(n)}/round-${round}`,
  /** The judged chapter and its evaluation before a hook-fix of revision round R (0: before any revision). */
  hookFixDir: (n: number, round: number) => `staging/revisions/chapter-${padChapter(n)}/hook-fix-${round}`,
  /** The refined chapter before its title-fix (once per chapter). */
  titleFixDir: (n: number) => `staging/revisions/chapter-${padChapter(n)}/title-fix`,
  rewriteDir: (n: number, k: number) => `staging/revisions/chapter-${padChapter(n)}/rewrite-${k}`,

  chapter: (n: number) => `chapters/chapter-${padChapter(n)}.md`,
  summary: (n: number) => `summaries/chapter-${padChapter(n)}-summary.md`,
  evaluation: (n: number) => `evaluations/chapter-${padChapter(n)}-eval.json`,
  crossref: (n: number) => `state/chapter-${padChapter(n)}-crossref.json`,
  /** What the commit of chapter N replaced (PROTOCOL §14 rewind): `.novel/history/chapter-NNN.json`. */
  commitHistory: (n: number) => `.novel/history/chapter-${padChapter(n)}.json`,
  historyDir: '.novel/history',
  rewindDir: (k: number) => `staging/revisions/rewind-${k}`,
  rewindJournal: 'staging/.commit/rewind.json',
} as const;

/** Where the commit journal of a chapter, a volume plan, a setup step or a rewind lives. */
export function journalPath(ref: { kind: 'chapter'; chapter: number; rewind?: true } | { kind: 'volume'; volume: number } | { kind: 'setup'; step: string }): string {
  if (ref.kind === 'setup') return `${paths.commitJournalDir}/setup-${ref.step}.json`;
  if (ref.kind === 'chapter' && ref.rewind) return paths.rewindJournal;
  return ref.kind === 'chapter' ? `${paths.commitJournalDir}/chapter-${padChapter(ref.chapter)}.json` : `${paths.commitJournalDir}/vol-${padVolume(ref.volume)}.json`;
}

/** The command that finishes a pending journal (any mutating command rolls it forward; this one names it). */
export function journalCommand(ref: { kind: 'chapter'; chapter: number; rewind?: true } | { kind: 'volume'; volume: number } | { kind: 'setup'; step: string }): string {
  if (ref.kind === 'setup') return 'novel commit --setup';
  if (ref.kind === 'volume') return `novel commit --volume ${ref.volume}`;
  return ref.rewind ? `novel rewind --to chapter:${padChapter(ref.chapter)}` : `novel commit --chapter ${ref.chapter}`;
}

/** Staging paths that are bookkeeping, not agent outputs: never hashed, never probed. */
export function isStagingBookkeeping(rel: string): boolean {
  return rel.startsWith('staging/.commit/') || rel.startsWith('staging/revisions/') || rel.startsWith('staging/manifests/');
}
