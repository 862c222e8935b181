/**
 * A ProjectView over an in-memory file map, for the context unit tests
 * (same pattern as the helper in test/core/context.test.ts). `json` returns
 * undefined for absent or unparsable files, as the disk view does; `list`
 * returns the direct children of a directory, sorted.
 */
import type { ProjectView } from '../../../src/core/context/project-view.js';

export function memoryView(files: Record<string, string>): ProjectView {
  return {
    problems: [],
    text: (rel) => files[rel],
    json: (rel) => {
      const raw = files[rel];
      if (raw === undefined) return undefined;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        return undefined;
      }
    },
    list: (dir) =>
      Object.keys(files)
        .filter((f) => f.startsWith(`${dir}/`) && !f.slice(dir.length + 1).includes('/'))
        .sort(),
    exists: (rel) => Object.prototype.hasOwnProperty.call(files, rel),
  };
}
