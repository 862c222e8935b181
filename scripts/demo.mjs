// The offline demo: a fresh copy of the fixture project (a Chinese xianxia
// novel with three chapters committed) in ./demo-project, walked through
// chapter 4 with the built CLI. The demo writes each agent's staged outputs
// from fixtures/outputs, so it shows every step an executor would take: a
// first judge scores 3.2 (revise), the chapter is redrafted, re-judged at 4.2
// (pass) and committed.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const project = join(repo, 'demo-project');
const outputs = join(repo, 'fixtures/outputs');
const cli = join(repo, 'dist/cli.js');

if (existsSync(project)) rmSync(project, { recursive: true, force: true });
cpSync(join(repo, 'fixtures/project'), project, { recursive: true });

function novel(...args) {
  process.stdout.write(`\n$ novel ${args.join(' ')}\n`);
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: project, encoding: 'utf8' });
  process.stdout.write(r.stdout);
  if (r.stderr) process.stdout.write(r.stderr);
  if (r.status !== 0) {
    process.stdout.write(`(exit ${r.status})\n`);
    process.exit(r.status ?? 1);
  }
  return r.stdout.trim();
}

function execute(variant, who) {
  process.stdout.write(`\n# executor: ${who} writes staging/ (${variant})\n`);
  cpSync(join(outputs, variant), project, { recursive: true });
}

process.stdout.write(`demo project: ${project}\n`);
novel('status');
const plan = [
  ['draft/good', 'chapter-writer'],
  ['summarize/good', 'summarizer'],
  ['refine/good', 'style-refiner'],
  ['judge/overall-3.2', 'quality-judge (scores 3.2)'],
  ['draft/revision', 'chapter-writer (revision 1, with the required fixes)'],
  ['summarize/revision', 'summarizer'],
  ['refine/revision', 'style-refiner'],
  ['judge/overall-4.2', 'quality-judge (scores 4.2)'],
];
for (const [variant, who] of plan) {
  const step = novel('next');
  execute(variant, who);
  novel('validate', step);
  novel('advance', step);
}
const step = novel('next');
if (!step.endsWith(':commit')) throw new Error(`expected a commit step, got ${step}`);
novel('commit', '--chapter', '4');
novel('status');
process.stdout.write('\nchapter 4 is in the book: demo-project/chapters/chapter-004.md\n');
