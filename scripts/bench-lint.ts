/**
 * The lint's cost (PROTOCOL §13.2), called by `npm run bench`: the lint of a
 * 4,000-字 chapter (the demo's phrase bank with a few clichés and a 不是…而是
 * in it) against the qidian preset, the demo's blacklist and the shipped cliché
 * lexicon (about 300 words), with the AI-flavour score, and the
 * validation of a refine step with the lint against the same validation
 * without it, alternated run by run. Times are medians in ms.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { effectiveBlacklist } from '../src/core/context/blacklist.js';
import { clicheLexicon } from '../src/core/cliche-lexicon.js';
import { demoProse } from './lib/demo-prose.js';
import { lintChapter, type LintLists } from '../src/core/lint.js';
import { resolveQuality } from '../src/core/quality-settings.js';
import { validateStep } from '../src/core/validate.js';
import { countZishu } from '../src/core/zishu.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv[2] ?? '201');
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const blacklistFile = JSON.parse(readFileSync(join(repo, 'fixtures/project/ai-blacklist.json'), 'utf8'));
const lists: LintLists = {
  blacklist: effectiveBlacklist(blacklistFile),
  whitelist: blacklistFile.whitelist?.words ?? [],
  cliche: clicheLexicon(),
};
const settings = resolveQuality({ platform: 'qidian' });

// Two demo chapters' prose, cut to 4,000 字, with clichés and the pattern sprinkled in.
const prose = [7, 8].map(demoProse);
const lines = `${prose[0]}\n${(prose[1] as string).split('\n').slice(2).join('\n')}`.split('\n');
const body: string[] = [];
for (const line of lines) {
  body.push(line.length > 40 && body.length % 7 === 3 ? `他不禁一怔，不是害怕而是茫然。${line}` : line);
  if (countZishu(body.join('\n')).zishu >= 4000) break;
}
const text = `${body.join('\n')}\n`;
const zishu = countZishu(text).zishu;

const lintTimes: number[] = [];
for (let i = 0; i < runs; i++) {
  const t0 = process.hrtime.bigint();
  lintChapter({ chapter: 7, source: 'staging', text, settings, lists });
  lintTimes.push(Number(process.hrtime.bigint() - t0) / 1e6);
}

const rel = 'staging/chapters/chapter-007.md';
const view = { files: new Map([[rel, { path: rel, sha256: '0'.repeat(64), text }]]) };
const withLint: number[] = [];
const without: number[] = [];
for (let i = 0; i < runs; i++) {
  let t0 = process.hrtime.bigint();
  validateStep('refine', view, { chapter: 7 });
  without.push(Number(process.hrtime.bigint() - t0) / 1e6);
  t0 = process.hrtime.bigint();
  validateStep('refine', view, { chapter: 7, quality: { settings, lists: () => lists } });
  withLint.push(Number(process.hrtime.bigint() - t0) / 1e6);
}
const lint = median(lintTimes);
const report = lintChapter({ chapter: 7, source: 'staging', text, settings, lists });
console.log(
  `  lint of a ${zishu}-字 chapter          ${lint.toFixed(2).padStart(6)} ms  (${runs} runs, ` +
    `${report.findings.length} findings; target ≤ 10 ms: ${lint <= 10 ? 'met' : 'NOT met'})`,
);
// As a command: `novel validate` of the demo's refined chapter, measured; without the lint it would cost its in-process
// share less.
const demo = mkdtempSync(join(tmpdir(), 'novel-bench-lint-'));
const cli = join(repo, 'dist/cli.js');
spawnSync(process.execPath, [cli, 'init', '--demo', demo], { stdio: 'ignore' });
spawnSync(process.execPath, [cli, 'run', '--executor', 'demo', '--pause-after', 'refine'], {
  cwd: demo,
  stdio: 'ignore',
});
const cliTimes: number[] = [];
for (let i = 0; i < Math.max(11, Math.floor(runs / 10)); i++) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [cli, 'validate', 'chapter:004:refine'], { cwd: demo, stdio: 'ignore' });
  cliTimes.push(Number(process.hrtime.bigint() - t0) / 1e6);
  if (r.status !== 0) throw new Error('validate chapter:004:refine failed');
}
rmSync(demo, { recursive: true, force: true });
const command = median(cliTimes);
const share = median(withLint) - median(without);
const ratio = command / (command - share);
// The command has no switch to turn the lint off: the ratio is the measured command time over the same time less the
// measured in-process share of the lint.
console.log(
  `  validate refine with lint vs without  ${median(withLint).toFixed(2)} / ${median(without).toFixed(2)} ` +
    `ms in-process (measured alternately); novel validate ${command.toFixed(1)} ms measured, of which ` +
    `the lint ${share.toFixed(2)} ms: ratio ${ratio.toFixed(2)} (estimated from those two; target ≤ ` +
    `1.15: ${ratio <= 1.15 ? 'met' : 'NOT met'})`,
);
