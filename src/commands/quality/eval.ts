import { Option } from 'clipanion';
import { AI_FLAVOUR_MODEL } from '../../core/ai-flavour.js';
import { NovelError } from '../../core/errors.js';
import { said } from '../../core/messages.js';
import { qualityEvalLines } from '../../core/quality-eval-render.js';
import { evaluate } from '../../core/quality-eval.js';
import { resolveQuality } from '../../core/quality-settings.js';
import { openProjectIfAny } from '../../io/project.js';
import { labelledSamples, userPath } from '../../io/text-folder.js';
import { usageOf, helpOf, NovelCommand, type CommandResult } from '../base-command.js';

export class QualityEvalCommand extends NovelCommand {
  static override paths = [['quality', 'eval']];

  static override usage = usageOf('quality.eval', 'book', [
    '$0 quality eval --ai drafts/ --human chapters/',
    '$0 quality eval --ai ai/ --human human/ --by-source --json',
  ]);

  ai = Option.String('--ai', { description: helpOf('help.quality.eval.--ai') });
  human = Option.String('--human', { description: helpOf('help.quality.eval.--human') });
  bySource = Option.Boolean('--by-source', false, { description: helpOf('help.quality.eval.--by-source') });

  run(): CommandResult {
    if (this.ai === undefined || this.human === undefined) {
      throw new NovelError('usage', said('cmd.quality.dirs'), {
        hint: said('cmd.example', { example: 'novel quality eval --ai drafts/ --human chapters/' }),
      });
    }
    const settings = this.settings();
    const samples = labelledSamples(
      { ai: userPath(this.context.cwd, this.ai), human: userPath(this.context.cwd, this.human) },
      settings,
    );
    const result = evaluate(samples, AI_FLAVOUR_MODEL, settings.ai_flavour, this.bySource);
    const data = {
      ...result,
      model: {
        corpus: AI_FLAVOUR_MODEL.corpus.name,
        corpus_sha256: AI_FLAVOUR_MODEL.corpus.sha256,
        fitted_by: AI_FLAVOUR_MODEL.fitted_by,
      },
    };
    return { data, text: qualityEvalLines(result, this.lang).join('\n') };
  }

  /** The project's quality settings when there is a project here (its thresholds), else the defaults. */
  private settings() {
    return openProjectIfAny(this.context, this.project)?.settings.quality ?? resolveQuality(undefined);
  }
}
