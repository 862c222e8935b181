/** The read-only ProjectView over the disk, through project-fs (path safety, UTF-8, size). */
import type { ProjectView } from '../core/context/project-view.js';
import { warningAt, type Diagnostic } from '../schemas/diagnostics.js';
import { NovelError } from '../core/errors.js';
import { parseJsonText } from '../schemas/parse.js';
import type { ProjectFs } from './project-fs.js';

export function diskView(fs: ProjectFs): ProjectView {
  const problems: Diagnostic[] = [];
  const texts = new Map<string, string | undefined>();
  const text = (rel: string): string | undefined => {
    if (texts.has(rel)) return texts.get(rel);
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
    list(dir) {
      try {
        return fs.listFiles(dir);
      } catch {
        return [];
      }
    },
    exists(rel) {
      try {
        return fs.isFile(rel);
      } catch {
        return false;
      }
    },
  };
}
