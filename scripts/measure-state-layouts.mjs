// What a chapter commit's update of state/current-state.json costs on a long
// book, kept as today (one file, parsed and written whole) against the layout
// proposed in docs/decisions.md ("A commit on a long book"): the same file,
// whose bytes novel wrote itself, updated by splicing the few entries a
// chapter's ops touch. Measured before any adoption, each variant in a fresh
// process (a commit is one cold process), alternated run by run; medians and
// peak RSS. Both variants end with the same bytes on disk (checked).
//
// Usage: npm run build && node scripts/measure-state-layouts.mjs [runs]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSyntheticBook } from './lib/synthetic-book.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const runs = Math.max(3, Number(process.argv[2] ?? 11));
const work = mkdtempSync(join(tmpdir(), 'novel-state-layouts-'));
const book = writeSyntheticBook(join(work, 'book'), { chapters: 3000, characters: 5000, foreshadowing: 1000 });
const state = join(book, 'state/current-state.json');
// A chapter's ops: a few characters seen (one near the end of the file), the day counter.
const ops = [
  { path: ['characters', 'c-17'], key: 'last_seen_chapter', value: 3001 },
  { path: ['characters', 'c-2480'], key: 'location', value: '藏经阁' },
  { path: ['characters', 'c-4999'], key: 'last_seen_chapter', value: 3001 },
  { path: ['world_state', 'day'], key: 'count', value: 3001 },
];
writeFileSync(join(work, 'ops.json'), JSON.stringify(ops));

// Today: decode, parse, change, serialise whole, hash, write and fsync.
const whole = `
const fs = require('node:fs'); const { createHash } = require('node:crypto');
const [file, opsFile, out] = process.argv.slice(1);
const ops = JSON.parse(fs.readFileSync(opsFile, 'utf8'));
const s = JSON.parse(fs.readFileSync(file, 'utf8'));
for (const op of ops) { const e = s[op.path[0]][op.path[1]]; s[op.path[0]][op.path[1]] = { ...e, [op.key]: op.value }; }
s.state_version += 1; s.last_updated_chapter += 1;
const bytes = Buffer.from(JSON.stringify(s, null, 2) + '\\n');
const sha = createHash('sha256').update(bytes).digest('hex');
const fd = fs.openSync(out, 'w'); fs.writeSync(fd, bytes); fs.fsyncSync(fd); fs.closeSync(fd);
process.stdout.write(sha);
`;

// Proposed: the file is novel's own pretty JSON (two spaces per level, no raw
// newline inside a string), so a key of depth d starts a line with 2·d spaces;
// each touched entry is found with Buffer.indexOf, parsed, changed and
// serialised alone, and the new file is the old bytes around the new entries.
const splice =
  `
const fs = require('node:fs'); const { createHash } = require('node:crypto');
const [file, opsFile, out] = process.argv.slice(1);
const ops = JSON.parse(fs.readFileSync(opsFile, 'utf8'));
const buf = fs.readFileSync(file);
const nl = (depth) => '\\n' + ' '.repeat(2 * depth);
function valueSpan(from, to, depth, key) {
  const at = buf.indexOf(nl(depth) + JSON.stringify(key) + ': ', from);
  if (at < 0 || at >= to) throw new Error('not found: ' + key);
  const start = at + nl(depth).length + JSON.stringify(key).length + 2;
  const sib = buf.indexOf(nl(depth) + '"', start); const close = buf.indexOf(nl(depth - 1) + '}', start);
  let end = Math.min(sib < 0 ? Infinity : sib, close < 0 ? Infinity : close);
  if (buf[end - 1] === 0x2c) end -= 1;
  return [start, end];
}
const edits = [];
for (const k of ['state_version', 'last_updated_chapter']) { const [a, b] = valueSpan(0, buf.length, 1, ` +
  `k); edits.push([a, b, String(Number(buf.toString('latin1', a, b)) + 1)]); }
for (const op of ops) {
  const [ta, tb] = valueSpan(0, buf.length, 1, op.path[0]);
  const [a, b] = valueSpan(ta, tb, 2, op.path[1]);
  const e = JSON.parse(buf.toString('utf8', a, b));
  edits.push([a, b, JSON.stringify({ ...e, [op.key]: op.value }, null, 2).replace(/\\n/g, nl(2))]);
}
edits.sort((x, y) => x[0] - y[0]);
const parts = []; let at = 0;
for (const [a, b, text] of edits) { parts.push(buf.subarray(at, a), Buffer.from(text)); at = b; }
parts.push(buf.subarray(at));
const bytes = Buffer.concat(parts);
const sha = createHash('sha256').update(bytes).digest('hex');
const fd = fs.openSync(out, 'w'); fs.writeSync(fd, bytes); fs.fsyncSync(fd); fs.closeSync(fd);
process.stdout.write(sha);
`;

const variants = [
  ['whole file (today)', whole],
  ['splice (proposed)', splice],
];
const bare = ['node -e 0', ''];
const rssHook = join(repo, 'scripts/lib/max-rss.cjs');
const results = [...variants, bare].map(() => ({ ms: [], kb: [], sha: new Set() }));
for (let i = 0; i < runs; i++) {
  [...variants, bare].forEach(([, code], k) => {
    const out = join(work, `out-${k}.json`);
    const t0 = process.hrtime.bigint();
    const r = spawnSync(
      process.execPath,
      ['--require', rssHook, '-e', code || '0', state, join(work, 'ops.json'), out],
      { encoding: 'utf8' },
    );
    results[k].ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (r.status !== 0) throw new Error(r.stderr);
    results[k].kb.push(Number(/maxrss_kb=(\d+)/.exec(r.stderr)?.[1]));
    if (code) results[k].sha.add(r.stdout);
  });
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const same = results[0].sha.size === 1 && [...results[0].sha][0] === [...results[1].sha][0];
console.log(
  `state/current-state.json: ${readFileSync(state).length.toLocaleString('en')} bytes; ` +
    `${ops.length} entries changed; ${runs} alternated runs, medians; node ${process.version}`,
);
[...variants, bare].forEach(([label], k) => {
  console.log(
    `  ${label.padEnd(20)} ${median(results[k].ms).toFixed(1).padStart(7)} ` +
      `ms  peak RSS ${(median(results[k].kb) / 1024).toFixed(1)} MiB`,
  );
});
const [w, s, b] = results.map((r) => median(r.ms));
console.log(
  `  over bare node: whole ${(w - b).toFixed(1)} ms, splice ${(s - b).toFixed(1)} ms; same ` +
    `bytes: ${same ? 'yes' : 'NO'} (sha256 ${[...results[0].sha][0]?.slice(0, 12)}…)`,
);
rmSync(work, { recursive: true, force: true });
if (!same) process.exit(1);
