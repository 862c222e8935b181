/**
 * The data behind `novel serve`'s JSON API, read from the project as every
 * other reader reads it (PROTOCOL §12, §15): nothing here writes, and an
 * answer is taken again when a commit changed the checkpoint while it was
 * read, so no answer mixes the book before a commit with the book after it.
 */
import {
  chapterSeries,
  characterPlaces,
  foreshadowingTimeline,
  graphLayers,
  graphStateOf,
  pageOf,
  type ChapterSeries,
} from '../core/dashboard.js';
import { rowOf, type ChapterRowView } from '../core/chapter-table.js';
import { chapterFacts } from '../core/commit-plan.js';
import { isObj, type Obj } from '../core/context/project-view.js';
import { diffRounds, roundsOf } from '../core/draft-history.js';
import { bookGraph, pipelineGraph } from '../core/graph.js';
import { archivedAt, paths, volumeOfDirName } from '../core/paths.js';
import { readGlobalForeshadowing, readState } from './book-files.js';
import { checkpointText } from './checkpoint.js';
import { openProject, type CommandEnv, type OpenProject } from './project.js';
import type { ProjectFs } from './project-fs.js';
import { statusReport } from './status-report.js';
import { continuityView, type ContinuityView } from '../core/continuity-view.js';
import { readContinuityBook } from './continuity-book.js';
import * as v from 'valibot';
import { BookJsonSchema } from '../schemas/inputs.js';
import { nestedTooDeep } from '../schemas/parse.js';
import { CALENDAR_DAYS } from '../core/daily-goal.js';

/** Read until the checkpoint is the same before and after (a commit ran meanwhile: read again). */
export function consistently<T>(fs: ProjectFs, read: () => T): T {
  for (let attempt = 0; ; attempt++) {
    const before = checkpointText(fs);
    const value = read();
    if (attempt >= 20 || checkpointText(fs) === before) return value;
  }
}

/**
 * A file's text as the dashboard serves it: a regular file with one name
 * only (PROTOCOL §17). A hard link shares its bytes with a file elsewhere,
 * outside the project perhaps: never served; nor a symbolic link.
 */
function served(fs: ProjectFs, rel: string): ReturnType<ProjectFs['readTextChecked']> {
  const st = fs.lstat(rel);
  if (!st?.isFile() || st.nlink > 1) return null;
  return fs.readTextChecked(rel);
}

const jsonOf = (fs: ProjectFs, rel: string): unknown => {
  const r = served(fs, rel);
  if (!r || !('text' in r)) return null;
  try {
    const v = JSON.parse(r.text) as unknown;
    // Nested deeper than any book file: not served (what answers with it would overflow).
    return nestedTooDeep(v) === null ? v : null;
  } catch {
    return null;
  }
};

/**
 * Chapter rows, each from its log (a log's stat is remembered: a 3,000-chapter book is read once, then only stat'ed).
 */
export class ChapterRows {
  private readonly memo = new Map<number, { size: number; mtimeMs: number; row: ChapterRowView }>();
  constructor(private readonly fs: ProjectFs) {}

  row(chapter: number): ChapterRowView {
    const rel = paths.chapterLog(chapter);
    const st = this.fs.stat(rel);
    const known = this.memo.get(chapter);
    if (st && known && known.size === st.size && known.mtimeMs === st.mtimeMs) return known.row;
    let log = (jsonOf(this.fs, rel) ?? {}) as Obj;
    if (!isObj(log)) log = {};
    if (typeof log.zishu !== 'number') {
      const text = served(this.fs, paths.chapter(chapter));
      if (text && 'text' in text) log = { ...log, ...chapterFacts(text.text) };
    }
    const row = rowOf(chapter, log);
    if (st) this.memo.set(chapter, { size: st.size, mtimeMs: st.mtimeMs, row });
    return row;
  }

  range(from: number, to: number): ChapterRowView[] {
    const rows: ChapterRowView[] = [];
    for (let c = from; c <= to; c++) rows.push(this.row(c));
    return rows;
  }
}

export interface Dashboard {
  status(): Record<string, unknown>;
  chapters(offset: number, limit: number): Record<string, unknown>;
  series(): ChapterSeries & {
    zishu_target: [number, number] | null;
    zishu_hard: [number, number] | null;
    thresholds: Record<string, number>;
  };
  chapter(n: number): Record<string, unknown> | null;
  diff(n: number, from: number | null, to: number | null): Record<string, unknown> | null;
  foreshadowing(offset: number, limit: number): Record<string, unknown>;
  characters(offset: number, limit: number): Record<string, unknown>;
  storylines(): Record<string, unknown>;
  graph(): Record<string, unknown>;
  cost(): Record<string, unknown>;
  /** Each character's status, realm and location over the chapters, and every continuity finding (§19). */
  continuity(): ContinuityView;
}

/** The dashboard of one project. Every method reads the project afresh (consistently with concurrent commits). */
export function openDashboard(cenv: CommandEnv, projectFlag: string | undefined, fs: ProjectFs): Dashboard {
  const rows = new ChapterRows(fs);
  const open = (): OpenProject => openProject(cenv, projectFlag, fs);
  const last = (): number => open().loaded.checkpoint.last_completed_chapter;

  const roundsOfChapter = (n: number) => {
    const base = paths.revisionsDir(n);
    const archivedPath = (k: number) => archivedAt(paths.revisionRoundDir(n, k), paths.stagingChapter(n));
    const archived = fs
      .listDirs(base)
      .map((d) => /^round-(\d+)$/.exec(d)?.[1])
      .filter((k): k is string => k !== undefined)
      .map(Number)
      .filter((k) => fs.exists(archivedPath(k)));
    const current = fs.exists(paths.stagingChapter(n))
      ? paths.stagingChapter(n)
      : fs.exists(paths.chapter(n))
        ? paths.chapter(n)
        : null;
    return roundsOf(archived, archivedPath, current);
  };

  return {
    status: () =>
      consistently(fs, () => {
        const { view, totals, dormant, serial, daily, project } = statusReport(
          cenv,
          projectFlag,
          fs,
          true,
          CALENDAR_DAYS,
        );
        const cp = project.loaded.checkpoint;
        return {
          ...view,
          totals,
          dormant_foreshadowing: dormant,
          serial,
          daily,
          last_completed_chapter: cp.last_completed_chapter,
          current_volume: cp.current_volume,
          ...bookHeader(fs),
        };
      }),

    chapters: (offset, limit) =>
      consistently(fs, () => {
        const total = last();
        const page = pageOf(total, offset, limit);
        return {
          total,
          offset: page.offset,
          limit: page.limit,
          rows: total === 0 ? [] : rows.range(page.from, page.to),
        };
      }),

    series: () =>
      consistently(fs, () => {
        const p = open();
        const q = p.settings.quality;
        return {
          ...chapterSeries(rows.range(1, p.loaded.checkpoint.last_completed_chapter)),
          zishu_target: q.zishu.target,
          zishu_hard: q.zishu.hard,
          thresholds: { ...p.settings.thresholds },
        };
      }),

    chapter: (n) =>
      consistently(fs, () => {
        if (n < 1 || n > last()) return null;
        const r = served(fs, paths.chapter(n));
        if (!r || !('text' in r)) return null;
        const evaluation = jsonOf(fs, paths.evaluation(n));
        const lint = jsonOf(fs, paths.lintReport(n));
        return {
          ...rows.row(n),
          text: r.text,
          summary: (() => {
            const s = served(fs, paths.summary(n));
            return s && 'text' in s ? s.text : null;
          })(),
          evaluation: isObj(evaluation) ? evaluation : null,
          lint: isObj(lint) ? lint : null,
          rounds: roundsOfChapter(n).map((x) => x.round),
        };
      }),

    diff: (n, from, to) =>
      consistently(fs, () => {
        const rounds = roundsOfChapter(n);
        if (rounds.length < 2)
          return rounds.length === 0 ? null : { chapter: n, rounds: rounds.map((x) => x.round), from: null, to: null };
        const a = from === null ? rounds.at(-2) : rounds.find((x) => x.round === from);
        const b = to === null ? rounds.at(-1) : rounds.find((x) => x.round === to);
        if (!a || !b) return null;
        const aRead = served(fs, a.path);
        const bRead = served(fs, b.path);
        if (!aRead || !('text' in aRead) || !bRead || !('text' in bRead)) return null;
        const aText = aRead.text;
        const bText = bRead.text;
        const d = diffRounds(a, aText, b, bText);
        return {
          chapter: n,
          rounds: rounds.map((x) => x.round),
          from: { ...a, text: aText },
          to: { ...b, text: bText },
          patch: d.patch,
          added: d.added,
          removed: d.removed,
        };
      }),

    foreshadowing: (offset, limit) =>
      consistently(fs, () => {
        const p = open();
        const lastDone = p.loaded.checkpoint.last_completed_chapter;
        fs.refuseServedLink(paths.globalForeshadowing);
        const all = foreshadowingTimeline(readGlobalForeshadowing(fs), lastDone, p.settings.quality.dormancy);
        const page = pageOf(all.length, offset, limit);
        return {
          last_completed_chapter: lastDone,
          total: all.length,
          offset: page.offset,
          limit: page.limit,
          items: all.slice(page.from - 1, page.to),
          dormant: all.filter((i) => i.dormant).length,
          overdue: all.filter((i) => i.overdue).length,
        };
      }),

    characters: (offset, limit) =>
      consistently(fs, () => {
        const files = fs
          .listFiles('characters/active')
          .filter((f) => f.endsWith('.json'))
          .sort()
          .flatMap((f) => {
            const c = jsonOf(fs, f);
            if (!isObj(c)) return [];
            const slug = /([^/]+)\.json$/.exec(f)?.[1] ?? f;
            const id = typeof c.id === 'string' ? c.id : slug;
            return [{ id, name: typeof c.display_name === 'string' ? c.display_name : id }];
          });
        // The most recently seen first: a long book's state may know thousands.
        fs.refuseServedLink(paths.state);
        const all = characterPlaces(files, readState(fs).characters).sort(
          (a, b) => (b.last_seen_chapter ?? -1) - (a.last_seen_chapter ?? -1) || a.id.localeCompare(b.id),
        );
        const page = pageOf(all.length, offset, limit);
        return {
          last_completed_chapter: last(),
          total: all.length,
          offset: page.offset,
          limit: page.limit,
          characters: all.slice(page.from - 1, page.to),
        };
      }),

    storylines: () =>
      consistently(fs, () => {
        const defined = jsonOf(fs, 'storylines/storylines.json');
        const schedules = fs
          .listDirs('volumes')
          .filter((d) => volumeOfDirName(d) !== null)
          .sort()
          .map((d) => ({ volume: Number(d.slice(4)), schedule: jsonOf(fs, `volumes/${d}/storyline-schedule.json`) }))
          .filter((s) => s.schedule !== null);
        const list =
          isObj(defined) && Array.isArray(defined.storylines)
            ? defined.storylines
            : Array.isArray(defined)
              ? defined
              : [];
        return { storylines: list, schedules };
      }),

    graph: () =>
      consistently(fs, () => {
        const { view } = statusReport(cenv, projectFlag, fs);
        const book = bookGraph();
        const pipeline = pipelineGraph();
        const step = view.next.step;
        const stage = /^chapter:\d+:(.+)$/.exec(step)?.[1] ?? null;
        const bookTop = {
          ...book,
          states: book.states.filter((s) => s.parent === null),
          transitions: book.transitions.filter((t) => !t.source.includes('.') && !t.target.includes('.')),
        };
        const bookCurrent =
          stage !== null
            ? 'writing'
            : (book.states.find((s) => s.parent === null && s.step !== null && step.endsWith(`:${s.step}`))?.id ??
              (view.next.action === 'done' ? book.states.find((s) => s.type === 'final')?.id : null) ??
              null);
        return {
          step,
          book: { graph: bookTop, layers: graphLayers(bookTop), current: bookCurrent },
          chapter: { graph: pipeline, layers: graphLayers(pipeline), current: graphStateOf(pipeline, stage) },
        };
      }),

    continuity: () =>
      consistently(fs, () => {
        const p = open();
        // Its findings quote the chapters and the changelog: none of them may have a second name.
        fs.refuseServedLink('state/changelog.jsonl');
        for (let n = 1; n <= p.loaded.checkpoint.last_completed_chapter; n++) fs.refuseServedLink(paths.chapter(n));
        return continuityView(
          readContinuityBook(fs, p.loaded.checkpoint.last_completed_chapter, p.settings.continuity),
        );
      }),

    cost: () =>
      consistently(fs, () => {
        const s = chapterSeries(rows.range(1, last()));
        return {
          chapter: s.chapter,
          cost_usd: s.cost_usd,
          cost_cumulative: s.cost_cumulative,
          total_usd: s.cost_cumulative.at(-1) ?? 0,
          unknown: s.cost_usd.filter((c) => c === null).length,
        };
      }),
  };
}

/** The page header: book.json's title, author and blurb (§18), else brief.md's title. */
function bookHeader(fs: ProjectFs): { title: string | null; author: string | null; blurb: string | null } {
  const book = v.safeParse(BookJsonSchema, jsonOf(fs, paths.book));
  if (book.success) return { title: book.output.title, author: book.output.author, blurb: book.output.blurb ?? null };
  return { title: briefTitle(fs), author: null, blurb: null };
}

/** brief.md's 《title》, else its first heading. */
function briefTitle(fs: ProjectFs): string | null {
  const r = served(fs, 'brief.md');
  if (!r || !('text' in r)) return null;
  const heading =
    r.text
      .split('\n')
      .find((l) => l.startsWith('# '))
      ?.slice(2)
      .trim() ?? null;
  return /\u300a([^\u300b]+)\u300b/.exec(heading ?? '')?.[1] ?? heading;
}
