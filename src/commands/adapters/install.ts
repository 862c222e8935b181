import { Command, Option } from 'clipanion';
import { NovelError } from '../../core/errors.js';
import { oneOf } from '../../core/one-of.js';
import { ADAPTER_KINDS, installAdapters } from '../../io/adapters.js';
import { openFs } from '../../io/project.js';
import { NovelCommand, type CommandResult } from '../base-command.js';

const isKind = oneOf(ADAPTER_KINDS);

export class AdaptersInstallCommand extends NovelCommand {
  static override paths = [['adapters', 'install']];

  static override usage = Command.Usage({
    category: 'Project',
    description: 'Copy the Claude Code or Codex adapter files into the project',
    details: `
      \`claude\`: the subagents (chapter-writer, summarizer, style-refiner, quality-judge, plot-architect, and the setup agents world-builder, character-weaver, style-analyzer) into \`.claude/agents/\` and the \`/novel-step\` skill into \`.claude/skills/novel-step/\` (it may run \`novel\` commands, read, and edit under \`staging/\` only, so it runs in \`claude -p\` without prompts). \`codex\`: the \`novel\` skill with the eight agent briefs as \`references/<agent>.md\` into \`.agents/skills/novel/\` (run Codex from the project root). Each runs one pipeline step from its packet, advances it once it validates, and stops for review.

      A file you edited is never overwritten: it is kept and reported.
    `,
    examples: [
      ['Install the Claude Code adapters', '$0 adapters install claude'],
      ['Install the Codex skill', '$0 adapters install codex'],
    ],
  });

  kind = Option.String({ name: 'claude|codex' });

  run(): CommandResult {
    if (!isKind(this.kind)) throw new NovelError('invalid_option', `adapters install ${this.kind}: expected claude or codex`, { hint: 'novel adapters install claude' });
    const fs = openFs(this.context, this.project);
    const { installed, unchanged, kept } = installAdapters(fs, this.kind);
    const lines = [
      ...installed.map((f) => `  + ${f}`),
      ...unchanged.map((f) => `  = ${f} (already installed)`),
      ...kept.map((f) => `  ! ${f} (kept: differs from the shipped file, your edits win)`),
    ];
    return { data: { kind: this.kind, installed, unchanged, kept }, text: `${this.kind} adapters:\n${lines.join('\n')}` };
  }
}
