import { said, say } from '../core/messages.js';
import { Option } from 'clipanion';
import { NovelError } from '../core/errors.js';
import { initProject, nextStepOf } from '../io/create-project.js';
import { usageOf, helpOf, NovelCommand, type CommandResult } from './base-command.js';
import { PLATFORMS } from '../core/quality-settings.js';

export class InitCommand extends NovelCommand {
  static override paths = [['init']];

  static override usage = usageOf('init', 'project', ['$0 init my-novel', '$0 init', '$0 init --demo demo-project']);

  dir = Option.String({ name: 'dir', required: false });
  demo = Option.Boolean('--demo', false, { description: helpOf('help.init.--demo') });
  platform = Option.String('--platform', { description: helpOf('help.init.--platform') });

  run(): CommandResult {
    const platform = this.platform ?? (this.demo ? 'qidian' : undefined);
    if (platform !== undefined && !(PLATFORMS as readonly string[]).includes(platform)) {
      throw new NovelError('invalid_option', said('cmd.init.platform', { platform, platforms: PLATFORMS.join(', ') }), {
        hint: said('cmd.init.platform.hint'),
      });
    }
    const quality = platform === undefined ? {} : { quality: { platform } };
    const r = initProject(this.context.cwd, this.dir, { demo: this.demo, quality });
    if (r.demo) {
      return {
        data: { root: r.root, demo: true },
        text: say(this.lang, 'cmd.init.demo', { root: r.root, dir: this.dir ?? '.' }),
      };
    }
    const { root: target, created, kept } = r;
    const lines = [
      say(this.lang, 'init.created', { dir: target }),
      ...created.map((f) => `  + ${f}`),
      ...kept.map((f) => say(this.lang, 'init.kept', { file: f })),
      say(this.lang, 'init.next', nextStepOf(this.context, target)),
    ];
    return { data: { root: target, created, kept }, text: lines.join('\n') };
  }
}
