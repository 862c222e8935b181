import { VALIDATED_STAGES } from '../core/step-table.js';
import { paths } from '../core/paths.js';
import { say } from '../core/messages.js';
import { readStorylineIndex } from '../io/book-probe.js';
import { Command, Option } from 'clipanion';
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
import { NovelCommand, type CommandResult } from './base-command.js';
import { parseStepArg } from './option-validators.js';

const VALIDATED: readonly string[] = VALIDATED_STAGES;

export class ValidateCommand extends NovelCommand {
  static override paths = [['validate']];

  static override usage = Command.Usage({
    category: 'Pipeline',
    description: "Check a step's staged outputs and report every problem at once",
    details: `
      Checks what the agent of the step wrote under \`staging/\` (PROTOCOL §4): presence, UTF-8, JSON shape, chapter numbers, slugs. Every problem is reported with file, field, expected and found. Exits 2 when anything required is wrong; problems in optional files are warnings.
    `,
    examples: [
      ['Validate the summarizer outputs of chapter 4', '$0 validate chapter:004:summarize'],
      ['Machine-readable report', '$0 validate chapter:4:judge --json'],
    ],
  });

  step = Option.String({ name: 'step' });

  run(): CommandResult {
    const { step } = parseStepArg(this.step);
    const id = formatStepId(step);
    if (step.kind === 'volume' && step.stage === 'plan') {
      const p = openProject(this.context, this.project);
      const committed = p.fs.readTextChecked(paths.volumeOutline(step.volume));
      const bounds = planBounds(p.loaded.checkpoint.last_completed_chapter, committed && 'text' in committed ? outlineChapters(committed.text) : [], p.settings);
      const range = planRange(p.view, step.volume, bounds);
      const problems = validateVolumePlan(p.view, step.volume, range, readStorylineIndex(p.fs), bounds);
      if (problems.length) throw diagnosticsError('validation_failed', `${id}: the staged volume plan does not validate`, problems, 'fix every file listed, then validate again');
      return { data: { step: id, valid: true, chapter_range: range, warnings: [] }, text: say(this.lang, 'done.valid.plan', { step: id, first: range[0], last: range[1] }) };
    }
    if (step.kind === 'setup') {
      const p = openProject(this.context, this.project);
      const r = validateSetup(step.stage, p.view, p.probe.sampleMetrics?.() ?? null);
      if (!r.valid) throw diagnosticsError('validation_failed', `${id}: the staged files do not validate`, r.diagnostics, 'fix every file listed, then validate again');
      return { data: { step: id, valid: true, files: r.moves.filter((m) => p.view.files.has(m.from)).map((m) => ({ staged: m.from, final: m.to })), warnings: [] }, text: [say(this.lang, 'done.valid', { step: id }), ...r.moves.filter((m) => p.view.files.has(m.from)).map((m) => say(this.lang, 'done.output', { path: m.from, unchanged: false }))].join('\n') };
    }
    if (step.kind === 'import' && step.stage !== 'summarize') {
      throw new NovelError('not_validatable', `${id}: a commit has nothing staged of its own to validate; validate ${formatStepId({ ...step, stage: 'summarize' })}`, { hint: `novel validate ${formatStepId({ ...step, stage: 'summarize' })}` });
    }
    if (step.kind === 'volume' || (step.kind === 'chapter' && !VALIDATED.includes(step.stage))) {
      throw new NovelError('not_validatable', `${id}: only ${VALIDATED_STAGES.join(', ')} and volume plan steps have staged outputs to validate`, {
        hint: `e.g. novel validate ${formatStepId({ kind: 'chapter', chapter: step.kind === 'chapter' ? step.chapter : 1, stage: 'draft' })}`,
      });
    }
    const p = openProject(this.context, this.project);
    const cp = p.loaded.checkpoint;
    if (step.kind === 'chapter' && step.chapter <= cp.last_completed_chapter && (cp.inflight_chapter ?? null) !== step.chapter) {
      const next = nextOf(p);
      throw new NovelError('already_committed', `${id}: chapter ${step.chapter} is committed (${paths.chapter(step.chapter)}); nothing is staged for it to validate`, {
        hint: `the next step is ${next.step}: \`${next.command}\``,
        details: { next: next.step },
      });
    }
    const stage = step.stage as ValidatedStage;
    const sources = { checkpoint: cp, settings: p.settings, probe: p.probe, ...(cp.staging_hashes ? { stagingHashes: cp.staging_hashes } : {}), ...(stage === 'summarize' ? { state: readState(p.fs), committedMemory: (id: string) => committedMemory(p.fs, id) } : {}) };
    const result = validateStep(stage, p.view, validationContextFor(stage, step.chapter, sources, true));
    if (!result.valid) {
      throw diagnosticsError('validation_failed', `${id}: the staged outputs do not validate`, result.diagnostics, 'fix every file listed, then validate again');
    }
    const warnings = result.diagnostics.filter((d) => d.severity === 'warning');
    const lint = result.lint ? lintSummary(result.lint, this.lang) : [];
    const lines = [say(this.lang, 'done.valid', { step: id }), ...result.outputs.filter((o) => o.present).map((o) => say(this.lang, 'done.output', { path: o.path, unchanged: !o.new }))];
    return {
      data: { step: id, valid: true, fresh: result.fresh, outputs: result.outputs, warnings, ...(result.lint ? { lint: result.lint } : {}), ...(result.verdict ? { verdict: result.verdict } : {}) },
      text: [...lines, ...lint].join('\n'),
      warnings,
    };
  }
}
