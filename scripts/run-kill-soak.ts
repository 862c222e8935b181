// Kill/resume soak of `novel run` (see scripts/lib/kill-soak.ts).
// Usage: npx tsx scripts/run-kill-soak.ts [trials=200] [executor=demo|slow] [to-chapter=12] [seed=1]
// slow: the demo executor as a command template, a process per step, in the box where bubblewrap can start.
// SOAK_KEEP=1 keeps a diverging project and prints the differing files.
import { runKillSoak } from './lib/kill-soak.js';

const trials = Number(process.argv[2] ?? 200);
const executor = (process.argv[3] ?? 'demo') as 'demo' | 'slow';
const toChapter = Number(process.argv[4] ?? 12);
const seed = Number(process.argv[5] ?? 1);
const r = await runKillSoak({ trials, toChapter, seed, executor, keep: process.env.SOAK_KEEP === '1' });
process.stdout.write(
  `executor: ${executor} (box: ${r.box}), run to chapter ${toChapter} (${r.run_ms} ms uninterrupted), ` +
    `trials: ${r.trials}, killed mid-run: ${r.killed}, violations: ${r.violations}, ` +
    `leftover temp files: ${r.leftover_temps}\n`,
);
process.exitCode = r.violations === 0 ? 0 : 1;
