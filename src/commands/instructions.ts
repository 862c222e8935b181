import { Option } from 'clipanion';
import { prettyJson } from '../core/canonical-json.js';
import { buildPacket, manifestPath } from '../core/packet.js';
import { nextOf, openProject } from '../io/project.js';
import { recordedForeshadowingOf } from '../io/foreshadowing-record.js';
import { recordedLintOf } from '../io/lint-cache.js';
import { usageOf, helpOf, NovelCommand, type CommandResult } from './base-command.js';
import { parseStepArg } from './option-validators.js';

export class InstructionsCommand extends NovelCommand {
  static override paths = [['instructions']];

  static override usage = usageOf('instructions', 'pipeline', [
    '$0 instructions chapter:004:draft',
    '$0 instructions chapter:4:judge --embed --json',
    '$0 instructions chapter:004:summarize --write-manifest',
  ]);

  step = Option.String({ name: 'step' });
  embed = Option.Boolean('--embed', false, { description: helpOf('help.instructions.--embed') });
  writeManifest = Option.Boolean('--write-manifest', false, {
    description: helpOf('help.instructions.--write-manifest'),
  });

  run(): CommandResult {
    const { step } = parseStepArg(this.step);
    const p = openProject(this.context, this.project);
    const { packet, warnings } = buildPacket({
      // The files the lint's lists and the continuity cast read are not read again.
      view: p.files(),
      checkpoint: p.loaded.checkpoint,
      settings: p.settings,
      step,
      // A packet names the step, its mode and gate; it shows no Chinese reason.
      next: nextOf(p, false),
      ...(this.embed ? { embed: {} } : {}),
      recordedForeshadowing: recordedForeshadowingOf(p.fs),
      ...(p.probe.continuity ? { continuity: p.probe.continuity } : {}),
      ...(p.probe.lintLists
        ? { lintLists: p.probe.lintLists, recordedLint: recordedLintOf(p.fs, p.settings.quality, p.probe.lintLists) }
        : {}),
    });
    if (this.writeManifest) {
      const rel = manifestPath(step);
      const text = prettyJson(packet);
      p.fs.writeText(rel, text);
      return { data: { ...packet, written_path: rel }, text, warnings };
    }
    // With --json the envelope carries the packet: its pretty text, for the terminal only, is not made (some 4 ms for
    // the 190 KB draft packet of a book with a thousand foreshadowing items).
    return { data: { ...packet }, text: this.json ? '' : prettyJson(packet), warnings };
  }
}
