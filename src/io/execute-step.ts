/**
 * One execution of a step by `novel run`: the interrupted attempt undone, the
 * packet written (with the last attempt's problems), the guard armed, strays
 * moved aside, the executor run under the step's token, then what it did
 * checked — links and other steps' outputs planted in staging/, any change
 * outside staging/ — and its usage recorded. The loop (run-loop.ts) decides
 * whether to execute; this module only carries one execution out.
 */
import { staleEvaluations } from '../core/judged-bytes.js';
import { transition } from 'xstate';
import { bookMachine } from '../../machines/book.machine.js';
import { agentPrompt } from '../core/agent-invocation.js';
import { prettyJson } from '../core/canonical-json.js';
import { NovelError } from '../core/errors.js';
import { said, type Said, type Words } from '../core/messages.js';
import { plantedEn, plantedWhy, type PlantedLine } from '../core/messages/io.js';
import type { NextDecision } from '../core/next.js';
import { buildPacket, manifestPath } from '../core/packet.js';
import { projectCheckpoint } from '../core/projection.js';
import { rehydrate } from '../core/rehydrate.js';
import { RUN_EXIT, type Spent } from '../core/run-policy.js';
import { displayName, removeCommand, shellQuote } from '../core/shell-words.js';
import { describeChanges } from '../core/step-guard-rules.js';
import { chapterOfStep, type StepId } from '../core/step-id.js';
import { anotherStepsOutput, belongsTo } from '../core/step-outputs.js';
import { nextCheckpointObject, writeCheckpoint } from './checkpoint.js';
import {
  finishExecution,
  moveAside,
  readExecution,
  recordExecutor,
  startExecution,
  undoInterrupted,
} from './execution-record.js';
import { readPacket, runAgentExecutor, runCommandExecutor, runDemoExecutor, type ExecutorResult } from './executor.js';
import { appendJsonLine } from './history-log.js';
import { recordAttempt } from './pending-usage.js';
import { endProcessesWithEnv } from './process-sweep.js';
import { randomHex, type ProjectFs } from './project-fs.js';
import type { OpenProject } from './project.js';
import { diskView } from './project-view.js';
import type { RunSession } from './run-session.js';
import { readStagingView, stagingTree, touchedSince, type StagingTree } from './staging-probe.js';
import type { StepGuard } from './step-guard.js';
import type { RunEvent } from '../core/run-render.js';
import type { CommandEnv } from './project.js';
import { recordedForeshadowingOf } from './foreshadowing-record.js';
import { recordedLintOf } from './lint-cache.js';

export type ExecutorChoice =
  | { kind: 'demo'; scores: number[] }
  | { kind: 'claude' | 'codex'; model: string | null }
  | { kind: 'command'; template: string };

/** What one execution needs of the run around it. */
export interface StepRun {
  fs: ProjectFs;
  o: { executor: ExecutorChoice; verbose: boolean; emit: (e: RunEvent) => void; cenv: CommandEnv };
  guard: StepGuard;
  session: RunSession;
  mutate: <R>(chapter: number | null, fn: (p: OpenProject) => R) => R;
  /** The problems of a step's last attempt, told to the next one. */
  problemsOf: Map<string, string[]>;
  /** Steps executed in this run. */
  executed: Set<string>;
  spent: Spent;
  /** The guard's note (watches unavailable) was shown once. */
  guardNoted: boolean;
  /** bwrap, when executors run in the box (PROTOCOL §17); null: unconfined. */
  readonly bwrap: string | null;
}

/** The step ran (whatever its executor answered), or the run stops here. */
export type StepEnd = { stop: false } | { stop: true; exit: number; reason: Words };

/** Record what the machine says about an executor failure or a retry: orchestrator_state only. */
export function markBook(p: OpenProject, event: 'EXECUTOR_FAILED' | 'RETRY'): void {
  const { snapshot } = rehydrate(p.loaded.checkpoint, p.settings, p.view, p.probe);
  if (!snapshot.can({ type: event })) return;
  const [after] = transition(bookMachine, snapshot, { type: event });
  const { orchestrator_state } = projectCheckpoint(after);
  if (orchestrator_state === undefined || orchestrator_state === p.loaded.checkpoint.orchestrator_state) return;
  writeCheckpoint(p.fs, nextCheckpointObject(p.loaded.raw, { orchestrator_state }, { now: new Date() }));
}

function startExecutor(
  choice: ExecutorChoice,
  p: OpenProject,
  packetRel: string,
  step: string,
  attempt: number,
  env: NodeJS.ProcessEnv,
  revision: number,
  session: RunSession,
  bwrap: string | null,
) {
  const timeout = p.settings.executor.timeout_s;
  if (choice.kind === 'demo')
    return { child: null, done: Promise.resolve(runDemoExecutor(p.fs, packetRel, choice.scores, revision)) };
  if (choice.kind === 'command')
    return runCommandExecutor(p.fs, choice.template, packetRel, step, attempt, env, timeout, bwrap);
  return runAgentExecutor(
    p.fs,
    choice.kind,
    choice.model,
    packetRel,
    step,
    attempt,
    env,
    timeout,
    p.settings.executor.secondary_model ?? null,
    { onChild: (c) => session.running(c), aborting: () => session.aborting },
    bwrap,
  );
}

/** What a step wrote under staging/ that is not its own: another step's output, or a link (symbolic or hard). */
function plantedBy(
  step: StepId,
  before: StagingTree,
  after: StagingTree,
  packetRel: string,
): Array<{ path: string; why: string; kind: PlantedLine['kind']; nlink: number; ino: number | null }> {
  const out: Array<{ path: string; why: string; kind: PlantedLine['kind']; nlink: number; ino: number | null }> = [];
  const push = (path: string, kind: PlantedLine['kind'], nlink: number, ino: number | null): void =>
    void out.push({ path, why: plantedWhy(kind, nlink), kind, nlink, ino });
  for (const rel of touchedSince(before, after)) {
    const e = after.entries.get(rel);
    if (!e) continue;
    if (e.kind === 'link') push(rel, 'symlink', 1, null);
    else if (e.kind === 'file' && e.nlink > 1) push(rel, 'hardlink', e.nlink, e.ino);
    else if (e.kind === 'file' && (rel === packetRel || anotherStepsOutput(rel, step)))
      push(rel, 'other_output', e.nlink, null);
    else if (e.kind === 'other') push(rel, 'not_regular', 1, null);
  }
  return out;
}

export function unavailable(kind: ExecutorChoice['kind'], message: Said, pathVar: string): NovelError {
  return new NovelError('executor_unavailable', message, {
    hint: said('executor.install', { kind }),
    details: { PATH: pathVar },
  });
}

function stagingOverflowReason(step: string, o: NonNullable<StagingTree['overflow']>): Words {
  return said('running.staging_overflow', {
    step,
    count: o.count,
    limit: o.limit,
    dirs: o.dirs.map((d) => `${d.dir}: ${d.entries}`).join(', '),
    command: `rm -r -- ${shellQuote(o.dirs[0]?.dir ?? 'staging')}`,
  });
}

/**
 * The staged evaluations of a chapter judged before it changed: moved to staging/revisions/…/judged-before-K/, and no
 * longer recorded as judged.
 */
function setAsideStaleEvaluations(r: StepRun, stepName: string, chapter: number): void {
  r.mutate(chapter, (q) => {
    const recorded = q.loaded.checkpoint.judged_hashes;
    const stale = staleEvaluations(recorded, chapter, (rel) => q.view.files.get(rel)?.sha256 ?? null);
    if (!stale.length || !recorded) return;
    const aside = moveAside(q.fs, stepName, 'judged-before', stale);
    const kept = Object.fromEntries(Object.entries(recorded).filter(([rel]) => !aside.moved.includes(rel)));
    writeCheckpoint(q.fs, nextCheckpointObject({ ...q.loaded.raw, judged_hashes: kept }, {}, { now: new Date() }));
    r.o.emit({ event: 'unexpected', step: stepName, moved_to: aside.dir, moved: aside.moved, left: aside.left });
  });
}

/** Execute `step` once (attempt `attempt`), from the decision `next` on the project `p`. */
export async function executeStep(
  r: StepRun,
  p: OpenProject,
  next: NextDecision,
  move: { step: string },
  step: StepId,
  attempt: number,
): Promise<StepEnd> {
  const packetOf = () =>
    buildPacket({
      view: diskView(r.fs),
      checkpoint: p.loaded.checkpoint,
      settings: p.settings,
      step,
      next,
      recordedForeshadowing: recordedForeshadowingOf(r.fs),
      ...(p.probe.continuity ? { continuity: p.probe.continuity } : {}),
      ...(p.probe.lintLists
        ? { lintLists: p.probe.lintLists, recordedLint: recordedLintOf(r.fs, p.settings.quality, p.probe.lintLists) }
        : {}),
    }).packet;
  // An execution of this step that never finished: its outputs are not reused. Undone before the packet is built: the
  // packet reads the staged text (its lint).
  const record = readExecution(r.fs);
  if (record) {
    const scope = packetOf().write_scope;
    const undone = r.mutate(chapterOfStep(step), (q) => {
      if (record.step === move.step) return undoInterrupted(q.fs, q.view, record, scope);
      finishExecution(q.fs);
      return null;
    });
    if (undone && (undone.moved.length || undone.restored.length))
      r.o.emit({
        event: 'interrupted',
        step: move.step,
        moved_to: undone.dir,
        moved: undone.moved,
        restored: undone.restored,
      });
  }
  // A chapter changed since it was judged (§17): the evaluations of the old text go aside, and the judge runs on the
  // new one.
  if (step.kind === 'chapter' && step.stage === 'judge') setAsideStaleEvaluations(r, move.step, step.chapter);
  const built = packetOf();
  const previous = r.problemsOf.get(move.step);
  const packet = previous
    ? {
        ...built,
        manifest: { ...built.manifest, inline: { ...built.manifest.inline, previous_attempt_problems: previous } },
      }
    : built;
  // The guard is armed before novel writes anything for the step: a link planted for the packet, the record or the
  // backup is caught too.
  await r.guard.arm(p.loaded.checkpoint);
  const limit = p.settings.staging_max_files;
  const tree = stagingTree(r.fs, limit);
  if (tree.overflow) {
    r.mutate(null, (q) => markBook(q, 'EXECUTOR_FAILED'));
    r.o.emit({
      event: 'staging_overflow',
      step: move.step,
      count: tree.overflow.count,
      limit,
      dirs: tree.overflow.dirs,
    });
    return { stop: true, exit: RUN_EXIT.executorFailed, reason: stagingOverflowReason(move.step, tree.overflow) };
  }
  // Outputs belong to the step that made them: what is neither an input nor an output of this step goes aside first.
  const strays = [...tree.entries].filter(([rel, e]) => e.kind !== 'dir' && !belongsTo(rel, step)).map(([rel]) => rel);
  if (strays.length) {
    const aside = moveAside(r.fs, move.step, 'unexpected', strays);
    r.o.emit({ event: 'unexpected', step: move.step, moved_to: aside.dir, moved: aside.moved, left: aside.left });
  }
  const packetRel = manifestPath(step);
  r.fs.writeText(packetRel, prettyJson(packet));
  r.o.emit({
    event: 'execute',
    step: move.step,
    agent: packet.agent.name,
    mode: packet.mode,
    attempt,
    packet: packetRel,
  });
  if (r.o.verbose && (r.o.executor.kind === 'claude' || r.o.executor.kind === 'codex'))
    r.o.emit({
      event: 'prompt',
      step: move.step,
      prompt: agentPrompt(readPacket(r.fs, packetRel), packetRel, r.fs.root, r.o.executor.kind),
    });
  startExecution(r.fs, readStagingView(r.fs, false), move.step, attempt, packet.write_scope);
  const stagedBefore = stagingTree(r.fs, limit);
  // Every process of the step carries its token: detached ones end with the step too.
  const stepToken = `NOVEL_STEP_TOKEN=${r.session.token}-${randomHex(4)}`;
  const stepEnv = { ...r.session.env, NOVEL_STEP_TOKEN: stepToken.slice('NOVEL_STEP_TOKEN='.length) };
  const running = startExecutor(
    r.o.executor,
    p,
    packetRel,
    move.step,
    attempt,
    stepEnv,
    next.revision_count,
    r.session,
    r.bwrap,
  );
  r.session.running(running.child);
  if (running.child?.pid) recordExecutor(r.fs, running.child.pid);
  let result: ExecutorResult;
  try {
    result = await running.done;
  } finally {
    r.session.running(null);
    endProcessesWithEnv(stepToken);
  }
  // A signal stopped the run while the step ran: nothing more starts (no retry), the r.session exits.
  if (r.session.aborting) await r.session.aborted;
  // Staged files the step wrote into another step's outputs, and links it made, fail it.
  const planted = plantedBy(step, stagedBefore, stagingTree(r.fs, limit), packetRel);
  const linkedBook = planted
    .flatMap((x) => (x.ino !== null ? [r.guard.pathOfInode(x.ino)] : []))
    .filter((x): x is string => x !== null);
  // Nothing outside staging/ may have changed: captured files are put back, and any change fails the step.
  const guarded = await r.guard.check(linkedBook);
  if (guarded.note && !r.guardNoted) {
    r.guardNoted = true;
    r.o.emit({ event: 'warning', step: move.step, message: guarded.note });
  }
  if (guarded.changes.length || planted.length) {
    const aside = planted.length
      ? moveAside(
          r.fs,
          move.step,
          'planted',
          planted.map((x) => x.path),
        )
      : null;
    const changeLines = describeChanges(guarded.changes);
    const plantedLines: PlantedLine[] = planted.map((x) => ({
      kind: x.kind,
      nlink: x.nlink,
      path: displayName(x.path),
      moved: aside?.moved.includes(x.path) ? aside.dir : null,
      command: removeCommand(x.path, x.ino ?? undefined),
    }));
    const lines = [...changeLines, ...plantedLines.map(plantedEn)];
    r.o.emit({
      event: 'outside_staging',
      step: move.step,
      changes: guarded.changes,
      planted: planted.map((x) => ({ path: x.path, why: x.why })),
      lines,
    });
    appendJsonLine(r.fs, 'logs/guard.jsonl', {
      step: move.step,
      attempt,
      changes: guarded.changes,
      planted: planted.map((x) => ({ path: x.path, why: x.why })),
    });
    try {
      r.mutate(null, (q) => markBook(q, 'EXECUTOR_FAILED'));
    } catch {
      /* a final tree the step changed makes every mutating command refuse: the report names it */
    }
    const restored = guarded.changes.filter((c) => c.restored).length;
    return {
      stop: true,
      exit: RUN_EXIT.executorFailed,
      reason: said('running.outside_staging', {
        step: move.step,
        changed: guarded.changes.length,
        restored,
        changes: changeLines,
        planted: plantedLines,
      }),
    };
  }
  if (result.unavailable) {
    // Nothing ran: no execution to remember.
    finishExecution(r.fs);
    throw unavailable(
      r.o.executor.kind,
      said('executor.at_step', { step: move.step, what: result.unavailable }),
      r.o.cenv.env.PATH ?? '',
    );
  }
  // Only an executor that exited successfully clears its record.
  if (result.ok) finishExecution(r.fs);
  if (r.o.verbose)
    r.o.emit({
      event: 'executor_result',
      step: move.step,
      ok: result.ok,
      message: result.message,
      duration_ms: result.duration_ms,
      log: result.log,
    });
  r.executed.add(move.step);
  const rep = result.report ?? {};
  r.spent.cost_usd += rep.cost_usd ?? 0;
  if (rep.cost_usd === undefined) r.spent.cost_unknown = true;
  r.spent.tokens += (rep.input_tokens ?? 0) + (rep.output_tokens ?? 0);
  // Recorded at once: a run stopped before the advance loses no cost (the advance moves it into the executions log).
  const chapter = chapterOfStep(step);
  if (chapter !== null) recordAttempt(r.fs, chapter, move.step, r.o.executor.kind, result.duration_ms, rep);
  if (r.o.verbose && result.report) r.o.emit({ event: 'usage', step: move.step, ...rep });
  if (!result.ok) {
    // Seen failing by this run: its outputs go aside now, so that files the author writes after the failure are never
    // taken for the failed execution's (a run stopped by a signal leaves the record: the next run undoes it).
    const record = r.session.aborting ? null : readExecution(r.fs);
    const undone =
      record?.step === move.step
        ? r.mutate(chapter, (q) => undoInterrupted(q.fs, q.view, record, packet.write_scope, 'failed'))
        : null;
    r.o.emit({
      event: 'executor_failed',
      step: move.step,
      message: result.message,
      attempt,
      ...(undone?.moved.length ? { moved_to: undone.dir, moved: undone.moved } : {}),
    });
  } else if (result.report?.permission_denials?.length)
    r.o.emit({
      event: 'warning',
      step: move.step,
      message:
        `the client refused ` +
        `${result.report.permission_denials.length} tool use(s): ${result.report.permission_denials
          .map((d) => JSON.stringify(d))
          .join('; ')
          .slice(0, 400)}`,
    });
  return { stop: false };
}
