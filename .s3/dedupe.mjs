await import('xstate');
await import('./bm4.mjs');
const cfg = globalThis.__cfg;
const mode = process.argv[2];
let removed = 0;
if (mode === 'dedupe') {
  const w = cfg.states.writing;
  for (const s of Object.values(w.states)) if (s.on?.EXECUTOR_FAILED) { delete s.on.EXECUTOR_FAILED; removed++; }
  w.on = { ...(w.on ?? {}), EXECUTOR_FAILED: { target: '#book-retrying', actions: 'x' } };
}
const t0 = performance.now();
globalThis.__mk();
const t1 = performance.now();
console.log(mode ?? 'orig', removed, (t1 - t0).toFixed(2));
