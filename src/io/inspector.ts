/**
 * `novel run --inspect [ws://host:port]`: a live book actor mirroring the run,
 * connected to the Stately inspector through @statelyai/inspect's WebSocket
 * inspector. The actor receives the same events the run's operations send to
 * the machine; when it disagrees with the project (a step done by hand
 * meanwhile), it is restarted from the rehydrated snapshot.
 */
import { createActor, type Actor } from 'xstate';
import { bookMachine } from '../../machines/book.machine.js';
import type { PipelineEvent } from '../../machines/pipeline.events.js';
import { rehydrate } from '../core/rehydrate.js';
import type { OpenProject } from './project.js';

type InspectorLike = { inspect: (ev: unknown) => void; stop: () => void };

export interface LiveActor {
  /** After an operation of the run: the events it sent, then resync with the project. */
  sent(events: readonly PipelineEvent[], project: OpenProject): void;
  stop(): Promise<void>;
}

/** Whether anything accepts connections at the inspector's address (1 s at most). */
export async function inspectorListening(url: string): Promise<boolean> {
  let host = 'localhost';
  let port = 8080;
  try {
    const u = new URL(url);
    host = u.hostname || host;
    port = Number(u.port || (u.protocol === 'wss:' ? 443 : 80));
  } catch {
    return false;
  }
  const net = process.getBuiltinModule('node:net') as typeof import('node:net');
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function startLiveActor(url: string, project: OpenProject): Promise<LiveActor> {
  // Loaded on demand (kept out of the bundle: see scripts/build.mjs).
  const { createWebSocketInspector } = await import('@statelyai/inspect');
  const inspector = createWebSocketInspector({ url }) as unknown as InspectorLike;
  const snapshotOf = (p: OpenProject) => rehydrate(p.loaded.checkpoint, p.settings, p.view, p.probe).snapshot;
  const start = (p: OpenProject): Actor<typeof bookMachine> =>
    createActor(bookMachine, {
      snapshot: snapshotOf(p),
      inspect: inspector.inspect as never,
      input: { chapter: p.loaded.checkpoint.last_completed_chapter + 1 },
    }).start();
  let actor = start(project);
  return {
    sent(events, p) {
      for (const e of events) actor.send(e);
      const want = snapshotOf(p);
      const have = actor.getSnapshot();
      if (
        have.status !== 'active' ||
        JSON.stringify(have.value) !== JSON.stringify(want.value) ||
        have.context.chapter !== want.context.chapter
      ) {
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
