/**
 * The next chapter's foreshadowing (logs/.cache/foreshadowing.json): the
 * tasks and light-touch items its writer's, summarizer's and auditor's
 * packets carry (PROTOCOL §9, §13.6), as a mutating command computed them,
 * with what they were computed from: the chapter, its outline block's
 * Foreshadowing line, the volume's plan, the dormancy thresholds, and the
 * sha256 of the global list and of the plan as read (with their size and
 * mtime once those have settled, as for the dormant count). A packet takes
 * them when all of it still holds, the files by their size and mtime where
 * recorded and else by their sha256, instead of parsing a long book's list
 * (a thousand items, some 650 KB) for each packet; anything else (another
 * chapter, an edited outline, list or plan, new thresholds, a record missing
 * or torn) and the packet computes them from the files as before.
 *
 * Any mutating command that leaves the book at the same chapter records them
 * when they are not already; a commit leaves them to the next one (computing
 * them costs what reading the list costs, and a commit's cost is to follow its
 * delta, not the book). A cache: written without fsync, never a failure.
 *
 * The file's first line holds what the record was computed from and the
 * length of the second, the tasks and items: a mutating command that finds the
 * record current reads the first line only.
 */
import {
  foreshadowingFromList,
  foreshadowingKeyOf,
  type ChapterForeshadowing,
  type ForeshadowingKey,
} from '../core/packet.js';
import { sameThresholds } from '../core/context/dormant-foreshadowing.js';
import { paths } from '../core/paths.js';
import type { Settings } from '../core/settings.js';
import { decodeUtf8 } from '../core/utf8.js';
import type { Checkpoint } from '../schemas/checkpoint.js';
import {
  ForeshadowingRecordBodySchema,
  ForeshadowingRecordHeadSchema,
  parseCache,
  type ForeshadowingRecordHead,
} from '../schemas/caches.js';
import { sha256Hex, type ProjectFs } from './project-fs.js';
import { diskView } from './project-view.js';
import { settledStat, stillRecorded } from './recorded-file.js';

export const FORESHADOWING_RECORD = 'logs/.cache/foreshadowing.json';

/** How much of the record a mutating command reads for its first line. */
const HEAD_BYTES = 8 * 1024;

type FileIdentity = ForeshadowingRecordHead['list'];

const sameKey = (head: ForeshadowingRecordHead, key: ForeshadowingKey): boolean =>
  head.chapter === key.chapter &&
  head.line === key.line &&
  head.plan === key.plan &&
  sameThresholds(head.dormancy, key.dormancy);

/** The file is still the one recorded (a file that cannot be hashed is not). */
function holds(fs: ProjectFs, rel: string, id: FileIdentity): boolean {
  try {
    return stillRecorded(fs, rel, id.sha256, id.stat) !== null;
  } catch {
    return false;
  }
}

/** A file recorded absent, or with the size and mtime it was read at. */
const settled = (id: FileIdentity): boolean => id.sha256 === null || id.stat !== undefined;

/** Both files are still the recorded ones. */
const filesHold = (fs: ProjectFs, head: ForeshadowingRecordHead): boolean =>
  holds(fs, paths.globalForeshadowing, head.list) && holds(fs, head.plan, head.plan_file);

/** The record's two lines parsed, or null when it is missing or not of its schema. */
function readRecord(fs: ProjectFs): { head: ForeshadowingRecordHead; body: string } | null {
  const text = fs.readCacheText(FORESHADOWING_RECORD);
  const nl = text === null ? -1 : text.indexOf('\n');
  if (text === null || nl < 0) return null;
  const head = parseCache(ForeshadowingRecordHeadSchema, text.slice(0, nl));
  return head ? { head, body: text.slice(nl + 1) } : null;
}

/** For a packet: the recorded foreshadowing of these inputs when the files are still the ones it was computed from. */
export function recordedForeshadowingOf(fs: ProjectFs): (key: ForeshadowingKey) => ChapterForeshadowing | null {
  return (key) => {
    const record = readRecord(fs);
    if (record === null || !sameKey(record.head, key) || !filesHold(fs, record.head)) return null;
    return parseCache(ForeshadowingRecordBodySchema, record.body);
  };
}

/** A file's sha256 and text as read (null: absent), and its size and mtime once settled. */
function readIdentified(fs: ProjectFs, rel: string): { id: FileIdentity; text: string | undefined } | null {
  let read: ReturnType<ProjectFs['readBytesAndStat']>;
  try {
    read = fs.readBytesAndStat(rel);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { id: { sha256: null }, text: undefined };
    return null;
  }
  const decoded = decodeUtf8(read.bytes);
  if (!decoded.ok) return null;
  const stat = settledStat(read);
  return { id: { sha256: sha256Hex(read.bytes), ...(stat ? { stat } : {}) }, text: decoded.text };
}

/**
 * After a mutating command that leaves the book at the chapter after `checkpoint`'s last: the chapter's foreshadowing
 * recorded when the record does not already hold it by the files' size and mtime. A list or plan that cannot be read
 * is left to the packets to report.
 */
export function refreshForeshadowingRecord(fs: ProjectFs, checkpoint: Checkpoint, settings: Settings): void {
  const chapter = checkpoint.last_completed_chapter + 1;
  const key = foreshadowingKeyOf(diskView(fs), checkpoint, settings, chapter);
  const head = readHead(fs);
  if (head && sameKey(head, key) && settled(head.list) && settled(head.plan_file) && filesHold(fs, head)) return;
  const list = readIdentified(fs, paths.globalForeshadowing);
  const plan = readIdentified(fs, key.plan);
  if (list === null || plan === null) return;
  // The packet's own computation, over the texts just hashed.
  const texts = new Map([
    [paths.globalForeshadowing, list.text],
    [key.plan, plan.text],
  ]);
  const view = diskView(fs, (rel) => texts.get(rel));
  const computed = foreshadowingFromList(view, key);
  if (view.problems.length) return;
  const body = `${JSON.stringify(computed)}\n`;
  const recordHead: ForeshadowingRecordHead = {
    v: 1,
    ...key,
    list: list.id,
    plan_file: plan.id,
    body_bytes: Buffer.byteLength(body),
  };
  try {
    fs.writeText(FORESHADOWING_RECORD, `${JSON.stringify(recordHead)}\n${body}`, { fsync: false });
  } catch {
    /* a cache */
  }
}

/** The record's first line, read alone. */
function readHead(fs: ProjectFs): ForeshadowingRecordHead | null {
  let bytes: Buffer;
  try {
    bytes = fs.readRange(FORESHADOWING_RECORD, 0, HEAD_BYTES);
  } catch {
    return null;
  }
  const nl = bytes.indexOf(0x0a);
  if (nl < 0) return readRecord(fs)?.head ?? null;
  const head = parseCache(ForeshadowingRecordHeadSchema, bytes.subarray(0, nl).toString('utf8'));
  // A second line of another length than recorded (cut short, edited) is no record.
  return head && fs.stat(FORESHADOWING_RECORD)?.size === nl + 1 + head.body_bytes ? head : null;
}
