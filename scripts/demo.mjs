// The README's main job: a fresh demo project (`novel init --demo`) driven by
// `novel run` with the built-in offline demo executor for several chapters.
// The judge is scripted (NOVEL_DEMO_SCORES) so that the first chapter goes
// through a revision round (3.2: revise, then 4.3: pass); the next ones pass,
// through the end of volume 1 (chapter 30), the plot-architect's plan of
// volume 2, and into it. Chapters are of qidian length (2,500–3,500 字, the
// preset the demo project records); chapter 6's draft leans on AI clichés,
// novel's lint catches it, the refiner clears it, and the chapter passes;
// chapter 14 ends on a weak hook (a hook-fix, then judged again) and chapter
// 15's refiner loses the title (a title-fix).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const project = join(repo, 'demo-project');
const cli = join(repo, 'dist/cli.js');

function novel(args, env = {}) {
  process.stdout.write(`\n$ ${Object.entries(env).map(([k, v]) => `${k}=${v} `).join('')}novel ${args.join(' ')}\n`);
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: repo, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (existsSync(project)) rmSync(project, { recursive: true, force: true });
novel(['init', '--demo', 'demo-project']);
novel(['status', '--project', 'demo-project']);
novel(['run', '--chapters', '1', '--executor', 'demo', '--project', 'demo-project'], { NOVEL_DEMO_SCORES: '3.2,4.3' });
novel(['run', '--to-chapter', '33', '--executor', 'demo', '--project', 'demo-project']);
novel(['status', '--project', 'demo-project']);
novel(['chapters', '--from', '4', '--to', '10', '--project', 'demo-project']);
novel(['lint', 'chapter:006', '--project', 'demo-project']);
novel(['state', 'verify', '--project', 'demo-project']);
process.stdout.write('\n30 chapters written offline across a volume boundary: demo-project/chapters/chapter-004.md … chapter-033.md, the plan of volume 2 in demo-project/volumes/vol-02/\n');
