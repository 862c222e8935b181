/**
 * The pipeline model's paths and their driver, shared by the model test files:
 * test/machines/pipeline-{auto,manual,none}.model.test.ts drive one revision
 * policy each (three files, so that they run side by side), and
 * pipeline.model.test.ts checks that the paths of all three together take every
 * state and transition of the chapter machine.
 *
 * @xstate/graph enumerates every simple path of the pipeline machine from a
 * fresh chapter to `done` (revision rounds bounded by max_revisions, plus one
 * author-requested revision past the budget), for each revision policy, and a
 * shortest path is added for each transition that only loops back (never on a
 * simple path). Each path drives the real CLI on a copy of the fixture project
 * and checks after every step that `novel next` says what the machine predicts
 * and that `.checkpoint.json` matches the §3 table.
 */
import { cpSync } from 'node:fs';
import { createTestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { PipelineEvent } from '../../machines/pipeline.events.js';
import { pipelineMachine, type PipelineInput } from '../../machines/pipeline.machine.js';
import { pipelineGraph, transitionKey } from '../../src/core/graph.js';
import { fixtureCopy, novelJson, tempDir } from './project.js';
import {
  CHAPTER,
  checkCrashImage,
  eventLabel,
  expectCheckpoint,
  expectNext,
  predictedNext,
  realise,
  replay,
  sampleEvents,
  serializeSnapshot,
  shortestEvents,
  shortestFirings,
  transitionsTaken,
  writeConfig,
  type ModelSnapshot,
} from './pipeline-model.js';

const THRESHOLDS = { pass: 4.0, polish: 3.5, revise: 3.0, pause: 2.0 };

/** Policy × budget, with the number of simple paths each yields (a change of the graph must show up here). */
export const MODELS = [
  { policy: 'auto', max_revisions: 1, paths: 100 },
  { policy: 'manual_confirm', max_revisions: 1, paths: 102 },
  { policy: 'none', max_revisions: 1, paths: 42 },
] as const;
export type Model = (typeof MODELS)[number];

/** A model's paths: the simple ones, then one for each loop-back transition no simple path takes. */
export function pathsFor(m: Model): { input: PipelineInput; paths: PipelineEvent[][]; simple: number; extra: number } {
  const input: PipelineInput = {
    chapter: CHAPTER,
    max_revisions: m.max_revisions,
    revision_policy: m.policy,
    thresholds: THRESHOLDS,
  };
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
  const allTransitions = pipelineGraph().transitions.map(transitionKey);
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

/** The states a path passes through: those the machine rests in, `lock`, and both ends of every transition it takes. */
export function statesOn(input: PipelineInput, events: readonly PipelineEvent[]): Set<string> {
  const states = new Set<string>([...replay(input, events).map((s) => String(s.value)), 'lock']);
  for (const t of transitionsTaken(input, events)) {
    states.add(t.split(' ')[0] as string);
    states.add(t.split('--> ')[1] as string);
  }
  return states;
}

const prefixKey = (m: Model, events: readonly PipelineEvent[]): string =>
  `${m.policy}/${m.max_revisions}: ${events.map(eventLabel).join(' → ')}`;

/** An event whose realisation executes a step (writes its outputs, then advances): its prefix gets a crash image. */
const executes = (e: PipelineEvent): boolean =>
  ['DRAFTED', 'SUMMARIZED', 'AUDITED', 'REFINED', 'TITLE_FIXED', 'HOOK_FIXED', 'JUDGED'].includes(e.type);

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

/**
 * The tests of one model: its path count, each path through the CLI, and a crash image resumed for every distinct
 * prefix that executes a step.
 */
export function describeModel(m: Model): void {
  const { input, paths, simple, extra } = pathsFor(m);
  const shared = sharedLengths(paths);
  const wanted = new Set(paths.map((events, i) => prefixKey(m, events.slice(0, shared[i]))));
  /** Copies of the project after a prefix that a later path starts from, by prefixKey. */
  const saved = new Map<string, string>();
  /** Path prefixes whose crash image (outputs written, not advanced) was resumed. */
  const crashPrefixes = new Set<string>();
  let crashChecks = 0;
  describe(
    `policy ${m.policy}, max_revisions ${m.max_revisions}: ` +
      `${simple} simple paths + ${extra} for loop-back transitions`,
    () => {
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
            before = after;
            if (wanted.has(prefix) && !saved.has(prefix)) {
              const copy = tempDir('novel-model-prefix-');
              cpSync(project, copy, { recursive: true });
              saved.set(prefix, copy);
            }
          }
          expect(String(before.value)).toBe('done');
          const status = await novelJson(project, ['status']);
          expect(status.body.data.last_completed_chapter).toBe(CHAPTER);
        });
      });

      it('every distinct path prefix ending in an executed step was resumed from a crash image', () => {
        const expected = new Set(
          paths.flatMap((events) =>
            events.flatMap((e, k) => (executes(e) ? [prefixKey(m, events.slice(0, k + 1))] : [])),
          ),
        );
        process.stdout.write(
          `\nInterruption (${m.policy}): ${crashChecks} distinct path prefixes resumed from crash images\n`,
        );
        expect(crashChecks).toBe(expected.size);
      });
    },
  );
}
