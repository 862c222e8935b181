/**
 * The step guard's cost per executor step, on a 3,000-chapter synthetic book
 * next to an 11-chapter one, alternated step by step (called by
 * `npm run bench` with the two books). Each step: novel's own writes of the
 * step before (a chapter committed: a chapter file, a summary, the changelog
 * appended, the checkpoint), then arm, an executor that writes one file under
 * staging/, and check. The two books take turns going first. Times are
 * medians in ms.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ProjectFs } from '../src/io/project-fs.js';
import { StepGuard } from '../src/io/step-guard.js';
import type { Checkpoint } from '../src/schemas/checkpoint.js';

const [large, small, runsArg] = process.argv.slice(2) as [string, string, string];
const runs = Number(runsArg ?? '21');
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

interface Book {
  dir: string;
  guard: StepGuard;
  cp: Checkpoint;
  next: number;
  open_ms: number;
}

function openBook(dir: string): Book {
  const fs = new ProjectFs(dir);
  const cp = JSON.parse(readFileSync(join(dir, '.checkpoint.json'), 'utf8')) as Checkpoint;
  const guard = new StepGuard(fs);
  const t0 = process.hrtime.bigint();
  guard.open();
  const open_ms = Number(process.hrtime.bigint() - t0) / 1e6;
  mkdirSync(join(dir, 'staging/chapters'), { recursive: true });
  return { dir, guard, cp, next: cp.last_completed_chapter + 1, open_ms };
}

async function step(b: Book): Promise<number> {
  // What a commit of the step before wrote (outside the guard's timing).
  const n = String(b.next++).padStart(3, '0');
  writeFileSync(join(b.dir, `chapters/chapter-${n}.md`), `# 第${n}章\n\n正文。\n`);
  writeFileSync(join(b.dir, `summaries/chapter-${n}-summary.md`), '摘要。\n');
  appendFileSync(join(b.dir, 'state/changelog.jsonl'), `{"chapter":${Number(n)},"ops":[]}\n`);
  writeFileSync(
    join(b.dir, '.checkpoint.json'),
    `${JSON.stringify({ ...b.cp, last_completed_chapter: Number(n) }, null, 2)}\n`,
  );
  const t0 = process.hrtime.bigint();
  await b.guard.arm(b.cp);
  const t1 = process.hrtime.bigint();
  writeFileSync(join(b.dir, `staging/chapters/chapter-${n}.md`), `# 第${n}章\n\n草稿。\n`);
  const t2 = process.hrtime.bigint();
  const result = await b.guard.check();
  const t3 = process.hrtime.bigint();
  if (result.changes.length) throw new Error(`the guard reported changes: ${JSON.stringify(result.changes)}`);
  return Number(t1 - t0 + (t3 - t2)) / 1e6;
}

const books = { large: openBook(large), small: openBook(small) };
for (let i = 0; i < 3; i++) {
  await step(books.small);
  await step(books.large);
}
const times = { large: [] as number[], small: [] as number[] };
// The order alternates (ABBA): a step right after the other book's runs in its wake (its
// events, its writes' journal commit), and with a fixed order two copies of the same book
// measured 1.2–1.4× apart.
for (let i = 0; i < runs; i++) {
  if (i % 2 === 0) {
    times.small.push(await step(books.small));
    times.large.push(await step(books.large));
  } else {
    times.large.push(await step(books.large));
    times.small.push(await step(books.small));
  }
}
books.large.guard.close();
books.small.guard.close();
const ratio = median(times.large) / median(times.small);
console.log(
  `  ${'step guard (arm + check)'.padEnd(36)} 11: ${median(times.small).toFixed(2).padStart(7)} ` +
    `ms   3,000: ${median(times.large).toFixed(2).padStart(7)} ms   ratio ${ratio.toFixed(2)} ` +
    `(target ≤ 1.2: ${ratio <= 1.2 ? 'met' : 'NOT met'}; once per run, the walk: ` +
    `${books.small.open_ms.toFixed(1)} ms / ${books.large.open_ms.toFixed(1)} ms)`,
);
