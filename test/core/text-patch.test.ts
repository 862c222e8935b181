import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JoinedBytes } from '../../src/core/joined-bytes.js';
import { applyReversePatch, keptBefore, keptBeforeBytes, reversePatch } from '../../src/core/text-patch.js';

const sha = (t: string): string => createHash('sha256').update(t).digest('hex');
const lines = fc.array(
  fc.oneof(fc.constantFrom('{', '}', '  "a": 1,', '  "b": [', '    "伏笔"', '  ]', ''), fc.string({ maxLength: 6 })),
  { maxLength: 40 },
);

describe('reverse patches of a commit history', () => {
  it('give back the text before from the text after, for any two texts', () => {
    fc.assert(
      fc.property(lines, lines, (b, a) => {
        const before = b.join('\n');
        const after = a.join('\n');
        expect(applyReversePatch(after, reversePatch(before, after, sha(after)), sha)).toBe(before);
      }),
    );
  });

  it('hold only the lines that differ', () => {
    const before = ['[', '  {"chapter": 1},', '  {"chapter": 2}', ']', ''].join('\n');
    const after = ['[', '  {"chapter": 1},', '  {"chapter": 2},', '  {"chapter": 3}', ']', ''].join('\n');
    expect(reversePatch(before, after, 'x')).toEqual({
      after_sha256: 'x',
      at: 2,
      after_lines: 2,
      before: ['  {"chapter": 2}'],
    });
  });

  it('refuse a text after that is not the one they were made against', () => {
    const patch = reversePatch('a\nb\nc', 'a\nB\nc', sha('a\nB\nc'));
    expect(applyReversePatch('a\nB\nc', patch, sha)).toBe('a\nb\nc');
    expect(applyReversePatch('a\nX\nc', patch, sha)).toBeNull();
    // A patch reaching past the end of the text it is given (a forged sha), or before its start, is refused too.
    expect(applyReversePatch('a', { ...patch, after_sha256: sha('a') }, sha)).toBeNull();
    expect(applyReversePatch('a\nB\nc', { ...patch, at: 2, from_end: true }, sha)).toBe('a\nb\nc');
    expect(applyReversePatch('a\nB\nc', { ...patch, at: 4, from_end: true }, sha)).toBeNull();
  });

  it('are kept instead of the text only when they are smaller than half of it, and only then hashed', () => {
    const big = Array.from({ length: 100 }, (_, i) => `  {"id": "f-${i}"},`).join('\n');
    let hashed = 0;
    const kept = keptBefore(big, big.replace('"f-50"', '"f-50x"'), () => {
      hashed += 1;
      return 'h';
    });
    expect(kept).toEqual({ patch: { after_sha256: 'h', at: 50, after_lines: 1, before: ['  {"id": "f-50"},'] } });
    expect(
      keptBefore('a\nb', 'c\nd', () => {
        hashed += 1;
        return 'h';
      }),
    ).toBe('a\nb');
    expect(hashed).toBe(1);
  });
});

describe('keptBeforeBytes', () => {
  const piece = fc.oneof(
    fc.constantFrom('{', '}', '  "a": 1,', '  },', '    "伏笔"', '\n', '\n  }', ',\n  {', '"', '𠀀'),
    fc.string({ maxLength: 4 }),
  );
  it('answers as keptBefore for any text edited in one range', () => {
    fc.assert(
      fc.property(lines, fc.nat(), fc.nat(), fc.array(piece, { maxLength: 6 }), (b, x, y, inserted) => {
        const before = Buffer.from(b.join('\n'), 'utf8');
        const [s, e] = [x % (before.length + 1), y % (before.length + 1)].sort((p, q) => p - q) as [number, number];
        const after = Buffer.concat([
          before.subarray(0, s),
          Buffer.from(inserted.join(''), 'utf8'),
          before.subarray(e),
        ]);
        // Cut only at character boundaries, as a splice does.
        if (
          before.subarray(0, s).toString('utf8').includes('\ufffd') ||
          before.subarray(e).toString('utf8').includes('\ufffd')
        )
          return;
        const b8 = before.toString('utf8');
        const a8 = after.toString('utf8');
        const kept = keptBeforeBytes(before, after, { start: s, end: e }, () => sha(a8));
        // The same bytes once serialised: a commit's history does not depend on how the file was read.
        expect(JSON.stringify(kept)).toBe(JSON.stringify(keptBefore(b8, a8, () => sha(a8))));
        // Nor on whether its new bytes are in parts, as a splice leaves them (each inserted piece a part of its own).
        const parts = new JoinedBytes([
          before.subarray(0, s),
          ...inserted.map((p) => Buffer.from(p, 'utf8')),
          before.subarray(e),
        ]);
        expect(JSON.stringify(keptBeforeBytes(before, parts, { start: s, end: e }, () => sha(a8)))).toBe(
          JSON.stringify(kept),
        );
        if (typeof kept !== 'string') expect(applyReversePatch(a8, kept.patch, sha)).toBe(b8);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps a patch of the appended entry of a large ledger, not the ledger', () => {
    const entries = Array.from({ length: 400 }, (_, i) => `  {\n    "chapter": ${i + 1}\n  }`);
    const before = Buffer.from(`[\n${entries.join(',\n')}\n]\n`);
    const at = before.length - 3;
    const after = Buffer.concat([
      before.subarray(0, at),
      Buffer.from(',\n  {\n    "chapter": 401\n  }'),
      before.subarray(at),
    ]);
    const kept = keptBeforeBytes(before, after, { start: at, end: at }, () => 'sha');
    // Placed from the end: six lines before it (the lines of the file before the entry are not counted).
    expect(kept).toEqual({ patch: { after_sha256: 'sha', at: 6, from_end: true, after_lines: 3, before: [] } });
    expect(JSON.stringify(kept)).toBe(JSON.stringify(keptBefore(before.toString(), after.toString(), () => 'sha')));
    expect(
      applyReversePatch(
        after.toString(),
        (kept as { patch: Parameters<typeof applyReversePatch>[1] }).patch,
        () => 'sha',
      ),
    ).toBe(before.toString());
  });
});
