/** `novel run --inspect`: a local WebSocket receiver gets the live actor's events (offline). */
import { join } from 'node:path';
import { WebSocketServer } from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, novelBin, novelBinAsync, tempDir, waitUntil } from '../helpers/project.js';

afterAll(cleanupTempDirs);

describe('Stately inspector', () => {
  it('streams the pipeline actor of a demo run to a local receiver', async () => {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((r) => server.on('listening', r));
    const port = (server.address() as { port: number }).port;
    const messages: any[] = [];
    server.on('connection', (socket) => socket.on('message', (m) => messages.push(JSON.parse(String(m)))));
    const dir = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    const r = await novelBinAsync(dir, ['run', '--executor', 'demo', `--inspect=ws://127.0.0.1:${port}`], {
      NOVEL_DEMO_SCORES: '3.2,4.3',
    });
    // The last messages the run sent may still be on their way in: until the commit's is here.
    await waitUntil(() => messages.some((m) => m.type === '@xstate.event' && m.event?.type === 'COMMITTED'));
    server.close();
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/inspector: live actor connected/);
    const events = messages.filter((m) => m.type === '@xstate.event').map((m) => m.event?.type);
    expect(events).toEqual(expect.arrayContaining(['DRAFTED', 'SUMMARIZED', 'REFINED', 'JUDGED', 'COMMITTED']));
    expect(events.filter((e) => e === 'JUDGED')).toHaveLength(2);
    expect(messages.some((m) => m.type === '@xstate.actor')).toBe(true);
    const snapshots = messages.filter((m) => m.type === '@xstate.snapshot').map((m) => m.snapshot?.value);
    // The book actor: the chapter pipeline runs inside `writing`.
    expect(snapshots).toEqual(expect.arrayContaining([{ writing: 'revising' }, { writing: 'commit' }]));
  });
});
