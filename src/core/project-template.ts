/**
 * The files of a new, minimal, valid project (`novel init`): volume 1 awaits
 * planning. Pure: a map of project-relative path → content.
 */
import { clicheLexicon } from './cliche-lexicon.js';
import { DEFAULT_SETTINGS } from './settings.js';

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** The book's metadata as `init --title --author [--blurb]` records it (book.json, §18). */
export interface BookFields {
  title: string;
  author: string;
  blurb?: string;
  platform?: string;
}

/** A title as the author may type it, 《》 and all: kept without them. */
export const bareTitle = (title: string): string => title.replace(/^\u300a(.*)\u300b$/, '$1').trim();

/** What `init` was given for book.json: its options, and a way to ask for the rest (null: off a terminal). */
export interface BookAnswers {
  title?: string | undefined;
  author?: string | undefined;
  blurb?: string | undefined;
  ask: (field: 'title' | 'author' | 'blurb') => string | null;
}

/**
 * book.json's fields from the options, the missing title or author asked for (and the blurb, once both are known):
 * none when neither a title nor an author comes; `{ missing }` naming the option when only one does.
 */
export function bookFieldsOf(
  a: BookAnswers,
  platform: string | undefined,
): { book: BookFields } | { book: null } | { missing: '--title' | '--author' } {
  let title = a.title === undefined ? undefined : bareTitle(a.title);
  let author = a.author?.trim();
  let blurb = a.blurb?.trim();
  if (!title || !author) {
    title ||= a.ask('title') ?? undefined;
    if (title !== undefined) title = bareTitle(title);
    author ||= a.ask('author') ?? undefined;
    if (blurb === undefined && title && author) blurb = a.ask('blurb') ?? undefined;
  }
  if (!title && !author) return { book: null };
  if (!title || !author) return { missing: title ? '--author' : '--title' };
  return { book: { title, author, ...(blurb ? { blurb } : {}), ...(platform ? { platform } : {}) } };
}

/**
 * The files of a new project; `extra` joins novel.config.json (e.g. the quality preset of `init --platform`), `book`
 * is book.json (none without a title and an author).
 */
export function newProjectFiles(extra: Record<string, unknown> = {}, book?: BookFields): Record<string, string> {
  return {
    ...(book ? { 'book.json': json(book) } : {}),
    '.checkpoint.json': json({
      last_completed_chapter: 0,
      current_volume: 1,
      orchestrator_state: 'VOL_PLANNING',
      pipeline_stage: null,
      inflight_chapter: null,
      revision_count: 0,
    }),
    'novel.config.json': json({
      gate: DEFAULT_SETTINGS.thresholds,
      max_revisions: DEFAULT_SETTINGS.max_revisions,
      revision_policy: DEFAULT_SETTINGS.revision_policy,
      memory_context_chapters: DEFAULT_SETTINGS.memory_context_chapters,
      lock_stale_minutes: DEFAULT_SETTINGS.lock_stale_minutes,
      chapters_per_volume: DEFAULT_SETTINGS.chapters_per_volume,
      ...extra,
    }),
    'brief.md': '# 作品简介\n\n（在这里写下故事的核心设定、主角、基调与目标读者。）\n',
    'style-profile.json': json({}),
    'ai-blacklist.json': json({ words: [] }),
    // The cliché lexicon of Chinese web fiction (§16): word → severity, the author's to edit.
    'cliche-lint.json': json({ words: clicheLexicon() }),
    // A short example of the author's own list (§18): each word is a hard lint finding, and publish refuses it.
    'sensitive-words.json': json({ words: [], categories: { 广告: ['加微信', '扫码关注', '加QQ群'] } }),
    'world/rules.json': json({ rules: [] }),
    'storylines/storylines.json': json({ storylines: [], relationships: [] }),
    'state/current-state.json': json({ schema_version: 1, state_version: 0, last_updated_chapter: 0 }),
    'state/changelog.jsonl': '',
    'state/chapter-memory.json': json([]),
    'foreshadowing/global.json': json({ foreshadowing: [] }),
  };
}
