/**
 * The model-based harness: sample events for @xstate/graph, the real CLI
 * actions that realise each event on a project copy, and the §3 expectations
 * for `.checkpoint.json` after each event.
 */
import { existsSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { createActor, initialTransition, transition } from 'xstate';
import { expect } from 'vitest';
import { computeVerdict, type EvalForGate } from '../../machines/pipeline.gate.js';
import type { PipelineEvent } from '../../machines/pipeline.events.js';
import { pipelineMachine, stateMeta, type PipelineInput, type StableState } from '../../machines/pipeline.machine.js';
import { transitionsOfEvent, transitionsTakenBy } from './transitions-taken.js';
import { protectedText } from '../../src/core/fix-guard.js';
import { readJson, novel, novelJson, outputFile, overlay, tempDir } from './project.js';

export const CHAPTER = 4;
export const NNN = '004';
const STAGED_CHAPTER = `staging/chapters/chapter-${NNN}.md`;

/** Judge fixtures used as JUDGED samples; the verdict is computed from the file itself. */
export const JUDGE_SAMPLES = {
  pass: 'judge/overall-4.2',
  polish: 'judge/overall-3.5',
  revise: 'judge/overall-3.2',
  pause: 'judge/overall-2.0',
  rewrite: 'judge/overall-1.99',
  high: 'judge/high-violation-4.8',
  hookWeak: 'judge/hook-weak-4.2',
} as const;

/** The model's project requires a chapter-end hook (quality.hook.required), as the CLI's gate then scores it. */
export const SCORING = { weights: 'plot', hook_required: true, hook_min_strength: 3 } as const;

export function judgedEvent(variant: string): PipelineEvent {
  const primary = JSON.parse(
    outputFile(variant, `staging/evaluations/chapter-${NNN}-eval.json`).toString('utf8'),
  ) as EvalForGate;
  return { type: 'JUDGED', ...computeVerdict(primary, undefined, SCORING), sample: variant } as PipelineEvent;
}

/**
 * Sample events. The micro-steps of §13.4 (an untitled refine, a weak hook and
 * their fixes) multiply the simple paths past what a test run can drive; they
 * are left out of the simple-path enumeration (`micro: false`) and their
 * transitions covered by the shortest paths that fire them.
 */
export function sampleEvents(micro = true): PipelineEvent[] {
  return [
    { type: 'DRAFTED' },
    { type: 'SUMMARIZED' },
    { type: 'AUDITED' },
    { type: 'REFINED' },
    ...(micro
      ? [
          { type: 'REFINED', title_hard: true } as PipelineEvent,
          { type: 'TITLE_FIXED' } as PipelineEvent,
          { type: 'HOOK_FIXED' } as PipelineEvent,
        ]
      : []),
    { type: 'COMMITTED' },
    { type: 'ACCEPT' },
    { type: 'REVISE' },
    { type: 'REWRITE' },
    { type: 'DRAFT_LOST' },
    ...Object.entries(JUDGE_SAMPLES)
      .filter(([k]) => micro || k !== 'hookWeak')
      .map(([, v]) => judgedEvent(v)),
  ];
}

export type ModelSnapshot = ReturnType<ReturnType<typeof createActor<typeof pipelineMachine>>['getSnapshot']>;

export function serializeSnapshot(s: ModelSnapshot): string {
  return (
    `${String(s.value)}|rc=${s.context.revision_count}|` +
    `${s.context.gate?.decision ?? '-'}${s.context.gate?.force_passed ? '+forced' : ''}` +
    `|t=${s.context.title_fixed ? 1 : 0}|h=${s.context.hook_fixed_round ?? '-'}`
  );
}

export function eventLabel(e: PipelineEvent & { sample?: string }): string {
  if (e.type === 'REFINED' && e.title_hard) return 'REFINED(untitled)';
  return e.type === 'JUDGED' ? `JUDGED(${(e as { sample?: string }).sample?.replace('judge/', '')})` : e.type;
}

/** Transition keys taken when replaying events, read from the actor's inspection stream. */
export function transitionsTaken(input: PipelineInput, events: readonly PipelineEvent[]): string[] {
  return transitionsTakenBy(pipelineMachine, input, events);
}

export function sha256(buf: Buffer | string): string {
  return createHash('sha256').update(buf).digest('hex');
}

export function checkpointOf(project: string): Record<string, any> {
  return readJson(join(project, '.checkpoint.json'));
}

function stagedChapterHash(project: string): string | null {
  const p = join(project, STAGED_CHAPTER);
  return existsSync(p) ? sha256(readFileSync(p)) : null;
}

/** The first fixture variant whose chapter differs from both the staged and the recorded chapter. */
function pickChapterVariant(project: string, candidates: string[]): string {
  const recorded = checkpointOf(project).staging_hashes?.[STAGED_CHAPTER] ?? null;
  const staged = stagedChapterHash(project);
  for (const c of candidates) {
    const h = sha256(outputFile(c, STAGED_CHAPTER));
    if (h !== recorded && h !== staged) return c;
  }
  throw new Error(`no chapter variant differs from the staged/recorded chapter among ${candidates.join(', ')}`);
}

/** What `novel next` must say when the pipeline rests in `state` (outputs not written yet): step, action and mode. */
export function predictedNext(s: ModelSnapshot): { step: string; action: string; mode: string } {
  const state = String(s.value) as StableState;
  if (state === 'done')
    return { step: `chapter:${String(CHAPTER + 1).padStart(3, '0')}:draft`, action: 'execute', mode: 'draft' };
  const meta = stateMeta(state);
  return { step: `chapter:${NNN}:${meta.step}`, action: meta.action, mode: meta.mode };
}

export async function expectNext(
  project: string,
  expected: { step: string; action: string; mode?: string },
  note: string,
): Promise<any> {
  const r = await novelJson(project, ['next']);
  expect(r.code, `${note}: next exit code (${JSON.stringify(r.body)})`).toBe(0);
  const said = {
    step: r.body.data.step,
    action: r.body.data.action,
    ...(expected.mode !== undefined ? { mode: r.body.data.mode } : {}),
  };
  expect(said, `${note}: next (${r.body.data.reason})`).toEqual(expected);
  // Plain `next` works out the step alone (no validation, no reason): it names the step --json names.
  const plain = await novel(project, ['next']);
  expect(plain.stdout.trim(), `${note}: plain next`).toBe(r.body.data.step);
  return r.body.data;
}

async function ok(project: string, args: string[], note: string): Promise<void> {
  const r = await novel(project, args);
  expect(r.code, `${note}: novel ${args.join(' ')} failed:\n${r.stderr}${r.stdout}`).toBe(0);
}

/** Write the outputs an executor would write for the event (the "execute" half). */
export function writeOutputs(
  project: string,
  event: PipelineEvent & { sample?: string },
  before: ModelSnapshot,
): string | null {
  const state = String(before.value);
  switch (event.type) {
    case 'DRAFTED': {
      const v = pickChapterVariant(
        project,
        state === 'revising' ? ['draft/revision', 'draft/good'] : ['draft/good', 'draft/revision'],
      );
      overlay(project, v);
      return 'draft';
    }
    case 'SUMMARIZED':
      overlay(project, before.context.revision_count > 0 ? 'summarize/revision' : 'summarize/good');
      return 'summarize';
    case 'AUDITED':
      overlay(project, 'audit/good');
      return 'audit';
    case 'REFINED': {
      const v = event.title_hard
        ? 'refine/untitled'
        : pickChapterVariant(
            project,
            state === 'polishing'
              ? ['refine/polish', 'refine/good', 'refine/revision']
              : ['refine/good', 'refine/revision', 'refine/polish'],
          );
      overlay(project, v);
      return 'refine';
    }
    case 'TITLE_FIXED':
      overlay(project, 'title-fix/good');
      return 'title-fix';
    case 'HOOK_FIXED': {
      // The writer's hook-fix: the last two paragraphs rewritten, every byte before them kept.
      const p = join(project, STAGED_CHAPTER);
      writeFileSync(
        p,
        `${protectedText(readFileSync(p, 'utf8'), 'hook-fix')}门外的脚步声忽然停了。\n\n下一刻，门被人一把推开。\n`,
      );
      return 'hook-fix';
    }
    case 'JUDGED':
      overlay(project, event.sample as string);
      return 'judge';
    default:
      return null;
  }
}

/**
 * Realise one event through the real CLI. For a step with outputs, `crashImage`
 * (when given) receives a copy of the project taken after the outputs were
 * written and before the advance: a simulated crash between execute and advance.
 */
export async function realise(
  project: string,
  event: PipelineEvent & { sample?: string },
  before: ModelSnapshot,
  note: string,
  crashImage?: (image: string, step: string) => Promise<void>,
): Promise<void> {
  const stage = writeOutputs(project, event, before);
  if (stage !== null) {
    const step = `chapter:${NNN}:${stage}`;
    // Outputs written, not yet advanced: `next` must resume with an advance.
    await expectNext(project, { step, action: 'advance' }, `${note} (outputs written)`);
    let image: string | null = null;
    if (crashImage) {
      image = tempDir('novel-crash-');
      cpSync(project, image, { recursive: true });
    }
    await ok(project, ['validate', step], note);
    await ok(project, ['advance', step], note);
    if (image) {
      await crashImage?.(image, step);
      rmSync(image, { recursive: true, force: true });
    }
    return;
  }
  switch (event.type) {
    case 'COMMITTED':
      await expectNext(project, { step: `chapter:${NNN}:commit`, action: 'commit' }, note);
      await ok(project, ['commit', '--chapter', String(CHAPTER)], note);
      return;
    case 'ACCEPT':
    case 'REVISE':
    case 'REWRITE':
      await expectNext(project, { step: `chapter:${NNN}:review`, action: 'review' }, note);
      await ok(project, ['decide', `chapter:${NNN}`, event.type.toLowerCase()], note);
      return;
    case 'DRAFT_LOST':
      rmSync(join(project, STAGED_CHAPTER));
      return;
    default:
      throw new Error(`unrealised event ${event.type}`);
  }
}

/** §3: what `.checkpoint.json` holds after the event, stated independently of the projection code. */
export function expectCheckpoint(
  project: string,
  event: PipelineEvent,
  before: ModelSnapshot,
  after: ModelSnapshot,
  note: string,
): void {
  const cp = checkpointOf(project);
  const to = String(after.value);
  const rc = after.context.revision_count;
  const base = { inflight_chapter: CHAPTER, revision_count: rc };
  const pick = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, cp[k] ?? null]));
  const check = (want: Record<string, unknown>) => expect(pick(Object.keys(want)), `${note}: checkpoint`).toEqual(want);
  expect(cp.x_editor_note, `${note}: unknown checkpoint field preserved`).toBe(
    'kept by other tools; novel must preserve it',
  );
  if (event.type !== 'DRAFT_LOST') expect(cp.orchestrator_state, `${note}: orchestrator_state`).toBe('WRITING');
  // The full gate record, so that the gate's three ways to commit (pass, force pass, policy none) are told apart.
  if (cp.pipeline_stage === 'judged' || cp.pipeline_stage === 'revising')
    expect(cp.gate, `${note}: gate record`).toEqual(after.context.gate);
  // The micro-steps' flags (§13.4) follow the machine's context.
  expect(
    { title_fixed: cp.title_fixed ?? false, hook_fixed_round: cp.hook_fixed_round ?? null },
    `${note}: micro-step flags`,
  ).toEqual(
    event.type === 'COMMITTED'
      ? { title_fixed: false, hook_fixed_round: null }
      : { title_fixed: after.context.title_fixed, hook_fixed_round: after.context.hook_fixed_round },
  );
  switch (event.type) {
    case 'DRAFTED':
      return check({ ...base, pipeline_stage: 'drafting' });
    case 'SUMMARIZED':
      return check({ ...base, pipeline_stage: 'drafted' });
    case 'AUDITED':
      return check({ ...base, pipeline_stage: 'audited' });
    case 'REFINED':
      if (to === 'titleFix') {
        check({ ...base, pipeline_stage: 'title_fixing' });
        expect(cp.fix_guard, `${note}: fix_guard`).toMatchObject({
          step: 'title-fix',
          copy: `staging/revisions/chapter-${NNN}/title-fix/chapters/chapter-${NNN}.md`,
        });
        return;
      }
      if (String(before.value) === 'polishing') {
        check({ ...base, pipeline_stage: 'judged' });
        expect(cp.gate?.decision, note).toBe('pass');
        expect(cp.gate?.polished, note).toBe(true);
        return;
      }
      return check({ ...base, pipeline_stage: 'refined' });
    case 'TITLE_FIXED':
    case 'HOOK_FIXED':
      check({ ...base, pipeline_stage: 'refined' });
      expect(cp.fix_guard, `${note}: fix_guard cleared`).toBeUndefined();
      return;
    case 'JUDGED':
      if (to === 'hookFix') {
        check({ ...base, pipeline_stage: 'hook_fixing' });
        expect(cp.gate, `${note}: no gate before the hook-fix`).toBeUndefined();
        expect(cp.fix_guard, `${note}: fix_guard`).toMatchObject({
          step: 'hook-fix',
          copy: `staging/revisions/chapter-${NNN}/hook-fix-${rc}/chapters/chapter-${NNN}.md`,
        });
        return;
      }
      if (to === 'revising') {
        check({ ...base, pipeline_stage: 'revising', revision_count: before.context.revision_count + 1 });
        expect(cp.gate?.decision, note).toBe('revise');
        return;
      }
      if (to === 'polishing') {
        check({ ...base, pipeline_stage: 'revising' });
        expect(cp.gate?.decision, note).toBe('polish');
        return;
      }
      check({ ...base, pipeline_stage: 'judged' });
      expect(cp.gate?.decision, note).toBe(after.context.gate?.decision);
      if (to === 'commit') expect(['pass'], note).toContain(cp.gate?.decision);
      else expect(['pause_for_user', 'pause_for_user_force_rewrite'], note).toContain(cp.gate?.decision);
      return;
    case 'COMMITTED':
      check({
        pipeline_stage: 'committed',
        inflight_chapter: null,
        revision_count: 0,
        last_completed_chapter: CHAPTER,
      });
      expect(cp.gate, `${note}: gate removed`).toBeUndefined();
      return;
    case 'ACCEPT':
      check({ ...base, pipeline_stage: 'judged' });
      expect(cp.gate?.decision, note).toBe('accepted_by_user');
      return;
    case 'REVISE':
      check({ ...base, pipeline_stage: 'revising', revision_count: before.context.revision_count + 1 });
      expect(cp.gate?.decision, note).toBe('revise');
      return;
    case 'REWRITE':
      check({ pipeline_stage: null, inflight_chapter: CHAPTER, revision_count: 0 });
      expect(cp.gate, `${note}: gate removed`).toBeUndefined();
      return;
    case 'DRAFT_LOST':
      check({ ...base, pipeline_stage: 'drafting' });
      return;
  }
}

export function writeConfig(project: string, policy: string, maxRevisions: number): void {
  const p = join(project, 'novel.config.json');
  const config = JSON.parse(readFileSync(p, 'utf8'));
  writeFileSync(
    p,
    `${JSON.stringify(
      { ...config, revision_policy: policy, max_revisions: maxRevisions, quality: { hook: { required: true } } },
      null,
      2,
    )}\n`,
  );
}

/** The step's first required output: removing it simulates a crash in the middle of execute. */
export function firstRequiredOutput(step: string): string {
  const stage = step.split(':')[2];
  switch (stage) {
    case 'draft':
    case 'refine':
    case 'title-fix':
    case 'hook-fix':
      return STAGED_CHAPTER;
    case 'summarize':
      return `staging/state/chapter-${NNN}-delta.json`;
    case 'audit':
      return `staging/audits/chapter-${NNN}-audit.json`;
    default:
      return `staging/evaluations/chapter-${NNN}-eval.json`;
  }
}

/**
 * A crash image resumes per §5: with an output missing, `next` re-executes the
 * same step (never an earlier one); with all outputs, it advances them; and
 * advancing from the image gives the checkpoint the uninterrupted run wrote.
 */
export async function checkCrashImage(image: string, step: string, uninterrupted: string, note: string): Promise<void> {
  const victim = join(image, firstRequiredOutput(step));
  const aside = `${victim}.aside`;
  cpSync(victim, aside);
  rmSync(victim);
  await expectNext(image, { step, action: 'execute' }, `${note} (crash during execute)`);
  cpSync(aside, victim);
  rmSync(aside);
  await expectNext(image, { step, action: 'advance' }, `${note} (crash before advance)`);
  await ok(image, ['advance', step], `${note} (resumed)`);
  const strip = (cp: Record<string, any>) => {
    const { last_checkpoint_time: _t, ...rest } = cp;
    return rest;
  };
  expect(strip(checkpointOf(image)), `${note}: resumed checkpoint equals the uninterrupted one`).toEqual(
    strip(checkpointOf(uninterrupted)),
  );
}

/** The pipeline's snapshot after a list of events from a fresh chapter. */
export function replay(input: PipelineInput, events: readonly PipelineEvent[]): ModelSnapshot[] {
  let [snapshot] = initialTransition(pipelineMachine, input);
  const out: ModelSnapshot[] = [snapshot as ModelSnapshot];
  for (const e of events) {
    [snapshot] = transition(pipelineMachine, snapshot, e);
    out.push(snapshot as ModelSnapshot);
  }
  return out;
}

/**
 * Breadth-first search over the sample events: the shortest event list from
 * `start` (events already applied) to a snapshot satisfying `goal`.
 */
export function shortestEvents(
  input: PipelineInput,
  start: readonly PipelineEvent[],
  goal: (s: ModelSnapshot, events: readonly PipelineEvent[]) => boolean,
  stopWhen: (s: ModelSnapshot) => boolean,
): PipelineEvent[] | null {
  const first = replay(input, start).at(-1) as ModelSnapshot;
  const queue: Array<{ s: ModelSnapshot; events: PipelineEvent[] }> = [{ s: first, events: [...start] }];
  const seen = new Set([serializeSnapshot(first)]);
  while (queue.length) {
    const { s, events } = queue.shift()!;
    if (events.length > start.length && goal(s, events)) return events;
    if (stopWhen(s) || s.status === 'done') continue;
    for (const e of sampleEvents()) {
      const [next] = transition(pipelineMachine, s, e);
      const key = serializeSnapshot(next as ModelSnapshot);
      const nextEvents = [...events, e];
      if (goal(next as ModelSnapshot, nextEvents)) return nextEvents;
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push({ s: next as ModelSnapshot, events: nextEvents });
    }
  }
  return null;
}

/**
 * For each transition key of `keys`, the shortest event list from a fresh
 * chapter whose transitions include it: what `shortestEvents` finds for each
 * key alone (the same breadth-first order over the same sample events, so the
 * same first list), found in one search that replays each event list once
 * instead of once per key.
 */
export function shortestFirings(
  input: PipelineInput,
  keys: readonly string[],
  stopWhen: (s: ModelSnapshot) => boolean,
): Map<string, PipelineEvent[]> {
  const found = new Map<string, PipelineEvent[]>();
  const missing = new Set(keys);
  const first = replay(input, []).at(-1) as ModelSnapshot;
  // Each entry keeps the keys its events took: a list's keys are its parent's and its last event's.
  const queue: Array<{ s: ModelSnapshot; events: PipelineEvent[]; taken: Set<string> }> = [
    { s: first, events: [], taken: new Set(transitionsTaken(input, [])) },
  ];
  const seen = new Set([serializeSnapshot(first)]);
  while (queue.length && missing.size) {
    const { s, events, taken: before } = queue.shift()!;
    if (stopWhen(s) || s.status === 'done') continue;
    for (const e of sampleEvents()) {
      const [next] = transition(pipelineMachine, s, e);
      const nextEvents = [...events, e];
      const taken = new Set([...before, ...transitionsOfEvent(pipelineMachine, s, e)]);
      for (const key of [...missing]) {
        if (!taken.has(key)) continue;
        found.set(key, nextEvents);
        missing.delete(key);
      }
      const key = serializeSnapshot(next as ModelSnapshot);
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push({ s: next as ModelSnapshot, events: nextEvents, taken });
    }
  }
  return found;
}
