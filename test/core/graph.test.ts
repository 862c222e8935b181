import { createMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { bookGraph, toDot, toMermaid, guardName, machineGraph, pipelineGraph } from '../../src/core/graph.js';

describe('machineGraph', () => {
  const toy = createMachine({
    id: 'toy',
    initial: 'a',
    states: {
      a: {
        description: 'first',
        on: { GO: { target: 'b', guard: 'ready', actions: 'note' }, STAY: { actions: 'note' } },
      },
      b: { always: [{ target: 'c', guard: { type: 'over', params: { at: 3 } } }, { target: 'a' }] },
      c: { initial: 'x', states: { x: { on: { END: 'y' } }, y: { type: 'final' } }, onDone: 'd' },
      d: { type: 'final' },
    },
  });

  it('lists every state with its kind, and a compound state its initial child', () => {
    const g = machineGraph(toy, 'toy');
    expect(g.initial).toBe('a');
    expect(g.states.map((s) => [s.id, s.parent, s.type])).toEqual([
      ['a', null, 'stable'],
      ['b', null, 'transient'],
      ['c', null, 'compound'],
      ['c.x', 'c', 'stable'],
      ['c.y', 'c', 'final'],
      ['d', null, 'final'],
    ]);
    expect(g.states.find((s) => s.id === 'c')?.initial).toBe('c.x');
    expect(g.states.find((s) => s.id === 'a')?.description).toBe('first');
  });

  it('has the eventless transitions beside the events, a done event, and no edge for a targetless transition', () => {
    expect(machineGraph(toy, 'toy').transitions).toEqual([
      { source: 'a', target: 'b', event: 'GO', guard: 'ready', actions: ['note'] },
      { source: 'b', target: 'c', event: '', guard: 'over(3)', actions: [] },
      { source: 'b', target: 'a', event: '', guard: null, actions: [] },
      { source: 'c', target: 'd', event: 'done', guard: null, actions: [] },
      { source: 'c.x', target: 'c.y', event: 'END', guard: null, actions: [] },
    ]);
  });

  it('names composite guards', () => {
    expect(guardName(undefined)).toBeNull();
    expect(guardName('g')).toBe('g');
    expect(guardName({ type: 'g', params: {} })).toBe('g');
    expect(guardName({ guards: ['a', 'b'], name: 'or' })).toBe('a ∨ b');
    expect(guardName({ guards: ['a', { type: 'b', params: { n: 1 } }], name: 'and' })).toBe('a ∧ b(1)');
  });

  it('the book graph holds the chapter pipeline below writing; both start where the machines do', () => {
    const book = bookGraph();
    const pipeline = pipelineGraph();
    expect(pipeline.initial).toBe('lock');
    // The chapter pipeline below writing, after the book's own resume state.
    expect(book.states.filter((s) => s.parent === 'writing').map((s) => s.id.slice('writing.'.length))).toEqual([
      'resume',
      ...pipeline.states.filter((s) => s.parent === null).map((s) => s.id),
    ]);
    // The gate's first-match rules are eventless transitions.
    expect(pipeline.transitions.filter((t) => t.source === 'gate' && t.event === '').length).toBeGreaterThan(3);
    expect(toMermaid(pipeline)).toContain('lock');
    expect(toDot(pipeline)).toMatch(/^digraph "/);
  });
});
