import { describe, expect, it } from 'vitest';
import { RACY_MS, settledAt, settledBefore, stampTickMs } from '../../src/core/racy-clean.js';

describe('racily clean', () => {
  it('a fine time stamp vouches for a read only when it is more than the tick older than the read', () => {
    const stamp = 1_795_931_536_354.8;
    expect(RACY_MS).toBe(10);
    expect(stampTickMs(stamp)).toBe(0);
    expect(settledBefore(stamp, stamp + RACY_MS + 0.5)).toBe(true);
    expect(settledBefore(stamp, stamp + RACY_MS)).toBe(false);
    expect(settledBefore(stamp, stamp + 5)).toBe(false);
    // A stamp after the read (another machine's clock, or a write while reading) never vouches.
    expect(settledBefore(stamp + 20, stamp)).toBe(false);
  });

  it("a stamp in a coarse file system's ticks vouches only once that tick is past", () => {
    expect([stampTickMs(1_700_000_000_000), stampTickMs(1_700_000_000_120)]).toEqual([2000, 10]);
    // FAT's 2 s: a second write within them keeps the stamp.
    expect(settledBefore(1_700_000_000_000, 1_700_000_000_500)).toBe(false);
    expect(settledBefore(1_700_000_000_000, 1_700_000_002_000 + RACY_MS)).toBe(false);
    expect(settledBefore(1_700_000_000_000, 1_700_000_002_011)).toBe(true);
    // exFAT's 10 ms.
    expect(settledBefore(1_700_000_000_120, 1_700_000_000_135)).toBe(false);
    expect(settledBefore(1_700_000_000_120, 1_700_000_000_141)).toBe(true);
    expect(settledBefore(1_700_000_000_120, 1_700_000_000_100)).toBe(false);
  });

  it('names the moment after which a read is late enough: the stamp, the kernel tick, and a coarse tick shown', () => {
    const fine = 1_795_931_536_354.8;
    expect([settledAt(fine), settledAt(1_700_000_000_000), settledAt(1_700_000_000_120)]).toEqual([
      fine + RACY_MS,
      1_700_000_002_000 + RACY_MS,
      1_700_000_000_140,
    ]);
    for (const stamp of [fine, 1_700_000_000_000, 1_700_000_000_120]) {
      expect(settledBefore(stamp, settledAt(stamp))).toBe(false);
      expect(settledBefore(stamp, settledAt(stamp) + 0.5)).toBe(true);
    }
  });
});
