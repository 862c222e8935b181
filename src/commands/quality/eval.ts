import { Command, Option } from 'clipanion';
import { AI_FLAVOUR_MODEL } from '../../core/ai-flavour.js';
import { NovelError } from '../../core/errors.js';
import { qualityEvalLines } from '../../core/quality-eval-render.js';
import { evaluate } from '../../core/quality-eval.js';
import { resolveQuality } from '../../core/quality-settings.js';
import { openProjectIfAny } from '../../io/project.js';
import { labelledSamples, userPath } from '../../io/text-folder.js';
import { NovelCommand, type CommandResult } from '../base-command.js';

export class QualityEvalCommand extends NovelCommand {
  static override paths = [['quality', 'eval']];

  static override usage = Command.Usage({
    category: 'Book',
    description: 'Measure how well the AI-flavour score tells AI chapters from human ones, on folders of text files',
    details: `
      Lints every .txt and .md file of both folders and prints n, the AUC of the AI-flavour score with its bootstrap 95 % interval, precision and recall at the soft and hard thresholds (the project's \`quality.ai_flavour\` when run in a project, else the shipped model's), and each feature's own AUC and hit rates.

      \`--by-source\` also runs leave-one-source-out: for each source (a file's name without its trailing \`-NNN\`, e.g. \`mymodel-012.txt\` → \`mymodel\`) the model is fitted again without it and scored on it, against every text of the other class. Run it on your own chapters against drafts of your model to set \`quality.ai_flavour.soft\` and \`hard\`.
    `,
    examples: [
      ['Your chapters against your model\'s drafts', '$0 quality eval --ai drafts/ --human chapters/'],
      ['Leave one source out, as JSON', '$0 quality eval --ai ai/ --human human/ --by-source --json'],
    ],
  });

  ai = Option.String('--ai', { description: 'Folder of AI-written chapters (.txt, .md)' });
  human = Option.String('--human', { description: 'Folder of human-written chapters (.txt, .md)' });
  bySource = Option.Boolean('--by-source', false, { description: 'Also leave each source out: refit without it, score it' });

  run(): CommandResult {
    if (this.ai === undefined || this.human === undefined) {
      throw new NovelError('usage', `quality eval needs both --ai DIR and --human DIR`, { hint: 'e.g. novel quality eval --ai drafts/ --human chapters/', zh: { message: 'quality eval 需要同时给出 --ai 目录和 --human 目录', hint: '例如 novel quality eval --ai drafts/ --human chapters/' } });
    }
    const settings = this.settings();
    const samples = labelledSamples({ ai: userPath(this.context.cwd, this.ai), human: userPath(this.context.cwd, this.human) }, settings);
    const result = evaluate(samples, AI_FLAVOUR_MODEL, settings.ai_flavour, this.bySource);
    const data = { ...result, model: { corpus: AI_FLAVOUR_MODEL.corpus.name, corpus_sha256: AI_FLAVOUR_MODEL.corpus.sha256, fitted_by: AI_FLAVOUR_MODEL.fitted_by } };
    return { data, text: qualityEvalLines(result, this.lang).join('\n') };
  }

  /** The project's quality settings when there is a project here (its thresholds), else the defaults. */
  private settings() {
    return openProjectIfAny(this.context, this.project)?.settings.quality ?? resolveQuality(undefined);
  }
}
