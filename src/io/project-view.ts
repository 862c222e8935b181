/**
 * The read-only ProjectView over the disk, through project-fs (path safety, UTF-8, size). `cached`: a text recorded
 * earlier for a file whose stats still vouch for it (cast-cache.ts), taken instead of reading the file.
 */
import type { ProjectView } from '../core/context/project-view.js';
import { warningAt, type Diagnostic } from '../schemas/diagnostics.js';
import { NovelError } from '../core/errors.js';
import { parseJsonText } from '../schemas/parse.js';
import { arrayTailText } from '../core/json-tail.js';
import type { ProjectFs } from './project-fs.js';

export function diskView(fs: ProjectFs, cached?: (rel: string) => string | undefined): ProjectView {
  const problems: Diagnostic[] = [];
  const texts = new Map<string, string | undefined>();
  // The regular files the view's listings found: `exists` answers for them from the listing (one readdir for a
  // packet's look at every character's profile) instead of a stat each.
  const listedFiles = new Set<string>();
  const text = (rel: string): string | undefined => {
    if (texts.has(rel)) return texts.get(rel);
    const recorded = cached?.(rel);
    if (recorded !== undefined) {
      texts.set(rel, recorded);
      return recorded;
    }
    let value: string | undefined;
    try {
      const r = fs.readTextChecked(rel);
      if (r === null) value = undefined;
      else if ('diagnostic' in r) {
        problems.push({ ...r.diagnostic, severity: 'warning' });
        value = undefined;
      } else value = r.text;
    } catch (err) {
      if (!(err instanceof NovelError)) throw err;
      problems.push(warningAt(err.code, rel, { message: err.said }));
      value = undefined;
    }
    texts.set(rel, value);
    return value;
  };
  return {
    problems,
    text,
    json(rel) {
      const t = text(rel);
      if (t === undefined) return undefined;
      const parsed = parseJsonText(t, rel, 'invalid_json');
      if (!parsed.ok) {
        if (!problems.some((p) => p.file === rel))
          problems.push(...parsed.diagnostics.map((d) => ({ ...d, severity: 'warning' as const })));
        return undefined;
      }
      return parsed.value;
    },
    jsonArrayTail(rel, bytes) {
      // A file read whole already is parsed whole (json).
      if (texts.has(rel)) return undefined;
      const tail = fs.readTailText(rel, bytes);
      const text = tail === null ? null : arrayTailText(tail);
      if (text === null) return undefined;
      const parsed = parseJsonText(text, rel, 'invalid_json');
      return parsed.ok && Array.isArray(parsed.value) ? parsed.value : undefined;
    },
    list(dir) {
      const links = new Set<string>();
      let rels: string[];
      try {
        rels = fs.listFiles(dir, { links });
      } catch {
        return [];
      }
      for (const rel of rels) if (!links.has(rel)) listedFiles.add(rel);
      return rels;
    },
    exists(rel) {
      // A regular file the listing found is one, and so is a file the view read. Any other name is looked at as
      // always: a link is followed, and a name the listing did not find may still be there under another case or
      // normalisation (a file system that folds names, as on Windows drives and casefolded ext4).
      if (listedFiles.has(rel) || texts.get(rel) !== undefined) return true;
      try {
        return fs.isFile(rel);
      } catch {
        return false;
      }
    },
  };
}
