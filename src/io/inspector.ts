/**
 * `novel run --inspect [ws://host:port]`: a live pipeline actor mirroring the
 * run, connected to the Stately inspector through @statelyai/inspect's
 * WebSocket inspector. The actor receives the same events the run's steps
 * send to the machine; when it disagrees with the project (a step done by
 * hand meanwhile), it is restarted from the rehydrated snapshot.
 */
import { createActor, type Actor } from 'xstate';
import { STEP_EVENT } from '../../machines/pipeline.events.js';
import { pipelineMachine } from '../../machines/pipeline.machine.js';
import { rehydrate } from '../core/rehydrate.js';
import type { OpenProject } from './project.js';

type InspectorLike = { inspect: (ev: unknown) => void; stop: () => void };

export interface LiveActor {
  /** After a step of the run: the event it sent, then resync with the project. */
  stepped(step: string, data: Record<string, any>, project: OpenProject): void;
  stop(): Promise<void>;
}

export async function startLiveActor(url: string, project: OpenProject): Promise<LiveActor> {
  // Loaded on demand (kept out of the bundle: see scripts/build.mjs).
  const { createWebSocketInspector } = await import('@statelyai/inspect');
  const inspector = createWebSocketInspector({ url }) as unknown as InspectorLike;
  const start = (p: OpenProject): Actor<typeof pipelineMachine> => {
    const { snapshot } = rehydrate(p.loaded.checkpoint, p.settings, p.view);
    return createActor(pipelineMachine, { snapshot, inspect: inspector.inspect as never, input: { chapter: snapshot.context.chapter } }).start();
  };
  let actor = start(project);
  return {
    stepped(step, data, p) {
      const stage = step.split(':')[2] as keyof typeof STEP_EVENT;
      if (stage === 'commit') actor.send({ type: 'COMMITTED' });
      else if (stage === 'judge' && data.gate) {
        const g = data.gate;
        actor.send({ type: 'JUDGED', overall_final: g.overall_final, high_violation: g.high_violation, high_confidence_violations: g.high_confidence_violations ?? [], warnings: (g.warnings ?? []).filter((w: { layer?: string }) => w.layer !== 'gate') });
      } else if (stage in STEP_EVENT) actor.send({ type: STEP_EVENT[stage] } as never);
      const { snapshot } = rehydrate(p.loaded.checkpoint, p.settings, p.view);
      if (actor.getSnapshot().status === 'done' || actor.getSnapshot().value !== snapshot.value || actor.getSnapshot().context.chapter !== snapshot.context.chapter) {
        actor.stop();
        actor = start(p);
      }
    },
    async stop() {
      actor.stop();
      // Let the last messages leave before closing the socket.
      await new Promise((r) => setTimeout(r, 200));
      inspector.stop();
    },
  };
}
