/**
 * The Markdown an author writes in a chapter — **emphasis**, *emphasis*,
 * > block quotes, `* * *` scene breaks — rendered for export with
 * markdown-it (a maintained CommonMark parser) rather than by hand. A
 * chapter is a web novel's text: every line is a paragraph of its own. Pure.
 */
import MarkdownIt from 'markdown-it';

/** The scene-break ornament (centred in the EPUB, indented in plain text). */
export const SCENE_BREAK = '\uff0a\u3000\uff0a\u3000\uff0a'; // ＊　＊　＊

type Parser = ReturnType<typeof MarkdownIt>;

let parser: Parser | undefined;

function md(): Parser {
  if (parser) return parser;
  const p = new MarkdownIt({ html: false, xhtmlOut: true, breaks: false, linkify: false, typographer: false });
  p.renderer.rules.hr = () => `<p class="scene-break">${SCENE_BREAK}</p>\n`;
  parser = p;
  return p;
}

/** Every non-empty line its own block, so that Markdown sees the paragraphs the author sees. */
function asBlocks(body: string): string {
  return body
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n\n');
}

/** XHTML of a chapter body (paragraphs, emphasis, quotes, scene breaks). */
export function proseHtml(body: string): string {
  return md().render(asBlocks(body)).trim();
}

/** Plain text of a chapter body: one paragraph a line, no Markdown marks, scene breaks as the ornament. */
export function proseParagraphs(body: string): Array<{ kind: 'p' | 'quote' | 'break'; text: string }> {
  const out: Array<{ kind: 'p' | 'quote' | 'break'; text: string }> = [];
  let quoted = 0;
  for (const token of md().parse(asBlocks(body), {})) {
    if (token.type === 'blockquote_open') quoted += 1;
    else if (token.type === 'blockquote_close') quoted -= 1;
    else if (token.type === 'hr') out.push({ kind: 'break', text: SCENE_BREAK });
    else if (token.type === 'inline') {
      const text = (token.children ?? [])
        .map((c: { type: string; content: string }) =>
          c.type === 'text' || c.type === 'code_inline'
            ? c.content
            : c.type === 'softbreak' || c.type === 'hardbreak'
              ? ''
              : c.type === 'image'
                ? c.content
                : '',
        )
        .join('')
        .trim();
      if (text) out.push({ kind: quoted > 0 ? 'quote' : 'p', text });
    }
  }
  return out;
}
