/** Detects an unfinished commit journal (staging/.commit/*.json). */
import { paths } from '../core/paths.js';
import type { ProjectFs } from './project-fs.js';

export function findJournal(fs: ProjectFs): string | null {
  const journals = fs.listFiles(paths.commitJournalDir).filter((p) => p.endsWith('.json'));
  return journals[0] ?? null;
}
