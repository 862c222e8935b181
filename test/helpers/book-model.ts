/**
 * The book-level model-based harness: sample events of the book machine, the
 * real CLI actions that realise each one on a project copy (`novel run` with
 * the demo executor or a failing command template, `novel commit`, a commit
 * killed right after its journal), and what `novel next` and
 * `.checkpoint.json` must say for each model snapshot.
 */
import { computeVerdict, DIMENSIONS } from '../../machines/pipeline.gate.js';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createActor, transition, type SnapshotFrom } from 'xstate';
import { expect } from 'vitest';
import { bookMachine } from '../../machines/book.machine.js';
import { SETUP_STEPS, type BookInput, type SetupStep } from '../../machines/novel.setup.js';
import type { PipelineEvent } from '../../machines/pipeline.events.js';
import { stateMeta, type StableState } from '../../machines/pipeline.machine.js';
import { transitionsOfEvent, transitionsTakenBy } from './transitions-taken.js';
import { novel, novelBin, novelJson, OUTPUTS, readJson, tempDir } from './project.js';
import { padChapter } from '../../src/core/step-id.js';

export type BookSnapshot = SnapshotFrom<typeof bookMachine>;

const pad3 = (n: number): string => String(n).padStart(3, '0');
const pad2 = (n: number): string => String(n).padStart(2, '0');

/** Verdicts the demo judge gives for a scripted score (NOVEL_DEMO_SCORES): pass, polish, revise. */
/**
 * What the gate computes from the demo judge's evaluation on the book model's
 * project (a chapter-end hook required: the eight dimensions of the plot
 * profile and hook_strength), every dimension scoring the scripted overall;
 * the demo's judged text has no lint finding.
 */
const HOOK_SCORING = { weights: 'plot', hook_required: true, hook_min_strength: 3 } as const;
const verdict = (overall: number) =>
  computeVerdict(
    {
      overall,
      contract_verification: { l1_checks: [], l2_checks: [], l3_checks: [], ls_checks: [] },
      scores: Object.fromEntries([...DIMENSIONS, 'hook_strength'].map((d) => [d, { score: overall }])),
    },
    undefined,
    HOOK_SCORING,
    [],
  );
/**
 * A passing judgement that finds the required hook absent (the fixture judge/hook-weak-4.2): the chapter goes to
 * hook-fix.
 */
export const HOOK_WEAK_VERDICT = computeVerdict(
  JSON.parse(readFileSync(join(OUTPUTS, 'judge/hook-weak-4.2/staging/evaluations/chapter-004-eval.json'), 'utf8')),
  undefined,
  HOOK_SCORING,
  [],
);
export const DEMO_VERDICTS = [verdict(4.2), verdict(3.5), verdict(3.2)];

export function rangeOf(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

/**
 * Sample events per snapshot: the chapter happy path (the chapter machine's
 * own model covers its other branches) and every book event.
 */
export function bookEvents(s: BookSnapshot): PipelineEvent[] {
  const c = s.context;
  // A setup commit reports the step still missing: the book model's new book has samples, so every step runs (§14).
  const setup = setupStepOf(s);
  const after = setup === undefined ? null : (SETUP_STEPS[SETUP_STEPS.indexOf(setup) + 1] ?? null);
  // What the plot-architect plans (§14): a gap in the volume's outline ahead, else a new volume of chapters_per_volume
  // chapters.
  const first = c.last_completed_chapter + 1;
  const ahead = c.outline_chapters.filter((x) => x >= first);
  const planned = ahead.length
    ? [...rangeOf(first, Math.min(...ahead) - 1), ...ahead]
    : rangeOf(first, first + c.chapters_per_volume - 1);
  return [
    { type: 'DRAFTED' },
    { type: 'SUMMARIZED' },
    { type: 'AUDITED' },
    { type: 'REFINED' },
    // The micro-steps of §13.4, so that their EXECUTOR_FAILED and resume edges are reached.
    { type: 'REFINED', title_hard: true },
    { type: 'TITLE_FIXED' },
    { type: 'HOOK_FIXED' },
    ...DEMO_VERDICTS.map((v) => ({ type: 'JUDGED' as const, ...v })),
    { type: 'JUDGED', ...HOOK_WEAK_VERDICT },
    { type: 'COMMITTED' },
    { type: 'SETUP_STAGED' },
    { type: 'SETUP_COMMITTED', setup: after },
    { type: 'PLAN_STAGED' },
    { type: 'PLAN_COMMITTED', outline_chapters: planned },
    { type: 'PLAN_COMMIT_INTERRUPTED', outline_chapters: planned },
    { type: 'COMMIT_INTERRUPTED' },
    { type: 'JOURNAL_RECOVERED' },
    { type: 'EXECUTOR_FAILED' },
    { type: 'RETRY' },
  ];
}

export function serializeBook(s: BookSnapshot): string {
  const c = s.context;
  return (
    `${JSON.stringify(s.value)}|ch=${c.chapter}|last=${c.last_completed_chapter}|vol=${c.volume}` +
    `|plan=${c.planning}|resume=${c.resume}|j=${c.journal ? JSON.stringify(c.journal) : '-'}|o=` +
    `${c.outline_chapters.includes(c.last_completed_chapter + 1)}|setup=${c.setup}|imp=` +
    `${c.import_caught_up}/${c.imported_chapters}/${c.import_summarized}`
  );
}

export function eventName(e: PipelineEvent): string {
  return e.type === 'JUDGED' ? `JUDGED(${e.overall_final})` : e.type;
}

/**
 * Transition keys taken when replaying events from `input` (read through XState's public API:
 * test/helpers/transitions-taken.ts).
 */
export function bookTransitionsTaken(input: BookInput, events: readonly PipelineEvent[]): string[] {
  return transitionsTakenBy(bookMachine, input, events);
}

export function replayBook(input: BookInput, events: readonly PipelineEvent[]): BookSnapshot[] {
  const actor = createActor(bookMachine, { input }).start();
  const out = [actor.getSnapshot()];
  for (const e of events) {
    actor.send(e);
    out.push(actor.getSnapshot());
  }
  actor.stop();
  return out;
}

/** Breadth-first: the shortest event list from the start whose replay takes transition `key`. */
export function shortestTo(input: BookInput, key: string, maxDepth = 40): PipelineEvent[] | null {
  return shortestToEach(input, [key], maxDepth).get(key) ?? null;
}

/**
 * For each of `keys`, what `shortestTo` gives for it alone, found in one
 * breadth-first search: the same order over the same events, so the same first
 * list for each key. A list's transitions are its parent's and its last
 * event's, so no list is replayed from the start.
 */
export function shortestToEach(input: BookInput, keys: readonly string[], maxDepth = 40): Map<string, PipelineEvent[]> {
  const found = new Map<string, PipelineEvent[]>();
  const missing = new Set(keys);
  const [first] = replayBook(input, []);
  const queue: Array<{ s: BookSnapshot; events: PipelineEvent[]; taken: Set<string> }> = [
    { s: first as BookSnapshot, events: [], taken: new Set(bookTransitionsTaken(input, [])) },
  ];
  const seen = new Set([serializeBook(first as BookSnapshot)]);
  while (queue.length && missing.size) {
    const { s, events, taken: before } = queue.shift()!;
    if (events.length >= maxDepth || s.status !== 'active') continue;
    for (const e of bookEvents(s)) {
      if (!s.can(e)) continue;
      const [next] = transition(bookMachine, s, e);
      const list = [...events, e];
      const taken = new Set([...before, ...transitionsOfEvent(bookMachine, s, e)]);
      for (const key of [...missing]) {
        if (!taken.has(key)) continue;
        found.set(key, list);
        missing.delete(key);
      }
      const k = serializeBook(next);
      if (seen.has(k)) continue;
      seen.add(k);
      queue.push({ s: next, events: list, taken });
    }
  }
  return found;
}

/** The setup step a snapshot rests in (awaiting its agent or ready), if any. */
function setupStepOf(s: BookSnapshot): SetupStep | undefined {
  const v = s.value as string | { setup?: Partial<Record<SetupStep, string>> };
  return typeof v === 'object' && v.setup ? (Object.keys(v.setup)[0] as SetupStep) : undefined;
}

const setupReady = (s: BookSnapshot): boolean => {
  const v = s.value as string | { setup?: Partial<Record<SetupStep, string>> };
  return typeof v === 'object' && v.setup !== undefined && Object.values(v.setup)[0] === 'ready';
};

/** The demo executor on a setup step's packet: its files are staged, nothing is committed. */
async function stageSetup(project: string, step: SetupStep, note: string): Promise<void> {
  await ok(project, ['instructions', `book:${step}`, '--write-manifest'], note);
  await ok(project, ['demo-executor', `staging/manifests/book-${step}.json`], note);
}

/** What `novel next` must say for a model snapshot: the step, the action and the mode. */
export function predictedBookNext(s: BookSnapshot): { step: string; action: string; mode: string } {
  const c = s.context;
  const v = s.value as
    | string
    | {
        writing?: StableState;
        setup?: Partial<Record<SetupStep, 'awaiting' | 'ready'>>;
        importing?: 'importSummarize' | 'importCommit';
      };
  if (v === 'planning') return { step: `volume:${pad2(c.volume)}:plan`, action: 'execute', mode: 'plan' };
  if (v === 'planReady') return { step: `volume:${pad2(c.volume)}:commit`, action: 'commit', mode: 'plan' };
  if (v === 'complete') return { step: 'book:complete', action: 'done', mode: 'normal' };
  if (v === 'recovering') {
    const j = c.journal!;
    if (j.kind === 'setup') return { step: `book:${j.step}`, action: 'recover', mode: 'commit' };
    if (j.kind === 'volume') return { step: `volume:${pad2(j.volume)}:commit`, action: 'recover', mode: 'commit' };
    return {
      step: `${j.chapter <= c.imported_chapters ? 'import' : 'chapter'}:${pad3(j.chapter)}:commit`,
      action: 'recover',
      mode: 'commit',
    };
  }
  if (v === 'retrying') return predictedBookNext(transition(bookMachine, s, { type: 'RETRY' })[0]);
  if (typeof v === 'string') throw new Error(`no prediction for the state ${v}`);
  if (v.setup) {
    const [step, sub] = Object.entries(v.setup)[0] as [SetupStep, 'awaiting' | 'ready'];
    return { step: `book:${step}`, action: sub === 'ready' ? 'commit' : 'execute', mode: 'setup' };
  }
  if (v.importing) {
    const k = pad3(c.import_caught_up + 1);
    return v.importing === 'importSummarize'
      ? { step: `import:${k}:summarize`, action: 'execute', mode: 'import' }
      : { step: `import:${k}:commit`, action: 'commit', mode: 'import' };
  }
  const state = v.writing as StableState;
  const meta = stateMeta(state);
  return { step: `chapter:${pad3(c.chapter)}:${meta.step}`, action: meta.action, mode: meta.mode };
}

/** §2/§3 at book level: what `.checkpoint.json` holds for a model snapshot (not while a journal is pending). */
export function expectBookCheckpoint(project: string, s: BookSnapshot, note: string): void {
  const cp = readJson(join(project, '.checkpoint.json'));
  const v = s.value as string | { writing: StableState };
  const c = s.context;
  expect(cp.x_editor_note, `${note}: unknown checkpoint field preserved`).toBe(
    'kept by other tools; novel must preserve it',
  );
  if (v === 'recovering') return;
  expect(cp.last_completed_chapter, `${note}: last_completed_chapter`).toBe(c.last_completed_chapter);
  const inSetup = typeof v === 'object' && 'setup' in v;
  const orchestrator =
    v === 'planning' || v === 'planReady' || inSetup ? 'VOL_PLANNING' : v === 'retrying' ? 'ERROR_RETRY' : 'WRITING';
  // A plan found staged (PLAN_STAGED, a probe event) writes nothing: the checkpoint says what it said before it.
  if (v !== 'planReady') expect(cp.orchestrator_state, `${note}: orchestrator_state`).toBe(orchestrator);
  if (v !== 'retrying') expect(cp.current_volume, `${note}: current_volume`).toBe(c.volume);
  if (c.imported_chapters > 0) {
    expect(
      { imported: cp.imported_chapters, caught_up: cp.import_caught_up ?? 0, stage: cp.import_stage ?? null },
      `${note}: the import's catch-up fields`,
    ).toEqual({
      imported: c.imported_chapters,
      caught_up: c.import_caught_up,
      stage: c.import_summarized ? 'summarized' : null,
    });
  }
  if (typeof v === 'object' && 'writing' in v) {
    const stage: Record<string, string> = {
      summarize: 'drafting',
      audit: 'drafted',
      refine: 'audited',
      titleFix: 'title_fixing',
      judge: 'refined',
      hookFix: 'hook_fixing',
      commit: 'judged',
      revising: 'revising',
      polishing: 'revising',
    };
    if (v.writing === 'draft')
      expect(cp.inflight_chapter ?? null, `${note}: no chapter in flight before its draft`).toBeNull();
    else {
      expect(
        { stage: cp.pipeline_stage, inflight: cp.inflight_chapter, revisions: cp.revision_count },
        `${note}: chapter fields`,
      ).toEqual({ stage: stage[v.writing], inflight: c.chapter, revisions: c.revision_count });
      if (['commit', 'revising', 'polishing'].includes(v.writing))
        expect(cp.gate, `${note}: the full gate record`).toEqual(c.gate);
    }
  }
}

/** `novel next` says what the machine predicts; returns the state the CLI reported the book resting in. */
export async function expectBookNext(project: string, s: BookSnapshot, note: string): Promise<string> {
  const r = await novelJson(project, ['next']);
  expect(r.code, `${note}: next exit (${JSON.stringify(r.body)})`).toBe(0);
  expect(
    { step: r.body.data.step, action: r.body.data.action, mode: r.body.data.mode },
    `${note}: next (${r.body.data.reason})`,
  ).toEqual(predictedBookNext(s));
  if (s.value === 'retrying') expect(r.body.data.error_retry, `${note}: next names the failure`).toBe(true);
  return r.body.data.error_retry === true ? 'retrying' : (r.body.data.state as string);
}

async function ok(project: string, args: string[], note: string, env: Record<string, string> = {}): Promise<string> {
  const r = await novel(project, args, env);
  expect(r.code, `${note}: novel ${args.join(' ')} → ${r.code}\n${r.stderr}${r.stdout}`).toBe(0);
  return r.stdout;
}

/** Run `args` as the built binary, SIGKILLed right after the commit journal is on disk. */
export function crashAfterJournal(project: string, args: string[], note: string): void {
  for (let k = 1; k <= 80; k++) {
    const trial = tempDir('novel-crash-k-');
    cpSync(project, trial, { recursive: true });
    const r = novelBin(trial, args, { NOVEL_FAULT_KILL_AT: String(k) });
    const dir = join(trial, 'staging/.commit');
    const journal = existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.json'));
    if (r.signal === 'SIGKILL' && journal) {
      const real = novelBin(project, args, { NOVEL_FAULT_KILL_AT: String(k) });
      expect(real.signal, `${note}: killed at mutating call ${k}`).toBe('SIGKILL');
      return;
    }
    if (r.signal !== 'SIGKILL') break;
  }
  throw new Error(`${note}: no kill point leaves a journal for novel ${args.join(' ')}`);
}

const FAILING_EXECUTOR = 'false {packet}';

/** Realise one event through the real CLI. */
export async function realiseBook(
  project: string,
  e: PipelineEvent,
  before: BookSnapshot,
  note: string,
): Promise<void> {
  const c = before.context;
  const importing = typeof before.value === 'object' && 'importing' in before.value;
  const demo = ['run', '--executor', 'demo', '--to-chapter', '999'];
  switch (e.type) {
    case 'DRAFTED':
      await ok(project, [...demo, '--pause-after', 'draft'], note);
      return;
    case 'SUMMARIZED':
      await ok(project, [...demo, '--pause-after', 'summarize'], note);
      return;
    case 'AUDITED':
      await ok(project, [...demo, '--pause-after', 'audit'], note);
      return;
    case 'REFINED':
      if (e.title_hard) {
        // A refined text whose title line lost its text.
        cpSync(join(OUTPUTS, 'refine/untitled'), project, { recursive: true });
        await ok(project, ['advance', `chapter:${padChapter(c.chapter)}:refine`], note);
        return;
      }
      await ok(project, [...demo, '--pause-after', 'refine'], note);
      return;
    case 'TITLE_FIXED':
    case 'HOOK_FIXED': {
      // The demo executor on the micro-step's packet, then the advance.
      const step = `chapter:${padChapter(c.chapter)}:${e.type === 'TITLE_FIXED' ? 'title-fix' : 'hook-fix'}`;
      await ok(project, ['instructions', step, '--write-manifest'], note);
      await ok(
        project,
        ['demo-executor', `staging/manifests/chapter-${padChapter(c.chapter)}-${step.split(':')[2]}.json`],
        note,
      );
      await ok(project, ['advance', step], note);
      return;
    }
    case 'JUDGED':
      if (e.hook_weak) {
        cpSync(join(OUTPUTS, 'judge/hook-weak-4.2'), project, { recursive: true });
        await ok(project, ['advance', `chapter:${padChapter(c.chapter)}:judge`], note);
        return;
      }
      await ok(project, [...demo, '--pause-after', 'judge'], note, { NOVEL_DEMO_SCORES: String(e.overall_final) });
      return;
    case 'COMMITTED':
      await ok(project, ['commit', '--chapter', String(importing ? c.import_caught_up + 1 : c.chapter)], note);
      return;
    case 'COMMIT_INTERRUPTED':
      crashAfterJournal(project, ['commit', '--chapter', String(importing ? c.import_caught_up + 1 : c.chapter)], note);
      return;
    case 'SETUP_COMMITTED': {
      // The demo executor on the setup step's packet (unless its files are staged already), then the commit.
      const step = setupStepOf(before) as SetupStep;
      if (!setupReady(before)) await stageSetup(project, step, note);
      await ok(project, ['commit', '--setup'], note);
      return;
    }
    case 'SETUP_STAGED':
      // The demo executor writes the step's files; nothing is committed.
      await stageSetup(project, setupStepOf(before) as SetupStep, note);
      return;
    case 'PLAN_STAGED':
      // The plot-architect writes the plan; the run stops before its commit.
      await ok(project, [...demo, '--pause-after', 'plan'], note);
      return;
    case 'PLAN_COMMITTED':
      if (before.value !== 'planReady') await ok(project, [...demo, '--pause-after', 'plan'], note);
      await ok(project, ['commit', '--volume', String(c.volume)], note);
      return;
    case 'PLAN_COMMIT_INTERRUPTED':
      if (before.value !== 'planReady') await ok(project, [...demo, '--pause-after', 'plan'], note);
      crashAfterJournal(project, ['commit', '--volume', String(c.volume)], note);
      return;
    case 'JOURNAL_RECOVERED': {
      const j = c.journal!;
      const out = await ok(
        project,
        [
          'commit',
          ...(j.kind === 'chapter'
            ? ['--chapter', String(j.chapter)]
            : j.kind === 'volume'
              ? ['--volume', String(j.volume)]
              : ['--setup']),
        ],
        note,
      );
      expect(out, `${note}: rolled forward`).toMatch(/rolled forward/);
      return;
    }
    case 'EXECUTOR_FAILED': {
      const r = await novel(project, ['run', '--executor', FAILING_EXECUTOR, '--to-chapter', '999']);
      expect(r.code, `${note}: run with a failing executor\n${r.stderr}${r.stdout}`).toBe(11);
      return;
    }
    case 'RETRY': {
      const step = predictedBookNext(before).step;
      const out = await ok(project, ['run', '--executor', 'demo', '--until', step], note);
      expect(out, note).toMatch(/stopped before/);
      return;
    }
    default:
      throw new Error(`unrealised event ${e.type}`);
  }
}

/** A start of the book model: the project on disk and the machine input that describes it. */
export interface BookStart {
  name: string;
  input: BookInput;
  prepare: (project: string) => Promise<void>;
}

export function configure(project: string, patch: Record<string, unknown>): void {
  const p = join(project, 'novel.config.json');
  writeFileSync(p, `${JSON.stringify({ ...readJson(p), ...patch }, null, 2)}\n`);
}

/** Remove the volume 1 outline and contracts (the author plans nothing ahead), recorded as the author's edit. */
export async function removeOutline(project: string): Promise<void> {
  rmSync(join(project, 'volumes/vol-01/outline.md'));
  rmSync(join(project, 'volumes/vol-01/chapter-contracts'), { recursive: true, force: true });
  await ok(project, ['state', 'verify', '--accept'], 'accept the outline edit');
}

/** Cut the volume 1 plan after chapter `last` (outline and contracts), and record it as the author's edit. */
export async function truncateOutline(project: string, last: number): Promise<void> {
  const p = join(project, 'volumes/vol-01/outline.md');
  const text = readFileSync(p, 'utf8');
  const cut = text.indexOf(`### 第 ${last + 1} 章`);
  writeFileSync(p, text.slice(0, cut).replace(/\s+$/, '\n'));
  const contracts = join(project, 'volumes/vol-01/chapter-contracts');
  for (const f of readdirSync(contracts)) if (Number(/(\d+)/.exec(f)?.[1]) > last) rmSync(join(contracts, f));
  await ok(project, ['state', 'verify', '--accept'], 'accept the outline edit');
}

/** Make `project` a new book (`novel init`) with a sample text, so that every setup step runs (§14). */
export async function newBook(project: string): Promise<void> {
  rmSync(project, { recursive: true, force: true });
  await ok(tmpParent(project), ['init', project], 'init');
  mkdirSync(join(project, 'samples'), { recursive: true });
  writeFileSync(
    join(project, 'samples/sample.txt'),
    '夜色沉沉。林风推开门，雨声灌了进来。\n\n“你来晚了。”她说。\n\n他没有回答，只是把剑放在桌上。\n',
  );
  keepEditorNote(project);
}

/** Make `project` an imported book of `n` chapters (`novel import`), whose catch-up summaries are still to come. */
export async function importedBook(project: string, n: number): Promise<void> {
  rmSync(project, { recursive: true, force: true });
  const txt = join(tmpParent(project), `${Date.now()}-book.txt`);
  writeFileSync(
    txt,
    rangeOf(1, n)
      .map((k) => `第${k}章 开篇${k}\n\n林风走进青岚城，第${k}次看见那座塔。“又是你。”守门人说。\n`)
      .join('\n'),
  );
  try {
    await ok(tmpParent(project), ['import', txt, '--project', project], 'import');
  } finally {
    rmSync(txt, { force: true }); // a failed import (a mutant, say) must not leave the text behind
  }
  keepEditorNote(project);
}

function tmpParent(project: string): string {
  return join(project, '..');
}

/** The field another tool keeps in the checkpoint (the fixture has it): novel must preserve it. */
function keepEditorNote(project: string): void {
  const p = join(project, '.checkpoint.json');
  writeFileSync(
    p,
    `${JSON.stringify({ ...readJson(p), x_editor_note: 'kept by other tools; novel must preserve it' }, null, 2)}\n`,
  );
}
