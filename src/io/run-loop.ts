/**
 * The autopilot: `novel next`, then per move — execute (write the packet, run
 * the executor, retry per policy), advance, commit a chapter or a volume plan,
 * or stop. The decisions are the book machine's (through `next`) and the run
 * policy's; this loop only carries them out with the shared operations, under
 * the run's lock, and reports each event to the renderer.
 */
import { say } from '../core/messages.js';
import { transition } from 'xstate';
import { bookMachine } from '../../machines/book.machine.js';
import { projectCheckpoint } from '../core/projection.js';
import { rehydrate } from '../core/rehydrate.js';
import { agentPrompt } from '../core/agent-invocation.js';
import { NovelError } from '../core/errors.js';
import { manifestPath, buildPacket } from '../core/packet.js';
import { prettyJson } from '../core/canonical-json.js';
import { chapterRow, lintEvent, type ChapterRow, type RunEvent } from '../core/run-render.js';
import { attemptAllowed, budgetStop, givenUpReason, nextMove, pauseAfterAdvance, RUN_EXIT, untilPassed, type RunLimits, type Spent } from '../core/run-policy.js';
import { formatStepId, padChapter, parseStepId, type StepId } from '../core/step-id.js';
import { nextCheckpointObject, writeCheckpoint } from './checkpoint.js';
import { programOnPath, readPacket, runAgentExecutor, runCommandExecutor, runDemoExecutor, type ExecutorResult } from './executor.js';
import { appendJsonLine } from './history-log.js';
import { recordAttempt } from './pending-usage.js';
import { inspectorListening, startLiveActor, type LiveActor } from './inspector.js';
import { advanceStep, commitChapter, commitSetup, commitVolume } from './operations.js';
import { nextOf, openFs, openProject, type CommandEnv, type OpenProject } from './project.js';
import { withMutation } from './mutation.js';
import { diskView } from './project-view.js';
import { RunSession } from './run-session.js';
import { StepGuard } from './step-guard.js';
import { fillObjects } from './book-objects.js';
import { describeChanges, type GuardChange } from '../core/step-guard-rules.js';
import { finishExecution, moveAside, readExecution, recordExecutor, startExecution, undoInterrupted } from './execution-record.js';
import { readStagingView, settleStagingHashes, stagingTree, touchedSince, type StagingTree } from './staging-probe.js';
import { endProcessesWithEnv } from './process-sweep.js';
import { randomHex } from './project-fs.js';
import { anotherStepsOutput, belongsTo } from '../core/step-outputs.js';
import { displayName, removeCommand, shellQuote } from '../core/shell-words.js';

export type ExecutorChoice = { kind: 'demo'; scores: number[] } | { kind: 'claude' | 'codex'; model: string | null } | { kind: 'command'; template: string };

export interface RunOptions {
  cenv: CommandEnv;
  projectFlag: string | undefined;
  executor: ExecutorChoice;
  /** --until, parsed. */
  until: StepId | null;
  /** Chapters to commit (from the last committed), or an absolute target. */
  target: { chapters: number } | { toChapter: number };
  limits: Omit<RunLimits, 'targetChapter' | 'retries'>;
  verbose: boolean;
  inspectUrl: string | null;
  emit: (e: RunEvent) => void;
  /** The step the run is at (for the live status line). */
  progress: (step: string, revision: number, first: number, target: number, spent: Spent) => void;
  warn: (line: string) => void;
}

export interface RunSummary {
  exit: number;
  reason: string;
  /** The reason in Chinese, where the run knows it. */
  reason_zh?: string;
  start_chapter: number;
  target_chapter: number;
  last_completed_chapter: number;
  committed: number;
  spent: Spent;
  chapters: ChapterRow[];
  steps: Array<Record<string, unknown>>;
}

/** Record what the machine says about an executor failure or a retry: orchestrator_state only. */
function markBook(p: OpenProject, event: 'EXECUTOR_FAILED' | 'RETRY'): void {
  const { snapshot } = rehydrate(p.loaded.checkpoint, p.settings, p.view, p.probe);
  if (!snapshot.can({ type: event })) return;
  if (!snapshot.can({ type: event })) return;
  const [after] = transition(bookMachine, snapshot, { type: event });
  const { orchestrator_state } = projectCheckpoint(after);
  if (orchestrator_state === undefined || orchestrator_state === p.loaded.checkpoint.orchestrator_state) return;
  writeCheckpoint(p.fs, nextCheckpointObject(p.loaded.raw, { orchestrator_state }, { now: new Date() }));
}

function startExecutor(choice: ExecutorChoice, p: OpenProject, packetRel: string, step: string, attempt: number, env: NodeJS.ProcessEnv, revision: number, session: RunSession) {
  const timeout = p.settings.executor.timeout_s;
  if (choice.kind === 'demo') return { child: null, done: Promise.resolve(runDemoExecutor(p.fs, packetRel, choice.scores, revision)) };
  if (choice.kind === 'command') return runCommandExecutor(p.fs, choice.template, packetRel, step, attempt, env, timeout);
  return runAgentExecutor(p.fs, choice.kind, choice.model, packetRel, step, attempt, env, timeout, p.settings.executor.secondary_model ?? null, { onChild: (c) => session.running(c), aborting: () => session.aborting });
}

/** What a step wrote under staging/ that is not its own: another step's output, or a link (symbolic or hard). */
function plantedBy(step: StepId, before: StagingTree, after: StagingTree, packetRel: string): Array<{ path: string; why: string; ino: number | null }> {
  const out: Array<{ path: string; why: string; ino: number | null }> = [];
  for (const rel of touchedSince(before, after)) {
    const e = after.entries.get(rel);
    if (!e) continue;
    if (e.kind === 'link') out.push({ path: rel, why: 'a symbolic link made in staging/', ino: null });
    else if (e.kind === 'file' && e.nlink > 1) out.push({ path: rel, why: `a hard link made in staging/ (${e.nlink} names share its bytes)`, ino: e.ino });
    else if (e.kind === 'file' && (rel === packetRel || anotherStepsOutput(rel, step))) out.push({ path: rel, why: `written into another step's output`, ino: null });
    else if (e.kind === 'other') out.push({ path: rel, why: 'not a regular file', ino: null });
  }
  return out;
}

function unavailable(kind: ExecutorChoice['kind'], message: string, pathVar: string): NovelError {
  return new NovelError('executor_unavailable', message, {
    hint: kind === 'claude' ? 'install Claude Code (npm install -g @anthropic-ai/claude-code) or choose another --executor' : kind === 'codex' ? 'install the Codex CLI (npm install -g @openai/codex) or choose another --executor' : 'check the command template: its program must exist and be executable',
    details: { PATH: pathVar },
  });
}

function lateChangeReason(step: string, changes: GuardChange[]): string {
  return `${step}: between steps, ${changes.length} file(s) of the settings or the story bible changed (restored); a process the run did not start, or one an executor left behind, wrote them:\n${describeChanges(changes).map((l) => `  - ${l}`).join('\n')}\nFind the writer, then \`novel run\` again`;
}

function stagingOverflowReason(step: string, o: NonNullable<StagingTree['overflow']>): string {
  return `${step}: staging/ holds ${o.count} entries, above the limit of ${o.limit} (staging_max_files in novel.config.json): the step did not run. Clean the biggest folders (${o.dirs.map((d) => `${d.dir}: ${d.entries}`).join(', ')}), e.g. rm -r -- ${shellQuote(o.dirs[0]?.dir ?? 'staging')}, then \`novel run\` again`;
}

/** Roll a pending journal forward, as any mutating command does (null: none was pending). */
function rollForward(cenv: CommandEnv, projectFlag: string | undefined, fs: ReturnType<typeof openFs>): Extract<RunEvent, { event: 'rolled_forward' }> | null {
  const before = openProject(cenv, projectFlag, fs);
  const ref = before.probe.journal;
  if (before.journal === null || ref === null) return null;
  const step = nextOf(before).step;
  withMutation(cenv, projectFlag, { chapter: null }, () => undefined);
  const kind = ref.kind === 'volume' ? 'volume' : ref.kind === 'setup' ? 'setup' : ref.rewind ? 'rewind' : 'chapter';
  return { event: 'rolled_forward', step, journal: before.journal, kind, n: ref.kind === 'volume' ? ref.volume : ref.kind === 'setup' ? null : ref.chapter };
}

export async function runBook(o: RunOptions): Promise<RunSummary> {
  const fs = openFs(o.cenv, o.projectFlag);
  // A journal a killed command left (a commit, a plan commit, a rewind) is rolled forward before the run
  // counts anything: --chapters N counts from the book as it is after the roll-forward.
  const rolled = rollForward(o.cenv, o.projectFlag, fs);
  const first = openProject(o.cenv, o.projectFlag, fs);
  const start = first.loaded.checkpoint.last_completed_chapter;
  const targetChapter = 'toChapter' in o.target ? o.target.toChapter : start + o.target.chapters;
  const limits: RunLimits = { ...o.limits, targetChapter, retries: first.settings.executor.retries };
  const session = new RunSession(fs, o.cenv, o.warn);
  // The settings are read once, here: nothing a step does can change the gate of the run in progress.
  const ownEnv: CommandEnv = { cwd: o.cenv.cwd, env: session.env, settings: first.settings };
  const mutate = <R>(chapter: number | null, fn: (p: OpenProject) => R): R => withMutation(ownEnv, o.projectFlag, { chapter }, (p) => fn(p));
  session.open(start + 1);
  // Walked once per run; each step then costs what it touched.
  const guard = new StepGuard(fs);
  guard.open();
  const executorName = o.executor.kind === 'command' ? `command template: ${o.executor.template}` : o.executor.kind;
  o.emit({ event: 'executor', executor: executorName, model: o.executor.kind === 'demo' ? 'demo' : o.executor.kind === 'command' ? null : o.executor.model });
  if (rolled) o.emit(rolled);
  let live: LiveActor | null = null;
  const executed = new Set<string>();
  const attempts = new Map<string, number>();
  const steps: Array<Record<string, unknown>> = rolled ? [{ step: rolled.step, action: 'recover', journal: rolled.journal }] : [];
  const spent: Spent = { cost_usd: 0, tokens: 0, cost_unknown: false };
  let exit: number = RUN_EXIT.done;
  let guardNoted = false;
  let reason = '';
  let reasonZh: string | undefined;
  try {
    if (o.inspectUrl) {
      if (await inspectorListening(o.inspectUrl)) {
        live = await startLiveActor(o.inspectUrl, first);
        o.emit({ event: 'inspector', url: o.inspectUrl });
      } else {
        o.emit({ event: 'inspector_unreachable', url: o.inspectUrl });
      }
    }
    if (o.until) {
      const q = openProject(ownEnv, o.projectFlag, fs);
      if (untilPassed(o.until, nextOf(q), q.loaded.checkpoint.last_completed_chapter)) {
        throw new NovelError('until_passed', `--until ${formatStepId(o.until)}: the book is already past that step (now at ${nextOf(q).step})`, { hint: 'name a step still ahead, e.g. the next one: `novel next`', zh: { message: say('zh', 'error.until_passed', { until: formatStepId(o.until), now: nextOf(q).step }), hint: say('zh', 'error.until_passed.hint') } });
      }
    }
    mutate(null, (p) => markBook(p, 'RETRY'));
    // A client that is not installed is refused before anything is written (exit 2).
    if ((o.executor.kind === 'claude' || o.executor.kind === 'codex') && !programOnPath(o.executor.kind, session.env)) throw unavailable(o.executor.kind, `cannot start ${o.executor.kind}: not found on PATH (is it installed and on PATH?)`, o.cenv.env.PATH ?? '');
    // Copies of the book's write-once files, once per book (a book older than them): what the guard restores from.
    fillObjects(fs);
    const problemsOf = new Map<string, string[]>();
    /** The settings and story bible changed between steps: restored, reported, and the run fails (true). */
    const lateChanges = (step: string): boolean => {
      const late = guard.settingsCheck();
      if (!late.length) return false;
      exit = RUN_EXIT.executorFailed;
      reason = lateChangeReason(step, late);
      reasonZh = undefined;
      o.emit({ event: 'outside_staging', step, changes: late, lines: describeChanges(late) });
      appendJsonLine(fs, 'logs/guard.jsonl', { step, between_steps: true, changes: late });
      return true;
    };
    for (;;) {
      if (session.stopRequested) {
        exit = RUN_EXIT.interrupted;
        reason = 'stopped by Ctrl-C; `novel next` resumes';
        break;
      }
      const p = openProject(ownEnv, o.projectFlag, fs);
      const next = nextOf(p);
      const move = nextMove(next, limits, p.loaded.checkpoint.last_completed_chapter, executed);
      if (move.kind === 'stop') {
        exit = move.exit;
        reason = move.reason;
        reasonZh = move.reason_zh;
        // At the end of the run too: the settings and the story bible are as the run found them.
        lateChanges(next.step);
        break;
      }
      o.progress(move.step, next.revision_count, start + 1, targetChapter, spent);
      if (move.kind === 'commit') {
        // Between steps nothing may touch the settings or the story bible either: checked again before a commit.
        if (lateChanges(move.step)) break;
      }
      if (move.kind === 'commit') {
        // A pending journal is rolled forward by withMutation itself: nothing more to do then.
        const recovered = next.action === 'recover';
        if (move.setup) {
          const done = mutate(null, (q) => (recovered ? undefined : commitSetup(q)));
          // The setup commit wrote the story bible itself: not a change behind the run's back.
          guard.acceptOwnWrites(done ? done.plan.writes.map((w) => w.path) : 'all');
          live?.sent([], openProject(ownEnv, o.projectFlag, fs));
        } else if (move.volume !== null) {
          mutate(null, (q) => (recovered ? undefined : commitVolume(q, move.volume as number, new Date())));
          live?.sent([], openProject(ownEnv, o.projectFlag, fs));
        } else {
          mutate(move.chapter, (q) => (recovered ? undefined : commitChapter(q, move.chapter as number, new Date())));
          live?.sent([{ type: 'COMMITTED' }], openProject(ownEnv, o.projectFlag, fs));
        }
        steps.push({ step: move.step, action: recovered ? 'recover' : 'commit' });
        o.emit({ event: 'committed', step: move.step, recovered });
        continue;
      }
      const step = (parseStepId(move.step) as { ok: true; step: StepId }).step;
      if (move.kind === 'advance') {
        if (move.reused) o.emit({ event: 'reused', step: move.step });
        const chapter = step.kind === 'chapter' || step.kind === 'import' ? step.chapter : null;
        const { plan } = mutate(chapter, (q) => advanceStep(q, step, new Date()));
        for (const w of plan.warnings) o.emit({ event: 'warning', step: move.step, message: w.message, diagnostic: w });
        // The same step id comes back in the next revision round: count afresh.
        attempts.delete(move.step);
        executed.delete(move.step);
        live?.sent(plan.events, openProject(ownEnv, o.projectFlag, fs));
        const gate = plan.events.some((e) => e.type === 'JUDGED') ? plan.snapshot.context.gate : null;
        steps.push({ step: move.step, action: 'advance', to: plan.to, ...(gate ? { gate: gate.decision, overall: gate.overall_final } : {}) });
        o.emit({ event: 'advanced', step: move.step, to: plan.to, gate: gate?.decision ?? null, overall: gate?.overall_final ?? null });
        if (plan.lint && !gate) o.emit(lintEvent(move.step, plan.lint));
        const pause = pauseAfterAdvance(move.step, limits);
        if (pause) {
          reason = pause;
          break;
        }
        continue;
      }
      // execute
      const budget = budgetStop(spent, limits);
      if (budget) {
        exit = RUN_EXIT.budget;
        reason = budget;
        break;
      }
      const attempt = (attempts.get(move.step) ?? 0) + 1;
      attempts.set(move.step, attempt);
      // The previous attempt ran but its outputs do not validate: say why, and tell the next attempt.
      const errors = executed.has(move.step) ? next.diagnostics.filter((d) => d.severity === 'error') : [];
      const invalid = errors.map((d) => d.message);
      if (invalid.length) {
        o.emit({ event: 'invalid_outputs', step: move.step, attempt: attempt - 1, problems: invalid, diagnostics: errors });
        problemsOf.set(move.step, invalid);
      }
      if (!attemptAllowed(attempt, limits)) {
        mutate(null, (q) => markBook(q, 'EXECUTOR_FAILED'));
        exit = RUN_EXIT.executorFailed;
        reason = givenUpReason(move.step, attempt - 1);
        break;
      }
      const packetOf = () => buildPacket({ view: diskView(fs), checkpoint: p.loaded.checkpoint, settings: p.settings, step, next, ...(p.probe.lintLists ? { lintLists: p.probe.lintLists } : {}) }).packet;
      // An execution of this step that never finished: its outputs are not reused. Undone before the packet is built: the packet reads the staged text (its lint).
      const record = readExecution(fs);
      if (record) {
        const scope = packetOf().write_scope;
        const undone = mutate(step.kind === 'chapter' ? step.chapter : null, (q) => (record.step === move.step ? undoInterrupted(q.fs, q.view, record, scope) : (finishExecution(q.fs), null)));
        if (undone && (undone.moved.length || undone.restored.length)) o.emit({ event: 'interrupted', step: move.step, moved_to: undone.dir, moved: undone.moved, restored: undone.restored });
      }
      const built = packetOf();
      const previous = problemsOf.get(move.step);
      const packet = previous ? { ...built, manifest: { ...built.manifest, inline: { ...built.manifest.inline, previous_attempt_problems: previous } } } : built;
      // The guard is armed before novel writes anything for the step: a link planted for the packet, the record or the backup is caught too.
      await guard.arm(p.loaded.checkpoint);
      const limit = p.settings.staging_max_files;
      const tree = stagingTree(fs, limit);
      if (tree.overflow) {
        mutate(null, (q) => markBook(q, 'EXECUTOR_FAILED'));
        exit = RUN_EXIT.executorFailed;
        reason = stagingOverflowReason(move.step, tree.overflow);
        o.emit({ event: 'staging_overflow', step: move.step, count: tree.overflow.count, limit, dirs: tree.overflow.dirs });
        break;
      }
      // Outputs belong to the step that made them: what is neither an input nor an output of this step goes aside first.
      const strays = [...tree.entries].filter(([rel, e]) => e.kind !== 'dir' && !belongsTo(rel, step)).map(([rel]) => rel);
      if (strays.length) {
        const aside = moveAside(fs, move.step, 'unexpected', strays);
        o.emit({ event: 'unexpected', step: move.step, moved_to: aside.dir, moved: aside.moved, left: aside.left });
      }
      const packetRel = manifestPath(step);
      fs.writeText(packetRel, prettyJson(packet));
      o.emit({ event: 'execute', step: move.step, agent: packet.agent.name, mode: packet.mode, attempt, packet: packetRel });
      if (o.verbose && (o.executor.kind === 'claude' || o.executor.kind === 'codex')) o.emit({ event: 'prompt', step: move.step, prompt: agentPrompt(readPacket(fs, packetRel), packetRel, fs.root, o.executor.kind) });
      startExecution(fs, readStagingView(fs), move.step, attempt, packet.write_scope);
      const stagedBefore = stagingTree(fs, limit);
      // Every process of the step carries its token: detached ones end with the step too.
      const stepToken = `NOVEL_STEP_TOKEN=${session.token}-${randomHex(4)}`;
      const stepEnv = { ...session.env, NOVEL_STEP_TOKEN: stepToken.slice('NOVEL_STEP_TOKEN='.length) };
      const running = startExecutor(o.executor, p, packetRel, move.step, attempt, stepEnv, next.revision_count, session);
      session.running(running.child);
      if (running.child?.pid) recordExecutor(fs, running.child.pid);
      let result: ExecutorResult;
      try {
        result = await running.done;
      } finally {
        session.running(null);
        endProcessesWithEnv(stepToken);
      }
      // A signal stopped the run while the step ran: nothing more starts (no retry), the session exits.
      if (session.aborting) await session.aborted;
      // Staged files the step wrote into another step's outputs, and links it made, fail it.
      const planted = plantedBy(step, stagedBefore, stagingTree(fs, limit), packetRel);
      const linkedBook = planted.flatMap((x) => (x.ino !== null ? [guard.pathOfInode(x.ino)] : [])).filter((x): x is string => x !== null);
      // Nothing outside staging/ may have changed: captured files are put back, and any change fails the step.
      const guarded = await guard.check(linkedBook);
      if (guarded.note && !guardNoted) {
        guardNoted = true;
        o.emit({ event: 'warning', step: move.step, message: guarded.note });
      }
      if (guarded.changes.length || planted.length) {
        const aside = planted.length ? moveAside(fs, move.step, 'planted', planted.map((x) => x.path)) : null;
        const lines = [...describeChanges(guarded.changes), ...planted.map((x) => `${x.why}: ${displayName(x.path)}${aside?.moved.includes(x.path) ? ` (moved to ${aside.dir}/)` : ` — ${removeCommand(x.path, x.ino ?? undefined)}`}`)];
        o.emit({ event: 'outside_staging', step: move.step, changes: guarded.changes, planted: planted.map((x) => ({ path: x.path, why: x.why })), lines });
        appendJsonLine(fs, 'logs/guard.jsonl', { step: move.step, attempt, changes: guarded.changes, planted: planted.map((x) => ({ path: x.path, why: x.why })) });
        try {
          mutate(null, (q) => markBook(q, 'EXECUTOR_FAILED'));
        } catch {
          /* a final tree the step changed makes every mutating command refuse: the report names it */
        }
        exit = RUN_EXIT.executorFailed;
        const restored = guarded.changes.filter((c) => c.restored).length;
        reason = `${move.step}: the executor ${guarded.changes.length ? `changed ${guarded.changes.length} path(s) outside staging/ (${restored} restored)` : ''}${guarded.changes.length && planted.length ? ' and ' : ''}${planted.length ? `wrote ${planted.length} path(s) that are not its own outputs` : ''}; the step failed and orchestrator_state is ERROR_RETRY:\n${lines.map((l) => `  - ${l}`).join('\n')}\nRepair what is not restored, then \`novel run\` again`;
        break;
      }
      if (result.unavailable) {
        // Nothing ran: no execution to remember.
        finishExecution(fs);
        throw unavailable(o.executor.kind, `${move.step}: ${result.message}`, o.cenv.env.PATH ?? '');
      }
      // Only an executor that exited successfully clears its record.
      if (result.ok) finishExecution(fs);
      if (o.verbose) o.emit({ event: 'executor_result', step: move.step, ok: result.ok, message: result.message, duration_ms: result.duration_ms, log: result.log });
      executed.add(move.step);
      const rep = result.report ?? {};
      spent.cost_usd += rep.cost_usd ?? 0;
      if (rep.cost_usd === undefined) spent.cost_unknown = true;
      spent.tokens += (rep.input_tokens ?? 0) + (rep.output_tokens ?? 0);
      // Recorded at once: a run stopped before the advance loses no cost (the advance moves it into the executions log).
      if (step.kind === 'chapter') recordAttempt(fs, step.chapter, move.step, o.executor.kind, result.duration_ms, rep);
      if (o.verbose && result.report) o.emit({ event: 'usage', step: move.step, ...rep });
      if (!result.ok) o.emit({ event: 'executor_failed', step: move.step, message: result.message, attempt });
      else if (result.report?.permission_denials?.length) o.emit({ event: 'warning', step: move.step, message: `the client refused ${result.report.permission_denials.length} tool use(s): ${result.report.permission_denials.map((d) => JSON.stringify(d)).join('; ').slice(0, 400)}` });
    }
  } finally {
    await live?.stop();
    guard.close();
    // Still under the run's lock: the commands after the run find every staged file's hash recorded.
    await settleStagingHashes(fs).catch(() => undefined);
    session.close();
  }
  const after = openProject(o.cenv, o.projectFlag, fs).loaded.checkpoint;
  const chapters: ChapterRow[] = [];
  for (let c = start + 1; c <= after.last_completed_chapter; c++) {
    const r = fs.readTextChecked(`logs/chapter-${padChapter(c)}-log.json`);
    if (r && 'text' in r) chapters.push(chapterRow(c, JSON.parse(r.text) as Record<string, unknown>));
  }
  return { exit, reason, ...(reasonZh ? { reason_zh: reasonZh } : {}), start_chapter: start + 1, target_chapter: targetChapter, last_completed_chapter: after.last_completed_chapter, committed: after.last_completed_chapter - start, spent, chapters, steps };
}
