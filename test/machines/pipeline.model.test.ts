/**
 * Model-based tests: @xstate/graph enumerates every simple path of the
 * pipeline machine from a fresh chapter to `done` (revision rounds bounded by
 * max_revisions, plus one author-requested revision past the budget), for each
 * revision policy. Each path drives the real CLI on a copy of the fixture
 * project and checks after every step that `novel next` says what the machine
 * predicts and that `.checkpoint.json` matches the §3 table. A coverage table
 * of states and transitions is printed; anything below 100 % fails.
 */
import { cpSync } from 'node:fs';
import { createTestModel } from '@xstate/graph';
import { afterAll, describe, expect, it } from 'vitest';
import type { PipelineEvent } from '../../machines/pipeline.events.js';
import { pipelineMachine, type PipelineInput } from '../../machines/pipeline.machine.js';
import { pipelineGraph, transitionKey } from '../../src/core/graph.js';
import { cleanupTempDirs, fixtureCopy, novelJson, tempDir } from '../helpers/project.js';
import {
  CHAPTER,
  checkCrashImage,
  eventLabel,
  expectCheckpoint,
  expectNext,
  predictedNext,
  realise,
  sampleEvents,
  serializeSnapshot,
  transitionsTaken,
  writeConfig,
  replay,
  shortestEvents,
  shortestFirings,
  type ModelSnapshot,
} from '../helpers/pipeline-model.js';

const THRESHOLDS = { pass: 4.0, polish: 3.5, revise: 3.0, pause: 2.0 };
/** Path prefixes whose crash image (outputs written, not advanced) was resumed. */
const crashPrefixes = new Set<string>();
let crashChecks = 0;
const statePaths = new Map<string, number>();
const transitionPaths = new Map<string, number>();
const allStates = pipelineGraph().states.map((s) => s.id);
const allTransitions = pipelineGraph().transitions.map(transitionKey);

/** Policy × budget, with the number of simple paths each yields (a change of the graph must show up here). */
const MODELS = [
  { policy: 'auto', max_revisions: 1, paths: 100 },
  { policy: 'manual_confirm', max_revisions: 1, paths: 102 },
  { policy: 'none', max_revisions: 1, paths: 42 },
] as const;

function pathsFor(m: (typeof MODELS)[number]) {
  const input: PipelineInput = { chapter: CHAPTER, max_revisions: m.max_revisions, revision_policy: m.policy, thresholds: THRESHOLDS };
  const model = createTestModel(pipelineMachine, {
    input,
    events: sampleEvents(false),
    serializeState: (s: ModelSnapshot) => serializeSnapshot(s),
  } as never);
  // One author-requested revision past the budget is explored, no more.
  const stopWhen = (s: ModelSnapshot) => s.context.revision_count > m.max_revisions + 1;
  const toDone = { stopWhen, toState: (s: ModelSnapshot) => s.status === 'done' } as never;
  const simple = model.getSimplePaths(toDone).map((p) => p.steps.slice(1).map((st) => st.event as PipelineEvent));
  // Transitions that only loop back to a visited state (DRAFT_LOST, REWRITE)
  // never lie on a simple path: for each, the shortest event list that fires
  // it, continued by the shortest way on to `done`.
  const covered = new Set(simple.flatMap((events) => transitionsTaken(input, events)));
  const extra: PipelineEvent[][] = [];
  const firings = shortestFirings(
    input,
    allTransitions.filter((key) => !covered.has(key)),
    stopWhen,
  );
  for (const key of allTransitions) {
    if (covered.has(key)) continue;
    const firing = firings.get(key);
    const full = firing && shortestEvents(input, firing, (s) => s.status === 'done', stopWhen);
    if (full) {
      extra.push(full);
      for (const t of transitionsTaken(input, full)) covered.add(t);
    }
  }
  return { input, paths: [...simple, ...extra], simple: simple.length, extra: extra.length };
}


afterAll(() => {
  cleanupTempDirs();
});

/**
 * Paths share their beginnings (244 simple paths, 3,309 events, 806 distinct
 * prefixes). The project after a prefix is the same whichever path drives it
 * there, so a path starts from a copy of the project as the first path with
 * the longest prefix in common left it (checked there, step by step), and
 * drives and checks only the rest: every prefix is driven and checked once.
 * Copies take new inodes and times, as each path's fresh fixture copy did:
 * the first command after one reads past the stat caches, the next ones
 * through them. A path run alone (`-t`) starts from the fixture.
 */
const prefixKey = (m: (typeof MODELS)[number], events: readonly PipelineEvent[]): string => `${m.policy}/${m.max_revisions}: ${events.map(eventLabel).join(' → ')}`;
/** For each path, how many of its first events an earlier path drives too. */
function sharedLengths(paths: readonly PipelineEvent[][]): number[] {
  const labels = paths.map((events) => events.map(eventLabel));
  return labels.map((path, i) => {
    let best = 0;
    for (let j = 0; j < i; j++) {
      const other = labels[j] as string[];
      let n = 0;
      while (n < path.length && n < other.length && path[n] === other[n]) n++;
      best = Math.max(best, n);
    }
    return best;
  });
}
/** Copies of the project after a prefix that a later path starts from, by prefixKey. */
const saved = new Map<string, string>();

for (const m of MODELS) {
  const { input, paths, simple, extra } = pathsFor(m);
  const shared = sharedLengths(paths);
  const wanted = new Set(paths.map((events, i) => prefixKey(m, events.slice(0, shared[i]))));
  describe(`policy ${m.policy}, max_revisions ${m.max_revisions}: ${simple} simple paths + ${extra} for loop-back transitions`, () => {
    it('enumerates the expected number of simple paths', () => {
      expect(simple).toBe(m.paths);
    });

    paths.forEach((events, i) => {
      const label = events.map(eventLabel).join(' → ');
      const states = replay(input, events);
      it(`path ${i + 1}: ${label}`, async () => {
        const from = saved.get(prefixKey(m, events.slice(0, shared[i]))) ?? null;
        const start = from ? (shared[i] as number) : 0;
        let project: string;
        if (from) {
          project = tempDir('novel-model-');
          cpSync(from, project, { recursive: true });
        } else {
          project = fixtureCopy();
          writeConfig(project, m.policy, m.max_revisions);
        }
        let before = states[start] as ModelSnapshot; // the initial snapshot (draft), or where the copy was taken
        if (!from) await expectNext(project, predictedNext(before), 'start');
        const seenStates = new Set<string>([String((states[0] as ModelSnapshot).value), 'lock', ...states.slice(1, start + 1).map((s) => String(s.value))]);
        for (let k = start; k < events.length; k++) {
          const event = events[k]!;
          const after = states[k + 1] as ModelSnapshot;
          const note = `step ${k + 1} ${eventLabel(event)} (${String(before.value)} → ${String(after.value)})`;
          const prefix = prefixKey(m, events.slice(0, k + 1));
          const fresh = !crashPrefixes.has(prefix);
          crashPrefixes.add(prefix);
          await realise(
            project,
            event,
            before,
            note,
            fresh
              ? async (image, step) => {
                  await checkCrashImage(image, step, project, note);
                  crashChecks += 1;
                }
              : undefined,
          );
          await expectNext(project, predictedNext(after), note);
          expectCheckpoint(project, event, before, after, note);
          seenStates.add(String(after.value));
          before = after;
          if (wanted.has(prefix) && !saved.has(prefix)) {
            const copy = tempDir('novel-model-prefix-');
            cpSync(project, copy, { recursive: true });
            saved.set(prefix, copy);
          }
        }
        const taken = transitionsTaken(input, events);
        for (const t of new Set(taken)) transitionPaths.set(t, (transitionPaths.get(t) ?? 0) + 1);
        for (const t of taken) seenStates.add(t.split(' ')[0]!);
        for (const t of taken) seenStates.add(t.split('--> ')[1]!);
        for (const s of seenStates) statePaths.set(s, (statePaths.get(s) ?? 0) + 1);
        expect(String(before.value)).toBe('done');
        const status = await novelJson(project, ['status']);
        expect(status.body.data.last_completed_chapter).toBe(CHAPTER);
      });
    });
  });
}

describe('interruption between execute and advance', () => {
  it('every distinct path prefix ending in an executed step was resumed from a crash image', () => {
    process.stdout.write(`\nInterruption: ${crashChecks} distinct path prefixes resumed from crash images\n`);
    expect(crashChecks).toBeGreaterThan(100);
  });
});

describe('coverage of the pipeline machine', () => {
  it('every state and every transition is on at least one driven path', () => {
    const rows: string[] = ['state                      paths'];
    for (const s of allStates) rows.push(`${s.padEnd(26)} ${statePaths.get(s) ?? 0}`);
    rows.push('', 'transition                                                                   paths');
    for (const t of allTransitions) rows.push(`${t.padEnd(76)} ${transitionPaths.get(t) ?? 0}`);
    const coveredStates = allStates.filter((s) => (statePaths.get(s) ?? 0) > 0).length;
    const coveredTransitions = allTransitions.filter((t) => (transitionPaths.get(t) ?? 0) > 0).length;
    rows.push(
      '',
      `states covered: ${coveredStates}/${allStates.length} (${((100 * coveredStates) / allStates.length).toFixed(0)} %)`,
      `transitions covered: ${coveredTransitions}/${allTransitions.length} (${((100 * coveredTransitions) / allTransitions.length).toFixed(0)} %)`,
    );
    process.stdout.write(`\nPipeline model coverage\n${rows.join('\n')}\n`);
    expect(coveredStates).toBe(allStates.length);
    expect(coveredTransitions).toBe(allTransitions.length);
  });
});
