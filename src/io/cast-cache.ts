/**
 * The cast's files (characters/active/*.json) as the last mutating command
 * that read them read them: each file's text with its size, mtime, ctime and inode, so that a
 * reader (a packet's id map, the lint's names, the continuity checks' cast)
 * takes a file whose stats are still those without opening it: one lstat
 * instead of an open, a read and the checks around them, for every character
 * of every packet. A machine-local cache under logs/ (docs/recovery.md): a
 * file whose stats moved is read as before, and so is every file when the
 * cache is missing or does not parse. Only a file that had settled when it was
 * read is recorded (racy-clean.ts, by the tick its file system keeps), and
 * only a regular file: a link is read each time, as the path rules say.
 */
import type { Stats } from 'node:fs';
import { settledBefore } from '../core/racy-clean.js';
import { decodeUtf8 } from '../core/utf8.js';
import { CastCacheSchema, parseCache, type CastCache } from '../schemas/caches.js';
import type { ProjectFs } from './project-fs.js';

export const CAST_CACHE = 'logs/.cache/cast.json';
const CAST_DIR = 'characters/active';

type Entry = CastCache['files'][string];

const holds = (known: Entry, st: Stats): boolean =>
  st.isFile() && known[0] === st.size && known[1] === st.mtimeMs && known[2] === st.ctimeMs && known[3] === st.ino;

function recorded(fs: ProjectFs): CastCache['files'] | null {
  return parseCache(CastCacheSchema, fs.readCacheText(CAST_CACHE))?.files ?? null;
}

/** For a reader: the recorded text of a cast file whose stats have not moved since, else undefined (read it). */
export function castTexts(fs: ProjectFs): (rel: string) => string | undefined {
  const files = recorded(fs) ?? {};
  return (rel) => {
    const known = Object.hasOwn(files, rel) ? files[rel] : undefined;
    if (known === undefined) return undefined;
    const st = fs.lstat(rel);
    return st !== null && holds(known, st) ? known[4] : undefined;
  };
}

/**
 * After a mutating command that read the cast, or on a book without a record: the record brought up to date. A file
 * whose stats are as recorded keeps its entry; another is read, and recorded when its stats did not move during the
 * read and it had settled before it.
 */
export function recordCast(fs: ProjectFs): void {
  try {
    const before = recorded(fs);
    const files: CastCache['files'] = {};
    for (const rel of fs.listFiles(CAST_DIR)) {
      if (!rel.endsWith('.json')) continue;
      const st = fs.lstat(rel);
      if (!st?.isFile()) continue;
      const known = before !== null && Object.hasOwn(before, rel) ? before[rel] : undefined;
      if (known !== undefined && holds(known, st)) {
        files[rel] = known;
        continue;
      }
      const readAt = Date.now();
      let read: ReturnType<ProjectFs['readBytesAndStat']>;
      try {
        read = fs.readBytesAndStat(rel);
      } catch {
        continue;
      }
      const after = fs.lstat(rel);
      // The bytes are the file's whose stats are recorded: the same inode and stats before the open, from the
      // descriptor, and after the read; and it was last written more than a tick of its file system before.
      if (
        after === null ||
        after.ino !== st.ino ||
        read.ino !== after.ino ||
        read.size !== after.size ||
        read.mtimeMs !== after.mtimeMs ||
        read.ctimeMs !== after.ctimeMs ||
        !settledBefore(after.ctimeMs, readAt)
      )
        continue;
      const decoded = decodeUtf8(read.bytes);
      if (decoded.ok) files[rel] = [after.size, after.mtimeMs, after.ctimeMs, after.ino, decoded.text];
    }
    // Written where there is none (null), even empty: a book without a cast is not listed again by every mutating
    // command.
    if (JSON.stringify(files) !== JSON.stringify(before))
      fs.writeText(CAST_CACHE, JSON.stringify({ v: 1, files }), { fsync: false });
  } catch {
    /* a cache: readers read the files without it */
  }
}
