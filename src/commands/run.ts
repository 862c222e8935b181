import { say, zhPhrase } from '../core/messages.js';
import { isTerminal } from '../io/stdio.js';
import { Command, Option } from 'clipanion';
import { parseDemoScores } from '../core/demo-executor.js';
import { NovelError } from '../core/errors.js';
import { chapterTable, eventLine, statusLine } from '../core/run-render.js';
import { executorMissing, PAUSE_STAGES, unenforceableBudget, type PauseStage } from '../core/run-policy.js';
import { formatStepId, parseStepId } from '../core/step-id.js';
import { escapeControls } from '../core/terminal-text.js';
import { openProject } from '../io/project.js';
import { resolveAgentModel } from '../io/executor.js';
import { runBook, type ExecutorChoice } from '../io/run-loop.js';
import { NovelCommand, type CommandResult } from './base-command.js';
import { isAmount, isCount, isListOf } from './option-validators.js';

/** error.code of a run that stopped short of its target (its summary stays in data). */
const RUN_ERROR_CODE: Record<number, string> = { 10: 'paused_for_review', 11: 'executor_failed', 12: 'budget_reached', 130: 'interrupted' };

export class RunCommand extends NovelCommand {
  static override paths = [['run']];

  static override usage = Command.Usage({
    category: 'Autopilot',
    description: 'Drive the book end to end with an executor: plan volumes, write, judge and commit chapters',
    details: `
      Repeats what the book machine says next: plan a volume (the plot-architect, then \`commit --volume\`), execute a chapter step (the packet is written to staging/manifests/, the executor runs, retried per \`executor.retries\`), advance it, commit the chapter, or stop for a review. The run holds the project lock for its whole length (heartbeat) and passes its owner token as NOVEL_LOCK_OWNER to the executor. The project stays resumable by plain \`novel next\` at every instant.

      Executors: \`demo\` (offline, deterministic; NOVEL_DEMO_SCORES=3.2,4.1 scripts the judge per revision round), \`claude\` (Claude Code, \`claude -p … --output-format json\`), \`codex\` (\`codex exec --json\`), or any command template (\`{packet}\` becomes the packet path). Default: \`executor.command\` of novel.config.json; with neither, the run refuses (exit 2) and lists the choices — it never picks one (\`init --demo\` records \`demo\` in the demo project). Exit codes: 0 target reached (or paused by --pause-after), 10 paused for a decision, 11 executor failed after retries (orchestrator_state ERROR_RETRY), 12 budget reached, 2/3 as everywhere, 130/143/129 stopped by a signal.

      The first Ctrl-C finishes the current step and stops; a second one, SIGTERM or SIGHUP ends the executor's process group and exits.
    `,
    examples: [
      ['Write the next 3 chapters offline', '$0 run --chapters 3 --executor demo'],
      ['Up to chapter 10, with a script', '$0 run --to-chapter 10 --executor "./my-executor.sh {packet}"'],
      ['Sixty chapters across volume boundaries, reviewing each volume plan', '$0 run --chapters 60 --executor demo --pause-after plan'],
      ['Stop after every judge step', '$0 run --chapters 2 --executor demo --pause-after judge'],
    ],
  });

  chapters = Option.String('--chapters', { validator: isCount, description: 'How many chapters to commit (default 1)' });
  toChapter = Option.String('--to-chapter', { validator: isCount, description: 'Run until this chapter is committed' });
  until = Option.String('--until', { description: 'Stop before this step id' });
  pauseAfter = Option.String('--pause-after', { validator: isListOf(PAUSE_STAGES), description: `Comma-separated stages after which to stop: ${PAUSE_STAGES.join(', ')} (plan: once a volume plan is staged and valid, before its commit)` });
  executor = Option.String('--executor', { description: 'demo, claude, codex, or a command template with {packet} (default: executor.command of novel.config.json; required when that is unset)' });
  force = Option.Boolean('--force', false, { description: 'Re-run steps whose outputs are already present and valid' });
  verbose = Option.Boolean('--verbose', false, { description: 'Also print packet paths, the prompt sent, executor durations and usage' });
  events = Option.Boolean('--events', false, { description: 'Stream one JSON line per run event' });
  inspect = Option.String('--inspect', { tolerateBoolean: true, description: 'Mirror the run in a live actor for the Stately inspector: --inspect or --inspect=ws://host:port (default ws://localhost:8080)' });
  model = Option.String('--model', { description: 'The model claude or codex asks for (default: executor.model of novel.config.json; codex: else the model of its own config.toml)' });
  budgetUsd = Option.String('--budget-usd', { validator: isAmount, description: 'Stop (exit 12) once executors reported this much cost' });
  budgetTokens = Option.String('--budget-tokens', { validator: isCount, description: 'Stop (exit 12) once executors reported this many tokens' });

  async run(): Promise<CommandResult> {
    if (this.chapters !== undefined && this.toChapter !== undefined) throw new NovelError('usage', 'pass --chapters or --to-chapter, not both');
    const parsedUntil = this.until === undefined ? null : parseStepId(this.until);
    if (parsedUntil && !parsedUntil.ok) throw new NovelError('invalid_step', `--until ${this.until}: ${parsedUntil.reason}`, { hint: 'e.g. --until chapter:006:judge' });
    const until = parsedUntil?.ok ? parsedUntil.step : null;
    const scores = parseDemoScores(this.context.env.NOVEL_DEMO_SCORES);
    if (typeof scores === 'string') throw new NovelError('invalid_env', scores);
    const settings = openProject(this.context, this.project).settings;
    const name = this.executor ?? settings.executor.command;
    if (name === undefined) {
      throw executorMissing();
    }
    const executor: ExecutorChoice =
      name === 'demo' ? { kind: 'demo', scores } : name === 'claude' || name === 'codex' ? { kind: name, model: resolveAgentModel(name, this.model, settings.executor.model, this.context.env) } : { kind: 'command', template: name };
    if (this.model !== undefined && executor.kind !== 'claude' && executor.kind !== 'codex') throw new NovelError('usage', `--model applies to --executor claude or codex, not ${name}`);
    const unenforceable = unenforceableBudget(executor.kind, { ...(this.budgetUsd !== undefined ? { budgetUsd: this.budgetUsd } : {}), ...(this.budgetTokens !== undefined ? { budgetTokens: this.budgetTokens } : {}) });
    if (unenforceable) {
      throw new NovelError('budget_unenforceable', unenforceable, {
        hint: 'add --budget-tokens <n> (Codex reports tokens), or use --executor claude for a dollar budget',
      });
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
        pauseAfter: new Set((this.pauseAfter ?? '').split(',').map((s) => s.trim()).filter(Boolean) as PauseStage[]),
        force: this.force,
        ...(until ? { until: formatStepId(until) } : {}),
        ...(this.budgetUsd !== undefined ? { budgetUsd: this.budgetUsd } : {}),
        ...(this.budgetTokens !== undefined ? { budgetTokens: this.budgetTokens } : {}),
      },
      verbose: this.verbose,
      inspectUrl: this.inspect === undefined || (this.inspect as unknown) === false ? null : typeof this.inspect === 'string' ? this.inspect : 'ws://localhost:8080',
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
        live = escapeControls(statusLine({ step, revision, first, target, elapsed_ms: Date.now() - started, spent }, this.lang));
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
    const error = summary.exit === 0 ? undefined : { code: RUN_ERROR_CODE[summary.exit] ?? 'run_stopped', message: summary.reason };
    if (this.events) return { data: { ...summary }, text: JSON.stringify({ event: 'finished', ...summary, steps: undefined }), exitCode: summary.exit, ...(error ? { error } : {}) };
    return { ...(error ? { error } : {}), data: { ...summary }, text: `${this.lang === 'zh' ? (summary.reason_zh ?? zhPhrase(summary.reason)) : summary.reason}\n${say(this.lang, 'run.summary', { committed: summary.committed, last: summary.last_completed_chapter })}${chapterTable(summary.chapters, this.lang)}`, exitCode: summary.exit };
  }
}

