import { said, say } from '../core/messages.js';
import { isTerminal } from '../io/stdio.js';
import { Option } from 'clipanion';
import { demoScores } from '../core/demo-executor.js';
import { NovelError } from '../core/errors.js';
import { chapterTable, eventLine, statusLine } from '../core/run-render.js';
import { executorMissing, PAUSE_STAGES, unenforceableBudget, type PauseStage } from '../core/run-policy.js';
import { formatStepId, parseStepId } from '../core/step-id.js';
import { escapeControls } from '../core/terminal-text.js';
import { openProject } from '../io/project.js';
import { resolveAgentModel } from '../io/executor.js';
import { runBook, type ExecutorChoice } from '../io/run-loop.js';
import { usageOf, helpOf, NovelCommand, type CommandResult } from './base-command.js';
import { isAmount, isCount, isListOf } from './option-validators.js';

/** error.code of a run that stopped short of its target (its summary stays in data). */
const RUN_ERROR_CODE: Record<number, string> = {
  10: 'paused_for_review',
  11: 'executor_failed',
  12: 'budget_reached',
  130: 'interrupted',
};

export class RunCommand extends NovelCommand {
  static override paths = [['run']];

  static override usage = usageOf('run', 'autopilot', [
    '$0 run --chapters 3 --executor demo',
    '$0 run --to-chapter 10 --executor "./my-executor.sh {packet}"',
    '$0 run --chapters 60 --executor demo --pause-after plan',
    '$0 run --chapters 2 --executor demo --pause-after judge',
  ]);

  chapters = Option.String('--chapters', { validator: isCount, description: helpOf('help.run.--chapters') });
  toChapter = Option.String('--to-chapter', { validator: isCount, description: helpOf('help.run.--to-chapter') });
  until = Option.String('--until', { description: helpOf('help.run.--until') });
  pauseAfter = Option.String('--pause-after', {
    validator: isListOf(PAUSE_STAGES),
    description: helpOf('help.run.--pause-after'),
  });
  executor = Option.String('--executor', { description: helpOf('help.run.--executor') });
  force = Option.Boolean('--force', false, { description: helpOf('help.run.--force') });
  verbose = Option.Boolean('--verbose', false, { description: helpOf('help.run.--verbose') });
  events = Option.Boolean('--events', false, { description: helpOf('help.run.--events') });
  inspect = Option.String('--inspect', { tolerateBoolean: true, description: helpOf('help.run.--inspect') });
  model = Option.String('--model', { description: helpOf('help.run.--model') });
  budgetUsd = Option.String('--budget-usd', { validator: isAmount, description: helpOf('help.run.--budget-usd') });
  budgetTokens = Option.String('--budget-tokens', {
    validator: isCount,
    description: helpOf('help.run.--budget-tokens'),
  });

  async run(): Promise<CommandResult> {
    if (this.chapters !== undefined && this.toChapter !== undefined)
      throw new NovelError('usage', said('cmd.run.chapters_or_to_chapter'));
    const parsedUntil = this.until === undefined ? null : parseStepId(this.until);
    if (parsedUntil && !parsedUntil.ok)
      throw new NovelError(
        'invalid_step',
        said('cmd.run.until_invalid', { until: this.until as string, reason: parsedUntil.words }),
        { hint: said('cmd.example', { example: '--until chapter:006:judge' }) },
      );
    const until = parsedUntil?.ok ? parsedUntil.step : null;
    const scores = demoScores(this.context.env.NOVEL_DEMO_SCORES);
    if (!Array.isArray(scores)) throw new NovelError('invalid_env', scores);
    const settings = openProject(this.context, this.project).settings;
    const name = this.executor ?? settings.executor.command;
    if (name === undefined) {
      throw executorMissing();
    }
    const executor: ExecutorChoice =
      name === 'demo'
        ? { kind: 'demo', scores }
        : name === 'claude' || name === 'codex'
          ? { kind: name, model: resolveAgentModel(name, this.model, settings.executor.model, this.context.env) }
          : { kind: 'command', template: name };
    if (this.model !== undefined && executor.kind !== 'claude' && executor.kind !== 'codex')
      throw new NovelError('usage', said('cmd.run.model_needs_agent', { executor: name }));
    const unenforceable = unenforceableBudget(executor.kind, {
      ...(this.budgetUsd !== undefined ? { budgetUsd: this.budgetUsd } : {}),
      ...(this.budgetTokens !== undefined ? { budgetTokens: this.budgetTokens } : {}),
    });
    if (unenforceable) {
      throw new NovelError('budget_unenforceable', unenforceable, { hint: said('cmd.run.budget_tokens') });
    }
    const tty = !this.json && !this.events && isTerminal(1);
    const out = this.context.stdout;
    let live = '';
    const started = Date.now();
    const summary = await runBook({
      cenv: this.context,
      projectFlag: this.project,
      executor,
      until,
      target: this.toChapter !== undefined ? { toChapter: this.toChapter } : { chapters: this.chapters ?? 1 },
      limits: {
        pauseAfter: new Set(
          (this.pauseAfter ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean) as PauseStage[],
        ),
        force: this.force,
        ...(until ? { until: formatStepId(until) } : {}),
        ...(this.budgetUsd !== undefined ? { budgetUsd: this.budgetUsd } : {}),
        ...(this.budgetTokens !== undefined ? { budgetTokens: this.budgetTokens } : {}),
      },
      verbose: this.verbose,
      inspectUrl:
        this.inspect === undefined || (this.inspect as unknown) === false
          ? null
          : typeof this.inspect === 'string'
            ? this.inspect
            : 'ws://localhost:8080',
      emit: (e) => {
        if (this.json) return;
        // A title or a name from a file reaches the terminal escaped (§17); a JSON line stays the same JSON.
        if (this.events) return void out.write(`${escapeControls(JSON.stringify(e))}\n`);
        const line = eventLine(e, this.verbose, this.lang);
        if (line === null) return;
        out.write(`${tty ? '\r\x1b[K' : ''}${escapeControls(line)}\n${tty ? live : ''}`);
      },
      progress: (step, revision, first, target, spent) => {
        if (!tty) return;
        live = escapeControls(
          statusLine({ step, revision, first, target, elapsed_ms: Date.now() - started, spent }, this.lang),
        );
        out.write(`\r\x1b[K${live}`);
      },
      // On a terminal the notice takes a line of its own above the live status line, which is drawn again under it.
      warn: (line) => {
        if (tty && live) out.write('\r\x1b[K');
        this.context.stderr.write(`${escapeControls(line)}\n`);
        if (tty && live) out.write(live);
      },
    });
    if (tty && live) out.write('\r\x1b[K');
    const error =
      summary.exit === 0 ? undefined : { code: RUN_ERROR_CODE[summary.exit] ?? 'run_stopped', message: summary.reason };
    if (this.events)
      return {
        data: { ...summary },
        text: JSON.stringify({ event: 'finished', ...summary, steps: undefined }),
        exitCode: summary.exit,
        ...(error ? { error } : {}),
      };
    return {
      ...(error ? { error } : {}),
      data: { ...summary },
      text:
        `${this.lang === 'zh' ? (summary.reason_zh ?? summary.reason) : summary.reason}\n` +
        `${say(this.lang, 'run.summary', { committed: summary.committed, last: summary.last_completed_chapter })}` +
        `${chapterTable(summary.chapters, this.lang)}`,
      exitCode: summary.exit,
    };
  }
}
