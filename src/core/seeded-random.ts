/**
 * mulberry32: a small seeded generator of numbers in [0, 1). Whatever draws
 * from it (the demo's prose, a bootstrap interval, a soak's kill instants)
 * comes out the same for the same seed. Pure.
 */
export function seededRandom(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
