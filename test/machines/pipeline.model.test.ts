/**
 * The pipeline model's coverage: the paths that
 * pipeline-{auto,manual,none}.model.test.ts drive through the real CLI, one
 * revision policy each (test/helpers/pipeline-model-paths.ts), take every
 * state and every transition of the chapter machine. A coverage table of the
 * paths through each is printed; anything below 100 % fails.
 */
import { describe, expect, it } from 'vitest';
import { pipelineGraph, transitionKey } from '../../src/core/graph.js';
import { transitionsTaken } from '../helpers/pipeline-model.js';
import { MODELS, pathsFor, statesOn } from '../helpers/pipeline-model-paths.js';

describe('coverage of the pipeline machine', () => {
  it('every state and every transition is on at least one driven path', () => {
    const allStates = pipelineGraph().states.map((s) => s.id);
    const allTransitions = pipelineGraph().transitions.map(transitionKey);
    const statePaths = new Map<string, number>();
    const transitionPaths = new Map<string, number>();
    for (const m of MODELS) {
      const { input, paths } = pathsFor(m);
      for (const events of paths) {
        for (const t of new Set(transitionsTaken(input, events)))
          transitionPaths.set(t, (transitionPaths.get(t) ?? 0) + 1);
        for (const s of statesOn(input, events)) statePaths.set(s, (statePaths.get(s) ?? 0) + 1);
      }
    }
    const rows: string[] = ['state                      paths'];
    for (const s of allStates) rows.push(`${s.padEnd(26)} ${statePaths.get(s) ?? 0}`);
    rows.push('', 'transition                                                                   paths');
    for (const t of allTransitions) rows.push(`${t.padEnd(76)} ${transitionPaths.get(t) ?? 0}`);
    const coveredStates = allStates.filter((s) => (statePaths.get(s) ?? 0) > 0).length;
    const coveredTransitions = allTransitions.filter((t) => (transitionPaths.get(t) ?? 0) > 0).length;
    rows.push(
      '',
      `states covered: ${coveredStates}/${allStates.length} ` +
        `(${((100 * coveredStates) / allStates.length).toFixed(0)} %)`,
      `transitions covered: ${coveredTransitions}/${allTransitions.length} ` +
        `(${((100 * coveredTransitions) / allTransitions.length).toFixed(0)} %)`,
    );
    process.stdout.write(`\nPipeline model coverage\n${rows.join('\n')}\n`);
    expect(coveredStates).toBe(allStates.length);
    expect(coveredTransitions).toBe(allTransitions.length);
  });
});
