/**
 * The pipeline graph, read from the machine definition itself (states,
 * events, guards, actions) and rendered as mermaid, dot or JSON. Pure.
 */
import { pipelineMachine, PIPELINE_MACHINE_ID, type StateMeta } from '../../machines/pipeline.machine.js';

export interface GraphState {
  id: string;
  type: 'transient' | 'stable' | 'final';
  description: string;
  step: string | null;
  mode: string | null;
}

export interface GraphTransition {
  source: string;
  target: string;
  /** Event type; "" for an eventless (always) transition. */
  event: string;
  guard: string | null;
  actions: string[];
}

export interface PipelineGraph {
  id: string;
  initial: string;
  states: GraphState[];
  transitions: GraphTransition[];
}

interface TransitionLike {
  target?: Array<{ key: string }>;
  guard?: unknown;
  actions?: readonly unknown[];
}

export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  const g = guard as { guards?: unknown[]; name?: string };
  if (Array.isArray(g.guards)) {
    const op = g.name === 'or' ? ' ∨ ' : ' ∧ ';
    return g.guards.map((x) => guardName(x) ?? '?').join(op);
  }
  return '?';
}

function actionNames(actions: readonly unknown[] | undefined): string[] {
  return (actions ?? []).map((a) => (typeof a === 'string' ? a : typeof a === 'object' && a && 'type' in a ? String((a as { type: unknown }).type) : '?'));
}

export function pipelineGraph(): PipelineGraph {
  const root = pipelineMachine.root;
  const states: GraphState[] = [];
  const transitions: GraphTransition[] = [];
  for (const [id, node] of Object.entries(root.states)) {
    const meta = node.meta as StateMeta | undefined;
    const always = (node.always ?? []) as unknown as TransitionLike[];
    states.push({
      id,
      type: node.type === 'final' ? 'final' : always.length > 0 ? 'transient' : 'stable',
      description: node.description ?? '',
      step: meta?.step ?? null,
      mode: meta?.mode ?? null,
    });
    const push = (event: string, t: TransitionLike): void => {
      for (const target of t.target ?? []) {
        transitions.push({ source: id, target: target.key, event, guard: guardName(t.guard), actions: actionNames(t.actions) });
      }
    };
    for (const [event, list] of node.transitions) for (const t of list as unknown as TransitionLike[]) push(event, t);
    for (const t of always) push('', t);
  }
  return { id: PIPELINE_MACHINE_ID, initial: String(root.initial?.target?.[0]?.key ?? 'lock'), states, transitions };
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

export function toMermaid(g: PipelineGraph, highlight?: string): string {
  const lines = ['stateDiagram-v2', `  [*] --> ${g.initial}`];
  for (const t of g.transitions) {
    const l = label(t);
    lines.push(`  ${t.source} --> ${t.target}${l ? `: ${l.replace(/:/g, '#colon;')}` : ''}`);
  }
  for (const s of g.states) if (s.type === 'final') lines.push(`  ${s.id} --> [*]`);
  if (highlight) {
    lines.push('  classDef current fill:#ffd54f,stroke:#e65100,stroke-width:3px');
    lines.push(`  class ${highlight} current`);
  }
  return `${lines.join('\n')}\n`;
}

export function toDot(g: PipelineGraph, highlight?: string): string {
  const lines = [`digraph "${g.id}" {`, '  rankdir=LR;', '  node [shape=box, style=rounded];', '  __start [shape=point];', `  __start -> ${g.initial};`];
  for (const s of g.states) {
    const attrs: string[] = [];
    if (s.type === 'transient') attrs.push('shape=diamond', 'style=""');
    if (s.type === 'final') attrs.push('peripheries=2');
    if (s.id === highlight) attrs.push('style="rounded,filled"', 'fillcolor="#ffd54f"');
    lines.push(`  ${s.id}${attrs.length ? ` [${attrs.join(', ')}]` : ''};`);
  }
  for (const t of g.transitions) {
    const l = label(t);
    lines.push(`  ${t.source} -> ${t.target}${l ? ` [label="${l.replace(/"/g, '\\"')}"]` : ''};`);
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
