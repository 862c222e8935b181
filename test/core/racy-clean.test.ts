import { describe, expect, it } from 'vitest';
import { RACY_MS, settledBefore, settledOnItsTick, stampTickMs } from '../../src/core/racy-clean.js';

describe('racily clean', () => {
  it('a time stamp vouches for a read only when it is more than the tick older than the read', () => {
    expect(RACY_MS).toBe(10);
    expect(settledBefore(1_000, 1_000 + RACY_MS + 0.5)).toBe(true);
    expect(settledBefore(1_000, 1_000 + RACY_MS)).toBe(false);
    expect(settledBefore(1_000, 1_005)).toBe(false);
    // A stamp after the read (another machine's clock, or a write while reading) never vouches.
    expect(settledBefore(1_020, 1_000)).toBe(false);
  });

  it("a stamp in a coarse file system's ticks vouches only once that tick is past", () => {
    const fine = 1_795_931_536_354.8;
    expect([stampTickMs(fine), stampTickMs(1_700_000_000_000), stampTickMs(1_700_000_000_120)]).toEqual([0, 2000, 10]);
    expect(settledOnItsTick(fine, fine + RACY_MS + 0.5)).toBe(true);
    // FAT's 2 s: a second write within them keeps the stamp.
    expect(settledOnItsTick(1_700_000_000_000, 1_700_000_000_500)).toBe(false);
    expect(settledOnItsTick(1_700_000_000_000, 1_700_000_002_000 + RACY_MS)).toBe(false);
    expect(settledOnItsTick(1_700_000_000_000, 1_700_000_002_011)).toBe(true);
    // exFAT's 10 ms.
    expect(settledOnItsTick(1_700_000_000_120, 1_700_000_000_135)).toBe(false);
    expect(settledOnItsTick(1_700_000_000_120, 1_700_000_000_141)).toBe(true);
    expect(settledOnItsTick(1_700_000_000_120, 1_700_000_000_100)).toBe(false);
  });
});
