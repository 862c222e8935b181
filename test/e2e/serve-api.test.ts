/**
 * `novel serve`'s JSON API (PROTOCOL §15, docs/serve.md) through the built
 * CLI: every route's shape, paging, path traversal, the host and token rules,
 * that no route writes, that reads stay consistent while a run commits, and
 * the live events of a run.
 */
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanupTempDirs,
  novelBin,
  novelBinAsync,
  readJson,
  tempDir,
  treeHashes,
  waitUntil,
} from '../helpers/project.js';
import { serve, type Served } from '../helpers/serve.js';

/** GET a raw path (not normalised, as a hostile client sends it). */
function raw(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
const getJson = async (s: Served, path: string): Promise<any> => {
  const r = await fetch(`${s.base}${path}`);
  expect(r.headers.get('content-type'), path).toMatch(/application\/json/);
  return { status: r.status, body: await r.json() };
};

let dir: string;
let s: Served;

beforeAll(async () => {
  dir = join(tempDir(), 'book');
  expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
  // Chapter 4 goes through a revision round (two drafts to compare), 5 and 6 pass.
  expect(
    (await novelBinAsync(dir, ['run', '--executor', 'demo', '--chapters', '1'], { NOVEL_DEMO_SCORES: '3.2,4.3' })).code,
  ).toBe(0);
  expect((await novelBinAsync(dir, ['run', '--executor', 'demo', '--chapters', '2'])).code).toBe(0);
  s = await serve(dir);
}, 120_000);

afterAll(async () => {
  await s?.stop();
  cleanupTempDirs();
});

describe('novel serve: the JSON API', () => {
  it('prints where it listens, on loopback', () => {
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('answers every route with its documented shape', async () => {
    const status = (await getJson(s, '/api/status')).body;
    expect(status).toMatchObject({
      last_completed_chapter: 6,
      next: { step: 'chapter:007:draft', action: 'execute' },
      totals: { zishu: expect.any(Number) },
    });
    expect(status.stages.map((x: any) => x.name)).toEqual([
      'lock',
      'draft',
      'summarize',
      'audit',
      'refine',
      'judge',
      'gate',
      'commit',
    ]);

    const chapters = (await getJson(s, '/api/chapters')).body;
    expect(chapters).toMatchObject({ total: 6, offset: 0, limit: 50 });
    expect(chapters.rows.map((r: any) => r.chapter)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Object.keys(chapters.rows[3]).sort()).toEqual([
      'blacklist_per_kchars',
      'chapter',
      'committed_at',
      'cost_usd',
      'duration_ms',
      'gate',
      'han',
      'hook_strength',
      'lint_hard',
      'lint_soft',
      'overall',
      'revisions',
      'title',
      'tokens',
      'zishu',
    ]);
    expect(chapters.rows[3]).toMatchObject({ chapter: 4, revisions: 1, gate: 'pass', overall: 4.3 });
    // One 字数: the table's count is novel chapters' count.
    const cli = JSON.parse(novelBin(dir, ['chapters', '--json']).stdout).data.rows;
    expect(chapters.rows.map((r: any) => r.zishu)).toEqual(cli.map((r: any) => r.zishu));

    const series = (await getJson(s, '/api/series')).body;
    expect(series.chapter).toEqual([1, 2, 3, 4, 5, 6]);
    expect(series.zishu).toEqual(chapters.rows.map((r: any) => r.zishu));
    expect(series).toMatchObject({ zishu_target: [2500, 3500], thresholds: { pass: 4, revise: 3 } });
    expect(series.cost_cumulative).toHaveLength(6);

    const one = (await getJson(s, '/api/chapters/5')).body;
    expect(one).toMatchObject({ chapter: 5, gate: 'pass' });
    expect(one.text).toMatch(/^# 第5章/);
    expect(one.lint).toMatchObject({ zishu: one.zishu });
    expect(one.evaluation).toMatchObject({ chapter: 5 });

    const fs = (await getJson(s, '/api/foreshadowing')).body;
    expect(fs.items.length).toBeGreaterThan(0);
    expect(Object.keys(fs.items[0]).sort()).toEqual([
      'chapters',
      'description',
      'dormant',
      'due',
      'id',
      'overdue',
      'planted_chapter',
      'resolved_chapter',
      'scope',
      'status',
    ]);

    const characters = (await getJson(s, '/api/characters')).body;
    const state = readJson(join(dir, 'state/current-state.json'));
    expect(characters.characters.find((c: any) => c.id === 'lin-qingyan')).toMatchObject({
      name: '林青岚',
      location: state.characters['lin-qingyan'].location ?? null,
      last_seen_chapter: state.characters['lin-qingyan'].last_seen_chapter,
    });

    const storylines = (await getJson(s, '/api/storylines')).body;
    expect(storylines.storylines.map((x: any) => x.id)).toContain('main-sword');
    expect(storylines.schedules[0]).toMatchObject({ volume: 1 });

    const graph = (await getJson(s, '/api/graph')).body;
    expect(graph).toMatchObject({
      step: 'chapter:007:draft',
      book: { current: 'writing' },
      chapter: { current: 'draft' },
    });
    // The same graph as novel graph.
    const cliGraph = JSON.parse(novelBin(dir, ['graph', '--format', 'json', '--json']).stdout).data.graph;
    expect(
      graph.chapter.graph.states
        .map((x: any) => `writing.${x.id}`)
        .filter((id: string) => cliGraph.states.some((y: any) => y.id === id)).length,
    ).toBeGreaterThan(8);

    const cost = (await getJson(s, '/api/cost')).body;
    expect(cost.chapter).toEqual([1, 2, 3, 4, 5, 6]);
    expect(cost).toHaveProperty('total_usd');

    const continuity = (await getJson(s, '/api/continuity')).body;
    expect(continuity.chapters).toBe(6);
    const byId = Object.fromEntries(continuity.characters.map((c: any) => [c.id, c]));
    expect(byId['lin-qingyan'].changes).toEqual(
      expect.arrayContaining([{ chapter: 1, fact: 'realm', value: '炼气', flagged: false }]),
    );
    expect(byId['yun-wanqing']).toMatchObject({
      name: '云婉清',
      changes: [{ chapter: 1, fact: 'status', value: 'dead' }],
    });
    expect(continuity.findings).toEqual([]);

    const meta = (await getJson(s, '/api/meta')).body;
    expect(meta).toMatchObject({ lang: 'zh', read_only: true });
  });

  it('pages the chapter table and keeps responses small', async () => {
    const page = (await getJson(s, '/api/chapters?offset=2&limit=2')).body;
    expect(page).toMatchObject({ total: 6, offset: 2, limit: 2 });
    expect(page.rows.map((r: any) => r.chapter)).toEqual([3, 4]);
    const capped = (await getJson(s, '/api/chapters?limit=100000')).body;
    expect(capped.limit).toBe(500);
  });

  it('shows two drafts of a chapter side by side (novel diff data)', async () => {
    const diff = (await getJson(s, '/api/chapters/4/diff')).body;
    const cli = JSON.parse(novelBin(dir, ['diff', 'chapter:004', '--json']).stdout).data;
    expect(diff.rounds).toEqual(cli.rounds);
    expect(diff.patch).toBe(cli.patch);
    expect(diff.from.text).not.toBe(diff.to.text);
  });

  it('answers 404 for a chapter that is not committed, and for any other path', async () => {
    expect((await getJson(s, '/api/chapters/99')).status).toBe(404);
    expect((await getJson(s, '/api/chapters/0')).status).toBe(404);
    expect((await getJson(s, '/api/nothing')).status).toBe(404);
    expect((await raw(s.port, '/api/chapters/abc')).status).toBe(404);
  });

  it('never lets a path from the URL leave the project', async () => {
    for (const path of [
      '/../../../../etc/passwd',
      '/..%2f..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/novel.config.json',
      '/api/chapters/..%2f..%2fnovel.config.json',
      '/app.js/../../package.json',
      '/..\\..\\etc\\passwd',
    ]) {
      const r = await raw(s.port, path);
      expect([400, 404], path).toContain(r.status);
      expect(r.body, path).not.toMatch(/root:|"name": "novel"|chapters_per_volume/);
    }
  });

  it('refuses a request that names another host (DNS rebinding), and every method but GET and HEAD', async () => {
    expect((await raw(s.port, '/api/status', { host: 'evil.example:80' })).status).toBe(403);
    expect((await raw(s.port, '/api/status', { host: `localhost:${s.port}` })).status).toBe(200);
    const post = await fetch(`${s.base}/api/status`, { method: 'POST' });
    expect(post.status).toBe(405);
    // HEAD of the live stream answers at once: no stream is held open for it.
    const head = await fetch(`${s.base}/api/events`, { method: 'HEAD', signal: AbortSignal.timeout(3000) });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/text\/event-stream/);
  });

  it('needs --token for a host other than loopback, and then every request carries it', async () => {
    const refused = novelBin(dir, ['serve', '--host', '0.0.0.0', '--port', '0']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--token/);
    const t = await serve(dir, ['--host', '127.0.0.1', '--token', 's3cret']);
    try {
      expect(t.url).toMatch(/\?token=s3cret$/);
      expect((await fetch(`${t.base}/api/status`)).status).toBe(401);
      expect((await fetch(`${t.base}/api/status?token=wrong`)).status).toBe(401);
      expect((await fetch(`${t.base}/api/status?token=s3cret`)).status).toBe(200);
      expect((await fetch(`${t.base}/api/status`, { headers: { authorization: 'Bearer s3cret' } })).status).toBe(200);
      expect((await fetch(`${t.base}/?token=s3cret`)).status).toBe(200);
      // The page's script and stylesheet hold no project data: the page loads them without the token.
      expect((await fetch(`${t.base}/app.js`)).status).toBe(200);
    } finally {
      await t.stop();
    }
    // A token with dots travels in the query too (only the path is checked for `..`).
    const dotted = await serve(dir, ['--host', '127.0.0.1', '--token', 'a..b']);
    try {
      expect((await fetch(`${dotted.base}/api/status?token=a..b`)).status).toBe(200);
      expect((await fetch(`${dotted.base}/api/../novel.config.json?token=a..b`)).status).not.toBe(200);
    } finally {
      await dotted.stop();
    }
  });

  it('writes nothing: the project tree is byte-identical after every route', async () => {
    const before = treeHashes(dir);
    for (const path of [
      '/',
      '/app.js',
      '/app.css',
      '/api/meta',
      '/api/status',
      '/api/chapters',
      '/api/series',
      '/api/chapters/4',
      '/api/chapters/4/diff',
      '/api/foreshadowing',
      '/api/characters',
      '/api/storylines',
      '/api/graph',
      '/api/cost',
      '/api/continuity',
      '/api/chapters/99',
    ])
      await raw(s.port, path);
    await new Promise((r) => setTimeout(r, 500)); // the live feed's polls too
    expect(treeHashes(dir)).toEqual(before);
  });
});

describe('novel serve: beside a running novel run', () => {
  it('streams each execution, advance and commit, and every read is consistent while chapters commit', async () => {
    const events: Array<{ event: string; data: any }> = [];
    let connected = false;
    const stream = request({ host: '127.0.0.1', port: s.port, path: '/api/events' }, (res) => {
      expect(res.headers['content-type']).toMatch(/text\/event-stream/);
      let buf = '';
      res.on('data', (d: Buffer) => {
        // The stream's first lines come once the server counts this client among those it sends events to.
        connected = true;
        buf += d.toString();
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const frame = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const event = /^event: (.+)$/m.exec(frame)?.[1];
          const data = /^data: (.+)$/m.exec(frame)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      });
    });
    stream.end();
    expect(await waitUntil(() => connected)).toBe(true);
    const run = novelBinAsync(dir, ['run', '--executor', 'demo', '--chapters', '3']);
    let done = false;
    void run.then(() => (done = true));
    const seen: string[] = [];
    while (!done) {
      const [st, ch] = await Promise.all([getJson(s, '/api/status'), getJson(s, '/api/chapters')]);
      expect(st.status).toBe(200);
      const last = st.body.last_completed_chapter as number;
      const m = /^chapter:(\d+):/.exec(st.body.next.step);
      // Never a step the project was not in: the next chapter is the one after the last committed,
      // or, while a commit's journal is being applied, the roll-forward of that commit.
      if (m && st.body.next.action === 'recover') expect([last, last + 1], st.body.next.step).toContain(Number(m[1]));
      else if (m) expect(Number(m[1]), st.body.next.step).toBe(last + 1);
      expect(ch.body.rows.length).toBe(ch.body.total);
      expect(ch.body.rows.at(-1)?.chapter ?? 0).toBe(ch.body.total);
      seen.push(st.body.next.step);
    }
    expect((await run).code).toBe(0);
    const expected = ['007', '008', '009'].flatMap((c) => [
      ...['draft', 'summarize', 'refine', 'judge'].flatMap((stage) => [
        `advance chapter:${c}:${stage}`,
        `executed chapter:${c}:${stage}`,
      ]),
      `commit chapter:${c}:commit`,
    ]);
    // The feed looks at the project a few times a second: the run's last events come at its next look.
    await waitUntil(() => expected.every((step) => events.some((e) => `${e.event} ${e.data.step}` === step)));
    stream.destroy();
    const steps = events.map((e) => `${e.event} ${e.data.step}`);
    for (const step of expected) expect(steps, step).toContain(step);
    // In order: a chapter's draft is advanced before its commit, and chapter 7 commits before 8 is drafted.
    expect(steps.indexOf('advance chapter:007:draft')).toBeLessThan(steps.indexOf('commit chapter:007:commit'));
    expect(steps.indexOf('commit chapter:007:commit')).toBeLessThan(steps.indexOf('advance chapter:008:draft'));
    expect(seen.length).toBeGreaterThan(0);
  }, 120_000);
});
