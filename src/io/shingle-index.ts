/**
 * The book's shingle index (PROTOCOL §16), logs/.cache/shingles.idx: for each
 * winnowed fingerprint of the committed chapters (core/shingles.ts), the
 * first chapter it stands in. An open-addressing hash table in one file, so
 * that a lint reads only the slots of its own fingerprints, a few hundred
 * positioned reads whatever the book's length:
 *
 *   header (32 bytes): "NVSHIDX1", u32 log2 of the slots, u32 entries,
 *                      u32 the last chapter indexed, 12 bytes reserved
 *   slots: u32 hash (0: empty), u32 chapter; linear probing; at most half full
 *
 * It is a cache of the chapters, never the book: a lint takes from it only
 * the candidate chapters it then compares as text, entries of chapters at or
 * after the one linted are passed over, and whatever a crash leaves half
 * written is mended by the next commit (which indexes every chapter after the
 * last one the header names). A commit writes its slots in place; growing the
 * table, a rewind (which drops the rewound chapters) and a rebuild (import,
 * `state rebuild`) write the whole file afresh, atomically.
 */
import { paths } from '../core/paths.js';
import {
  candidateChapters,
  fingerprints,
  shingleChapter,
  windowHashes,
  type EarlierChapter,
} from '../core/shingles.js';
import type { ProjectFs } from './project-fs.js';

export const SHINGLE_INDEX = 'logs/.cache/shingles.idx';
const MAGIC = 'NVSHIDX1';
const HEADER = 32;
const SLOT = 8;
const MIN_BITS = 12;

interface Header {
  bits: number;
  entries: number;
  last: number;
}

function readHeader(buf: Buffer): Header | null {
  if (buf.length < HEADER || buf.toString('latin1', 0, 8) !== MAGIC) return null;
  const bits = buf.readUInt32LE(8);
  if (bits < MIN_BITS || bits > 28) return null;
  return { bits, entries: buf.readUInt32LE(12), last: buf.readUInt32LE(16) };
}

function headerBytes(h: Header): Buffer {
  const b = Buffer.alloc(HEADER);
  b.write(MAGIC, 0, 'latin1');
  b.writeUInt32LE(h.bits, 8);
  b.writeUInt32LE(h.entries, 12);
  b.writeUInt32LE(h.last, 16);
  return b;
}

/** The first slot a hash probes from (a multiplicative hash of the already hashed value spreads the low bits). */
const home = (hash: number, bits: number): number => Math.imul(hash, 0x9e3779b1) >>> (32 - bits);

/** A whole table in memory: what a rebuild, a rewind and a growth write. */
class Table {
  readonly slots: Uint32Array;
  entries = 0;
  constructor(readonly bits: number) {
    this.slots = new Uint32Array((1 << bits) * 2);
  }
  /** Keeps the earliest chapter of a hash. */
  put(hash: number, chapter: number): void {
    const mask = (1 << this.bits) - 1;
    for (let i = home(hash, this.bits); ; i = (i + 1) & mask) {
      const h = this.slots[2 * i] as number;
      if (h === 0) {
        this.slots[2 * i] = hash;
        this.slots[2 * i + 1] = chapter;
        this.entries++;
        return;
      }
      if (h === hash) {
        if (chapter < (this.slots[2 * i + 1] as number)) this.slots[2 * i + 1] = chapter;
        return;
      }
    }
  }
  bytes(last: number): Buffer {
    return Buffer.concat([
      headerBytes({ bits: this.bits, entries: this.entries, last }),
      Buffer.from(this.slots.buffer, this.slots.byteOffset, this.slots.byteLength),
    ]);
  }
}

const bitsFor = (entries: number): number => {
  let bits = MIN_BITS;
  while (1 << (bits - 1) < entries) bits++;
  return bits;
};

/** The fingerprints of a committed chapter's file. */
function chapterFingerprints(text: string): number[] {
  return fingerprints(windowHashes(shingleChapter(text).chars));
}

function readTable(fs: ProjectFs): { table: Table; last: number } | null {
  const bytes = fs.readRaw(SHINGLE_INDEX);
  const h = bytes ? readHeader(bytes) : null;
  if (!bytes || !h || bytes.length !== HEADER + (1 << h.bits) * SLOT) return null;
  const table = new Table(h.bits);
  const slots = new Uint32Array(bytes.buffer.slice(bytes.byteOffset + HEADER, bytes.byteOffset + bytes.length));
  table.slots.set(slots);
  table.entries = h.entries;
  return { table, last: h.last };
}

/**
 * Every committed chapter 1..last, indexed afresh and written atomically (import, `state rebuild`, a damaged index).
 */
export function rebuildShingleIndex(
  fs: ProjectFs,
  last: number,
  textOf: (chapter: number) => string | null = (n) => {
    const text = fs.readTextChecked(paths.chapter(n));
    return text && 'text' in text ? text.text : null;
  },
): void {
  const all: Array<{ chapter: number; fps: number[] }> = [];
  for (let n = 1; n <= last; n++) {
    const text = textOf(n);
    if (text !== null) all.push({ chapter: n, fps: chapterFingerprints(text) });
  }
  const table = new Table(bitsFor(all.reduce((a, c) => a + c.fps.length, 0)));
  for (const c of all) for (const h of c.fps) table.put(h, c.chapter);
  fs.writeText(SHINGLE_INDEX, table.bytes(last), { fsync: false });
}

/** After a rewind to chapter `to`: the chapters from `to` on leave the index. */
export function dropFromShingleIndex(fs: ProjectFs, to: number): void {
  const read = readTable(fs);
  if (!read) return rebuildShingleIndex(fs, to - 1);
  const kept = new Table(read.table.bits);
  for (let i = 0; i < 1 << read.table.bits; i++) {
    const h = read.table.slots[2 * i] as number;
    const c = read.table.slots[2 * i + 1] as number;
    if (h !== 0 && c < to) kept.put(h, c);
  }
  fs.writeText(SHINGLE_INDEX, kept.bytes(Math.min(read.last, to - 1)), { fsync: false });
}

/**
 * After chapter `chapter` is committed: the chapters after the last one indexed (a crash, an older novel) and
 * this one join the index, in place when the table has room, else in a table twice the size written afresh.
 */
export function indexCommittedChapter(fs: ProjectFs, chapter: number): void {
  const head = fs.readRanges(SHINGLE_INDEX, (read) => readHeader(read(0, HEADER)));
  if (!head) return rebuildShingleIndex(fs, chapter);
  const todo: Array<{ chapter: number; fps: number[] }> = [];
  for (let n = Math.min(head.last + 1, chapter); n <= chapter; n++) {
    const text = fs.readTextChecked(paths.chapter(n));
    if (text && 'text' in text) todo.push({ chapter: n, fps: chapterFingerprints(text.text) });
  }
  const adding = todo.reduce((a, c) => a + c.fps.length, 0);
  if (2 * (head.entries + adding) > 1 << head.bits) {
    const read = readTable(fs);
    if (!read) return rebuildShingleIndex(fs, chapter);
    const grown = new Table(bitsFor(read.table.entries + adding));
    for (let i = 0; i < 1 << read.table.bits; i++) {
      const h = read.table.slots[2 * i] as number;
      if (h !== 0) grown.put(h, read.table.slots[2 * i + 1] as number);
    }
    for (const c of todo) for (const h of c.fps) grown.put(h, c.chapter);
    fs.writeText(SHINGLE_INDEX, grown.bytes(Math.max(read.last, chapter)), { fsync: false });
    return;
  }
  // In place: probe each fingerprint's slots; a new hash takes the first empty slot, a known one keeps its earliest
  // chapter.
  const mask = (1 << head.bits) - 1;
  const writes: Array<{ at: number; bytes: Uint8Array }> = [];
  const written = new Map<number, [number, number]>(); // slot → [hash, chapter] set by this batch
  let entries = head.entries;
  const ok = fs.readRanges(SHINGLE_INDEX, (read) => {
    const slotAt = (i: number): [number, number] => {
      const mine = written.get(i);
      if (mine) return mine;
      const b = read(HEADER + i * SLOT, SLOT);
      return b.length === SLOT ? [b.readUInt32LE(0), b.readUInt32LE(4)] : [0, 0];
    };
    for (const c of todo) {
      for (const hash of c.fps) {
        for (let i = home(hash, head.bits); ; i = (i + 1) & mask) {
          const [h, at] = slotAt(i);
          if (h !== 0 && h !== hash) continue;
          if (h === 0) entries++;
          if (h === 0 || c.chapter < at) {
            const slot = Buffer.alloc(SLOT);
            slot.writeUInt32LE(hash, 0);
            slot.writeUInt32LE(c.chapter, 4);
            writes.push({ at: HEADER + i * SLOT, bytes: slot });
            written.set(i, [hash, c.chapter]);
          }
          break;
        }
      }
    }
    return true;
  });
  if (!ok) return rebuildShingleIndex(fs, chapter);
  writes.push({ at: 0, bytes: headerBytes({ bits: head.bits, entries, last: Math.max(head.last, chapter) }) });
  if (!fs.writeRanges(SHINGLE_INDEX, writes)) rebuildShingleIndex(fs, chapter);
}

/**
 * The earlier chapters (before `chapter`) that share the most fingerprints with a text, with their committed
 * texts: what the lint compares. Without an index, none (a book novel has not indexed yet: its next commit
 * builds it).
 */
export function earlierChapters(fs: ProjectFs, fps: readonly number[], chapter: number): EarlierChapter[] {
  const hits = new Map<number, number>();
  fs.readRanges(SHINGLE_INDEX, (read, size) => {
    const head = readHeader(read(0, HEADER));
    if (!head || size !== HEADER + (1 << head.bits) * SLOT) return;
    const mask = (1 << head.bits) - 1;
    for (const hash of fps) {
      // Linear probing: to the hash, or to an empty slot (the table is at most half full).
      for (let i = home(hash, head.bits), probed = 0; probed <= mask; i = (i + 1) & mask, probed++) {
        const b = read(HEADER + i * SLOT, SLOT);
        const h = b.length === SLOT ? b.readUInt32LE(0) : 0;
        if (h === 0) break;
        if (h !== hash) continue;
        const c = b.readUInt32LE(4);
        if (c < chapter) hits.set(c, (hits.get(c) ?? 0) + 1);
        break;
      }
    }
  });
  const out: EarlierChapter[] = [];
  for (const c of candidateChapters(hits)) {
    const text = fs.readTextChecked(paths.chapter(c));
    if (text && 'text' in text) out.push({ chapter: c, text: text.text });
  }
  return out;
}
