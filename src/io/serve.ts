/**
 * `novel serve` (PROTOCOL §15): a read-only web dashboard of the project and
 * its JSON API, on loopback unless told otherwise (another host needs a
 * token, and every request then carries it). Nothing here writes to the
 * project: the ProjectFs it reads through refuses every write. The live
 * events of `/api/events` come from the logs a run appends (each execution,
 * each transition) and from the checkpoint (each commit), polled a few times a
 * second, so a step is never missed however fast the executor is.
 */
import { formatStepId } from '../core/step-id.js';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { NovelError } from '../core/errors.js';
import { said } from '../core/messages.js';
import { historyPath, executionsPath } from './history-log.js';
import { EXECUTION_RECORD } from './execution-record.js';
import { openDashboard, type Dashboard } from './dashboard.js';
import { findProjectRoot, ProjectFs } from './project-fs.js';
import type { CommandEnv } from './project.js';
import { checkpointText } from './checkpoint.js';
import { webAsset } from './package-files.js';

export interface ServeOptions {
  host: string;
  port: number;
  token: string | null;
  /** The language of the page (the CLI's: --lang, else the locale). */
  lang: 'zh' | 'en';
  /** How often the project is looked at for live events (ms). */
  pollMs?: number;
}

export interface Serving {
  url: string;
  port: number;
  close: () => Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
export const isLoopback = (host: string): boolean => LOOPBACK.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);

/** The page's files (built into dist/web/ by scripts/build.mjs), by URL path: nothing else is served from disk. */
const ASSETS: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/index.html': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  '/app.css': { file: 'app.css', type: 'text/css; charset=utf-8' },
};

type Api = (d: Dashboard, q: URLSearchParams, m: RegExpExecArray) => unknown;
const int = (q: URLSearchParams, key: string, fallback: number): number => {
  const v = q.get(key);
  return v !== null && /^\d{1,7}$/.test(v) ? Number(v) : fallback;
};
const ROUTES: Array<[RegExp, Api]> = [
  [/^\/api\/status$/, (d) => d.status()],
  [/^\/api\/chapters$/, (d, q) => d.chapters(int(q, 'offset', 0), int(q, 'limit', 50))],
  [/^\/api\/series$/, (d) => d.series()],
  [/^\/api\/chapters\/(\d{1,5})$/, (d, _q, m) => d.chapter(Number(m[1]))],
  [
    /^\/api\/chapters\/(\d{1,5})\/diff$/,
    (d, q, m) => d.diff(Number(m[1]), q.has('from') ? int(q, 'from', 0) : null, q.has('to') ? int(q, 'to', 0) : null),
  ],
  [/^\/api\/foreshadowing$/, (d, q) => d.foreshadowing(int(q, 'offset', 0), int(q, 'limit', 200))],
  [/^\/api\/characters$/, (d, q) => d.characters(int(q, 'offset', 0), int(q, 'limit', 60))],
  [/^\/api\/storylines$/, (d) => d.storylines()],
  [/^\/api\/graph$/, (d) => d.graph()],
  [/^\/api\/cost$/, (d) => d.cost()],
  [/^\/api\/continuity$/, (d) => ({ ...d.continuity() })],
];

/** Constant-time comparison of the token a request carries. */
function tokenMatches(given: string | null, token: string): boolean {
  if (given === null || given.length !== token.length) return false;
  let diff = 0;
  for (let i = 0; i < token.length; i++) diff |= given.charCodeAt(i) ^ token.charCodeAt(i);
  return diff === 0;
}

/** The live events: lines a run appends to the logs of the chapter in flight, and commits. */
class LiveFeed {
  private seen = new Map<string, number>();
  private lastCompleted = -1;
  private lastExecution: string | null = null;
  private lastCheckpoint: string | null = null;
  private seq = 0;
  readonly clients = new Set<ServerResponse>();

  constructor(private readonly fs: ProjectFs) {
    this.scan(false);
  }

  private lines(rel: string): string[] {
    const r = this.fs.readTextChecked(rel);
    if (!r || !('text' in r)) return [];
    // A line is complete once its newline is written (the logs are rewritten atomically anyway).
    return r.text
      .split('\n')
      .slice(0, -1)
      .filter((l) => l.trim() !== '');
  }

  private fresh(rel: string): Array<Record<string, unknown>> {
    const all = this.lines(rel);
    const from = this.seen.get(rel) ?? 0;
    this.seen.set(rel, all.length);
    return all.slice(from).flatMap((l) => {
      try {
        return [JSON.parse(l) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  }

  /** Look at the project once; `emit` false only records where things stand. */
  scan(emit = true): void {
    const cpText = checkpointText(this.fs);
    let last = this.lastCompleted;
    try {
      const cp = cpText === null ? null : (JSON.parse(cpText) as { last_completed_chapter?: unknown });
      if (cp && typeof cp.last_completed_chapter === 'number') last = cp.last_completed_chapter;
    } catch {
      /* a checkpoint being replaced: next time */
    }
    const out: Array<[string, Record<string, unknown>]> = [];
    const exec = this.fs.readTextChecked(EXECUTION_RECORD);
    const execText = exec && 'text' in exec ? exec.text : null;
    if (execText !== this.lastExecution) {
      this.lastExecution = execText;
      if (execText !== null) {
        try {
          const e = JSON.parse(execText) as { step?: unknown; attempt?: unknown };
          if (typeof e.step === 'string') out.push(['execute', { step: e.step, attempt: e.attempt }]);
        } catch {
          /* half-read: the transition lines say the rest */
        }
      }
    }
    const first = this.lastCompleted < 0 ? last + 1 : this.lastCompleted + 1;
    for (let c = Math.max(1, first); c <= last + 1; c++) {
      const executions = this.fresh(executionsPath(c));
      for (const h of this.fresh(historyPath(c))) {
        const mine = executions.filter((e) => e.step === h.step);
        for (const e of mine) out.push(['executed', e]);
        executions.splice(0, executions.length, ...executions.filter((e) => !mine.includes(e)));
        out.push(['advance', h]);
      }
      for (const e of executions) out.push(['executed', e]);
      // Chapters committed since the last look, each after its own lines.
      if (this.lastCompleted >= 0 && c <= last)
        out.push(['commit', { chapter: c, step: formatStepId({ kind: 'chapter', chapter: c, stage: 'commit' }) }]);
    }
    if (this.lastCheckpoint !== null && cpText !== this.lastCheckpoint && out.length === 0)
      out.push(['checkpoint', { last_completed_chapter: last }]);
    this.lastCompleted = last;
    this.lastCheckpoint = cpText;
    if (emit) for (const [event, data] of out) this.send(event, data);
  }

  send(event: string, data: Record<string, unknown>): void {
    const id = ++this.seq;
    const frame = `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const c of this.clients) c.write(frame);
  }
}

function json(res: ServerResponse, status: number, body: unknown, head: boolean): void {
  const text = `${JSON.stringify(body)}\n`;
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
    'x-content-type-options': 'nosniff',
  });
  res.end(head ? undefined : text);
}

/** Start serving the project; resolves once it listens. */
export async function startServer(
  cenv: CommandEnv,
  projectFlag: string | undefined,
  options: ServeOptions,
): Promise<Serving> {
  if (!isLoopback(options.host) && !options.token) {
    throw new NovelError('token_required', said('serving.token_required', { host: options.host }), {
      hint: said('serving.token_required.hint', { host: options.host }),
    });
  }
  const root = findProjectRoot(cenv.cwd, projectFlag);
  const fs = new ProjectFs(root, { readOnly: true });
  checkpointText(fs);
  const dashboard = openDashboard({ ...cenv, cwd: root }, undefined, fs);
  // Refuse at start what would fail every request (no project, a broken config).
  dashboard.status();
  const assets = new Map<string, Buffer>();
  const asset = (file: string): Buffer => {
    let b = assets.get(file);
    if (!b) {
      b = webAsset(file);
      assets.set(file, b);
    }
    return b;
  };
  const feed = new LiveFeed(fs);
  const http = process.getBuiltinModule('node:http') as typeof import('node:http');

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) {
      res.writeHead(405, { allow: 'GET, HEAD' });
      res.end();
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      json(res, 400, { error: { code: 'bad_url', message: 'the request URL cannot be read' } }, head);
      return;
    }
    const hostHeader = (req.headers.host ?? '').replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
    // The page's own files hold no project data: they load without the token (the page passes it to the API).
    if (options.token && !(url.pathname in ASSETS)) {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
      if (!tokenMatches(url.searchParams.get('token') ?? bearer, options.token)) {
        json(
          res,
          401,
          {
            error: {
              code: 'token_required',
              message: 'this dashboard needs its token: ?token=… or Authorization: Bearer …',
            },
          },
          head,
        );
        return;
      }
    } else if (!isLoopback(hostHeader)) {
      // A page of another site reaching loopback through a name it controls (DNS rebinding).
      json(
        res,
        403,
        {
          error: {
            code: 'host_refused',
            message: `Host ${JSON.stringify(req.headers.host ?? '')} is not a loopback name`,
          },
        },
        head,
      );
      return;
    }
    const pathname = url.pathname;
    // The path as sent (the query, a token with dots included, is not a path).
    let raw = (req.url ?? '').split('?')[0] as string;
    try {
      raw = decodeURIComponent(raw);
    } catch {
      /* undecodable: judged as it is */
    }
    if (raw.includes('..') || pathname.includes('..') || pathname.includes('\\') || pathname.includes('\0')) {
      json(res, 400, { error: { code: 'path_refused', message: 'paths from the URL never leave the project' } }, head);
      return;
    }
    const file = ASSETS[pathname];
    if (file) {
      const body = asset(file.file);
      res.writeHead(200, {
        'content-type': file.type,
        'content-length': body.length,
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
      });
      res.end(head ? undefined : body);
      return;
    }
    if (pathname === '/api/meta') {
      json(res, 200, { lang: options.lang, root, read_only: true }, head);
      return;
    }
    if (pathname === '/api/events') {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      // HEAD asks only whether the stream is there: no stream is held open for it.
      if (head) {
        res.end();
        return;
      }
      res.write('retry: 1000\n: novel serve live events\n\n');
      feed.clients.add(res);
      req.on('close', () => feed.clients.delete(res));
      return;
    }
    for (const [re, api] of ROUTES) {
      const m = re.exec(pathname);
      if (!m) continue;
      try {
        const body = api(dashboard, url.searchParams, m);
        if (body === null)
          json(res, 404, { error: { code: 'not_found', message: `${pathname}: nothing there` } }, head);
        else json(res, 200, body, head);
      } catch (err) {
        const e = err instanceof NovelError ? err : null;
        json(
          res,
          e ? 409 : 500,
          { error: { code: e?.code ?? 'internal', message: err instanceof Error ? err.message : String(err) } },
          head,
        );
      }
      return;
    }
    json(
      res,
      404,
      { error: { code: 'not_found', message: `${pathname}: no such page or API route (docs/serve.md lists them)` } },
      head,
    );
  };

  const server: Server = http.createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new NovelError('port_in_use', said('serving.port_in_use', { port: options.port, host: options.host }), {
              hint: said('serving.port_in_use.hint'),
            })
          : // Any other address this machine cannot listen on (not one of its own, not a name it can resolve): the
            // author's input (§17).
            new NovelError(
              'host_unusable',
              said('serving.host_unusable', { host: options.host, error: err.code ?? err.message }),
              {
                hint: said('serving.host_unusable.hint'),
                details: { host: options.host, errno: err.code ?? null },
              },
            ),
      ),
    );
    server.listen(options.port, options.host, () => resolve());
  });
  const timer = setInterval(() => {
    try {
      feed.scan();
    } catch {
      /* a moment of a commit: looked at again next tick */
    }
  }, options.pollMs ?? 200);
  const keepAlive = setInterval(() => {
    for (const c of feed.clients) c.write(': keep-alive\n\n');
  }, 15_000);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${shownHost}:${port}/${options.token ? `?token=${encodeURIComponent(options.token)}` : ''}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        clearInterval(keepAlive);
        for (const c of feed.clients) c.end();
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

/** Open the page in the desktop's browser (`novel serve --open`); without one, nothing (the URL is printed). */
export function openInBrowser(url: string): void {
  const cp = process.getBuiltinModule('node:child_process') as typeof import('node:child_process');
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    cp.spawn(opener, [url], { stdio: 'ignore', detached: true })
      .on('error', () => undefined)
      .unref();
  } catch {
    /* no browser to open: the URL is printed */
  }
}
