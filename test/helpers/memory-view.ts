/**
 * An in-memory ProjectView (the read-only project the pure context and packet
 * rules work on), as test/core/context.test.ts builds it: a map of
 * project-relative path → text.
 */
import type { ProjectView } from '../../src/core/context/project-view.js';

export function memoryView(files: Record<string, string>): ProjectView {
  return {
    problems: [],
    text: (rel) => files[rel],
    json: (rel) => {
      try {
        return files[rel] === undefined ? undefined : JSON.parse(files[rel] as string);
      } catch {
        return undefined;
      }
    },
    list: (dir) =>
      Object.keys(files)
        .filter((f) => f.startsWith(`${dir}/`) && !f.slice(dir.length + 1).includes('/'))
        .sort(),
    exists: (rel) => Object.hasOwn(files, rel),
  };
}
