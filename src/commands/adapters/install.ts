import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Command, Option } from 'clipanion';
import { NovelError } from '../../core/errors.js';
import { oneOf } from '../../core/one-of.js';
import { packageRoot } from '../../io/package-files.js';
import { openFs } from '../../io/project.js';
import { sha256Hex } from '../../io/project-fs.js';
import { NovelCommand, type CommandResult } from '../base-command.js';

const KINDS = ['claude', 'codex'] as const;
const isKind = oneOf(KINDS);

/** Shipped adapter file (relative to adapters/KIND) → where it goes in a project. */
const TARGETS: Record<(typeof KINDS)[number], (rel: string) => string> = {
  claude: (rel) => `.claude/${rel}`,
  // Codex 0.169 reads project skills from .agents/skills/ (.codex/skills/ only with an "untrusted configuration" warning).
  codex: (rel) => `.agents/${rel}`,
};

function shippedFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? shippedFiles(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name)).split(path.sep).join('/')]))
    .sort();
}

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
    const source = path.join(packageRoot(), 'adapters', this.kind);
    const installed: string[] = [];
    const unchanged: string[] = [];
    const kept: string[] = [];
    for (const rel of shippedFiles(source)) {
      const content = readFileSync(path.join(source, rel));
      const target = TARGETS[this.kind](rel);
      const existing = fs.sha256(target);
      if (existing === null) {
        fs.writeText(target, content);
        installed.push(target);
      } else if (existing === sha256Hex(content)) unchanged.push(target);
      else kept.push(target);
    }
    const lines = [
      ...installed.map((f) => `  + ${f}`),
      ...unchanged.map((f) => `  = ${f} (already installed)`),
      ...kept.map((f) => `  ! ${f} (kept: differs from the shipped file, your edits win)`),
    ];
    return { data: { kind: this.kind, installed, unchanged, kept }, text: `${this.kind} adapters:\n${lines.join('\n')}` };
  }
}
