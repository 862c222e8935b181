#!/usr/bin/env node
/**
 * `novel import` of a book with many chapter headings (PROTOCOL §17: 100,000
 * headings in under 5 s). Builds a UTF-8 text of N chapters (default
 * 100,000, one more than a step can name, refused before anything is written;
 * `node scripts/bench-import.mjs 99999`; add `prose` for one
 * chapter followed by N heading-like lines out of sequence), imports it with the built
 * CLI into a fresh folder, and prints the wall time of the import and of its
 * parts the report names. A measurement, not a test: the machine's load decides
 * the figure, so no test asserts it (docs/bench-log.md keeps the readings).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const n = Number(process.argv[2] ?? 100_000);
// `chapters`: N real chapters (N files written); `prose`: one chapter, then N heading-like lines out of sequence (kept
// as prose, reported).
const mode = process.argv[3] ?? 'chapters';
const dir = mkdtempSync(join(tmpdir(), 'novel-bench-import-'));
try {
  const lines = [];
  for (let i = 1; i <= n; i++)
    lines.push(
      `\u7b2c${mode === 'prose' ? (i === 1 ? 1 : n - i + 2) : i}\u7ae0 \u96e8\u591c${i}`,
      '\u6797\u9ed8\u63a8\u5f00\u95e8\uff0c\u96e8\u58f0\u6b63\u5927\u3002',
      '',
    );
  const book = join(dir, 'book.txt');
  writeFileSync(book, lines.join('\n'));
  const bin = new URL('../dist/cli.js', import.meta.url).pathname;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [bin, 'import', book, '--project', join(dir, 'project'), '--json'], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const refusal = r.status === 2 ? JSON.parse(r.stdout).error : null;
  if (refusal?.code === 'too_many_chapters') {
    console.log(`import of ${n} headings (${mode}): refused (${refusal.message}) in ${ms.toFixed(0)} ms`);
    process.exit(0);
  }
  if (r.status !== 0) {
    console.error(r.stdout.slice(0, 2000), r.stderr.slice(0, 2000));
    process.exit(1);
  }
  const data = JSON.parse(r.stdout).data;
  console.log(
    `import of ${n} headings (${mode}): ${data.chapters} chapter(s), ${data.skipped.length} ` +
      `heading-like line(s) kept as prose, in ${ms.toFixed(0)} ms (target < 5000 ms)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
