import { say } from '../core/messages.js';
import { formatCost } from '../core/run-policy.js';
import { serialLines, wanzi } from '../core/publishing.js';
import { renderStatus } from '../core/status-view.js';
import { boxDetail } from '../core/sandbox.js';
import { openFs } from '../io/project.js';
import { statusReport } from '../io/status-report.js';
import { usageOf, NovelCommand, type CommandResult } from './base-command.js';

export class StatusCommand extends NovelCommand {
  static override paths = [['status']];

  static override usage = usageOf('status', 'pipeline', ['$0 status', '$0 status --json']);

  run(): CommandResult {
    const {
      view,
      totals,
      dormant,
      box,
      serial,
      daily,
      project: p,
    } = statusReport(this.context, this.project, openFs(this.context, this.project), this.json || this.lang === 'zh');
    const cp = p.loaded.checkpoint;
    const t = totals
      ? say(this.lang, 'status.book', {
          n: cp.last_completed_chapter,
          zishu: totals.zishu,
          wan: wanzi(totals.zishu),
          logs: totals.chapters,
          input: totals.input_tokens,
          output: totals.output_tokens,
          cost: formatCost(totals.cost_usd, totals.cost_unknown > 0),
        })
      : say(this.lang, 'status.book_unbuilt', { n: cp.last_completed_chapter });
    const dormantLine = dormant ? `\n${say(this.lang, 'status.dormant', { n: dormant })}` : '';
    const serialText = serial ? serialLines(this.lang, serial).map((l) => `\n${l}`) : [];
    const dailyLine = daily
      ? `\n${say(this.lang, 'status.daily', {
          zishu: daily.today.zishu,
          goal: daily.goal,
          percent: Math.floor((100 * daily.today.zishu) / daily.goal),
          streak: daily.streak,
          met: daily.met,
        })}`
      : '';
    return {
      data: {
        ...view,
        totals,
        dormant_foreshadowing: dormant,
        serial,
        daily: daily ? { goal: daily.goal, today: daily.today, met: daily.met, streak: daily.streak } : null,
        box: { state: box.state, ...(box.detail ? { detail: box.detail } : {}) },
      },
      text:
        `${renderStatus(view, this.lang)}\n${t}${serialText.join('')}${dailyLine}${dormantLine}\n` +
        `${say(this.lang, `box.${box.state}`, { detail: boxDetail(box) })}`,
    };
  }
}
