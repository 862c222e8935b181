import { Command, Option } from 'clipanion';
import { parseDemoScores } from '../core/demo-executor.js';
import { NovelError } from '../core/errors.js';
import { runDemoExecutor } from '../io/demo-executor.js';
import { openProject } from '../io/project.js';
import { NovelCommand, type CommandResult } from './base-command.js';

export class DemoExecutorCommand extends NovelCommand {
  static override paths = [['demo-executor']];

  static override usage = Command.Usage({
    category: 'Autopilot',
    description: 'The offline demo executor as a command-template executor, on one packet',
    details: `
      Writes the same outputs as \`novel run --executor demo\` for the packet it is given, only under the packet's write scope, then exits. It lets the command-template path of \`novel run\` be tried offline. NOVEL_DEMO_SCORES scripts the judge per revision round; NOVEL_DEMO_WRITE_DELAY_MS pauses between files (for kill tests).
    `,
    examples: [['As a command template', '$0 run --executor "novel demo-executor {packet}"']],
  });

  packet = Option.String({ name: 'packet' });

  async run(): Promise<CommandResult> {
    const scores = parseDemoScores(this.context.env.NOVEL_DEMO_SCORES);
    if (typeof scores === 'string') throw new NovelError('invalid_env', scores);
    const delay = Number(this.context.env.NOVEL_DEMO_WRITE_DELAY_MS ?? 0);
    const p = openProject(this.context, this.project ?? this.context.env.NOVEL_PROJECT);
    const written = await runDemoExecutor(p, this.context.cwd, this.packet, scores, delay);
    return { data: { written }, text: `demo executor wrote ${written.length} file(s)` };
  }
}
