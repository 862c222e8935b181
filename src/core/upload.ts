/**
 * Upload-ready chapters (PROTOCOL §18): one plain-text file per chapter as a
 * platform's author page takes it — the title line `第N章 标题`, no Markdown,
 * every paragraph indented with two U+3000 — and the chapter's 作者的话 in a
 * text of its own. The platform's title rules are checked here too, for
 * `export --upload` and `novel publish` alike. Pure.
 */
import { NUMERAL_CLASS } from './chapter-number.js';
import { NovelError } from './errors.js';
import { said } from './messages.js';
import { formatChapterRef } from './step-id.js';
import { proseParagraphs } from './prose-markdown.js';
import { titleRuleBreaks, type QualitySettings, type TitleBreak } from './quality-settings.js';

const INDENT = '\u3000\u3000';

/** A 第N章 opening of a title, with what separates it from the name. */
const NUMBERED = new RegExp(`^\u7b2c\\s*[${NUMERAL_CLASS}]+\\s*[\u7ae0\u56de][\\s\u3000:\uff1a\u00b7.\u3001-]*`);

/** The title line as the platform shows it: `第N章 name`, N the chapter's number in the book. */
export function uploadTitle(chapter: number, title: string): string {
  const name = title
    .replace(/^#+\s*/, '')
    .replace(NUMBERED, '')
    .trim();
  return name ? `\u7b2c${chapter}\u7ae0 ${name}` : `\u7b2c${chapter}\u7ae0`;
}

/**
 * Paragraphs as the platform expects them: each indented with two U+3000; on 番茄 (tomato) one line break apart, on
 * 起点 and elsewhere a blank line apart. A scene break is its ornament, indented likewise.
 */
function plainParagraphs(body: string, platform: QualitySettings['platform']): string {
  const lines = proseParagraphs(body).map((p) => `${INDENT}${p.text}`);
  return lines.join(platform === 'tomato' ? '\n' : '\n\n');
}

/** A chapter's upload text: the title line, a blank line, the paragraphs; no Markdown. */
export function uploadText(
  chapter: number,
  title: string,
  body: string,
  platform: QualitySettings['platform'],
): string {
  return `${uploadTitle(chapter, title)}\n\n${plainParagraphs(body, platform)}\n`;
}

/** The 作者的话 as plain text (Markdown marks gone, one paragraph a line); null when the note says nothing. */
export function uploadNote(note: string): string | null {
  const paragraphs = proseParagraphs(note.replace(/^#[^\n]*\n/, '')).map((p) => p.text);
  return paragraphs.length ? `${paragraphs.join('\n')}\n` : null;
}

/** What keeps a title off the platform (§18): a forbidden word, or the number of another chapter. Null: none. */
export type TitleProblem = TitleBreak | null;

export function titleProblem(chapter: number, title: string, quality: QualitySettings): TitleProblem {
  if (quality.platform === 'none') return null;
  return titleRuleBreaks(chapter, title, quality)[0] ?? null;
}

/** The refusal of `export --upload` or `publish` for a title the platform refuses (exit 2, naming it); null: none. */
export function titleRefusal(
  chapter: number,
  title: string,
  quality: QualitySettings,
  act: 'export' | 'publish',
): NovelError | null {
  const problem = titleProblem(chapter, title, quality);
  if (problem === null) return null;
  return new NovelError(
    'title_refused',
    said('publishing.title_refused', {
      chapter,
      title,
      platform: quality.platform,
      word: problem.kind === 'forbidden' ? problem.word : '',
      named: problem.kind === 'number' ? problem.named : 0,
      act,
    }),
    { hint: said('exporting.upload_title.hint', { ref: formatChapterRef(chapter) }), details: { chapter, title } },
  );
}
