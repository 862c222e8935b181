import { VALIDATED_STAGES } from '../core/step-table.js';
import { paths } from '../core/paths.js';
import { said, say } from '../core/messages.js';
import { readStorylineIndex } from '../io/book-probe.js';
import { Option } from 'clipanion';
import { diagnosticsError, NovelError } from '../core/errors.js';
import { formatStepId } from '../core/step-id.js';
import { lintSummary } from '../core/lint-render.js';
import { validationContextFor } from '../core/rehydrate.js';
import { validateStep, type ValidatedStage } from '../core/validate.js';
import { validateSetup } from '../core/setup.js';
import { committedMemory, readState } from '../io/book-files.js';
import { nextOf, openProject } from '../io/project.js';
import { planBounds, planRange, validateVolumePlan } from '../core/volume-plan.js';
import { outlineChapters } from '../core/outline.js';
import { usageOf, NovelCommand, type CommandResult } from './base-command.js';
import { parseStepArg } from './option-validators.js';

const VALIDATED: readonly string[] = VALIDATED_STAGES;

export class ValidateCommand extends NovelCommand {
  static override paths = [['validate']];

  static override usage = usageOf('validate', 'pipeline', [
    '$0 validate chapter:004:summarize',
    '$0 validate chapter:4:judge --json',
  ]);

  step = Option.String({ name: 'step' });

  run(): CommandResult {
    const { step } = parseStepArg(this.step);
    const id = formatStepId(step);
    if (step.kind === 'volume' && step.stage === 'plan') {
      const p = openProject(this.context, this.project);
      const committed = p.fs.readTextChecked(paths.volumeOutline(step.volume));
      const bounds = planBounds(
        p.loaded.checkpoint.last_completed_chapter,
        committed && 'text' in committed ? outlineChapters(committed.text) : [],
        p.settings,
      );
      const range = planRange(p.view, step.volume, bounds);
      const problems = validateVolumePlan(p.view, step.volume, range, readStorylineIndex(p.fs), bounds);
      if (problems.length)
        throw diagnosticsError(
          'validation_failed',
          said('cmd.validate.plan_invalid', { step: id }),
          problems,
          said('cmd.validate.fix_hint'),
        );
      return {
        data: { step: id, valid: true, chapter_range: range, warnings: [] },
        text: say(this.lang, 'done.valid.plan', { step: id, first: range[0], last: range[1] }),
      };
    }
    if (step.kind === 'setup') {
      const p = openProject(this.context, this.project);
      const r = validateSetup(step.stage, p.view, p.probe.sampleMetrics?.() ?? null);
      if (!r.valid)
        throw diagnosticsError(
          'validation_failed',
          said('cmd.validate.setup_invalid', { step: id }),
          r.diagnostics,
          said('cmd.validate.fix_hint'),
        );
      return {
        data: {
          step: id,
          valid: true,
          files: r.moves.filter((m) => p.view.files.has(m.from)).map((m) => ({ staged: m.from, final: m.to })),
          warnings: [],
        },
        text: [
          say(this.lang, 'done.valid', { step: id }),
          ...r.moves
            .filter((m) => p.view.files.has(m.from))
            .map((m) => say(this.lang, 'done.output', { path: m.from, unchanged: false })),
        ].join('\n'),
      };
    }
    if (step.kind === 'import' && step.stage !== 'summarize') {
      const summarize = formatStepId({ ...step, stage: 'summarize' });
      throw new NovelError('not_validatable', said('cmd.validate.import_commit', { step: id, summarize }), {
        hint: `novel validate ${summarize}`,
      });
    }
    if (step.kind === 'volume' || (step.kind === 'chapter' && !VALIDATED.includes(step.stage))) {
      throw new NovelError(
        'not_validatable',
        said('cmd.validate.not_validatable', { step: id, stages: VALIDATED_STAGES.join(', ') }),
        {
          hint: said('cmd.example', {
            example: `novel validate ${formatStepId({
              kind: 'chapter',
              chapter: step.kind === 'chapter' ? step.chapter : 1,
              stage: 'draft',
            })}`,
          }),
        },
      );
    }
    const p = openProject(this.context, this.project);
    const cp = p.loaded.checkpoint;
    if (
      step.kind === 'chapter' &&
      step.chapter <= cp.last_completed_chapter &&
      (cp.inflight_chapter ?? null) !== step.chapter
    ) {
      const next = nextOf(p);
      throw new NovelError(
        'already_committed',
        said('cmd.validate.committed', { step: id, chapter: step.chapter, file: paths.chapter(step.chapter) }),
        {
          hint: said('cmd.validate.committed.hint', { step: next.step, command: next.command }),
          details: { next: next.step },
        },
      );
    }
    const stage = step.stage as ValidatedStage;
    const sources = {
      checkpoint: cp,
      settings: p.settings,
      probe: p.probe,
      ...(cp.staging_hashes ? { stagingHashes: cp.staging_hashes } : {}),
      ...(stage === 'summarize'
        ? { state: readState(p.fs), committedMemory: (id: string) => committedMemory(p.fs, id) }
        : {}),
    };
    const result = validateStep(stage, p.view, validationContextFor(stage, step.chapter, sources, true));
    if (!result.valid) {
      throw diagnosticsError(
        'validation_failed',
        said('cmd.validate.outputs_invalid', { step: id }),
        result.diagnostics,
        said('cmd.validate.fix_hint'),
      );
    }
    const warnings = result.diagnostics.filter((d) => d.severity === 'warning');
    const lint = result.lint ? lintSummary(result.lint, this.lang) : [];
    const lines = [
      say(this.lang, 'done.valid', { step: id }),
      ...result.outputs
        .filter((o) => o.present)
        .map((o) => say(this.lang, 'done.output', { path: o.path, unchanged: !o.new })),
    ];
    return {
      data: {
        step: id,
        valid: true,
        fresh: result.fresh,
        outputs: result.outputs,
        warnings,
        ...(result.lint ? { lint: result.lint } : {}),
        ...(result.verdict ? { verdict: result.verdict } : {}),
      },
      text: [...lines, ...lint].join('\n'),
      warnings,
    };
  }
}
