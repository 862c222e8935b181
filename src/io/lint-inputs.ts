/**
 * What a lint reads besides the chapter: the AI-cliché blacklist
 * (ai-blacklist.json, its whitelist masked first), the cliché lint
 * (cliche-lint.json; without one, the shipped lexicon), each parsed by its
 * schema, and the cast's names (characters/active/*.json: display names and
 * aliases, never sentence openings), and the repetition check's way into the
 * book's shingle index (io/shingle-index.ts). A broken list is an error naming it,
 * never a silent empty list; a character file that does not parse only
 * gives no name (validate and doctor name it).
 */
import * as v from 'valibot';
import { clicheLexicon } from '../core/cliche-lexicon.js';
import { effectiveBlacklist } from '../core/context/blacklist.js';
import { diagnosticsError } from '../core/errors.js';
import { said } from '../core/messages.js';
import type { LintLists } from '../core/lint.js';
import { BlacklistFileSchema, ClicheLintSchema, SensitiveWordsSchema } from '../schemas/inputs.js';
import type { ProjectView } from '../core/context/project-view.js';
import { parseWith } from '../schemas/parse.js';
import type { ProjectFs } from './project-fs.js';
import { diskView } from './project-view.js';
import { earlierChapters } from './shingle-index.js';

export function readLintLists(fs: ProjectFs, view: ProjectView = diskView(fs)): LintLists {
  const blacklist = fs.readJson('ai-blacklist.json', BlacklistFileSchema, 'invalid_blacklist');
  if (blacklist && !blacklist.ok)
    throw diagnosticsError(
      'invalid_blacklist',
      said('bookfile.invalid', { file: 'ai-blacklist.json' }),
      blacklist.diagnostics,
      said('bookfile.blacklist.hint'),
    );
  const cliche = fs.readJson('cliche-lint.json', ClicheLintSchema, 'invalid_cliche_lint');
  if (cliche && !cliche.ok)
    throw diagnosticsError(
      'invalid_cliche_lint',
      said('bookfile.invalid', { file: 'cliche-lint.json' }),
      cliche.diagnostics,
      said('bookfile.cliche.hint'),
    );
  const sensitive = fs.readJson('sensitive-words.json', SensitiveWordsSchema, 'invalid_sensitive_words');
  if (sensitive && !sensitive.ok)
    throw diagnosticsError(
      'invalid_sensitive_words',
      said('bookfile.invalid', { file: 'sensitive-words.json' }),
      sensitive.diagnostics,
      said('bookfile.sensitive.hint'),
    );
  const file = blacklist?.ok ? blacklist.value : null;
  const lists: LintLists = {
    blacklist: effectiveBlacklist(file),
    whitelist: file?.whitelist?.words ?? [],
    cliche: {},
    ...(sensitive?.ok ? { sensitive: sensitiveWords(sensitive.value) } : {}),
    names: castNames(fs, view),
    earlier: (fps, chapter) => earlierChapters(fs, fps, chapter),
  };
  if (cliche?.ok) lists.cliche = cliche.value.words as LintLists['cliche'];
  else shippedLexicon(lists);
  return lists;
}

/**
 * Without cliche-lint.json, the shipped lexicon: built when a lint first reads it. A packet that takes a recorded lint
 * only compares the inputs key, which names the lexicon by its sha256, and builds nothing.
 */
function shippedLexicon(lists: LintLists): void {
  let words: LintLists['cliche'] | undefined;
  lists.clicheShipped = true;
  Object.defineProperty(lists, 'cliche', {
    enumerable: true,
    get: () => {
      words ??= clicheLexicon();
      return words;
    },
  });
}

/** The parts of a character file a lint needs: its names. */
const CharacterNamesSchema = v.looseObject({
  display_name: v.optional(v.string()),
  aliases: v.optional(v.array(v.string())),
});

/**
 * Display names and aliases of characters/active/*.json, sorted, each once. The folder is listed as it always was (a
 * link out of the project is refused); the files are read through a view, so that a command that also reads the cast
 * for other ends (the continuity checks) reads each file once.
 */
export function castNames(fs: ProjectFs, view: ProjectView): string[] {
  const names = new Set<string>();
  for (const rel of fs.listFiles('characters/active')) {
    if (!rel.endsWith('.json')) continue;
    const json = view.json(rel);
    const c = json === undefined ? null : parseWith(CharacterNamesSchema, json, rel, 'invalid_character');
    if (!c?.ok) continue;
    for (const n of [c.value.display_name, ...(c.value.aliases ?? [])]) if (n?.trim()) names.add(n.trim());
  }
  return [...names].sort();
}

/** sensitive-words.json's words, each once, with its first category (the plain list's have none). */
function sensitiveWords(file: { words: string[]; categories?: Record<string, string[]> | undefined }) {
  const out = new Map<string, string | null>();
  for (const [category, words] of Object.entries(file.categories ?? {}))
    for (const word of words) if (!out.has(word)) out.set(word, category);
  for (const word of file.words) if (!out.has(word)) out.set(word, null);
  return [...out].map(([word, category]) => ({ word, category }));
}
