/**
 * The machines' graphs, read from the machine definitions themselves (states,
 * events, guards, actions) and rendered as mermaid, dot or JSON. Pure.
 * `bookGraph()` has both levels: the book states, and the chapter pipeline as
 * the children of `writing` (ids `writing.draft`, …); `pipelineGraph()` is the
 * chapter machine alone.
 */
import { toDirectedGraph, type DirectedGraphNode } from '@xstate/graph';
import type { AnyStateMachine, AnyTransitionDefinition } from 'xstate';
import { BOOK_MACHINE_ID, bookMachine } from '../../machines/book.machine.js';
import { pipelineMachine, PIPELINE_MACHINE_ID, type StateMeta } from '../../machines/pipeline.machine.js';

export interface GraphState {
  /** Dotted path below the root: `planning`, `writing.draft`. */
  id: string;
  /** The compound state it is a child of (null: top level). */
  parent: string | null;
  type: 'transient' | 'stable' | 'final' | 'compound';
  description: string;
  step: string | null;
  mode: string | null;
  /** A compound state's initial child. */
  initial?: string;
}

export interface GraphTransition {
  source: string;
  target: string;
  /** Event type; "" for an eventless (always) transition, "done" for a compound state's completion. */
  event: string;
  guard: string | null;
  actions: string[];
}

export interface MachineGraph {
  id: string;
  initial: string;
  states: GraphState[];
  transitions: GraphTransition[];
}
export type PipelineGraph = MachineGraph;

export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) {
    const g = guard as { type: unknown; params?: Record<string, unknown> };
    const params = g.params && typeof g.params === 'object' ? Object.values(g.params).map(String) : [];
    return params.length ? `${String(g.type)}(${params.join(', ')})` : String(g.type);
  }
  const g = guard as { guards?: unknown[]; name?: string };
  if (Array.isArray(g.guards)) {
    const op = g.name === 'or' ? ' ∨ ' : ' ∧ ';
    return g.guards.map((x) => guardName(x) ?? '?').join(op);
  }
  return '?';
}

function actionNames(actions: readonly unknown[] | undefined): string[] {
  return (actions ?? []).map((a) =>
    typeof a === 'string' ? a : typeof a === 'object' && a && 'type' in a ? String((a as { type: unknown }).type) : '?',
  );
}

const pathId = (path: readonly string[]): string => path.join('.');

/**
 * The graph of a machine, from @xstate/graph's `toDirectedGraph` (its states
 * and the edges of their events) and each state node's eventless `always`
 * transitions, which that graph leaves out. A transition without a target
 * changes no state and is not an edge.
 */
export function machineGraph(machine: AnyStateMachine, id: string): MachineGraph {
  const states: GraphState[] = [];
  const transitions: GraphTransition[] = [];
  const push = (source: string, event: string, t: AnyTransitionDefinition): void => {
    for (const target of t.target ?? []) {
      transitions.push({
        source,
        target: pathId(target.path),
        event,
        guard: guardName(t.guard),
        actions: actionNames(t.actions),
      });
    }
  };
  const walk = (graph: DirectedGraphNode, parent: string | null): void => {
    const node = graph.stateNode;
    const sid = pathId(node.path);
    const meta = node.meta as StateMeta | undefined;
    const always = node.always ?? [];
    const initial = graph.children.length > 0 ? node.initial.target[0] : undefined;
    states.push({
      id: sid,
      parent,
      type:
        node.type === 'final'
          ? 'final'
          : graph.children.length > 0
            ? 'compound'
            : always.length > 0
              ? 'transient'
              : 'stable',
      description: node.description ?? '',
      step: meta?.step ?? null,
      mode: meta?.mode ?? null,
      ...(initial ? { initial: pathId(initial.path) } : {}),
    });
    // One edge per target; the graph gives a targetless transition its own state as target.
    const seen = new Set<AnyTransitionDefinition>();
    for (const edge of graph.edges) {
      if (seen.has(edge.transition)) continue;
      seen.add(edge.transition);
      push(
        sid,
        edge.transition.eventType.startsWith('xstate.done.state.') ? 'done' : edge.transition.eventType,
        edge.transition,
      );
    }
    for (const t of always) push(sid, '', t);
    for (const child of graph.children) walk(child, sid);
  };
  const root = toDirectedGraph(machine);
  for (const child of root.children) walk(child, null);
  return { id, initial: pathId(machine.root.initial.target[0]?.path ?? []), states, transitions };
}

export function bookGraph(): MachineGraph {
  return machineGraph(bookMachine, BOOK_MACHINE_ID);
}

export function pipelineGraph(): MachineGraph {
  return machineGraph(pipelineMachine, PIPELINE_MACHINE_ID);
}

/** A stable key for a transition: source|event|target|guard. */
export function transitionKey(t: Pick<GraphTransition, 'source' | 'event' | 'target' | 'guard'>): string {
  return `${t.source} --${t.event || '(always)'}${t.guard ? ` [${t.guard}]` : ''}--> ${t.target}`;
}

function label(t: GraphTransition): string {
  const parts: string[] = [];
  if (t.event) parts.push(t.event);
  if (t.guard) parts.push(`[${t.guard}]`);
  if (t.actions.length) parts.push(`/ ${t.actions.join(', ')}`);
  return parts.join(' ');
}

/** The last segment of a state id: mermaid and dot names (unique across both levels). */
const leaf = (id: string): string => id.split('.').at(-1) as string;

export function toMermaid(g: MachineGraph, highlight?: string): string {
  const lines = ['stateDiagram-v2'];
  const byParent = (parent: string | null) => g.states.filter((s) => s.parent === parent);
  const emit = (parent: string | null, indent: string): void => {
    const initial = parent === null ? g.initial : g.states.find((s) => s.id === parent)?.initial;
    if (initial) lines.push(`${indent}[*] --> ${leaf(initial)}`);
    for (const s of byParent(parent)) {
      if (s.type !== 'compound') continue;
      lines.push(`${indent}state ${leaf(s.id)} {`);
      emit(s.id, `${indent}  `);
      lines.push(`${indent}}`);
    }
    for (const t of g.transitions.filter((x) => g.states.find((s) => s.id === x.source)?.parent === parent)) {
      const l = label(t);
      lines.push(`${indent}${leaf(t.source)} --> ${leaf(t.target)}${l ? `: ${l.replace(/:/g, '#colon;')}` : ''}`);
    }
    for (const s of byParent(parent)) if (s.type === 'final') lines.push(`${indent}${leaf(s.id)} --> [*]`);
  };
  emit(null, '  ');
  if (highlight) {
    lines.push('  classDef current fill:#ffd54f,stroke:#e65100,stroke-width:3px');
    lines.push(`  class ${leaf(highlight)} current`);
  }
  return `${lines.join('\n')}\n`;
}

export function toDot(g: MachineGraph, highlight?: string): string {
  const lines = [
    `digraph "${g.id}" {`,
    '  rankdir=LR;',
    '  compound=true;',
    '  node [shape=box, style=rounded];',
    '  __start [shape=point];',
    `  __start -> ${leaf(g.initial)};`,
  ];
  const node = (s: GraphState, indent: string): void => {
    const attrs: string[] = [];
    if (s.type === 'transient') attrs.push('shape=diamond', 'style=""');
    if (s.type === 'final') attrs.push('peripheries=2');
    if (s.id === highlight) attrs.push('style="rounded,filled"', 'fillcolor="#ffd54f"');
    lines.push(`${indent}${leaf(s.id)}${attrs.length ? ` [${attrs.join(', ')}]` : ''};`);
  };
  for (const s of g.states) {
    if (s.parent !== null) continue;
    if (s.type === 'compound') {
      node(s, '  ');
      lines.push(`  subgraph cluster_${leaf(s.id)} {`, `    label="${leaf(s.id)}";`);
      for (const c of g.states.filter((x) => x.parent === s.id)) node(c, '    ');
      lines.push('  }');
    } else node(s, '  ');
  }
  for (const t of g.transitions) {
    const l = label(t);
    lines.push(`  ${leaf(t.source)} -> ${leaf(t.target)}${l ? ` [label="${l.replace(/"/g, '\\"')}"]` : ''};`);
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
