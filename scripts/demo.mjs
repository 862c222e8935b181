// The README's main job: a fresh demo project (`novel init --demo`) driven by
// `novel run` with the built-in offline demo executor for several chapters.
// The judge is scripted (NOVEL_DEMO_SCORES) so that the first chapter goes
// through a revision round (3.2: revise, then 4.3: pass); the next ones pass,
// through the end of volume 1 (chapter 30), the plot-architect's plan of
// volume 2, and into it. Chapters are of qidian length (2,500–3,500 字, the
// preset the demo project records); chapter 6's draft leans on AI clichés,
// novel's lint catches it, the refiner clears it, and the chapter passes;
// chapter 9's draft has a dead character walk in, the continuity audit sends
// it back and the revision passes (PROTOCOL §19);
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
  process.stdout.write(
    `\n$ ${Object.entries(env)
      .map(([k, v]) => `${k}=${v} `)
      .join('')}novel ${args.join(' ')}\n`,
  );
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: repo,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (process.argv.includes('--import')) {
  // The second entry (PROTOCOL §14): import the first five chapters (回) of 《西游记》
  // (public domain, fixtures/classics/SOURCE.md), catch up their summaries, plan
  // volume 1 from chapter 6 and continue the book for three chapters.
  const imported = join(repo, 'import-demo');
  if (existsSync(imported)) rmSync(imported, { recursive: true, force: true });
  novel(['import', 'fixtures/classics/xiyouji-01-05.txt', '--project', 'import-demo']);
  novel(['chapters', '--project', 'import-demo']);
  novel(['run', '--chapters', '3', '--executor', 'demo', '--project', 'import-demo']);
  novel(['chapters', '--project', 'import-demo']);
  novel(['state', 'verify', '--project', 'import-demo']);
  process.stdout.write(
    '\n《西游记》 chapters 1–5 imported (import-demo/chapters/chapter-001.md … 005.md, their catch-up ' +
      'summaries in import-demo/summaries/) and continued offline for three chapters (006–008)\n',
  );
  process.exit(0);
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
process.stdout.write(
  '\n30 chapters written offline across a volume boundary: demo-project/chapters/chapter-004.md ' +
    '… chapter-033.md, the plan of volume 2 in demo-project/volumes/vol-02/\n',
);
