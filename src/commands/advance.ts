import { clockNow } from '../io/clock.js';
import { sayer } from '../core/messages.js';
import { gateReason } from '../../machines/novel.setup.js';
import { Option } from 'clipanion';
import { formatStepId } from '../core/step-id.js';
import { lintSummary } from '../core/lint-render.js';
import { advanceStep } from '../io/operations.js';
import { withMutation } from '../io/mutation.js';
import { usageOf, NovelCommand, type CommandResult } from './base-command.js';
import { parseStepArg } from './option-validators.js';

export class AdvanceCommand extends NovelCommand {
  static override paths = [['advance']];

  static override usage = usageOf('advance', 'pipeline', [
    '$0 advance chapter:004:draft',
    '$0 advance chapter:004:judge --json',
  ]);

  step = Option.String({ name: 'step' });

  run(): CommandResult {
    const { step } = parseStepArg(this.step);
    const chapter = step.kind === 'chapter' ? step.chapter : null;
    return withMutation(this.context, this.project, { chapter }, (p, m) => {
      const { plan, written, next } = advanceStep(p, step, clockNow(this.context.env));
      const gate = plan.snapshot.context.gate;
      const judged = plan.events.some((e) => e.type === 'JUDGED');
      const t = sayer(this.lang);
      const lines = [t('done.advanced', { step: formatStepId(step), from: plan.from, to: plan.to })];
      if (plan.lint && !judged) lines.push(...lintSummary(plan.lint, this.lang));
      if (judged && gate) lines.push(t('status.gate', { decision: gate.decision, reason: gateReason(gate) }));
      if (plan.archive?.files.length)
        lines.push(t('done.archived', { n: plan.archive.files.length, dir: plan.archive.dir }));
      lines.push(t('done.next', { step: next.step, action: next.action }));
      if (m.recovered)
        lines.unshift(
          t('done.rolled_forward', { kind: m.recovered.kind, n: m.recovered.chapter ?? m.recovered.volume }),
        );
      return {
        data: {
          step: formatStepId(step),
          from: plan.from,
          to: plan.to,
          checkpoint: {
            pipeline_stage: written.pipeline_stage ?? null,
            inflight_chapter: written.inflight_chapter ?? null,
            revision_count: written.revision_count ?? 0,
            last_completed_chapter: written.last_completed_chapter,
            orchestrator_state: written.orchestrator_state ?? null,
          },
          ...(gate && judged ? { gate } : {}),
          ...(plan.lint ? { lint: plan.lint } : {}),
          archived: plan.archive ?? null,
          next: { step: next.step, action: next.action, reason: next.reason },
          ...(m.recovered
            ? { rolled_forward: { kind: m.recovered.kind, chapter: m.recovered.chapter, volume: m.recovered.volume } }
            : {}),
        },
        text: lines.join('\n'),
        warnings: plan.warnings,
      };
    });
  }
}
