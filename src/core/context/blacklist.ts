/** The effective AI blacklist: words minus the whitelist, in file order (PROTOCOL §1.1). */
import { isObj } from './project-view.js';

export function effectiveBlacklist(file: unknown): string[] {
  if (!isObj(file) || !Array.isArray(file.words)) return [];
  const white =
    isObj(file.whitelist) && Array.isArray(file.whitelist.words)
      ? new Set(file.whitelist.words.map(String))
      : new Set<string>();
  return file.words.map(String).filter((w) => !white.has(w));
}

export function blacklistTop10(file: unknown): string[] {
  return effectiveBlacklist(file).slice(0, 10);
}
