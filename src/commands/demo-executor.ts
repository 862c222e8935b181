import { Option } from 'clipanion';
import { demoScores } from '../core/demo-executor.js';
import { NovelError } from '../core/errors.js';
import { say } from '../core/messages.js';
import { runDemoExecutor } from '../io/demo-executor.js';
import { openProject } from '../io/project.js';
import { usageOf, NovelCommand, type CommandResult } from './base-command.js';

export class DemoExecutorCommand extends NovelCommand {
  static override paths = [['demo-executor']];

  static override usage = usageOf('demo-executor', 'autopilot', ['$0 run --executor "novel demo-executor {packet}"']);

  packet = Option.String({ name: 'packet' });

  async run(): Promise<CommandResult> {
    const scores = demoScores(this.context.env.NOVEL_DEMO_SCORES);
    if (!Array.isArray(scores)) throw new NovelError('invalid_env', scores);
    const delay = Number(this.context.env.NOVEL_DEMO_WRITE_DELAY_MS ?? 0);
    const p = openProject(this.context, this.project ?? this.context.env.NOVEL_PROJECT);
    const written = await runDemoExecutor(p, this.context.cwd, this.packet, scores, delay);
    return { data: { written }, text: say(this.lang, 'cmd.demo.wrote', { n: written.length }) };
  }
}
