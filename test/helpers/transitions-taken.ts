/**
 * Which transitions a machine takes for a list of events, through XState's
 * public API only: the microsteps come from `getInitialMicrosteps` and
 * `getMicrosteps`, the candidate transitions of each from
 * `getNextTransitions`, and the guards are evaluated from the machine's
 * `implementations`, in the machine's order (the first enabled transition of
 * the innermost state wins). Each pick is checked against the state the
 * microstep reached, so a wrong pick fails loudly.
 */
import {
  getInitialMicrosteps,
  getMicrosteps,
  getNextTransitions,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventObject,
} from 'xstate';
import { guardName, transitionKey } from '../../src/core/graph.js';

type GuardArgs = { context: unknown; event: EventObject };
type Composite = ((args: GuardArgs, params: unknown) => boolean) & { guards?: unknown[]; name?: string };

function guardHolds(machine: AnyStateMachine, guard: unknown, args: GuardArgs): boolean {
  if (guard === undefined || guard === null) return true;
  if (typeof guard === 'function') {
    const g = guard as Composite;
    if (Array.isArray(g.guards)) {
      if (g.name === 'and') return g.guards.every((x) => guardHolds(machine, x, args));
      if (g.name === 'or') return g.guards.some((x) => guardHolds(machine, x, args));
      if (g.name === 'not') return !guardHolds(machine, g.guards[0], args);
    }
    return g(args, undefined);
  }
  const named =
    typeof guard === 'string' ? { type: guard, params: undefined } : (guard as { type: string; params?: unknown });
  const impl = (machine.implementations.guards as Record<string, unknown>)[named.type];
  if (impl === undefined) throw new Error(`guard ${named.type} is not implemented`);
  if (typeof impl !== 'function' || Array.isArray((impl as Composite).guards)) return guardHolds(machine, impl, args);
  const params = typeof named.params === 'function' ? (named.params as (a: GuardArgs) => unknown)(args) : named.params;
  return (impl as Composite)(args, params);
}

const leafPaths = (s: AnyMachineSnapshot): string[] => {
  const out: string[] = [];
  const walk = (value: unknown, prefix: string[]): void => {
    if (typeof value === 'string') out.push([...prefix, value].join('.'));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...prefix, k]);
  };
  walk(s.value, []);
  return out;
};

/**
 * The transition that took `before` to `after`: the first enabled candidate of the event's type ('' for an eventless
 * microstep); null: the event was not handled.
 */
function takenBetween(
  machine: AnyStateMachine,
  before: AnyMachineSnapshot,
  after: AnyMachineSnapshot,
  event: EventObject,
  eventless: boolean,
): AnyTransitionDefinition | null {
  const args = { context: before.context, event };
  const type = eventless ? '' : event.type;
  const candidates = getNextTransitions(before).filter((t) =>
    eventless
      ? t.eventType === ''
      : t.eventType === type || (t.eventType.startsWith('xstate.done.state.') && t.eventType === event.type),
  );
  const reached = leafPaths(after);
  let pick = candidates.find((t) => guardHolds(machine, t.guard, args));
  // With no eventless transition enabled, the next microstep is the done event a final child raised.
  if (!pick && eventless) {
    const done = getNextTransitions(before).filter((t) => t.eventType.startsWith('xstate.done.state.'));
    pick = done.find(
      (t) =>
        guardHolds(machine, t.guard, { context: before.context, event: { type: t.eventType } }) && reached.length > 0,
    );
  }
  const lands = (t: AnyTransitionDefinition) =>
    (t.target ?? []).some((target) =>
      reached.some((leaf) => leaf === target.path.join('.') || leaf.startsWith(`${target.path.join('.')}.`)),
    );
  // An event nothing handles gives a microstep that changes nothing.
  if (!pick && JSON.stringify(after.value) === JSON.stringify(before.value)) return null;
  // A targetless transition (actions only) stays where it was.
  if (!pick || ((pick.target ?? []).length > 0 && !lands(pick))) {
    throw new Error(
      `no enabled ${eventless ? 'eventless ' : ''}transition of ` +
        `${JSON.stringify(before.value)} on ${event.type} reaches ${reached.join(', ')}`,
    );
  }
  return pick;
}

/** Transition keys (src/core/graph.ts's transitionKey) taken when the machine starts with `input` and gets `events`. */
export function transitionsTakenBy(
  machine: AnyStateMachine,
  input: unknown,
  events: readonly EventObject[],
  keyOf: (path: string[]) => string = (p) => p.join('.'),
): string[] {
  return takenFrom(machine, { input }, events, keyOf);
}

/**
 * The transition keys one event takes from `snapshot` (a snapshot of `machine`, as `transition()` gives it): the keys
 * `transitionsTakenBy` adds for the event.
 */
export function transitionsOfEvent(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: EventObject,
  keyOf: (path: string[]) => string = (p) => p.join('.'),
): string[] {
  return takenFrom(machine, { snapshot }, [event], keyOf);
}

function takenFrom(
  machine: AnyStateMachine,
  start: { input: unknown } | { snapshot: AnyMachineSnapshot },
  events: readonly EventObject[],
  keyOf: (path: string[]) => string,
): string[] {
  const taken: string[] = [];
  const record = (t: AnyTransitionDefinition): void => {
    const event = t.eventType.startsWith('xstate.done.state.') ? 'done' : t.eventType;
    for (const target of t.target ?? [])
      taken.push(
        transitionKey({ source: keyOf(t.source.path), event, target: keyOf(target.path), guard: guardName(t.guard) }),
      );
  };
  const steps = (
    before: AnyMachineSnapshot,
    micro: Array<[AnyMachineSnapshot, unknown]>,
    event: EventObject,
    firstIsEvent: boolean,
  ): AnyMachineSnapshot => {
    let prev = before;
    micro.forEach(([next], i) => {
      const t = takenBetween(machine, prev, next, event, !(firstIsEvent && i === 0));
      if (t) record(t);
      prev = next;
    });
    return prev;
  };
  let snapshot: AnyMachineSnapshot;
  if ('snapshot' in start) snapshot = start.snapshot;
  else {
    const initial = (getInitialMicrosteps as (m: AnyStateMachine, i: unknown) => Array<[AnyMachineSnapshot, unknown]>)(
      machine,
      start.input,
    );
    const [entered] = initial[0] as [AnyMachineSnapshot, unknown];
    snapshot = steps(entered, initial.slice(1), { type: 'xstate.init' }, false);
  }
  for (const e of events) {
    snapshot = steps(snapshot, getMicrosteps(machine, snapshot, e) as Array<[AnyMachineSnapshot, unknown]>, e, true);
  }
  return taken;
}
