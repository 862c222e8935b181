/**
 * `novel import FILE|DIR` (PROTOCOL §14): an existing book into a project.
 * The source (outside the project) is read here; the split is pure
 * (src/core/import-split.ts). The chapters are written into a folder of the
 * project's staging area first and renamed into `chapters/` at once, then the
 * changelog, the state's version and the checkpoint record them: a kill
 * leaves either no imported chapter or all of them, and an import run again
 * takes up a folder an interrupted one left.
 */
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { NovelError } from '../core/errors.js';
import { said } from '../core/messages.js';
import {
  chapterFromFile,
  chapterText,
  decodeSource,
  firstMixedLine,
  importReport,
  readingOrder,
  splitBook,
  type ImportedChapter,
  type ImportedVolume,
  type ImportReport,
  type SourceEncoding,
  type SplitBook,
} from '../core/import-split.js';
import { chapterOfText, paths } from '../core/paths.js';
import { MAX_NUMBER } from '../core/step-id.js';
import { BOOK_LEDGER, type BookLedger } from '../core/chapter-log.js';
import { prettyJson } from '../core/canonical-json.js';
import { chapterFacts } from '../core/commit-plan.js';
import { createEmptyProject } from './create-project.js';
import { sha256Hex } from './project-fs.js';
import { hashAll, listFinalTrees, writeFingerprint } from './fingerprint.js';
import { recordPlanningInputs } from './planning-inputs.js';
import { recordBoundary } from './boundary-cache.js';
import { readCheckpoint } from './checkpoint.js';
import { rebuildShingleIndex } from './shingle-index.js';
import { ProjectFs } from './project-fs.js';
import { lockEnvFor, type CommandEnv } from './project.js';
import { acquireLock } from './lock.js';

/**
 * What a path is, without following a link: only a regular file is read (a FIFO or a device would hang or never end).
 */
function kindOf(file: string): 'file' | 'dir' | 'link' | 'other' | null {
  let st;
  try {
    st = lstatSync(file);
  } catch {
    return null;
  }
  return st.isSymbolicLink() ? 'link' : st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'other';
}

function notRegular(file: string, kind: 'link' | 'dir' | 'other'): NovelError {
  return new NovelError('source_not_regular', said('importing.not_regular', { file, kind }), {
    hint: said('importing.not_regular.hint', { kind }),
    details: { file, found: kind },
  });
}

/**
 * A regular file's bytes, decoded; a text whose encodings are mixed is refused, naming its first line that is not
 * UTF-8.
 */
function readText(file: string): ReturnType<typeof decodeSource> {
  const bytes = readFileSync(file);
  const mixed = firstMixedLine(bytes);
  if (mixed !== null) {
    throw new NovelError('mixed_encoding', said('importing.mixed_encoding', { file, line: mixed }), {
      hint: said('importing.mixed_encoding.hint'),
      details: { file, line: mixed },
    });
  }
  return decodeSource(bytes);
}

/**
 * The source, split: a text file, or a folder of chapter files (.txt, .md) in reading order. Regular files only, never
 * through a link.
 */
export function readSource(source: string): { split: SplitBook; encoding: SourceEncoding | 'mixed' } {
  const kind = kindOf(source);
  if (kind === null)
    throw new NovelError('source_missing', said('importing.source_missing', { source }), {
      hint: said('importing.source_missing.hint'),
    });
  if (kind === 'link' || kind === 'other') throw notRegular(source, kind);
  if (kind === 'dir') {
    const names = readingOrder(readdirSync(source).filter((n) => /\.(txt|md)$/i.test(n)));
    for (const name of names) {
      const k = kindOf(path.join(source, name));
      if (k !== 'file' && k !== null) throw notRegular(path.join(source, name), k);
    }
    const encodings = new Set<SourceEncoding>();
    const chapters = names.map((name, i) => {
      const decoded = readText(path.join(source, name));
      encodings.add(decoded.encoding);
      return chapterFromFile(decoded.text, name, i + 1);
    });
    return {
      split: { chapters, skipped: [], preface_lines: 0, volumes: [], book: {} },
      encoding: encodings.size === 1 ? ([...encodings][0] as SourceEncoding) : encodings.size === 0 ? 'utf-8' : 'mixed',
    };
  }
  const decoded = readText(source);
  return { split: splitBook(decoded.text), encoding: decoded.encoding };
}

/** A volume's outline as the import writes it: its heading, then one block per chapter (its title as written). */
function importedOutline(v: ImportedVolume, chapters: readonly ImportedChapter[]): string {
  const blocks = chapters
    .slice(v.first_chapter - 1, v.last_chapter)
    .map((c) => `### 第${c.chapter}章\n\n${c.title}（导入）\n`);
  return `${v.title ? `# ${v.title}\n\n` : ''}${blocks.join('\n')}`;
}

/** The book's totals after the import: its chapters and their 字数, no tokens spent. */
function writeImportLedger(fs: ProjectFs, n: number, texts: readonly string[]): void {
  const ledger: BookLedger = {
    last_completed_chapter: n,
    chapters: n,
    zishu: texts.reduce((a, t) => a + chapterFacts(t).zishu, 0),
    input_tokens: 0,
    output_tokens: 0,
    cost_usd: 0,
    cost_unknown: 0,
  };
  fs.writeJson(BOOK_LEDGER, ledger);
}

export interface ImportResult {
  root: string;
  created: boolean;
  report: ImportReport;
}

export function importBook(cenv: CommandEnv, sourceArg: string, projectArg: string | undefined): ImportResult {
  const source = path.resolve(cenv.cwd, sourceArg);
  const root = path.resolve(cenv.cwd, projectArg ?? '.');
  const { split, encoding } = readSource(source);
  const report = importReport(sourceArg, encoding, split);
  if (split.chapters.length === 0) {
    throw new NovelError('no_chapters', said('importing.no_chapters', { source: sourceArg }), {
      hint: said('importing.no_chapters.hint'),
      details: { report },
    });
  }
  // A step names its chapter in at most five digits: a longer book is refused before anything is written.
  const beyond = split.chapters[MAX_NUMBER];
  if (beyond !== undefined) {
    const found = split.chapters.length;
    throw new NovelError(
      'too_many_chapters',
      said('importing.too_many', { source: sourceArg, line: beyond.line, max: MAX_NUMBER, found }),
      { hint: said('importing.too_many.hint', { line: beyond.line }), details: { line: beyond.line, found } },
    );
  }
  let created = false;
  if (!existsSync(path.join(root, paths.checkpoint))) {
    if (existsSync(root) && readdirSync(root).length > 0) {
      throw new NovelError('directory_not_empty', said('importing.not_empty', { dir: root }), {
        hint: said('importing.not_empty.hint'),
      });
    }
    createEmptyProject(root, {});
    created = true;
  }
  const fs = new ProjectFs(root);
  // Like every command that writes the project: under its lock (a running `novel run` holds it: exit 3).
  const lock = acquireLock(fs, lockEnvFor(cenv, fs), null);
  try {
    return importInto(fs, root, created, split, report);
  } finally {
    lock.release();
  }
}

function importInto(
  fs: ProjectFs,
  root: string,
  created: boolean,
  split: SplitBook,
  report: ImportReport,
): ImportResult {
  const cp = readCheckpoint(fs);
  const hasChapters = fs.listFiles('chapters').some((f) => chapterOfText(f) !== null);
  if (cp.checkpoint.last_completed_chapter > 0 || hasChapters) {
    throw new NovelError(
      'project_has_chapters',
      said('importing.has_chapters', { dir: root, last: cp.checkpoint.last_completed_chapter }),
      { hint: said('importing.has_chapters.hint') },
    );
  }
  // The chapters into a folder of their own, then into chapters/ at once.
  const texts = split.chapters.map(chapterText);
  fs.remove(paths.importDir);
  fs.writeNewFolder(
    paths.importDir,
    split.chapters.map((c, i) => ({
      name: path.posix.basename(paths.chapter(c.chapter)),
      content: texts[i] as string,
    })),
  );
  fs.remove('chapters');
  fs.rename(paths.importDir, 'chapters');
  // Recorded as committed chapters whose summaries and state are still to be caught up (one changelog line each, no
  // ops).
  const n = split.chapters.length;
  const lines = split.chapters
    .map((c) =>
      JSON.stringify({
        chapter: c.chapter,
        base_state_version: c.chapter - 1,
        state_version: c.chapter,
        storyline_id: 'imported',
        ops: [],
        dropped: [],
        imported: true,
      }),
    )
    .join('\n');
  fs.writeText('state/changelog.jsonl', `${lines}\n`);
  const state = JSON.parse(fs.readText('state/current-state.json')) as Record<string, unknown>;
  fs.writeText('state/current-state.json', prettyJson({ ...state, state_version: n, last_updated_chapter: n }));
  // An imported chapter has no log until its catch-up commit writes one: its title and 字数 are its text's (one 字数
  // everywhere), and the book's totals are in the ledger, so that no reader counts 3,000 texts.
  writeImportLedger(fs, n, texts);
  // The source's 第N卷 headings (§18): each volume's outline names its chapters, so that the volumes keep their
  // lengths and titles and the next plan is of the volume after the last.
  for (const v of split.volumes) fs.writeText(paths.volumeOutline(v.volume), importedOutline(v, split.chapters));
  // Its title, author and blurb, unless the project has its book.json already.
  const book = split.book;
  if (book.title !== undefined && !fs.exists(paths.book))
    fs.writeText(
      paths.book,
      prettyJson({ title: book.title, author: book.author ?? '佚名', ...(book.blurb ? { blurb: book.blurb } : {}) }),
    );
  fs.writeText('logs/import-report.json', prettyJson(report));
  // The repetition check's index of the imported chapters, and their fingerprint, from the texts in hand.
  rebuildShingleIndex(fs, n, (c) => texts[c - 1] ?? null);
  const chapterFiles = new Set(split.chapters.map((c) => paths.chapter(c.chapter)));
  const others = listFinalTrees(fs).filter((rel) => !chapterFiles.has(rel));
  const values = hashAll(fs, others);
  split.chapters.forEach((c, i) => {
    values[paths.chapter(c.chapter)] = sha256Hex(texts[i] as string);
  });
  // Its segments unsynced, as the chapters they record are (a kill keeps both; the checkpoint, synced, comes last).
  writeFingerprint(fs, values, { fsyncSegments: false });
  recordPlanningInputs(fs);
  fs.writeText(
    paths.checkpoint,
    prettyJson({
      ...cp.raw,
      last_completed_chapter: n,
      imported_chapters: n,
      current_volume: Math.max(1, split.volumes.length),
      orchestrator_state: 'WRITING',
      pipeline_stage: 'committed',
      inflight_chapter: null,
      revision_count: 0,
    }),
  );
  recordBoundary(fs, readCheckpoint(fs).checkpoint);
  return { root, created, report };
}
