import { Command, Option } from 'clipanion';
import { prettyJson } from '../core/canonical-json.js';
import { buildPacket, manifestPath } from '../core/packet.js';
import { nextOf, openProject } from '../io/project.js';
import { recordedLintOf } from '../io/lint-cache.js';
import { diskView } from '../io/project-view.js';
import { NovelCommand, type CommandResult } from './base-command.js';
import { parseStepArg } from './option-validators.js';

export class InstructionsCommand extends NovelCommand {
  static override paths = [['instructions']];

  static override usage = Command.Usage({
    category: 'Pipeline',
    description: 'Print the instruction packet of a step: which agent, which files, what to write',
    details: `
      Builds the packet for any step of the next or inflight chapter (or the volume being planned), whatever the current stage. Files are named by project-relative path (manifest mode); optional files that do not exist are left out. The same project gives byte-identical packets.

      \`--embed\` adds each file's content as a read-only \`<DATA …>\` block (capped at 64 KiB). \`--write-manifest\` also writes the packet to \`staging/manifests/\`. Read-only otherwise.
    `,
    examples: [
      ['The chapter-writer packet of chapter 4', '$0 instructions chapter:004:draft'],
      ['With file contents embedded, as the data of the JSON envelope', '$0 instructions chapter:4:judge --embed --json'],
      ['Write it for the executor', '$0 instructions chapter:004:summarize --write-manifest'],
    ],
  });

  step = Option.String({ name: 'step' });
  embed = Option.Boolean('--embed', false, { description: 'Embed file contents as read-only DATA blocks' });
  writeManifest = Option.Boolean('--write-manifest', false, { description: 'Also write the packet to staging/manifests/' });

  run(): CommandResult {
    const { step } = parseStepArg(this.step);
    const p = openProject(this.context, this.project);
    const { packet, warnings } = buildPacket({
      view: diskView(p.fs),
      checkpoint: p.loaded.checkpoint,
      settings: p.settings,
      step,
      // A packet names the step, its mode and gate; it shows no Chinese reason.
      next: nextOf(p, false),
      ...(this.embed ? { embed: {} } : {}),
      ...(p.probe.lintLists ? { lintLists: p.probe.lintLists, recordedLint: recordedLintOf(p.fs, p.settings.quality, p.probe.lintLists) } : {}),
    });
    const text = prettyJson(packet);
    if (this.writeManifest) {
      const rel = manifestPath(step);
      p.fs.writeText(rel, text);
      return { data: { ...packet, written_path: rel }, text, warnings };
    }
    return { data: { ...packet }, text, warnings };
  }
}
