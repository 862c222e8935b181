/**
 * Where an event takes the chapter pipeline, read off the book machine's `writing` states: the chapter pipeline as the
 * book runs it (machines/book.machine.ts), the same states and transitions as the standalone pipeline machine's
 * (machines/pipeline.machine.ts). A packet names the step after its own from here, so that `novel instructions`
 * makes one machine, not two: the standalone one is for the chapter model-based tests and `novel graph`. Pure.
 */
import type { AnyStateNode } from 'xstate';
import { bookMachine } from '../../machines/book.machine.js';

/** The chapter states, by name. */
const chapterStates = (): Record<string, AnyStateNode> => (bookMachine.root.states.writing as AnyStateNode).states;

/** A chapter state's id as the pipeline names it: its path below `writing`. */
const idOf = (node: AnyStateNode): string => node.path.slice(1).join('.');

const transitionsOf = (source: string, event: string) => {
  const states = chapterStates();
  return (Object.hasOwn(states, source) ? states[source] : undefined)?.transitions.get(event) ?? [];
};

/** The states `event` leads to from the state `source`, one per transition in the machine's order, as written. */
export function pipelineEdges(source: string, event: string): string[] {
  return transitionsOf(source, event).flatMap((t) => (t.target ?? []).map(idOf));
}

/**
 * Where `event` takes the chapter pipeline from the stable state `source`: the states its transitions end in once the
 * transient states (eventless, no children) have been passed through, in the machine's order. The same as following
 * the pipeline graph's edges (src/core/graph.ts), read off the few state nodes involved instead of the whole graph.
 */
export function pipelineTargets(source: string, event: string): string[] {
  const through = (node: AnyStateNode, seen: Set<AnyStateNode>): string[] => {
    const always = node.always ?? [];
    if (node.type !== 'atomic' || always.length === 0) return [idOf(node)];
    if (seen.has(node)) return [];
    seen.add(node);
    return always.flatMap((t) => (t.target ?? []).flatMap((n) => through(n, seen)));
  };
  return [
    ...new Set(transitionsOf(source, event).flatMap((t) => (t.target ?? []).flatMap((n) => through(n, new Set())))),
  ];
}
