import { describe, expect, it } from 'vitest';
import { pipelineGraph } from '../../src/core/graph.js';
import { pipelineEdges, pipelineTargets } from '../../src/core/pipeline-targets.js';

describe('pipelineTargets', () => {
  /**
   * The same question answered on the whole graph: follow the event's edges, then every eventless edge out of a
   * transient state.
   */
  const viaGraph = (source: string, event: string): string[] => {
    const g = pipelineGraph();
    const expand = (target: string, seen: Set<string>): string[] => {
      if (g.states.find((s) => s.id === target)?.type !== 'transient') return [target];
      if (seen.has(target)) return [];
      seen.add(target);
      return g.transitions.filter((t) => t.source === target && t.event === '').flatMap((t) => expand(t.target, seen));
    };
    return [
      ...new Set(
        g.transitions
          .filter((t) => t.source === source && t.event === event)
          .flatMap((t) => expand(t.target, new Set())),
      ),
    ];
  };

  it('agrees with the whole graph for every state and every event of the pipeline', () => {
    const g = pipelineGraph();
    const events = [...new Set(g.transitions.map((t) => t.event).filter(Boolean)), 'NO_SUCH_EVENT'];
    let nonEmpty = 0;
    for (const s of [...g.states.map((x) => x.id), 'no-such-state']) {
      for (const e of events) {
        const got = pipelineTargets(s, e);
        expect(got, `${s} --${e}-->`).toEqual(viaGraph(s, e));
        if (got.length) nonEmpty++;
      }
    }
    expect(nonEmpty).toBeGreaterThan(10);
  });

  it('passes through the transient gate to the states a judge result can lead to', () => {
    expect(pipelineTargets('judge', 'JUDGED')).toEqual(viaGraph('judge', 'JUDGED'));
    expect(pipelineTargets('judge', 'JUDGED').length).toBeGreaterThan(1);
    expect(pipelineTargets('judge', 'JUDGED')).not.toContain('gate');
  });
});

describe('pipelineEdges', () => {
  it("are the whole graph's edges out of a state by an event, in its order, for every state and event", () => {
    const g = pipelineGraph();
    const events = [...new Set(g.transitions.map((t) => t.event).filter(Boolean)), 'NO_SUCH_EVENT'];
    let nonEmpty = 0;
    for (const s of [...g.states.map((x) => x.id), 'no-such-state', 'constructor']) {
      for (const e of events) {
        const want = g.transitions.filter((t) => t.source === s && t.event === e).map((t) => t.target);
        expect(pipelineEdges(s, e), `${s} --${e}-->`).toEqual(want);
        if (want.length) nonEmpty++;
      }
    }
    expect(nonEmpty).toBeGreaterThan(10);
  });

  it("name a transient state as it is: the review's rewrite goes back through lock", () => {
    expect(pipelineEdges('review', 'REWRITE')).toEqual(
      pipelineGraph()
        .transitions.filter((t) => t.source === 'review' && t.event === 'REWRITE')
        .map((t) => t.target),
    );
    expect(pipelineEdges('review', 'REWRITE').length).toBeGreaterThan(0);
  });
});
