/**
 * What novel keeps of an executor's output: all of it up to a bound, else its
 * beginning and its end with a line saying how much was left out between. A
 * program that prints 600 MB would otherwise fill one string past what
 * JavaScript can hold (the run failing with exit 1), and its log past the
 * 16 MiB novel reads back. The end is what matters most: the clients' reports
 * (Claude's result object, Codex's last events, a template's JSON line) come
 * last. Pure.
 */

/**
 * Bytes kept from the beginning of a stream that runs over the bound. With the tail, small enough that both streams
 * of bytes that are not UTF-8 (each decoded as a 3-byte U+FFFD) still make a log under 16 MiB.
 */
export const OUTPUT_HEAD_BYTES = 256 * 1024;
/** Bytes kept from its end. */
export const OUTPUT_TAIL_BYTES = 2 * 1024 * 1024;

export class BoundedOutput {
  private readonly chunks: Buffer[] = [];
  private held = 0;
  private head: Buffer | null = null;
  private dropped = 0;

  constructor(
    private readonly headBytes = OUTPUT_HEAD_BYTES,
    private readonly tailBytes = OUTPUT_TAIL_BYTES,
  ) {}

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.held += chunk.length;
    // Cut back once the chunks hold twice the tail (beyond the head): each byte is copied a bounded number of times.
    if (this.held > (this.head === null ? this.headBytes : 0) + 2 * this.tailBytes) this.cut();
  }

  /** The bytes pushed, the whole of them or their beginning and end around a line naming what was left out. */
  text(): string {
    if (this.held > (this.head === null ? this.headBytes : 0) + this.tailBytes) this.cut();
    const rest = Buffer.concat(this.chunks);
    if (this.head === null) return rest.toString('utf8');
    return `${this.head.toString('utf8')}\n[… ${this.dropped} bytes of output left out …]\n${rest.toString('utf8')}`;
  }

  private cut(): void {
    let all = Buffer.concat(this.chunks);
    if (this.head === null) {
      this.head = Buffer.from(all.subarray(0, this.headBytes));
      all = all.subarray(this.headBytes);
    }
    const keep = Math.min(all.length, this.tailBytes);
    this.dropped += all.length - keep;
    this.chunks.length = 0;
    this.chunks.push(Buffer.from(all.subarray(all.length - keep)));
    this.held = keep;
  }
}
