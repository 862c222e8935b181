/**
 * What a lint reads besides the chapter: the AI-cliché blacklist
 * (ai-blacklist.json, its whitelist masked first) and the optional cliché
 * lint (cliche-lint.json), each parsed by its schema; a broken file is an
 * error naming it, never a silent empty list.
 */
import { effectiveBlacklist } from '../core/context/blacklist.js';
import { diagnosticsError } from '../core/errors.js';
import type { LintLists } from '../core/lint.js';
import { BlacklistFileSchema, ClicheLintSchema } from '../schemas/inputs.js';
import type { ProjectFs } from './project-fs.js';

export function readLintLists(fs: ProjectFs): LintLists {
  const blacklist = fs.readJson('ai-blacklist.json', BlacklistFileSchema, 'invalid_blacklist');
  if (blacklist && !blacklist.ok) throw diagnosticsError('invalid_blacklist', 'ai-blacklist.json is invalid', blacklist.diagnostics, 'fix it (novel schema shows the shape: {words: [], whitelist?: {words: []}})');
  const cliche = fs.readJson('cliche-lint.json', ClicheLintSchema, 'invalid_cliche_lint');
  if (cliche && !cliche.ok) throw diagnosticsError('invalid_cliche_lint', 'cliche-lint.json is invalid', cliche.diagnostics, 'fix it: {"words": {"word": "hard" | "soft" | "warn"}}');
  const file = blacklist?.ok ? blacklist.value : null;
  return {
    blacklist: effectiveBlacklist(file),
    whitelist: file?.whitelist?.words ?? [],
    cliche: cliche?.ok ? (cliche.value.words as LintLists['cliche']) : {},
  };
}
