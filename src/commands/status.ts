import { say } from '../core/messages.js';
import { stagedJson } from '../core/staging-view.js';
import { Command } from 'clipanion';
import { paths } from '../core/paths.js';
import { buildStatusView, renderStatus } from '../core/status-view.js';
import { formatCost } from '../core/run-policy.js';
import { readBookTotals, readGlobalForeshadowing } from '../io/book-files.js';
import { dormantItems } from '../core/context/dormant-foreshadowing.js';
import { describeDiff, diffHint } from '../core/fingerprint-rules.js';
import { readerBoundary } from '../io/fingerprint.js';
import { lockStatus } from '../io/lock.js';
import { lockEnvFor, nextOf, openFs, openProject } from '../io/project.js';
import { NovelCommand, type CommandResult } from './base-command.js';

export class StatusCommand extends NovelCommand {
  static override paths = [['status']];

  static override usage = Command.Usage({
    category: 'Pipeline',
    description: 'Show where the pipeline stands and the exact next command (read-only)',
    details: `
      One line per stage with the current one marked, the chapter's place in the volume outline, the revision round, the gate, the lock holder and the exact command to type next.
    `,
    examples: [['Human view', '$0 status'], ['The same data as JSON', '$0 status --json']],
  });

  run(): CommandResult {
    const fs = openFs(this.context, this.project);
    const { project: p, diff: boundary } = readerBoundary(fs, () => openProject(this.context, this.project, fs));
    const cp = p.loaded.checkpoint;
    const next = nextOf(p);
    const outlinePath = paths.volumeOutline(Math.max(1, cp.current_volume));
    const outlineText = p.fs.readTextChecked(outlinePath);
    // Hand edits of the book: status still answers, and names the fix as the next thing to do.
    const built = buildStatusView({
      next,
      volume: cp.current_volume,
      lastCompleted: cp.last_completed_chapter,
      maxRevisions: p.settings.max_revisions,
      outline: outlineText && 'text' in outlineText ? { path: outlinePath, text: outlineText.text } : null,
      lock: lockStatus(p.fs, lockEnvFor(this.context, p.fs, p.settings)),
      evaluation: next.action === 'review' && next.chapter !== null ? stagedJson(p.view, paths.stagingEval(next.chapter)) : null,
    });
    const view = boundary
      ? { ...built, boundary, next: { ...built.next, action: 'fix', reason: say('en', 'status.boundary', { list: describeDiff(boundary).join('; ') }), reason_zh: say('zh', 'status.boundary', { list: describeDiff(boundary).join('；') }), command: diffHint(boundary) } }
      : built;
    // One file however long the book (the ledger each commit writes), unless it disagrees with the checkpoint.
    const totals = readBookTotals(p.fs, cp.last_completed_chapter);
    // Foreshadowing left dormant at the next chapter (§13.6).
    const dormant = dormantItems({ foreshadowing: readGlobalForeshadowing(p.fs) }, cp.last_completed_chapter + 1, p.settings.quality.dormancy).length;
    const t = say(this.lang, 'status.book', { n: cp.last_completed_chapter, zishu: totals.zishu, logs: totals.chapters, input: totals.input_tokens, output: totals.output_tokens, cost: formatCost(totals.cost_usd, totals.cost_unknown > 0) });
    const dormantLine = dormant ? `\n${say(this.lang, 'status.dormant', { n: dormant })}` : '';
    return { data: { ...view, totals, dormant_foreshadowing: dormant }, text: `${renderStatus(view, this.lang)}\n${t}${dormantLine}` };
  }
}
