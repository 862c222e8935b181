/**
 * Bytes made of parts, in order, never copied into one buffer: a file that a
 * commit edits in a few places (book-splice.ts) is the runs of its old bytes
 * the edits leave alone, as views of them, and the edits' texts. Its new
 * bytes are hashed and written part by part; the history reads only the
 * lines around the edits. Joining the 1.7 MB state of a 3,000-chapter book
 * into a new buffer costs more than the splice itself: each page of fresh
 * memory is paid for the first time it is touched. The reads a buffer answers
 * (length, indexOf and lastIndexOf of a byte, subarray, toString) are
 * answered alike, for positions counted from the start (none from the end,
 * as a buffer takes a negative one). Pure.
 */
export class JoinedBytes {
  readonly parts: readonly Buffer[];
  readonly length: number;
  /** Where each part starts. */
  private readonly starts: number[];

  constructor(parts: readonly Buffer[]) {
    this.parts = parts.filter((p) => p.length > 0);
    this.starts = [];
    let at = 0;
    for (const p of this.parts) {
      this.starts.push(at);
      at += p.length;
    }
    this.length = at;
  }

  /** The index of the part that holds byte `at` (0 ≤ at < length). */
  private partAt(at: number): number {
    let lo = 0;
    let hi = this.parts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Where byte `byte` first occurs at or after `from`; -1 when it does not. */
  indexOf(byte: number, from = 0): number {
    const start = Math.max(0, from);
    if (start >= this.length) return -1;
    for (let i = this.partAt(start); i < this.parts.length; i++) {
      const base = this.starts[i] as number;
      const found = (this.parts[i] as Buffer).indexOf(byte, Math.max(0, start - base));
      if (found >= 0) return base + found;
    }
    return -1;
  }

  /** Where byte `byte` last occurs at or before `from`; -1 when it does not. */
  lastIndexOf(byte: number, from = this.length - 1): number {
    const end = Math.min(from, this.length - 1);
    if (end < 0) return -1;
    for (let i = this.partAt(end); i >= 0; i--) {
      const base = this.starts[i] as number;
      const found = (this.parts[i] as Buffer).lastIndexOf(byte, end - base);
      if (found >= 0) return base + found;
    }
    return -1;
  }

  /** The bytes of [start, end) as views of the parts that hold them, in order (none when the range is empty). */
  slices(start = 0, end = this.length): Buffer[] {
    const s = Math.max(0, Math.min(start, this.length));
    const e = Math.max(s, Math.min(end, this.length));
    if (s === e) return [];
    const out: Buffer[] = [];
    for (let i = this.partAt(s); i < this.parts.length && (this.starts[i] as number) < e; i++) {
      const base = this.starts[i] as number;
      out.push((this.parts[i] as Buffer).subarray(Math.max(0, s - base), e - base));
    }
    return out;
  }

  /** The bytes of [start, end): a view when one part holds them, else a copy of those bytes only. */
  subarray(start = 0, end = this.length): Buffer {
    const slices = this.slices(start, end);
    return slices.length === 1 ? (slices[0] as Buffer) : Buffer.concat(slices);
  }

  toString(encoding: BufferEncoding = 'utf8', start = 0, end = this.length): string {
    return this.subarray(start, end).toString(encoding);
  }

  /** All the bytes in one buffer (a copy, unless there is one part). */
  toBuffer(): Buffer {
    return this.parts.length === 1 ? (this.parts[0] as Buffer) : Buffer.concat(this.parts as Buffer[], this.length);
  }
}

/** A file's new content as a commit plans it: a text, bytes, or bytes made of parts. */
export type Content = string | Buffer | JoinedBytes;

/** How many bytes a content is, as UTF-8. */
export const byteLength = (content: Content): number =>
  content instanceof JoinedBytes ? content.length : Buffer.byteLength(content);

/** A content as one buffer. */
export const contentBytes = (content: Content): Buffer =>
  content instanceof JoinedBytes
    ? content.toBuffer()
    : typeof content === 'string'
      ? Buffer.from(content, 'utf8')
      : content;
