import { clockNow } from '../io/clock.js';
import { said, sayer } from '../core/messages.js';
import { Option } from 'clipanion';
import { oneOf } from '../core/one-of.js';
import { DECISIONS, type Decision } from '../../machines/pipeline.events.js';
import { NovelError } from '../core/errors.js';
import { parseChapterRef, padChapter } from '../core/step-id.js';
import { decideChapter } from '../io/operations.js';
import { withMutation } from '../io/mutation.js';
import { usageOf, helpOf, NovelCommand, type CommandResult } from './base-command.js';

const isDecision = oneOf(DECISIONS);

export class DecideCommand extends NovelCommand {
  static override paths = [['decide']];

  static override usage = usageOf('decide', 'pipeline', [
    '$0 decide chapter:012 accept',
    '$0 decide chapter:12 revise',
    '$0 decide chapter:012 revise --note "让叶知秋更早出场"',
    '$0 decide chapter:012 rewrite',
  ]);

  chapter = Option.String({ name: 'chapter:NNN' });
  decision = Option.String({ name: 'accept|revise|rewrite' });
  note = Option.String('--note', { description: helpOf('help.decide.--note') });

  run(): CommandResult {
    const ref = parseChapterRef(this.chapter);
    if (!ref.ok)
      throw new NovelError(
        'invalid_step',
        said('cmd.chapter_ref_invalid', { value: this.chapter, reason: ref.words }),
        { hint: said('cmd.example', { example: 'novel decide chapter:012 accept' }) },
      );
    if (!isDecision(this.decision)) {
      throw new NovelError(
        'invalid_decision',
        said('cmd.decide.invalid', { value: this.decision, choices: DECISIONS.join(', ') }),
        { hint: said('cmd.example', { example: `novel decide chapter:${padChapter(ref.chapter)} accept` }) },
      );
    }
    const decision: Decision = this.decision;
    return withMutation(this.context, this.project, { chapter: ref.chapter }, (p, m) => {
      const { plan, written, next } = decideChapter(p, ref.chapter, decision, clockNow(this.context.env), this.note);
      const t = sayer(this.lang);
      const lines = [t('done.decided', { chapter: ref.chapter, decision, from: plan.from, to: plan.to })];
      if (plan.archive?.files.length)
        lines.push(t('done.archived', { n: plan.archive.files.length, dir: plan.archive.dir }));
      lines.push(t('done.next', { step: next.step, action: next.action }));
      if (m.recovered)
        lines.unshift(
          t('done.rolled_forward', { kind: m.recovered.kind, n: m.recovered.chapter ?? m.recovered.volume }),
        );
      return {
        data: {
          chapter: ref.chapter,
          decision,
          from: plan.from,
          to: plan.to,
          checkpoint: {
            pipeline_stage: written.pipeline_stage ?? null,
            inflight_chapter: written.inflight_chapter ?? null,
            revision_count: written.revision_count ?? 0,
          },
          gate: plan.snapshot.context.gate,
          archived: plan.archive ?? null,
          next: { step: next.step, action: next.action, reason: next.reason },
          ...(m.recovered
            ? { rolled_forward: { kind: m.recovered.kind, chapter: m.recovered.chapter, volume: m.recovered.volume } }
            : {}),
        },
        text: lines.join('\n'),
      };
    });
  }
}
