/**
 * The autopilot: `novel next`, then per move — execute (write the packet, run
 * the executor, retry per policy), advance, commit a chapter or a volume plan,
 * or stop. The decisions are the book machine's (through `next`) and the run
 * policy's; this loop only carries them out with the shared operations, under
 * the run's lock, and reports each event to the renderer.
 */
import { clockNow } from './clock.js';
import { paths } from '../core/paths.js';
import { isSaid, render, said, type Words } from '../core/messages.js';
import { NovelError } from '../core/errors.js';
import type { NextDecision } from '../core/next.js';
import { chapterRow, lintEvent, type ChapterRow, type RunEvent } from '../core/run-render.js';
import {
  attemptAllowed,
  budgetStop,
  givenUpReason,
  nextMove,
  pauseAfterAdvance,
  RUN_EXIT,
  untilPassed,
  type RunLimits,
  type RunMove,
  type Spent,
} from '../core/run-policy.js';
import { chapterOfStep, formatStepId, type StepId } from '../core/step-id.js';
import { describeChanges, type GuardChange } from '../core/step-guard-rules.js';
import { fillObjects } from './book-objects.js';
import { executeStep, markBook, unavailable, type ExecutorChoice, type StepRun } from './execute-step.js';
import { programOnPath } from './executor.js';
import { probeBox } from './sandbox.js';
import { boxPlan, type BoxState } from '../core/sandbox.js';
import { appendJsonLine } from './history-log.js';
import { inspectorListening, startLiveActor, type LiveActor } from './inspector.js';
import { withMutation } from './mutation.js';
import { advanceStep, commitChapter, commitSetup, commitVolume } from './operations.js';
import { nextOf, openFs, openProject, type CommandEnv, type OpenProject } from './project.js';
import { RunSession } from './run-session.js';
import { settleStagingHashes } from './staging-probe.js';
import { StepGuard } from './step-guard.js';

export type { ExecutorChoice };

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
  /** The reason in Chinese, where the run knows it (every reason the run says by message id). */
  reason_zh?: string;
  start_chapter: number;
  target_chapter: number;
  last_completed_chapter: number;
  committed: number;
  spent: Spent;
  chapters: ChapterRow[];
  steps: Array<Record<string, unknown>>;
}

function lateChangeReason(step: string, changes: GuardChange[]): Words {
  return said('running.late_changes', { step, changes: describeChanges(changes) });
}

/** Roll a pending journal forward, as any mutating command does (null: none was pending). */
function rollForward(
  cenv: CommandEnv,
  projectFlag: string | undefined,
  fs: ReturnType<typeof openFs>,
): Extract<RunEvent, { event: 'rolled_forward' }> | null {
  const before = openProject(cenv, projectFlag, fs);
  const ref = before.probe.journal;
  if (before.journal === null || ref === null) return null;
  const step = nextOf(before).step;
  withMutation(cenv, projectFlag, { chapter: null }, () => undefined);
  const kind = ref.kind === 'volume' ? 'volume' : ref.kind === 'setup' ? 'setup' : ref.rewind ? 'rewind' : 'chapter';
  return {
    event: 'rolled_forward',
    step,
    journal: before.journal,
    kind,
    n: ref.kind === 'volume' ? ref.volume : ref.kind === 'setup' ? null : ref.chapter,
  };
}

/** The run between its moves: what it executed, spent and did, and why it stopped. */
class Run implements StepRun {
  exit: number = RUN_EXIT.done;
  reason: Words = '';
  reasonZh: string | undefined;
  readonly executed = new Set<string>();
  readonly attempts = new Map<string, number>();
  readonly problemsOf = new Map<string, string[]>();
  readonly spent: Spent = { cost_usd: 0, tokens: 0, cost_unknown: false };
  guardNoted = false;
  bwrap: string | null = null;
  boxSaid: BoxState = { state: 'demo', detail: '' };
  live: LiveActor | null = null;
  readonly steps: Array<Record<string, unknown>>;
  readonly start: number;
  readonly limits: RunLimits;
  readonly session: RunSession;
  readonly guard: StepGuard;
  /** The settings are read once, at the start: nothing a step does can change the gate of the run in progress. */
  readonly ownEnv: CommandEnv;

  constructor(
    readonly o: RunOptions,
    readonly fs: ReturnType<typeof openFs>,
    first: OpenProject,
    rolled: Extract<RunEvent, { event: 'rolled_forward' }> | null,
  ) {
    this.start = first.loaded.checkpoint.last_completed_chapter;
    this.limits = {
      ...o.limits,
      targetChapter: 'toChapter' in o.target ? o.target.toChapter : this.start + o.target.chapters,
      retries: first.settings.executor.retries,
    };
    this.session = new RunSession(fs, o.cenv, o.warn);
    this.ownEnv = { cwd: o.cenv.cwd, env: this.session.env, settings: first.settings };
    this.steps = rolled ? [{ step: rolled.step, action: 'recover', journal: rolled.journal }] : [];
    this.session.open(this.start + 1);
    // Walked once per run; each step then costs what it touched.
    this.guard = new StepGuard(fs);
    this.guard.open();
  }

  mutate = <R>(chapter: number | null, fn: (p: OpenProject) => R): R =>
    withMutation(this.ownEnv, this.o.projectFlag, { chapter }, (p) => fn(p));

  project(): OpenProject {
    return openProject(this.ownEnv, this.o.projectFlag, this.fs);
  }

  /** The run ends here (false: the loop stops); a said reason is said in Chinese too. */
  stop(exit: number, reason: Words, reasonZh?: string): false {
    this.exit = exit;
    this.reason = reason;
    this.reasonZh = reasonZh ?? (isSaid(reason) ? render('zh', reason) : undefined);
    return false;
  }

  /** The settings and story bible changed between steps: restored, reported, and the run fails (true). */
  lateChanges(step: string): boolean {
    const late = this.guard.settingsCheck();
    if (!late.length) return false;
    this.stop(RUN_EXIT.executorFailed, lateChangeReason(step, late));
    this.o.emit({ event: 'outside_staging', step, changes: late, lines: describeChanges(late) });
    appendJsonLine(this.fs, 'logs/guard.jsonl', { step, between_steps: true, changes: late });
    return true;
  }

  async close(): Promise<void> {
    await this.live?.stop();
    this.guard.close();
    // Still under the run's lock: the commands after the run find every staged file's hash recorded.
    await settleStagingHashes(this.fs).catch(() => undefined);
    this.session.close();
  }
}

/** Before the first move: the inspector, --until, a retry of a failed step, the client on PATH, the guard's copies. */
async function prepare(run: Run, first: OpenProject): Promise<void> {
  const { o } = run;
  const executorName = o.executor.kind === 'command' ? `command template: ${o.executor.template}` : o.executor.kind;
  o.emit({
    event: 'executor',
    executor: executorName,
    model: o.executor.kind === 'demo' ? 'demo' : o.executor.kind === 'command' ? null : o.executor.model,
    box: run.boxSaid,
  });
  if (o.inspectUrl) {
    if (await inspectorListening(o.inspectUrl)) {
      run.live = await startLiveActor(o.inspectUrl, first);
      o.emit({ event: 'inspector', url: o.inspectUrl });
    } else o.emit({ event: 'inspector_unreachable', url: o.inspectUrl });
  }
  if (o.until) {
    const q = run.project();
    if (untilPassed(o.until, nextOf(q), q.loaded.checkpoint.last_completed_chapter)) {
      throw new NovelError(
        'until_passed',
        said('error.until_passed', { until: formatStepId(o.until), now: nextOf(q).step }),
        { hint: said('error.until_passed.hint') },
      );
    }
  }
  run.mutate(null, (p) => markBook(p, 'RETRY'));
  // A client that is not installed is refused before anything is written (exit 2).
  if ((o.executor.kind === 'claude' || o.executor.kind === 'codex') && !programOnPath(o.executor.kind, run.session.env))
    throw unavailable(o.executor.kind, said('executor.not_on_path', { kind: o.executor.kind }), o.cenv.env.PATH ?? '');
  // Copies of the book's write-once files, once per book (a book older than them): what the guard restores from.
  fillObjects(run.fs);
}

/** A commit: a chapter, an imported chapter's catch-up, a volume plan or a setup step; or the roll-forward of one. */
function commitMove(run: Run, move: Extract<RunMove, { kind: 'commit' }>, next: NextDecision): boolean {
  // Between steps nothing may touch the settings or the story bible either: checked again before a commit.
  if (run.lateChanges(move.step)) return false;
  // A pending journal is rolled forward by withMutation itself: nothing more to do then.
  const recovered = next.action === 'recover';
  if (move.setup) {
    const done = run.mutate(null, (q) => (recovered ? undefined : commitSetup(q)));
    // The setup commit wrote the story bible itself: not a change behind the run's back.
    run.guard.acceptOwnWrites(done ? done.plan.writes.map((w) => w.path) : 'all');
    run.live?.sent([], run.project());
  } else if (move.volume !== null) {
    run.mutate(null, (q) => (recovered ? undefined : commitVolume(q, move.volume as number, clockNow(run.o.cenv.env))));
    run.live?.sent([], run.project());
  } else {
    run.mutate(move.chapter, (q) =>
      recovered ? undefined : commitChapter(q, move.chapter as number, clockNow(run.o.cenv.env)),
    );
    run.live?.sent([{ type: 'COMMITTED' }], run.project());
  }
  run.steps.push({ step: move.step, action: recovered ? 'recover' : 'commit' });
  run.o.emit({ event: 'committed', step: move.step, recovered });
  return true;
}

/** An advance of a step whose outputs validate; false when --pause-after stops the run after it. */
function advanceMove(run: Run, move: Extract<RunMove, { kind: 'advance' }>): boolean {
  const { o } = run;
  const step = move.id;
  if (move.reused) o.emit({ event: 'reused', step: move.step });
  const { plan } = run.mutate(chapterOfStep(step), (q) => advanceStep(q, step, clockNow(run.o.cenv.env)));
  for (const w of plan.warnings) o.emit({ event: 'warning', step: move.step, message: w.message, diagnostic: w });
  // The same step id comes back in the next revision round: count afresh.
  run.attempts.delete(move.step);
  run.executed.delete(move.step);
  run.live?.sent(plan.events, run.project());
  const gate = plan.events.some((e) => e.type === 'JUDGED') ? plan.snapshot.context.gate : null;
  run.steps.push({
    step: move.step,
    action: 'advance',
    to: plan.to,
    ...(gate ? { gate: gate.decision, overall: gate.overall_final } : {}),
  });
  o.emit({
    event: 'advanced',
    step: move.step,
    to: plan.to,
    gate: gate?.decision ?? null,
    overall: gate?.overall_final ?? null,
  });
  if (plan.lint && !gate) o.emit(lintEvent(move.step, plan.lint));
  const pause = pauseAfterAdvance(move.id, run.limits);
  return pause ? run.stop(RUN_EXIT.done, pause) : true;
}

/** An execution, within the budgets and the step's retries; false when the run stops. */
async function executeMove(
  run: Run,
  move: Extract<RunMove, { kind: 'execute' }>,
  next: NextDecision,
  p: OpenProject,
): Promise<boolean> {
  const budget = budgetStop(run.spent, run.limits);
  if (budget) return run.stop(RUN_EXIT.budget, budget);
  const attempt = (run.attempts.get(move.step) ?? 0) + 1;
  run.attempts.set(move.step, attempt);
  // The previous attempt ran but its outputs do not validate: say why, and tell the next attempt.
  const errors = run.executed.has(move.step) ? next.diagnostics.filter((d) => d.severity === 'error') : [];
  const invalid = errors.map((d) => d.message);
  if (invalid.length) {
    run.o.emit({
      event: 'invalid_outputs',
      step: move.step,
      attempt: attempt - 1,
      problems: invalid,
      diagnostics: errors,
    });
    run.problemsOf.set(move.step, invalid);
  }
  if (!attemptAllowed(attempt, run.limits)) {
    run.mutate(null, (q) => markBook(q, 'EXECUTOR_FAILED'));
    return run.stop(RUN_EXIT.executorFailed, givenUpReason(move.step, attempt - 1));
  }
  const end = await executeStep(run, p, next, move, move.id, attempt);
  return end.stop ? run.stop(end.exit, end.reason) : true;
}

/** What the run did: the chapters it committed (from their logs), its steps and spending, and why it stopped. */
function summaryOf(run: Run): RunSummary {
  const after = openProject(run.o.cenv, run.o.projectFlag, run.fs).loaded.checkpoint;
  const chapters: ChapterRow[] = [];
  for (let c = run.start + 1; c <= after.last_completed_chapter; c++) {
    const r = run.fs.readTextChecked(paths.chapterLog(c));
    if (r && 'text' in r) chapters.push(chapterRow(c, JSON.parse(r.text) as Record<string, unknown>));
  }
  const { exit, reasonZh, spent, steps } = run;
  return {
    exit,
    reason: render('en', run.reason),
    ...(reasonZh ? { reason_zh: reasonZh } : {}),
    start_chapter: run.start + 1,
    target_chapter: run.limits.targetChapter,
    last_completed_chapter: after.last_completed_chapter,
    committed: after.last_completed_chapter - run.start,
    spent,
    chapters,
    steps,
  };
}

/**
 * The box (PROTOCOL §17): decided once, before the run takes the lock or writes anything, and said on its first line.
 */
function decideBox(o: RunOptions, first: OpenProject): Exclude<ReturnType<typeof boxPlan>, { refuse: unknown }> {
  const box = boxPlan(first.settings.executor.sandbox, () => probeBox(o.cenv.env), o.executor.kind === 'demo');
  if ('refuse' in box)
    throw new NovelError('sandbox_unavailable', box.refuse, { hint: said('running.sandbox_unavailable.hint') });
  return box;
}

export async function runBook(o: RunOptions): Promise<RunSummary> {
  const fs = openFs(o.cenv, o.projectFlag);
  // A journal a killed command left (a commit, a plan commit, a rewind) is rolled forward before the run
  // counts anything: --chapters N counts from the book as it is after the roll-forward.
  const rolled = rollForward(o.cenv, o.projectFlag, fs);
  const first = openProject(o.cenv, o.projectFlag, fs);
  const box = decideBox(o, first);
  const run = new Run(o, fs, first, rolled);
  run.bwrap = box.box ? box.bwrap : null;
  run.boxSaid = box.said;
  try {
    await prepare(run, first);
    if (rolled) o.emit(rolled);
    for (;;) {
      if (run.session.stopRequested) {
        run.stop(RUN_EXIT.interrupted, said('running.ctrl_c'));
        break;
      }
      const p = run.project();
      const next = nextOf(p);
      const move = nextMove(next, run.limits, p.loaded.checkpoint.last_completed_chapter, run.executed);
      if (move.kind === 'stop') {
        run.stop(move.exit, move.reason, move.reason_zh);
        // At the end of the run too: the settings and the story bible are as the run found them.
        run.lateChanges(next.step);
        break;
      }
      o.progress(move.step, next.revision_count, run.start + 1, run.limits.targetChapter, run.spent);
      const goOn =
        move.kind === 'commit'
          ? commitMove(run, move, next)
          : move.kind === 'advance'
            ? advanceMove(run, move)
            : await executeMove(run, move, next, p);
      if (!goOn) break;
    }
  } finally {
    await run.close();
  }
  return summaryOf(run);
}
