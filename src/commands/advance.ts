import { Command, Option } from 'clipanion';
import { formatStepId } from '../core/step-id.js';
import { consistencyConflicts } from '../core/chapter-log.js';
import { paths } from '../core/paths.js';
import { stagedText } from '../core/staging-view.js';
import { appendJsonLine } from '../io/history-log.js';
import { planAdvance } from '../core/transitions.js';
import { applyTransition } from '../io/apply-transition.js';
import { nextAfterWrite, withMutation } from '../io/project.js';
import { NovelCommand, type CommandResult } from './base-command.js';
import { parseStepArg } from './validate.js';

export class AdvanceCommand extends NovelCommand {
  static override paths = [['advance']];

  static override usage = Command.Usage({
    category: 'Pipeline',
    description: 'Record a finished step: validate its outputs and move the pipeline on',
    details: `
      Takes the project lock, refuses a step other than the one \`novel next\` names, validates the step's staged outputs, sends the finished-step event to the pipeline machine and writes the resulting \`.checkpoint.json\` atomically.

      After a judge step the gate runs at once: a revision archives the round's files under \`staging/revisions/chapter-NNN/round-K/\`. Refuses (exit 2) when the book's final trees changed outside novel, and exits 3 while another process holds the lock.
    `,
    examples: [
      ['Record the draft of chapter 4', '$0 advance chapter:004:draft'],
      ['Record the judge step and see the gate decision', '$0 advance chapter:004:judge --json'],
    ],
  });

  step = Option.String({ name: 'step' });

  run(): CommandResult {
    const { step } = parseStepArg(this.step);
    const chapter = step.kind === 'chapter' ? step.chapter : null;
    return withMutation(this.context, this.project, { chapter }, (p, m) => {
      const input = { checkpoint: p.loaded.checkpoint, settings: p.settings, view: p.view, journal: p.journal };
      const plan = planAdvance(input, step);
      const judgedRound = p.loaded.checkpoint.revision_count ?? 0;
      const evalText = stagedText(p.view, paths.stagingEval(plan.snapshot.context.chapter));
      const written = applyTransition(p.fs, p.loaded, p.view, plan, new Date());
      if (plan.events.some((e) => e.type === 'JUDGED') && evalText !== undefined) {
        appendJsonLine(p.fs, 'logs/consistency-report.jsonl', {
          chapter: plan.snapshot.context.chapter,
          round: judgedRound,
          conflicts: consistencyConflicts(JSON.parse(evalText) as Record<string, unknown>),
        });
      }
      const next = nextAfterWrite(this.context, this.project, p.fs);
      const gate = plan.snapshot.context.gate;
      const lines = [`advanced ${formatStepId(step)}: ${plan.from} → ${plan.to}`];
      if (plan.events.some((e) => e.type === 'JUDGED') && gate) lines.push(`gate: ${gate.decision} — ${gate.reason}`);
      if (plan.archive && plan.archive.files.length) lines.push(`archived ${plan.archive.files.length} file(s) to ${plan.archive.dir}/`);
      lines.push(`next: ${next.step} (${next.action})`);
      if (m.recovered) lines.unshift(`rolled forward an unfinished commit (${m.recovered.kind} ${m.recovered.chapter ?? m.recovered.volume}) first`);
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
          },
          ...(gate && plan.events.some((e) => e.type === 'JUDGED') ? { gate } : {}),
          archived: plan.archive ?? null,
          next: { step: next.step, action: next.action, reason: next.reason },
          ...(m.recovered ? { rolled_forward: { kind: m.recovered.kind, chapter: m.recovered.chapter, volume: m.recovered.volume } } : {}),
        },
        text: lines.join('\n'),
        warnings: plan.warnings,
      };
    });
  }
}
