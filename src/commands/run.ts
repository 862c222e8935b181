import { Command, Option } from 'clipanion';
import { parseDemoScores } from '../core/demo-executor.js';
import { NovelError } from '../core/errors.js';
import { outlineBlock } from '../core/outline.js';
import { paths } from '../core/paths.js';
import { nextMove, RUN_EXIT, type RunLimits } from '../core/run-policy.js';
import { CHAPTER_STAGES, padChapter, padVolume, parseStepId } from '../core/step-id.js';
import { nextCheckpointObject, readCheckpoint, writeCheckpoint } from '../io/checkpoint.js';
import { readPacket, runAgentExecutor, runCommandExecutor, runDemoExecutor, type ExecutorResult } from '../io/executor.js';
import { agentPrompt } from '../core/agent-invocation.js';
import { acquireLock, type LockHandle } from '../io/lock.js';
import { appendJsonLine, executionsPath } from '../io/history-log.js';
import { bookTotals } from '../core/chapter-log.js';
import { lockEnvFor, openFs, openProject } from '../io/project.js';
import { startLiveActor } from '../io/inspector.js';
import { randomHex, type ProjectFs } from '../io/project-fs.js';
import { NovelCommand, type CommandResult, type NovelContext } from './base-command.js';

/** novel.config.json executor.command, when set, is the default executor. */
function project0Executor(cenv: NovelContext, projectFlag: string | undefined): string | undefined {
  try {
    return openProject(cenv, projectFlag).settings.executor.command;
  } catch {
    return undefined;
  }
}

interface Captured {
  code: number;
  body: { ok: boolean; data?: any; error?: { code: string; message: string; hint?: string } };
}

export class RunCommand extends NovelCommand {
  static override paths = [['run']];

  static override usage = Command.Usage({
    category: 'Autopilot',
    description: 'Drive the pipeline end to end with an executor',
    details: `
      Repeats: \`novel next\`, then per action — execute (write the packet with --write-manifest, run the executor, retry per \`executor.retries\`), advance, commit, or stop for a review. The run holds the project lock for its whole length (heartbeat) and passes its owner token as NOVEL_LOCK_OWNER to the executor. The project stays resumable by plain \`novel next\` at every instant.

      Executors: \`demo\` (offline, deterministic; NOVEL_DEMO_SCORES=3.2,4.1 scripts the judge per revision round), \`claude\` (Claude Code, \`claude -p … --output-format json\`), \`codex\` (\`codex exec --json\`), or any command template (\`{packet}\` becomes the packet path). Default: \`executor.command\` of novel.config.json, else demo. Exit codes: 0 target reached, 10 paused for a decision, 11 executor failed after retries, 2/3 as everywhere.

      The first Ctrl-C finishes the current step and stops; a second one kills the executor's process group and exits.
    `,
    examples: [
      ['Write the next 3 chapters offline', '$0 run --chapters 3 --executor demo'],
      ['Up to chapter 10, with a script', '$0 run --to-chapter 10 --executor "./my-executor.sh {packet}"'],
      ['Stop after every judge step', '$0 run --chapters 2 --executor demo --pause-after judge'],
    ],
  });

  chapters = Option.String('--chapters', { description: 'How many chapters to commit (default 1)' });
  toChapter = Option.String('--to-chapter', { description: 'Run until this chapter is committed' });
  until = Option.String('--until', { description: 'Stop before this step id' });
  pauseAfter = Option.String('--pause-after', { description: 'Comma-separated stages after whose advance to stop' });
  executor = Option.String('--executor', { description: 'demo, claude, codex, or a command template with {packet} (default: executor.command of novel.config.json, else demo)' });
  force = Option.Boolean('--force', false, { description: 'Re-run steps whose outputs are already present and valid' });
  verbose = Option.Boolean('--verbose', false, { description: 'Also print packet paths, the prompt sent, executor durations and usage' });
  events = Option.Boolean('--events', false, { description: 'Stream one JSON line per step transition' });
  inspect = Option.String('--inspect', { tolerateBoolean: true, description: 'Mirror the run in a live actor for the Stately inspector: --inspect or --inspect=ws://host:port (default ws://localhost:8080)' });
  budgetUsd = Option.String('--budget-usd', { description: 'Stop (exit 12) once executors reported this much cost' });
  budgetTokens = Option.String('--budget-tokens', { description: 'Stop (exit 12) once executors reported this many tokens' });

  /** The live status line (TTY only): rewritten in place under the step lines. */
  private live: { tty: boolean; started: number; target: number; first: number; text: string } = { tty: false, started: Date.now(), target: 0, first: 0, text: '' };

  private emit(line: string, event: Record<string, unknown>): void {
    if (this.json) return;
    if (this.events) {
      this.context.stdout.write(`${JSON.stringify(event)}\n`);
      return;
    }
    if (this.live.tty) this.context.stdout.write('\r\x1b[K');
    this.context.stdout.write(`${line}\n`);
    if (this.live.tty && this.live.text) this.context.stdout.write(this.live.text);
  }

  private status(step: string, revision: number, spent: { cost_usd: number; tokens: number }): void {
    if (!this.live.tty || this.json || this.events) return;
    const chapter = Number(step.split(':')[1]);
    const secs = Math.floor((Date.now() - this.live.started) / 1000);
    const total = this.live.target - this.live.first + 1;
    this.live.text = `  ▶ chapter ${chapter} (${chapter - this.live.first + 1}/${total}) · ${step.split(':')[2]} · ${String(Math.floor(secs / 60)).padStart(2, '0')}:${String(secs % 60).padStart(2, '0')} · revision ${revision} · ${spent.tokens} tokens · $${spent.cost_usd.toFixed(4)}`;
    this.context.stdout.write(`\r\x1b[K${this.live.text}`);
  }

  async run(): Promise<CommandResult> {
    const count = (flag: string, raw: string | undefined): number | undefined => {
      if (raw === undefined) return undefined;
      if (!/^[0-9]+$/.test(raw) || Number(raw) < 1) throw new NovelError('invalid_option', `${flag} ${raw}: expected a whole number ≥ 1`);
      return Number(raw);
    };
    const chapters = count('--chapters', this.chapters);
    const toChapter = count('--to-chapter', this.toChapter);
    if (chapters !== undefined && toChapter !== undefined) throw new NovelError('usage', 'pass --chapters or --to-chapter, not both');
    if (this.until !== undefined && !parseStepId(this.until).ok) throw new NovelError('invalid_step', `--until ${this.until}: not a step id`, { hint: 'e.g. --until chapter:006:judge' });
    const pauseAfter = new Set((this.pauseAfter ?? '').split(',').map((s) => s.trim()).filter(Boolean));
    for (const s of pauseAfter) if (!(CHAPTER_STAGES as readonly string[]).includes(s)) throw new NovelError('invalid_option', `--pause-after ${s}: expected stages among ${CHAPTER_STAGES.join(', ')}`);
    const budgetUsd = this.budgetUsd === undefined ? undefined : Number(this.budgetUsd);
    if (budgetUsd !== undefined && !(budgetUsd >= 0)) throw new NovelError('invalid_option', `--budget-usd ${this.budgetUsd}: expected a number ≥ 0`);
    const budgetTokens = count('--budget-tokens', this.budgetTokens);
    const executor = this.executor ?? project0Executor(this.context, this.project) ?? 'demo';
    const scores = parseDemoScores(this.context.env.NOVEL_DEMO_SCORES);
    if (typeof scores === 'string') throw new NovelError('invalid_env', scores);

    const project = openProject(this.context, this.project);
    const cp0 = project.loaded.checkpoint;
    const start = cp0.last_completed_chapter;
    const target = toChapter ?? start + (chapters ?? 1);
    this.checkPrerequisites(project.fs, cp0.current_volume, start + 1, target);

    // A live status line only when stdout is a terminal; plain lines otherwise.
    const tty = (process.getBuiltinModule('node:tty') as typeof import('node:tty')).isatty(1);
    this.live = { tty, started: Date.now(), target, first: start + 1, text: '' };
    const fs = openFs(this.context, this.project);
    const token = `run-${process.pid}-${randomHex(4)}`;
    const lock = acquireLock(fs, { ...lockEnvFor(this.context, fs), owner: token }, start + 1);
    const heartbeat = setInterval(() => this.beat(fs, lock), 30_000);
    heartbeat.unref();
    const env = { ...this.context.env, NOVEL_LOCK_OWNER: token };
    let interrupts = 0;
    let running: ReturnType<typeof runCommandExecutor> | null = null;
    const onSigint = (): void => {
      interrupts += 1;
      if (interrupts === 1) {
        this.context.stderr.write('novel run: finishing the current step, then stopping (Ctrl-C again to abort now)\n');
        return;
      }
      if (running?.child.pid) {
        try {
          process.kill(-running.child.pid, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
      lock.release();
      this.context.stderr.write('novel run: aborted; `novel next` resumes\n');
      process.exit(130);
    };
    process.on('SIGINT', onSigint);
    const limits: RunLimits = { targetChapter: target, pauseAfter, force: this.force, ...(this.until ? { until: this.until } : {}) };
    const inspectUrl = this.inspect === undefined || (this.inspect as unknown) === false ? null : typeof this.inspect === 'string' ? this.inspect : 'ws://localhost:8080';
    const live = inspectUrl ? await startLiveActor(inspectUrl, project) : null;
    if (live) this.emit(`inspector: live actor connected to ${inspectUrl}`, { event: 'inspector', url: inspectUrl });
    const executed = new Set<string>();
    const steps: Array<Record<string, unknown>> = [];
    const attempts = new Map<string, number>();
    const retries = project.settings.executor.retries;
    const spent = { cost_usd: 0, tokens: 0 };
    const perStep = new Map<string, { executor: string; model: string | null; attempts: number; duration_ms: number; input_tokens: number | null; output_tokens: number | null; cost_usd: number | null }>();
    let exit: number = RUN_EXIT.done;
    let reason = '';
    try {
      this.clearErrorRetry(fs);
      for (;;) {
        if (interrupts > 0) {
          reason = 'stopped by Ctrl-C; `novel next` resumes';
          exit = 130;
          break;
        }
        const next = await this.novel(['next'], env);
        if (next.code !== 0) throw this.subError('next', next);
        // `novel next --json` names the command next_command.
        const decision = { ...next.body.data, command: next.body.data.next_command };
        const cp = readCheckpoint(fs).checkpoint;
        const move = nextMove(decision, limits, cp.last_completed_chapter, executed);
        if (move.kind !== 'stop' && move.step.startsWith('chapter:')) this.status(move.step, decision.revision_count ?? 0, spent);
        if (move.kind === 'stop') {
          exit = move.exit;
          reason = move.reason;
          break;
        }
        if (move.kind === 'commit') {
          const r = await this.novel(move.chapter !== null ? ['commit', '--chapter', String(move.chapter)] : ['commit', '--volume', String(move.volume)], env);
          if (r.code !== 0) throw this.subError('commit', r);
          steps.push({ step: move.step, action: 'commit' });
          live?.stepped(move.step, r.body.data, openProject(this.context, this.project));
          this.emit(`✓ ${move.step} committed${decision.action === 'recover' ? ' (an interrupted commit rolled forward)' : ''}`, { event: 'committed', step: move.step });
          continue;
        }
        if (move.kind === 'advance') {
          if (move.reused) this.emit(`↺ ${move.step}: outputs already present and valid, reused (--force re-runs the step)`, { event: 'reused', step: move.step });
          const r = await this.novel(['advance', move.step], env);
          if (r.code !== 0) throw this.subError('advance', r);
          // What the executor reported for this step goes to the chapter's log.
          const record = perStep.get(move.step);
          if (record) appendJsonLine(fs, executionsPath(Number(move.step.split(':')[1])), { step: move.step, ...record });
          perStep.delete(move.step);
          // The same step id comes back in the next revision round: count afresh.
          attempts.delete(move.step);
          executed.delete(move.step);
          const d = r.body.data;
          live?.stepped(move.step, d, openProject(this.context, this.project));
          steps.push({ step: move.step, action: 'advance', to: d.to, ...(d.gate ? { gate: d.gate.decision, overall: d.gate.overall_final } : {}) });
          this.emit(`✓ ${move.step} → ${d.to}${d.gate ? ` (gate ${d.gate.decision}, overall ${d.gate.overall_final})` : ''}`, { event: 'advanced', step: move.step, to: d.to, gate: d.gate?.decision ?? null });
          const stage = move.step.split(':')[2] as string;
          if (pauseAfter.has(stage)) {
            reason = `paused after ${move.step} (--pause-after ${stage}); \`novel run\` continues`;
            break;
          }
          continue;
        }
        // execute
        if ((budgetUsd !== undefined && spent.cost_usd >= budgetUsd) || (budgetTokens !== undefined && spent.tokens >= budgetTokens)) {
          exit = RUN_EXIT.budget;
          reason = `budget reached: $${spent.cost_usd.toFixed(4)} and ${spent.tokens} tokens reported so far; \`novel run\` continues with a larger budget`;
          break;
        }
        const attempt = (attempts.get(move.step) ?? 0) + 1;
        attempts.set(move.step, attempt);
        if (attempt > retries + 1) {
          this.markErrorRetry(fs);
          exit = RUN_EXIT.executorFailed;
          reason = `${move.step}: the executor failed ${attempt - 1} time(s); orchestrator_state is ERROR_RETRY. Fix the cause, then \`novel run\` again`;
          break;
        }
        const ins = await this.novel(['instructions', move.step, '--write-manifest'], env);
        if (ins.code !== 0) throw this.subError('instructions', ins);
        const packetRel: string = ins.body.data.written_path;
        this.emit(`… ${move.step}: ${ins.body.data.agent.name} (${ins.body.data.mode})${attempt > 1 ? `, attempt ${attempt}` : ''}${this.verbose ? ` — packet ${packetRel}` : ''}`, { event: 'execute', step: move.step, agent: ins.body.data.agent.name, mode: ins.body.data.mode, attempt, packet: packetRel });
        let result: ExecutorResult;
        if (executor === 'demo') {
          result = runDemoExecutor(fs, packetRel, scores, decision.revision_count ?? 0);
        } else if (executor === 'claude' || executor === 'codex') {
          if (this.verbose) this.emit(`  prompt: ${agentPrompt(readPacket(fs, packetRel), packetRel).replace(/\n+/g, ' ')}`, { event: 'prompt', step: move.step });
          running = runAgentExecutor(fs, executor, packetRel, move.step, attempt, env, project.settings.executor.timeout_s);
          result = await running.done;
          running = null;
        } else {
          running = runCommandExecutor(fs, executor, packetRel, move.step, attempt, env, project.settings.executor.timeout_s);
          result = await running.done;
          running = null;
        }
        if (this.verbose) this.emit(`  executor: ${result.message} (${result.duration_ms} ms)${result.log ? `, log ${result.log}` : ''}`, { event: 'executor', step: move.step, ...result });
        executed.add(move.step);
        const rep = result.report ?? {};
        spent.cost_usd += rep.cost_usd ?? 0;
        spent.tokens += (rep.input_tokens ?? 0) + (rep.output_tokens ?? 0);
        const prev = perStep.get(move.step);
        const add = (a: number | null | undefined, b: number | undefined): number | null => (a === null || a === undefined) && b === undefined ? null : (a ?? 0) + (b ?? 0);
        perStep.set(move.step, {
          executor: executor === 'demo' || executor === 'claude' || executor === 'codex' ? executor : 'command',
          model: rep.model ?? prev?.model ?? null,
          attempts: attempt,
          duration_ms: (prev?.duration_ms ?? 0) + result.duration_ms,
          input_tokens: add(prev?.input_tokens, rep.input_tokens),
          output_tokens: add(prev?.output_tokens, rep.output_tokens),
          cost_usd: add(prev?.cost_usd, rep.cost_usd),
        });
        if (this.verbose && result.report) this.emit(`  usage: ${rep.input_tokens ?? '?'} in / ${rep.output_tokens ?? '?'} out tokens, $${rep.cost_usd ?? '?'}${rep.model ? `, model ${rep.model}` : ''}`, { event: 'usage', step: move.step, ...rep });
        if (!result.ok) this.emit(`✗ ${move.step}: ${result.message}`, { event: 'executor_failed', step: move.step, message: result.message, attempt });
      }
    } finally {
      process.off('SIGINT', onSigint);
      await live?.stop();
      clearInterval(heartbeat);
      lock.release();
    }
    if (this.live.tty && this.live.text) this.context.stdout.write('\r\x1b[K');
    const after = readCheckpoint(fs).checkpoint;
    const chaptersTable = this.chapterTable(fs, start + 1, after.last_completed_chapter);
    const summary = { exit, reason, start_chapter: start + 1, target_chapter: target, last_completed_chapter: after.last_completed_chapter, committed: after.last_completed_chapter - start, spent, chapters: chaptersTable.rows, steps };
    if (this.events) return { data: summary, text: JSON.stringify({ event: 'finished', ...summary, steps: undefined }), exitCode: exit };
    return { data: summary, text: `${reason}\n${summary.committed} chapter(s) committed (last: ${after.last_completed_chapter})${chaptersTable.text}`, exitCode: exit };
  }

  /** One row per chapter committed in this run, from its chapter log (never the chapter text). */
  private chapterTable(fs: ProjectFs, from: number, to: number): { rows: Array<Record<string, unknown>>; text: string } {
    const rows: Array<Record<string, unknown>> = [];
    for (let c = from; c <= to; c++) {
      const r = fs.readTextChecked(`logs/chapter-${padChapter(c)}-log.json`);
      if (!r || !('text' in r)) continue;
      const log = JSON.parse(r.text) as Record<string, unknown>;
      const t = bookTotals([log]);
      const stages = Array.isArray(log.stages) ? (log.stages as Array<Record<string, unknown>>) : [];
      const ms = stages.reduce((a, s) => a + (typeof s.duration_ms === 'number' ? s.duration_ms : 0), 0);
      const gate = (log.gate ?? {}) as Record<string, unknown>;
      rows.push({ chapter: c, words: t.words, overall: log.overall ?? gate.overall_final ?? null, gate: gate.force_passed ? 'force pass' : gate.decision ?? null, revisions: log.revisions ?? 0, duration_ms: ms, tokens: t.input_tokens + t.output_tokens, cost_usd: t.cost_usd });
    }
    if (!rows.length) return { rows, text: '' };
    const head = '\n\nchapter  words  overall  gate              revisions  time      tokens  cost';
    const lines = rows.map((r) => `${String(r.chapter).padStart(7)}  ${String(r.words).padStart(5)}  ${String(r.overall ?? '-').padStart(7)}  ${String(r.gate ?? '-').padEnd(16)}  ${String(r.revisions).padStart(9)}  ${`${((r.duration_ms as number) / 1000).toFixed(1)}s`.padStart(6)}  ${String(r.tokens).padStart(8)}  $${(r.cost_usd as number).toFixed(4)}`);
    return { rows, text: `${head}\n${lines.join('\n')}` };
  }

  private checkPrerequisites(fs: ProjectFs, volume: number, from: number, to: number): void {
    const vol = Math.max(1, volume);
    const outline = fs.readTextChecked(paths.volumeOutline(vol));
    const text = outline && 'text' in outline ? outline.text : '';
    const missing: number[] = [];
    for (let c = from; c <= to; c++) {
      const contract = `${paths.volumeDir(vol)}/chapter-contracts/chapter-${padChapter(c)}.json`;
      if (!outlineBlock(text, c) || !fs.exists(contract)) missing.push(c);
    }
    if (missing.length) {
      throw new NovelError('prerequisites_missing', `the outline and contracts of volume ${vol} do not cover chapter(s) ${missing.join(', ')}`, {
        hint: `run first, in order: volume:${padVolume(vol)}:plan (then \`novel commit --volume ${vol}\`), or lower the target`,
        details: { missing_chapters: missing, steps: [`volume:${padVolume(vol)}:plan`, `volume:${padVolume(vol)}:commit`] },
      });
    }
  }

  private beat(fs: ProjectFs, lock: LockHandle): void {
    try {
      fs.writeJson(paths.lockInfo, { ...lock.info, heartbeat: new Date().toISOString() });
    } catch {
      /* a missed heartbeat only makes the lock look older */
    }
  }

  private setOrchestratorState(fs: ProjectFs, from: string | null, to: string): void {
    const loaded = readCheckpoint(fs);
    if (from !== null && loaded.checkpoint.orchestrator_state !== from) return;
    writeCheckpoint(fs, nextCheckpointObject(loaded.raw, { orchestrator_state: to }, { now: new Date() }));
  }

  private markErrorRetry(fs: ProjectFs): void {
    this.setOrchestratorState(fs, null, 'ERROR_RETRY');
  }

  private clearErrorRetry(fs: ProjectFs): void {
    this.setOrchestratorState(fs, 'ERROR_RETRY', 'WRITING');
  }

  private subError(what: string, r: Captured): NovelError {
    const e = r.body.error;
    return new NovelError(e?.code ?? 'run_failed', `${what}: ${e?.message ?? 'failed'}`, { ...(e?.hint ? { hint: e.hint } : {}), exitCode: r.code === 3 ? 3 : r.code === 1 ? 1 : 2 });
  }

  /** A novel command run in this process, as the run's owner (its JSON envelope). */
  private async novel(args: string[], env: NodeJS.ProcessEnv): Promise<Captured> {
    const { runCli } = await import('../cli.js');
    let out = '';
    const sink = { write: (s: string | Uint8Array) => ((out += typeof s === 'string' ? s : Buffer.from(s).toString('utf8')), true) };
    const code = await runCli([...args, '--json', ...(this.project ? ['--project', this.project] : [])], {
      ...this.context,
      env,
      stdout: sink as unknown as NodeJS.WriteStream,
      stderr: sink as unknown as NodeJS.WriteStream,
    });
    return { code, body: JSON.parse(out) };
  }
}
