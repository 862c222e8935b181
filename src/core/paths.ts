/**
 * Where things live in a project (PROTOCOL §1, §4), both ways: a builder for
 * every path (`paths`), and for the files that belong to one chapter or one
 * volume, the parser that says which (`chapterOfBookFile`,
 * `volumeOfBookFile`). No path is built anywhere else; the architecture test
 * holds the rest of the code to it. Pure string functions.
 */
import { fillPattern, matchPattern, padChapter, padVolume } from './path-pattern.js';
import { CHAPTER_OUTPUTS, keysOf, type ChapterOutput } from './step-table.js';

/** A chapter output's staged path (the step table's pattern). */
const staged = (output: ChapterOutput, chapter: number): string =>
  fillPattern(CHAPTER_OUTPUTS[output].staged, { chapter });
/** A chapter output's place in the book (the step table's pattern). */
const inBook = (output: ChapterOutput, chapter: number): string =>
  fillPattern(CHAPTER_OUTPUTS[output].book ?? '', { chapter });

/** The files novel keeps per chapter besides the step outputs' places in the book. */
const CHAPTER_FILES = {
  log: 'logs/chapter-{NNN}-log.json',
  history: 'logs/chapter-{NNN}-history.jsonl',
  executions: 'logs/chapter-{NNN}-executions.jsonl',
  pendingUsage: 'logs/chapter-{NNN}-pending-usage.json',
  lintReport: 'logs/lint/chapter-{NNN}.json',
  executorLog: 'logs/executor/chapter-{NNN}-{rest}',
  manifest: 'staging/manifests/chapter-{NNN}-{rest}.json',
  commitHistory: '.novel/history/chapter-{NNN}.json',
  contract: 'volumes/vol-{VV}/chapter-contracts/chapter-{NNN}.json',
} as const;

/** The files novel keeps per volume step: its packets and executor logs. */
const VOLUME_FILES = {
  manifest: 'staging/manifests/volume-{VV}-{rest}.json',
  executorLog: 'logs/executor/volume-{VV}-{rest}',
} as const;

const chapterFile = (file: keyof typeof CHAPTER_FILES, chapter: number, rest?: string): string =>
  fillPattern(CHAPTER_FILES[file], { chapter, ...(rest === undefined ? {} : { rest }) });

export const FINAL_TREES = [
  'chapters',
  'summaries',
  'evaluations',
  'state',
  'storylines',
  'foreshadowing',
  'volumes',
] as const;

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
  /** What is published (§18): one line per chapter published, with its date and bytes. */
  published: 'publishing/published.jsonl',
  /** A chapter's 作者的话 (§18), the author's own: never inside the chapter text. */
  authorNote: (n: number) => `notes/chapter-${padChapter(n)}-author.md`,
  /** `export --upload`'s files in its folder: the chapter, and its 作者的话 apart. */
  uploadChapter: (n: number) => `chapter-${padChapter(n)}.txt`,
  uploadNote: (n: number) => `chapter-${padChapter(n)}-author.txt`,
  /** The book's metadata (§18): title, author, blurb, platform. */
  book: 'book.json',
  /** The world's rules and ladders (§14 book:world, §19). */
  worldRules: 'world/rules.json',
  chapterMemory: 'state/chapter-memory.json',
  volumeOutline: (vol: number) => `volumes/vol-${padVolume(vol)}/outline.md`,
  volumeDir: (vol: number) => `volumes/vol-${padVolume(vol)}`,

  /** Any chapter output's staged path, by its key in the step table: a new step's output needs no builder here. */
  stagedOutput: (output: ChapterOutput, n: number) => staged(output, n),
  /** Any chapter output's place in the book, by its key in the step table. */
  bookOutput: (output: ChapterOutput, n: number) => inBook(output, n),
  stagingChapter: (n: number) => staged('chapter', n),
  stagingSummary: (n: number) => staged('summary', n),
  stagingDelta: (n: number) => staged('delta', n),
  stagingCrossref: (n: number) => staged('crossref', n),
  stagingChapterMemory: (n: number) => staged('chapter-memory', n),
  stagingStorylineMemory: (id: string) => fillPattern(CHAPTER_OUTPUTS['storyline-memory'].staged, { storyline: id }),
  stagingEval: (n: number) => staged('eval', n),
  stagingEvalSecondary: (n: number) => staged('eval-secondary', n),
  lintReport: (n: number) => chapterFile('lintReport', n),
  stagingChangeLog: (n: number) => staged('change-log', n),
  revisionRoundDir: (n: number, round: number) => `staging/revisions/chapter-${padChapter(n)}/round-${round}`,
  /** The judged chapter and its evaluation before a hook-fix of revision round R (0: before any revision). */
  hookFixDir: (n: number, round: number) => `staging/revisions/chapter-${padChapter(n)}/hook-fix-${round}`,
  /** The refined chapter before its title-fix (once per chapter). */
  titleFixDir: (n: number) => `staging/revisions/chapter-${padChapter(n)}/title-fix`,
  rewriteDir: (n: number, k: number) => `staging/revisions/chapter-${padChapter(n)}/rewrite-${k}`,

  chapter: (n: number) => inBook('chapter', n),
  summary: (n: number) => inBook('summary', n),
  evaluation: (n: number) => inBook('eval', n),
  crossref: (n: number) => inBook('crossref', n),
  /** What the commit of chapter N replaced (PROTOCOL §14 rewind): `.novel/history/chapter-NNN.json`. */
  commitHistory: (n: number) => chapterFile('commitHistory', n),
  historyDir: '.novel/history',
  rewindDir: (k: number) => `staging/revisions/rewind-${k}`,
  rewindJournal: 'staging/.commit/rewind.json',

  /** Per chapter: the log, the step history, the executions, the usage not yet logged. */
  chapterLog: (n: number) => chapterFile('log', n),
  historyLog: (n: number) => chapterFile('history', n),
  executionsLog: (n: number) => chapterFile('executions', n),
  pendingUsage: (n: number) => chapterFile('pendingUsage', n),
  /** A chapter's contract in the committed plan of its volume, and in a staged plan. */
  contract: (vol: number, n: number) => fillPattern(CHAPTER_FILES.contract, { volume: vol, chapter: n }),
  stagedContract: (vol: number, n: number) =>
    `staging/${fillPattern(CHAPTER_FILES.contract, { volume: vol, chapter: n })}`,
  /** A staged volume plan's folder. */
  stagedVolumeDir: (vol: number) => `staging/volumes/vol-${padVolume(vol)}`,
  evaluationSecondary: (n: number) => inBook('eval-secondary', n),
  storylineMemory: (id: string) => fillPattern(CHAPTER_OUTPUTS['storyline-memory'].book, { storyline: id }),
  /** A chapter's folder of archives under staging/revisions/. */
  revisionsDir: (n: number) => `staging/revisions/chapter-${padChapter(n)}`,
  /** A step's archive folder under staging/revisions/ (its audit folders). */
  stepRevisionsDir: (step: StepRef) => `staging/revisions/${stepSlug(step)}`,
  /** A step's instruction packet as the executor reads it. */
  manifest: (step: StepRef) =>
    `staging/manifests/${step.kind === 'setup' ? stepSlug(step) : `${stepSlug(step)}-${step.stage}`}.json`,
  /** The imported chapters, before the import renames the folder to `chapters/`. */
  importDir: 'staging/.import',
  /** An EPUB's own file names for a volume and a chapter. */
  epubVolumeId: (vol: number) => `vol-${padVolume(vol)}`,
  epubChapterId: (n: number) => `chapter-${String(n).padStart(4, '0')}`,
} as const;

/** Where the commit journal of a chapter, a volume plan, a setup step or a rewind lives. */
export function journalPath(
  ref:
    | { kind: 'chapter'; chapter: number; rewind?: true }
    | { kind: 'volume'; volume: number }
    | { kind: 'setup'; step: string },
): string {
  if (ref.kind === 'setup') return `${paths.commitJournalDir}/setup-${ref.step}.json`;
  if (ref.kind === 'chapter' && ref.rewind) return paths.rewindJournal;
  return ref.kind === 'chapter'
    ? `${paths.commitJournalDir}/chapter-${padChapter(ref.chapter)}.json`
    : `${paths.commitJournalDir}/vol-${padVolume(ref.volume)}.json`;
}

/** The command that finishes a pending journal (any mutating command rolls it forward; this one names it). */
export function journalCommand(
  ref:
    | { kind: 'chapter'; chapter: number; rewind?: true }
    | { kind: 'volume'; volume: number }
    | { kind: 'setup'; step: string },
): string {
  if (ref.kind === 'setup') return 'novel commit --setup';
  if (ref.kind === 'volume') return `novel commit --volume ${ref.volume}`;
  return ref.rewind ? `novel rewind --to chapter:${padChapter(ref.chapter)}` : `novel commit --chapter ${ref.chapter}`;
}

/** Staging paths that are bookkeeping, not agent outputs: never hashed, never probed. */
export function isStagingBookkeeping(rel: string): boolean {
  return (
    rel.startsWith('staging/.commit/') || rel.startsWith('staging/revisions/') || rel.startsWith('staging/manifests/')
  );
}

/** A step as its files name it: the kind, the chapter or volume, the stage. */
export type StepRef =
  | { kind: 'chapter' | 'import'; chapter: number; stage: string }
  | { kind: 'volume'; volume: number; stage: string }
  | { kind: 'setup'; stage: string };

/** How a step's own files are named: `chapter-NNN`, `volume-VV`, `book-<step>`, `import-NNN`. */
export function stepSlug(step: StepRef): string {
  switch (step.kind) {
    case 'chapter':
    case 'import':
      return `${step.kind}-${padChapter(step.chapter)}`;
    case 'volume':
      return `volume-${padVolume(step.volume)}`;
    case 'setup':
      return `book-${step.stage}`;
  }
}

/** Every pattern of a file that belongs to one chapter: the outputs' places in the book and novel's own files. */
const CHAPTER_FILE_PATTERNS: readonly string[] = [
  ...keysOf(CHAPTER_OUTPUTS).flatMap((o) => {
    const book = CHAPTER_OUTPUTS[o].book;
    return book?.includes('{NNN}') ? [book] : [];
  }),
  ...Object.values(CHAPTER_FILES).filter((p) => !p.startsWith('volumes/')),
];

/** The folders per-chapter files live in (each pattern's folder before its first placeholder), none inside another. */
export const CHAPTER_FILE_FOLDERS: readonly string[] = (() => {
  const folders = CHAPTER_FILE_PATTERNS.map((p) => {
    const segments = p.split('/');
    return segments
      .slice(
        0,
        Math.max(
          1,
          segments.findIndex((s) => s.includes('{')),
        ),
      )
      .join('/');
  });
  return [...new Set(folders)].filter((f) => !folders.some((g) => g !== f && f.startsWith(`${g}/`)));
})();

/** The chapter a per-chapter file of the book or of novel's belongs to (null: it belongs to none). */
export function chapterOfBookFile(rel: string): number | null {
  for (const pattern of CHAPTER_FILE_PATTERNS) {
    const args = matchPattern(pattern, rel);
    if (args?.chapter !== undefined) return args.chapter;
  }
  return null;
}

/** The chapter a contract of a committed or staged plan is for, and its volume (null: not a contract). */
export function contractOf(rel: string): { volume: number; chapter: number } | null {
  const args = matchPattern(CHAPTER_FILES.contract, rel.replace(/^staging\//, ''));
  return args?.volume !== undefined && args.chapter !== undefined
    ? { volume: args.volume, chapter: args.chapter }
    : null;
}

/** The chapter a committed chapter text is (null: not one). */
export function chapterOfText(rel: string): number | null {
  return matchPattern(CHAPTER_OUTPUTS.chapter.book, rel)?.chapter ?? null;
}

/** The chapter a chapter log is for (null: not one). */
export function chapterOfLog(rel: string): number | null {
  return matchPattern(CHAPTER_FILES.log, rel)?.chapter ?? null;
}

/** The volume a per-volume file of novel's belongs to: its plan step's packet and executor logs. */
export function volumeOfBookFile(rel: string): number | null {
  for (const pattern of Object.values(VOLUME_FILES)) {
    const args = matchPattern(pattern, rel);
    if (args?.volume !== undefined) return args.volume;
  }
  return null;
}

/** A volume folder's number (`vol-03` → 3; null: not a volume folder's name). */
export function volumeOfDirName(name: string): number | null {
  return matchPattern('vol-{VV}', name)?.volume ?? null;
}

/** Where a live staging file lands inside an archive folder (its path below staging/ is kept). */
export function archivedAt(dir: string, live: string): string {
  return `${dir}/${live.replace(/^staging\//, '')}`;
}

/** A file of one chapter in the final trees: its text, summary, evaluations, and its files in state/. */
const FINAL_CHAPTER_FILE = /^(?:chapters|summaries|evaluations|state)\/chapter-(\d+)[-.]/;
/** The same, and a chapter's contract in a volume plan. */
const FINAL_OR_CONTRACT =
  /^(?:(?:chapters|summaries|evaluations|state)\/|volumes\/vol-\d+\/chapter-contracts\/)chapter-(\d+)[-.]/;

/** The chapter a file of the final trees belongs to (text, summary, evaluations, state/chapter-NNN-*; null: none). */
export function chapterOfFinalFile(rel: string, withContracts = false): number | null {
  const m = (withContracts ? FINAL_OR_CONTRACT : FINAL_CHAPTER_FILE).exec(rel);
  return m ? Number(m[1]) : null;
}

/** A volume's outline, committed. */
export function isVolumeOutline(rel: string): boolean {
  return /^volumes\/vol-\d+\/outline\.md$/.test(rel);
}

/** Files a commit creates for one chapter (or one chapter's contract): they never replace other text. */
export function isPerChapterFile(rel: string): boolean {
  return (
    new RegExp(
      '^(chapters\\/chapter-\\d+\\.md|summaries\\/chapter-\\d+-summary\\.md|' +
        'evaluations\\/chapter-\\d+-eval[^/]*\\.json|state\\/chapter-\\d+-crossref\\.json|' +
        'audits\\/chapter-\\d+-audit\\.json)$',
    ).test(rel) ||
    (contractOf(rel) !== null && !rel.startsWith('staging/'))
  );
}

/** A final file that a commit writes once and nothing in novel rewrites: a chapter's files, a volume's plan. */
export function isWriteOnceFile(rel: string): boolean {
  return new RegExp(
    '^(?:chapters\\/chapter-\\d+\\.md|summaries\\/chapter-\\d+-summary\\.md|' +
      'evaluations\\/chapter-\\d+-eval(?:-secondary)?\\.json|' +
      'state\\/chapter-\\d+-(?:crossref|memory)\\.json|volumes\\/vol-\\d+\\/.*)$',
  ).test(rel);
}

/** The final files of one chapter a step guard captures (when present), older books' included. */
export function chapterBookFiles(n: number): string[] {
  const nnn = padChapter(n);
  return [
    paths.chapter(n),
    paths.summary(n),
    paths.evaluation(n),
    paths.evaluationSecondary(n),
    paths.crossref(n),
    `state/chapter-${nnn}-memory.json`,
    `state/chapter-${nnn}-delta.json`,
  ];
}

/** Does this file's name carry chapter n (`…/chapter-NNN.md`, `chapter-NNN-…`)? */
export function namesChapter(rel: string, n: number): boolean {
  return new RegExp(`(?:^|[/-])chapter-${padChapter(n)}(?:[-./]|$)`).test(rel);
}
