import { Option } from 'clipanion';
import { completionScript, type CommandSpec } from '../core/completion.js';
import { usageOf, NovelCommand, type CommandResult } from './base-command.js';
import { isOneOf } from './option-validators.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;

export class CompletionCommand extends NovelCommand {
  static override paths = [['completion']];

  static override usage = usageOf('completion', 'project', [
    'source <($0 completion bash)',
    '$0 completion fish > ~/.config/fish/completions/novel.fish',
  ]);

  shell = Option.String({ name: 'shell', validator: isOneOf(SHELLS) });

  async run(): Promise<CommandResult> {
    const commands: CommandSpec[] = (await this.context.commandSpecs?.()) ?? [];
    const { FORMATS } = await import('../schemas/formats.js');
    const script = completionScript(this.shell, { commands, schemaNames: FORMATS.map((f) => f.name) });
    return { data: { shell: this.shell, script }, text: script };
  }
}
