import { say, sayer } from '../core/messages.js';
import { Command, Option } from 'clipanion';
import { oneOf } from '../core/one-of.js';
import { DECISIONS, type Decision } from '../../machines/pipeline.events.js';
import { NovelError } from '../core/errors.js';
import { parseChapterRef, padChapter } from '../core/step-id.js';
import { decideChapter } from '../io/operations.js';
import { withMutation } from '../io/mutation.js';
import { NovelCommand, type CommandResult } from './base-command.js';

const isDecision = oneOf(DECISIONS);

export class DecideCommand extends NovelCommand {
  static override paths = [['decide']];

  static override usage = Command.Usage({
    category: 'Pipeline',
    description: 'Resolve a pause: accept, revise or rewrite the paused chapter',
    details: `
      Only valid while the chapter is paused at review (\`novel next\` prints \`chapter:NNN:review\`).

      - \`accept\` commits the chapter as it is (gate decision \`accepted_by_user\`).
      - \`revise\` runs one more revision round, even past the revision budget.
      - \`rewrite\` discards the chapter's staged outputs (kept under \`staging/revisions/chapter-NNN/rewrite-K/\`) and starts again at draft with revision_count 0.
    `,
    examples: [
      ['Accept chapter 12 as it is', '$0 decide chapter:012 accept'],
      ['Ask for one more revision', '$0 decide chapter:12 revise'],
      ['Revise with your own instruction to the writer', '$0 decide chapter:012 revise --note "让叶知秋更早出场"'],
      ['Start the chapter again from a fresh draft', '$0 decide chapter:012 rewrite'],
    ],
  });

  chapter = Option.String({ name: 'chapter:NNN' });
  decision = Option.String({ name: 'accept|revise|rewrite' });
  note = Option.String('--note', { description: 'Your words with the decision: revise and rewrite carry them to the writer in the next draft packet (inline.author_note); every decision keeps them in the chapter log' });

  run(): CommandResult {
    const ref = parseChapterRef(this.chapter);
    if (!ref.ok) throw new NovelError('invalid_step', `"${this.chapter}": ${ref.reason}`, { hint: 'e.g. novel decide chapter:012 accept' });
    if (!isDecision(this.decision)) {
      throw new NovelError('invalid_decision', `decision "${this.decision}": expected one of ${DECISIONS.join(', ')}`, {
        hint: `e.g. novel decide chapter:${padChapter(ref.chapter)} accept`,
        zh: { message: say('zh', 'error.invalid_decision', { value: this.decision }), hint: `例如 novel decide chapter:${padChapter(ref.chapter)} accept` },
      });
    }
    const decision: Decision = this.decision;
    return withMutation(this.context, this.project, { chapter: ref.chapter }, (p, m) => {
      const { plan, written, next } = decideChapter(p, ref.chapter, decision, new Date(), this.note);
      const t = sayer(this.lang);
      const lines = [t('done.decided', { chapter: ref.chapter, decision, from: plan.from, to: plan.to })];
      if (plan.archive && plan.archive.files.length) lines.push(t('done.archived', { n: plan.archive.files.length, dir: plan.archive.dir }));
      lines.push(t('done.next', { step: next.step, action: next.action }));
      if (m.recovered) lines.unshift(t('done.rolled_forward', { kind: m.recovered.kind, n: m.recovered.chapter ?? m.recovered.volume }));
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
          ...(m.recovered ? { rolled_forward: { kind: m.recovered.kind, chapter: m.recovered.chapter, volume: m.recovered.volume } } : {}),
        },
        text: lines.join('\n'),
      };
    });
  }
}
