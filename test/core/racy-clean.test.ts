import { describe, expect, it } from 'vitest';
import { RACY_MS, settledBefore } from '../../src/core/racy-clean.js';

describe('racily clean', () => {
  it('a time stamp vouches for a read only when it is more than the tick older than the read', () => {
    expect(RACY_MS).toBe(10);
    expect(settledBefore(1_000, 1_000 + RACY_MS + 0.5)).toBe(true);
    expect(settledBefore(1_000, 1_000 + RACY_MS)).toBe(false);
    expect(settledBefore(1_000, 1_005)).toBe(false);
    // A stamp after the read (another machine's clock, or a write while reading) never vouches.
    expect(settledBefore(1_020, 1_000)).toBe(false);
  });
});
