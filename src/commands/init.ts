import { say } from '../core/messages.js';
import { Command, Option } from 'clipanion';
import { NovelError } from '../core/errors.js';
import { initProject, nextStepOf } from '../io/create-project.js';
import { NovelCommand, type CommandResult } from './base-command.js';
import { PLATFORMS } from '../core/quality-settings.js';

export class InitCommand extends NovelCommand {
  static override paths = [['init']];

  static override usage = Command.Usage({
    category: 'Project',
    description: 'Create a minimal valid project',
    details: `
      Writes \`.checkpoint.json\` (volume 1 awaiting planning), \`novel.config.json\` with the defaults, an empty state, an empty foreshadowing list and empty input files. Refuses when the directory already holds a project, or a book without its checkpoint (chapters/*.md, state/current-state.json or state/changelog.jsonl: \`novel checkpoint rebuild\` recovers that one); existing files are never overwritten.
    `,
    examples: [
      ['Create a project in ./my-novel', '$0 init my-novel'],
      ['Create a project in the current directory', '$0 init'],
      ['Create the demo project (for `novel run --executor demo`)', '$0 init --demo demo-project'],
    ],
  });

  dir = Option.String({ name: 'dir', required: false });
  demo = Option.Boolean('--demo', false, { description: 'Create the demo project instead: 《青岚剑录》, three chapters committed, volume 1 (30 chapters) outlined' });
  platform = Option.String('--platform', { description: 'The quality preset recorded in novel.config.json: qidian, tomato or none (the demo: qidian)' });

  run(): CommandResult {
    const platform = this.platform ?? (this.demo ? 'qidian' : undefined);
    if (platform !== undefined && !(PLATFORMS as readonly string[]).includes(platform)) {
      throw new NovelError('invalid_option', `--platform ${platform}: expected one of ${PLATFORMS.join(', ')}`, { hint: 'qidian (2,500–3,500 字), tomato (1,500–2,500 字) or none (no platform rules)' });
    }
    const quality = platform === undefined ? {} : { quality: { platform } };
    const r = initProject(this.context.cwd, this.dir, { demo: this.demo, quality });
    if (r.demo) {
      return {
        data: { root: r.root, demo: true },
        text: `created the demo project in ${r.root}
next: novel run --chapters 3 --project ${this.dir ?? '.'}  (executor: demo, recorded in novel.config.json)`,
      };
    }
    const { root: target, created, kept } = r;
    const lines = [say(this.lang, 'init.created', { dir: target }), ...created.map((f) => `  + ${f}`), ...kept.map((f) => say(this.lang, 'init.kept', { file: f })), say(this.lang, 'init.next', nextStepOf(this.context, target))];
    return { data: { root: target, created, kept }, text: lines.join('\n') };
  }
}
