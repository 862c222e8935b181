// No source line over 120 columns: Biome's formatter breaks code at 120 but
// leaves a long string, template, regular expression or comment as it is, so
// this check names every line still over the limit, as file:line. It reads
// every source file (.ts .mts .cts .js .mjs .cjs .css .html) under src/,
// machines/, test/ and scripts/, tracked or not; data files (JSON, snapshots,
// fixtures) are not source. Columns as Biome counts them: a Chinese
// character or another wide one takes 2 (scripts/lib/columns.mjs).
// Nothing is exempt: a long text is written as pieces joined with `+`, a long
// pattern as `new RegExp` of such pieces, a long comment on more lines.
// Usage: node scripts/check-lines.mjs [--max N]   (exit 1 when a line is over)
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { columns } from './lib/columns.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const ROOTS = ['src', 'machines', 'test', 'scripts'];
const SOURCE = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.css', '.html']);
const SKIP_DIRS = new Set(['node_modules', '__snapshots__']);
const maxAt = process.argv.indexOf('--max');
const MAX = maxAt >= 0 ? Number(process.argv[maxAt + 1]) : 120;

/** Every source file under `dir`, sorted, as paths relative to the repository. */
function sourceFiles(dir) {
  const out = [];
  let entries;
  try {
    entries = readdirSync(join(repo, dir), { withFileTypes: true });
  } catch (err) {
    if (err.code === 'ENOENT') return out;
    throw err;
  }
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) out.push(...sourceFiles(rel));
    } else if (e.isFile() && SOURCE.has(extname(e.name))) out.push(rel);
  }
  return out;
}

const over = [];
let files = 0;
for (const file of ROOTS.flatMap(sourceFiles)) {
  files++;
  const lines = readFileSync(join(repo, file), 'utf8').split('\n');
  lines.forEach((line, i) => {
    const width = columns(line.endsWith('\r') ? line.slice(0, -1) : line);
    if (width > MAX) over.push(`${file}:${i + 1}: ${width} columns`);
  });
}
if (over.length) {
  for (const o of over) console.error(o);
  console.error(
    `check-lines: ${over.length} line(s) over ${MAX} columns in ${ROOTS.join('/, ')}/ ` +
      '(split the text into pieces joined with +, a comment over more lines)',
  );
  process.exit(1);
}
console.log(`check-lines: ${files} source files, no line over ${MAX} columns`);
