/**
 * The repetition check's cost (PROTOCOL §16), called by `npm run bench`: two
 * books of the demo's prose, 11 and 3,000 committed chapters, each with its
 * shingle index (built by rebuildShingleIndex, as import and `state rebuild`
 * build it); the same 4,000-字 chapter is linted against each, alternated run
 * by run, as the next chapter: the index lookups and the comparison with the
 * candidate chapters. Times are medians in ms; the target is the large book
 * within 1.2× of the small one.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoProse } from './lib/demo-prose.js';
import { lintChapter } from '../src/core/lint.js';
import { resolveQuality } from '../src/core/quality-settings.js';
import { ProjectFs } from '../src/io/project-fs.js';
import { earlierChapters, rebuildShingleIndex, SHINGLE_INDEX } from '../src/io/shingle-index.js';

const runs = Number(process.argv[2] ?? '101');
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const prose = demoProse;

function book(chapters: number): { fs: ProjectFs; root: string } {
  const root = mkdtempSync(join(tmpdir(), 'novel-bench-rep-'));
  mkdirSync(join(root, 'chapters'));
  for (let n = 1; n <= chapters; n++)
    writeFileSync(join(root, `chapters/chapter-${String(n).padStart(3, '0')}.md`), prose(n));
  const fs = new ProjectFs(root);
  rebuildShingleIndex(fs, chapters);
  return { fs, root };
}

const small = book(11);
const large = book(3000);
// The chapter linted: new prose, with a passage of an early chapter in it (so that a candidate is compared in full).
const early = prose(5).split('\n\n')[3] as string;
const text = `${prose(9001).trimEnd()}\n\n${early}\n`;
const settings = resolveQuality({ platform: 'qidian' });
const lintWith = (fs: ProjectFs, chapter: number) =>
  lintChapter({
    chapter,
    source: 'staging',
    text,
    settings,
    lists: { blacklist: [], whitelist: [], cliche: {}, earlier: (fps, c) => earlierChapters(fs, fps, c) },
  });
const times = { small: [] as number[], large: [] as number[] };
for (let i = 0; i < runs; i++) {
  for (const [name, b, chapter] of (i % 2
    ? [
        ['large', large, 3001],
        ['small', small, 12],
      ]
    : [
        ['small', small, 12],
        ['large', large, 3001],
      ]) as Array<['small' | 'large', { fs: ProjectFs }, number]>) {
    const t0 = process.hrtime.bigint();
    lintWith(b.fs, chapter);
    times[name].push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
}
const found = lintWith(large.fs, 3001).findings.filter((f) => f.rule === 'repeated_passage').length;
const ratio = median(times.large) / median(times.small);
const mib = (b: { root: string }) => (statSync(join(b.root, SHINGLE_INDEX)).size / 1048576).toFixed(2);
console.log(
  `  lint with the repetition check   11 chapters: ${median(times.small).toFixed(2)} ms   ` +
    `3,000 chapters: ${median(times.large).toFixed(2)} ms   ratio ${ratio.toFixed(2)} ` +
    `(target ≤ 1.2: ${ratio <= 1.2 ? 'met' : 'NOT met'}; ${runs} runs alternated, ` +
    `${found} repeated passage(s) found; index ${mib(small)} / ${mib(large)} MiB)`,
);
for (const b of [small, large]) rmSync(b.root, { recursive: true, force: true });
