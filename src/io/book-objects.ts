/**
 * Copies of the book's write-once files, addressed by their sha256
 * (`.novel/objects/ab/abcdef…`): what the fingerprint records of a chapter,
 * a summary, an evaluation, a crossref or a volume plan can always be put
 * back. The step guard restores from them what an executor changed through a
 * hard link, or removed, however old the chapter. A copy is checked against
 * its name before use, so a damaged one is never restored. The copies are
 * written after the files they copy and without fsync: losing one in a crash
 * loses only that safety net, never a byte of the book.
 *
 * A copy is written in `.novel/objects/` itself and then renamed into its
 * shard (`ab/`): a write cut short leaves its leftover where the sweep of
 * every mutation looks (one directory), so the 256 shards hold only whole
 * copies and are listed only by a full sweep (src/io/temp-sweep.ts).
 */
import { isWriteOnceFile, paths } from '../core/paths.js';
import { readFingerprint } from './fingerprint.js';
import { sha256Hex, type ProjectFs } from './project-fs.js';

const OBJECTS = '.novel/objects';
/**
 * Written once every committed write-once file has its copy (books older than the copies get them at their next run).
 */
const COMPLETE = `${OBJECTS}/complete`;

const WRITE_ONCE = [{ test: isWriteOnceFile }];

/** A final file that a commit writes once and nothing in novel rewrites: worth a copy. */
export function isWriteOnce(rel: string): boolean {
  return WRITE_ONCE.some((re) => re.test(rel));
}

export function objectPath(sha256: string): string {
  return `${OBJECTS}/${sha256.slice(0, 2)}/${sha256}`;
}

/** Where a copy is written before it is renamed into its shard. */
const inFlightPath = (sha256: string): string => `${OBJECTS}/${sha256}`;

const SHARD = /^\.novel\/objects\/[0-9a-f]{2}$/;
const IN_FLIGHT = /^\.novel\/objects\/[0-9a-f]{64}$/;

/** A shard of the copies (`.novel/objects/ab`): it only ever receives whole copies, by rename. */
export const isObjectShard = (rel: string): boolean => SHARD.test(rel);

/** A copy written but not yet renamed into its shard: what a kill between the two leaves. */
export const isObjectInFlight = (rel: string): boolean => IN_FLIGHT.test(rel);

/** Keep a copy of a write-once file novel has just written. */
export function keepObject(
  fs: ProjectFs,
  rel: string,
  content: string | Buffer,
  sha256: string = sha256Hex(content),
): void {
  if (!isWriteOnce(rel)) return;
  const obj = objectPath(sha256);
  if (fs.exists(obj)) return;
  const flight = inFlightPath(sha256);
  fs.writeText(flight, content, { fsync: false });
  fs.move(flight, obj);
}

/** Put back the bytes the fingerprint records for `rel`, from its copy; false when there is no sound copy. */
export function restoreFromObject(fs: ProjectFs, rel: string, sha256: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(sha256)) return false;
  let bytes: Buffer;
  try {
    bytes = fs.readBytes(objectPath(sha256));
  } catch {
    return false;
  }
  if (sha256Hex(bytes) !== sha256) return false;
  fs.writeText(rel, bytes);
  return true;
}

/** The fingerprint's record of one path (null: none). */
export function recordedHash(fs: ProjectFs, rel: string): string | null {
  return readFingerprint(fs)?.[rel] ?? null;
}

/**
 * Once per book: a copy of every write-once file that still matches the
 * fingerprint (a file that does not is left alone: its copy would vouch for
 * a change nobody accepted).
 */
export function fillObjects(fs: ProjectFs): number {
  if (fs.exists(COMPLETE)) return 0;
  const recorded = readFingerprint(fs);
  if (recorded === null) return 0;
  let kept = 0;
  for (const [rel, sha] of Object.entries(recorded)) {
    if (!isWriteOnce(rel) || fs.exists(objectPath(sha))) continue;
    let bytes: Buffer;
    try {
      bytes = fs.readBytes(rel);
    } catch {
      continue;
    }
    if (sha256Hex(bytes) !== sha) continue;
    keepObject(fs, rel, bytes, sha);
    kept += 1;
  }
  fs.writeText(COMPLETE, `${paths.fingerprint}\n`, { fsync: false });
  return kept;
}
