import { Command, Option } from 'clipanion';
import * as t from 'typanion';
import { completionScript, type CommandSpec } from '../core/completion.js';
import { NovelCommand, type CommandResult } from './base-command.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;

export class CompletionCommand extends NovelCommand {
  static override paths = [['completion']];

  static override usage = Command.Usage({
    category: 'Project',
    description: 'Print a shell completion script: commands, flags, choices and step ids',
    details: `
      Completes command names, each command's flags, the choices of \`--format\`, \`--executor\` and \`--pause-after\`, and step ids (the current one from \`novel next\`, plus the chapter stages of that chapter). Install it once:

      - bash: \`echo 'source <(novel completion bash)' >> ~/.bashrc\`
      - zsh: \`echo 'source <(novel completion zsh)' >> ~/.zshrc\`
      - fish: \`novel completion fish > ~/.config/fish/completions/novel.fish\`
    `,
    examples: [
      ['Enable completion in the current bash', 'source <($0 completion bash)'],
      ['Install for fish', '$0 completion fish > ~/.config/fish/completions/novel.fish'],
    ],
  });

  shell = Option.String({ name: 'shell', validator: t.isEnum(SHELLS) });

  async run(): Promise<CommandResult> {
    const commands: CommandSpec[] = (await this.context.commandSpecs?.()) ?? [];
    const { FORMATS } = await import('../schemas/formats.js');
    const script = completionScript(this.shell, { commands, schemaNames: FORMATS.map((f) => f.name) });
    return { data: { shell: this.shell, script }, text: script };
  }
}
