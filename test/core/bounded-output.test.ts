/** What novel keeps of an executor's output: all of it up to the bound, else its beginning and end. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedOutput, OUTPUT_HEAD_BYTES, OUTPUT_TAIL_BYTES } from '../../src/core/bounded-output.js';

const keep = (chunks: readonly Buffer[], head: number, tail: number): string => {
  const out = new BoundedOutput(head, tail);
  for (const c of chunks) out.push(c);
  return out.text();
};

describe('BoundedOutput', () => {
  it('keeps everything up to head + tail bytes, in order, whatever the chunks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 64 }),
        (parts, head) => {
          const chunks = parts.map((p) => Buffer.from(p.map((b) => 0x61 + (b % 26))));
          const all = Buffer.concat(chunks).toString('latin1');
          fc.pre(all.length <= head + 64);
          expect(keep(chunks, head, 64)).toBe(all);
        },
      ),
    );
  });

  it('beyond it: the first head bytes, a line naming how many were left out, the last tail bytes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        (sizes, head, tail) => {
          let n = 0;
          const chunks = sizes.map((size) => Buffer.from(Array.from({ length: size }, () => 0x61 + (n++ % 26))));
          const all = Buffer.concat(chunks).toString('latin1');
          fc.pre(all.length > head + tail);
          expect(keep(chunks, head, tail)).toBe(
            `${all.slice(0, head)}\n[… ${all.length - head - tail} bytes of output left out …]\n${all.slice(-tail)}`,
          );
        },
      ),
    );
  });

  it('600 MB printed: some 2.25 MiB kept, the last line whole; bytes that are not UTF-8 stay under 8 MiB', () => {
    const out = new BoundedOutput();
    const mb = Buffer.alloc(1024 * 1024, 0x78);
    for (let i = 0; i < 600; i++) out.push(mb);
    out.push(Buffer.from('\n{"ok":true}\n'));
    const text = out.text();
    expect(text.length).toBeLessThan(OUTPUT_HEAD_BYTES + OUTPUT_TAIL_BYTES + 100);
    expect(text).toContain(
      `[… ${600 * 1024 * 1024 + 13 - OUTPUT_HEAD_BYTES - OUTPUT_TAIL_BYTES} bytes of output left out …]`,
    );
    expect(text.endsWith('\n{"ok":true}\n')).toBe(true);
    const ff = new BoundedOutput();
    for (let i = 0; i < 10; i++) ff.push(Buffer.alloc(1024 * 1024, 0xff));
    expect(Buffer.byteLength(ff.text())).toBeLessThan(8 * 1024 * 1024);
  });
});
